package benchrun

import (
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestIsBenchmarkName(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"Benchmark", true},
		{"BenchmarkFoo", true},
		{"Benchmark_foo", true},
		{"Benchmark1", true},
		{"BenchmarkÉté", true},
		{"Benchmarker", false},
		{"Benchmarkété", false},
		{"benchmarkFoo", false},
		{"TestFoo", false},
	} {
		if got := isBenchmarkName(tc.name); got != tc.want {
			t.Errorf("isBenchmarkName(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestProgressLine(t *testing.T) {
	for _, tc := range []struct {
		done, n int
		elapsed time.Duration
		want    string
	}{
		{0, 5, 0, "bench 1/5 p (elapsed 0s)"},
		{1, 5, 12 * time.Second, "bench 2/5 p (elapsed 12s, ETA 48s)"},
		{4, 5, 40*time.Second + 400*time.Millisecond, "bench 5/5 p (elapsed 40s, ETA 10s)"},
	} {
		if got := progressLine(tc.done, tc.n, "p", tc.elapsed); got != tc.want {
			t.Errorf("progressLine(%d, %d, p, %s) = %q, want %q", tc.done, tc.n, tc.elapsed, got, tc.want)
		}
	}
}

func TestFileNames(t *testing.T) {
	got := fileNames([]listedPackage{{ImportPath: "a/b"}, {ImportPath: "a_b"}, {ImportPath: "x.org/v2~y"}})
	want := []string{"a_b", "a_b-2", "x.org_v2_y"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("fileNames = %q, want %q", got, want)
	}
}

func TestParseOutput(t *testing.T) {
	out := "goos: linux\npkg: m/p\nBenchmarkA-2   \t10\t5.0 ns/op\t0 B/op\t0 allocs/op\nBenchmarkB-2   \tpanic: x\n\ngoroutine 1 [running]:\n"
	results, _, warnings, panicLine, _ := parseOutput([]byte(out), "p.txt")
	if len(results) != 1 || results[0].Name.String() != "A-2" || results[0].GetConfig("pkg") != "m/p" {
		t.Errorf("results = %v, want A-2 of package m/p", results)
	}
	if panicLine != 4 {
		t.Errorf("panicLine = %d, want 4", panicLine)
	}
	if len(warnings) != 0 {
		t.Errorf("warnings = %v, want none (the panic line is the error)", warnings)
	}

	// Seen under load (Go 1.26): the testing package prints a line for
	// the benchmark that panicked, with B/op and allocs/op but no time,
	// before the panic.
	out = "pkg: m/p\nBenchmarkA-2   \t1\t5.0 ns/op\t0 B/op\t0 allocs/op\nBenchmarkB-2   \t1\t0 B/op\t0 allocs/op\nBenchmarkB-2   \tpanic: x\n\ngoroutine 1 [running]:\n"
	results, _, warnings, _, _ = parseOutput([]byte(out), "p.txt")
	if len(results) != 1 || results[0].Name.String() != "A-2" || len(warnings) != 0 {
		t.Errorf("results = %v, warnings = %v; want only A-2 and no warnings", results, warnings)
	}
	// Seen with -benchtime 1000x (Go 1.26), one run in three: a line with
	// 0 iterations and NaN ns/op before the panic of the run of 1000.
	out = "pkg: m/p\nBenchmarkB-2   \t       0\t               NaN ns/op\t       0 B/op\t       0 allocs/op\npanic: too long\n\ngoroutine 18 [running]:\n"
	results, _, warnings, _, _ = parseOutput([]byte(out), "p.txt")
	if len(results) != 0 || len(warnings) != 0 {
		t.Errorf("results = %v, warnings = %v; want none: a line of 0 iterations is no measurement", results, warnings)
	}
	// A timeless line of another benchmark is not a measurement either,
	// and is named: without a panic of its own in the output, it may be
	// one that Go's testing package lost.
	out = "BenchmarkA-2   \t1\t0 B/op\t0 allocs/op\nBenchmarkB-2   \tpanic: x\n"
	results, _, _, _, timeless := parseOutput([]byte(out), "p.txt")
	if len(results) != 0 || !slices.Equal(timeless, []string{"A-2"}) {
		t.Errorf("results = %v, timeless = %q; want none, [A-2]", results, timeless)
	}

	_, _, warnings, _, _ = parseOutput([]byte("BenchmarkA-2\t10\tfive ns/op\n"), "p.txt")
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0].Error(), "p.txt:1: ") {
		t.Errorf("warnings = %v, want one at p.txt:1", warnings)
	}
}

