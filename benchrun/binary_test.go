package benchrun

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
)

func TestParseRun(t *testing.T) {
	ok := "goos: linux\npkg: m/p\nBenchmarkA-2   \t10\t5.0 ns/op\t0 B/op\t0 allocs/op\nPASS\n"
	ro := ParseRun("m/p", []byte(ok), "run.txt", nil)
	if ro.Err != nil || len(ro.Results) != 1 || len(ro.Warnings) != 0 {
		t.Errorf("ParseRun(ok) = %d results, %v, %v; want 1 result, no error", len(ro.Results), ro.Err, ro.Warnings)
	}
	if s := ro.Samples(); len(s) != 3 || s[0].Name != "A" || s[0].Unit != "sec/op" {
		t.Errorf("Samples() = %v, want A in sec/op, B/op, allocs/op", s)
	}

	exit := exec.Command("false").Run()
	if exit == nil {
		t.Skip("no false command")
	}
	panicked := "pkg: m/p\nBenchmarkA-2   \t10\t5.0 ns/op\nBenchmarkB-2   \tpanic: out of bids\n\ngoroutine 1 [running]:\n"
	ro = ParseRun("m/p", []byte(panicked), "run.txt", exit)
	if !errors.Is(ro.Err, ErrPanic) || !strings.Contains(ro.Err.Error(), "BenchmarkB: out of bids") || len(ro.Results) != 1 {
		t.Errorf("ParseRun(panic) = %d results, %v; want A kept and ErrPanic naming BenchmarkB", len(ro.Results), ro.Err)
	}
	failed := "--- FAIL: BenchmarkC\n    c_test.go:9: no bidder\nFAIL\n"
	ro = ParseRun("m/p", []byte(failed), "run.txt", exit)
	if !errors.Is(ro.Err, ErrFailed) || !strings.Contains(ro.Err.Error(), "no bidder") {
		t.Errorf("ParseRun(fail) err = %v, want ErrFailed quoting the log line", ro.Err)
	}
	ro = ParseRun("m/p", []byte("BenchmarkA-2\t10\tfive ns/op\n"), "run.txt", nil)
	if len(ro.Warnings) != 1 || !strings.HasPrefix(ro.Warnings[0].Error(), "run.txt:1: ") {
		t.Errorf("ParseRun(malformed) warnings = %v, want one at run.txt:1", ro.Warnings)
	}
}

func TestFileName(t *testing.T) {
	if got := FileName("example.com/m/v2~x"); got != "example.com_m_v2_x" {
		t.Errorf("FileName = %q, want example.com_m_v2_x", got)
	}
}

func TestListPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"a/a_test.go": "package a\n\nimport \"testing\"\n\nfunc BenchmarkA(b *testing.B) {}\n",
		"b/b.go":      "package b\n",
	})
	pkgs, err := ListPackages(context.Background(), dir, nil, []string{"./..."})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range pkgs {
		got = append(got, strings.TrimPrefix(p.ImportPath, "example.com/m/"))
		if p.Dir == "" {
			t.Errorf("%s: Dir empty", p.ImportPath)
		}
	}
	if strings.Join(got, " ") != "a b" {
		t.Fatalf("packages = %q, want a b", got)
	}
	if !pkgs[0].HasBenchmarks || pkgs[1].HasBenchmarks {
		t.Errorf("HasBenchmarks = %v, %v; want true, false", pkgs[0].HasBenchmarks, pkgs[1].HasBenchmarks)
	}
	// The go command reports a pattern that names no directory as a
	// package that cannot be loaded.
	pkgs, err = ListPackages(context.Background(), dir, nil, []string{"./nothing/..."})
	if err != nil || len(pkgs) != 1 || !errors.Is(pkgs[0].Err, ErrLoad) {
		t.Errorf("ListPackages(./nothing/...) = %v, %v; want one package with ErrLoad", pkgs, err)
	}
}

func TestInterruptedBySignal(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	for _, tc := range []struct {
		script string
		want   bool
	}{
		{"kill -INT $$", true},
		{"kill -TERM $$", true},
		{"kill -KILL $$", false}, // perfproof's own kill
		{"exit 3", false},
		{"exit 0", false},
	} {
		err := exec.Command("sh", "-c", tc.script).Run()
		if got := interruptedBySignal(err); got != tc.want {
			t.Errorf("sh -c %q: interruptedBySignal(%v) = %v, want %v", tc.script, err, got, tc.want)
		}
	}
}

// TestParseRunLostPanic: under load, Go's testing package can print a
// panicking benchmark's result line without a time, then PASS, and exit 0
// before the panic crashes the process (seen with 16 parallel test
// binaries). That run is a failure, not a pass with no samples.
func TestParseRunLostPanic(t *testing.T) {
	out := "goos: linux\npkg: m/p\nBenchmarkOK-2   \t10\t5.0 ns/op\t0 B/op\t0 allocs/op\nBenchmarkBoom-2   \t       1\t       0 B/op\t       0 allocs/op\nPASS\n"
	ro := ParseRun("m/p", []byte(out), "run.txt", nil)
	if !errors.Is(ro.Err, ErrFailed) || !strings.Contains(ro.Err.Error(), "Boom-2 printed a result without a time") {
		t.Errorf("Err = %v, want ErrFailed naming Boom-2", ro.Err)
	}
	if len(ro.Results) != 1 || string(ro.Results[0].Name.Base()) != "OK" {
		t.Errorf("Results = %d, want only BenchmarkOK's", len(ro.Results))
	}
}
