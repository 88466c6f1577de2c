package cli

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestUserCode(t *testing.T) {
	tests := []struct {
		measured, want []string
	}{
		{[]string{"example.com/m", "example.com/m/sub"}, nil},
		{[]string{"encoding/json"}, []string{"encoding/json"}},
		{[]string{"example.com/m", "strconv"}, []string{"example.com/m", "strconv"}},
		{nil, nil},
	}
	for _, tt := range tests {
		if got := userCode(tt.measured); !slices.Equal(got, tt.want) {
			t.Errorf("userCode(%q) = %q, want %q", tt.measured, got, tt.want)
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