func TestClassifyFailure(t *testing.T) {
	exit := exec.Command("false").Run() // an *exec.ExitError
	if exit == nil {
		t.Skip("no false command")
	}
	for _, tc := range []struct {
		name        string
		runErr      error
		out, stderr string
		wantErr     error
		wantMsg     string
	}{
		{
			name:    "panic after name",
			runErr:  exit,
			out:     "BenchmarkBoom-2   \tpanic: boom\n\ngoroutine 5 [running]:\nFAIL\tm/p\t0.1s\n",
			wantErr: ErrPanic,
			wantMsg: "benchmark panicked in m/p: BenchmarkBoom: boom",
		},
		{
			name:    "panic in a sub-benchmark",
			runErr:  exit,
			out:     "BenchmarkX/size=10-16   \tpanic: boom\n",
			wantErr: ErrPanic,
			wantMsg: "benchmark panicked in m/p: BenchmarkX/size=10: boom",
		},
		{
			name:    "panic in a later -count run",
			runErr:  exit,
			out:     "BenchmarkX-2\t1\t5 ns/op\npanic: boom\n\ngoroutine 7 [running]:\nexample.com/m/p_test.BenchmarkX.func1(0xc0000)\n\t/m/p/p_test.go:9 +0x25\ntesting.(*B).runN(0x1)\n",
			wantErr: ErrPanic,
			wantMsg: "benchmark panicked in m/p: BenchmarkX: boom",
		},
		{
			name:    "panic on its own line",
			runErr:  exit,
			out:     "BenchmarkA-2\t1\t5 ns/op\npanic: runtime error: index out of range [3] with length 3\n",
			wantErr: ErrPanic,
			wantMsg: "benchmark panicked in m/p: runtime error: index out of range [3] with length 3",
		},
		{
			name:    "go test timeout",
			runErr:  exit,
			out:     "panic: test timed out after 5s\n",
			wantErr: ErrTimeout,
			wantMsg: "benchmarks timed out in m/p: go test stopped it: test timed out after 5s; raise the timeout or select fewer or shorter benchmarks",
		},
		{
			name:    "build",
			runErr:  exit,
			out:     "FAIL\tm/p [build failed]\n",
			stderr:  "# m/p [m/p.test]\np/p.go:3:9: undefined: x\np/p.go:4:9: undefined: y\n",
			wantErr: ErrBuild,
			wantMsg: "build failed for m/p: p/p.go:3:9: undefined: x\n\tp/p.go:4:9: undefined: y",
		},
		{
			name:    "fatal",
			runErr:  exit,
			out:     "goos: linux\nBenchmarkF-2\n--- FAIL: BenchmarkF-2\n    f_test.go:5: no bidder\nFAIL\nexit status 1\nFAIL\tm/p\t0.1s\n",
			wantErr: ErrFailed,
			wantMsg: "benchmarks failed in m/p: --- FAIL: BenchmarkF-2\n\tf_test.go:5: no bidder",
		},
		{
			name:    "exit",
			runErr:  exit,
			out:     "goos: linux\nBenchmarkF-2\nexit status 3\nFAIL\tm/p\t0.1s\n",
			wantErr: ErrFailed,
			wantMsg: "benchmarks failed in m/p: goos: linux\n\tBenchmarkF-2\n\texit status 3",
		},
		{
			name:    "no go command",
			runErr:  exec.ErrNotFound,
			wantErr: ErrFailed,
			wantMsg: "benchmarks failed in m/p: running go test: executable file not found in $PATH",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			panicLine, _ := findPanic([]byte(tc.out))
			err := classifyFailure("m/p", tc.runErr, []byte(tc.out), panicLine, tc.stderr)
			if !errors.Is(err, tc.wantErr) {
				t.Errorf("error %v does not wrap %v", err, tc.wantErr)
			}
			if err.Error() != tc.wantMsg {
				t.Errorf("message = %q, want %q", err, tc.wantMsg)
			}
		})
	}
}
