package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/scan"
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

// TestCommands checks the command lines that reproduce a report: the
// defaults of Options are spelled out, so that the line reproduces the
// report whatever the defaults become.
func TestCommands(t *testing.T) {
	tests := []struct {
		opts     Options
		runBench bool
		want     string
	}{
		{Options{}, true, "perfproof report -bench . -count 6 -benchtime 100ms -samples 1000 ./..."},
		{Options{Samples: -1, Count: 2, Bench: "Key|Map"}, true, "perfproof report -bench 'Key|Map' -count 2 -benchtime 100ms -samples 0 ./..."},
		{Options{Dir: "my dir", Profiles: []string{"cpu.pprof"}, Patterns: []string{"./a", "./b"}}, false, "perfproof report -C 'my dir' -profile cpu.pprof ./a ./b"},
	}
	for _, tt := range tests {
		o := tt.opts.withDefaults()
		if got := perfproofCommand(&o, tt.runBench); got != tt.want {
			t.Errorf("perfproofCommand(%+v) = %s, want %s", tt.opts, got, tt.want)
		}
	}
	got := goTestCommand("m", "example.com/m/hot", ".", 6, "100ms")
	want := "cd m && go test -run='^$' -bench=. -benchmem -count=6 -benchtime=100ms -cpuprofile=example.com_m_hot.cpu.pprof -memprofile=example.com_m_hot.mem.pprof example.com/m/hot"
	if got != want {
		t.Errorf("goTestCommand = %s, want %s", got, want)
	}
}

// TestDefaults checks that Bench stays "" (no benchmarks) only when
// profiles alone are to rank the findings.
func TestDefaults(t *testing.T) {
	if o := (Options{}).withDefaults(); o.Bench != "." || o.Samples != DefaultSamples || o.Count != DefaultCount {
		t.Errorf("Options{}.withDefaults() = %+v, want Bench \".\", Samples %d, Count %d", o, DefaultSamples, DefaultCount)
	}
	if o := (Options{Profiles: []string{"x"}}).withDefaults(); o.Bench != "" {
		t.Errorf("with Profiles: Bench = %q, want \"\" (no benchmarks)", o.Bench)
	}
}

func TestBenchOutcome(t *testing.T) {
	noMatch := fmt.Errorf("%w -bench %q in example.com/m/hot; it has: Key", benchrun.ErrNoMatch, "NoSuch")
	failed := errors.New("benchmark panicked in example.com/m/panics")
	tests := []struct {
		name    string
		pkgs    []benchrun.PackageResult
		wantIs  error
		wantMsg string
	}{
		{"ran", []benchrun.PackageResult{{}, {Skipped: true}}, nil, ""},
		{"skipped only", []benchrun.PackageResult{{Skipped: true}}, nil, ""},
		{"no match", []benchrun.PackageResult{{Err: noMatch}, {Skipped: true}}, benchrun.ErrNoMatch,
			"-bench \"NoSuch\" matches no benchmark:\n\tno benchmark matches -bench \"NoSuch\" in example.com/m/hot; it has: Key"},
		{"no match beside a run", []benchrun.PackageResult{{Err: noMatch}, {}}, nil, ""},
		{"failed", []benchrun.PackageResult{{Err: failed}, {}, {Err: noMatch}}, ErrBenchmarksFailed,
			"1 of 3 packages with benchmarks failed; the report holds the results of the others"},
	}
	for _, tt := range tests {
		err := benchOutcome(&benchrun.Result{Packages: tt.pkgs}, nil, "NoSuch")
		switch {
		case tt.wantIs == nil && err != nil:
			t.Errorf("%s: benchOutcome = %v, want nil", tt.name, err)
		case tt.wantIs != nil && (!errors.Is(err, tt.wantIs) || err.Error() != tt.wantMsg):
			t.Errorf("%s: benchOutcome = %v, want %q wrapping %v", tt.name, err, tt.wantMsg, tt.wantIs)
		}
	}
	if err := benchOutcome(&benchrun.Result{}, context.Canceled, "."); !errors.Is(err, context.Canceled) {
		t.Errorf("benchOutcome with a run error = %v, want it", err)
	}
}

func TestDropNegligible(t *testing.T) {
	fs := []finding.Finding{
		{Analyzer: "profile", Message: "small", Cost: &finding.Cost{CPULine: 0.005}},
		{Analyzer: "profile", Message: "allocates", Cost: &finding.Cost{CPULine: 0.005, AllocBytes: 0.02}},
		{Analyzer: "profile", Message: "hot", Cost: &finding.Cost{CPULine: 0.02}},
		{Analyzer: "fmtnumber", Message: "static", Cost: &finding.Cost{}},
	}
	var got []string
	for _, f := range dropNegligible(fs) {
		got = append(got, f.Message)
	}
	if want := []string{"allocates", "hot", "static"}; !slices.Equal(got, want) {
		t.Errorf("dropNegligible kept %q, want %q", got, want)
	}
}

func TestReportNoPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	res, err := Report(context.Background(), Options{Dir: dir, Patterns: []string{"./nosuch/..."}})
	if res != nil || !errors.Is(err, scan.ErrNoPackages) {
		t.Errorf("Report of patterns matching nothing = %v, %v; want nil and scan.ErrNoPackages", res, err)
	}
}
