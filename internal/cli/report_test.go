package cli

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestUserCode(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		dir            string
		measured, want []string
	}{
		// The main module, whatever was measured in it.
		{dir, []string{"example.com/m", "example.com/m/sub"}, []string{"example.com/m"}},
		{dir, nil, []string{"example.com/m"}},
		// A measured standard-library package: the measured packages.
		{dir, []string{"encoding/json"}, []string{"encoding/json"}},
		{dir, []string{"example.com/m", "strconv"}, []string{"example.com/m", "strconv"}},
		// Outside a module the go command cannot say: cost's default.
		{t.TempDir(), []string{"example.com/m"}, nil},
	}
	for _, tt := range tests {
		if got := userCode(context.Background(), tt.dir, tt.measured); !slices.Equal(got, tt.want) {
			t.Errorf("userCode(%s, %q) = %q, want %q", tt.dir, tt.measured, got, tt.want)
		}
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"plain":       "plain",
		"^$":          `'^$'`,
		"it's":        `'it'\''s'`,
		"":            "''",
		"a b":         "'a b'",
		"Code|Decode": "'Code|Decode'",
	} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestSourceResolver(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"internal/auction/handler.go", "handler.go"} {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("package x\n"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	local := filepath.Join(root, "internal", "auction", "handler.go")
	resolve := sourceResolver(root)
	for _, tc := range []struct{ name, want string }{
		{local, local}, // exists: kept
		{"/go/src/app/internal/auction/handler.go", local},      // built in a container
		{"example.com/shop/internal/auction/handler.go", local}, // -trimpath
		{"/build/other/handler.go", "/build/other/handler.go"},  // a bare file name never matches
		{"/usr/local/go/src/encoding/json/decode.go", "/usr/local/go/src/encoding/json/decode.go"},
	} {
		if got := resolve(tc.name); got != tc.want {
			t.Errorf("resolve(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}
