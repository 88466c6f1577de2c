package cxx

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/cxx/gbench"
	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/stats"
)

// needTools skips the test when cmake, a C++ compiler or Google
// Benchmark is missing, except under CI, where it fails: a skipped check
// must not read as a pass there.
func needTools(t *testing.T) {
	t.Helper()
	var missing []string
	for _, tool := range []string{"cmake", "c++"} {
		if _, err := exec.LookPath(tool); err != nil {
			missing = append(missing, tool)
		}
	}
	if len(missing) > 0 {
		msg := fmt.Sprintf("needs %s (apt-get install cmake g++ libbenchmark-dev)", strings.Join(missing, ", "))
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
}

var (
	fixtureOnce sync.Once
	fixtureExes []Executable
	fixtureErr  error
	fixtureDir  string
)

// fixture builds testdata/fixture once for the package's tests.
func fixture(t *testing.T) []Executable {
	t.Helper()
	needTools(t)
	fixtureOnce.Do(func() {
		fixtureDir, fixtureErr = os.MkdirTemp("", "cxx-fixture-")
		if fixtureErr == nil {
			fixtureExes, fixtureErr = BuildBenchmarks(context.Background(), filepath.Join("testdata", "fixture"), fixtureDir, nil)
		}
	})
	if fixtureErr != nil {
		if os.Getenv("CI") == "" && strings.Contains(fixtureErr.Error(), "benchmark") && strings.Contains(fixtureErr.Error(), "find_package") {
			t.Skipf("Google Benchmark missing (apt-get install libbenchmark-dev): %v", fixtureErr)
		}
		t.Fatal(fixtureErr)
	}
	return fixtureExes
}

func TestMain(m *testing.M) {
	code := m.Run()
	if fixtureDir != "" {
		os.RemoveAll(fixtureDir)
	}
	os.Exit(code)
}

func TestIsProject(t *testing.T) {
	if !IsProject(filepath.Join("testdata", "fixture")) {
		t.Error("IsProject(testdata/fixture) = false, want true")
	}
	if IsProject("testdata") {
		t.Error("IsProject(testdata) = true, want false (no CMakeLists.txt)")
	}
}

func TestBuildBenchmarks(t *testing.T) {
	before := listFiles(t, filepath.Join("testdata", "fixture"))
	exes := fixture(t)
	// sum_tool is an executable that does not link the benchmark library,
	// sum a library: neither is a benchmark executable.
	if len(exes) != 1 || exes[0].Name != "sum_bench" || !filepath.IsAbs(exes[0].Path) {
		t.Fatalf("BuildBenchmarks = %+v, want sum_bench with an absolute path", exes)
	}
	if fi, err := os.Stat(exes[0].Path); err != nil || fi.Mode()&0o111 == 0 {
		t.Errorf("benchmark executable %s: %v", exes[0].Path, err)
	}
	if _, err := os.Stat(filepath.Join(fixtureDir, "compile_commands.json")); err != nil {
		t.Errorf("no compile_commands.json in the build folder: %v", err)
	}
	if after := listFiles(t, filepath.Join("testdata", "fixture")); !slices.Equal(before, after) {
		t.Errorf("the build wrote into the source tree: %q, then %q", before, after)
	}
}

func listFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		out = append(out, p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestConfigureErrors(t *testing.T) {
	needTools(t)
	src := t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "CMakeLists.txt"), []byte("cmake_minimum_required(VERSION 3.16)\nproject(broken CXX)\nadd_executable(x missing_file.cc)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := Configure(context.Background(), src, t.TempDir(), nil)
	if !errors.Is(err, ErrBuild) || !strings.Contains(err.Error(), "missing_file.cc") {
		t.Errorf("Configure of a broken project = %v, want ErrBuild with cmake's message about missing_file.cc", err)
	}
	err = Configure(context.Background(), src, filepath.Join(src, "build"), nil)
	if !errors.Is(err, ErrBuild) || !strings.Contains(err.Error(), "inside the source tree") {
		t.Errorf("Configure into the source tree = %v, want an error", err)
	}
	if _, err := os.Stat(filepath.Join(src, "build")); err == nil {
		t.Error("Configure into the source tree created the build folder")
	}
}

// writeReply writes a file API reply of one configuration and targets
// (name → target JSON) into build.
func writeReply(t *testing.T, build string, targets map[string]string) {
	t.Helper()
	reply := filepath.Join(build, ".cmake", "api", "v1", "reply")
	if err := os.MkdirAll(reply, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(reply, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("index-1.json", `{"reply": {"codemodel-v2": {"kind": "codemodel", "jsonFile": "cm.json"}}}`)
	var refs []string
	names := make([]string, 0, len(targets))
	for n := range targets {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		refs = append(refs, fmt.Sprintf(`{"name": %q, "id": "%s::@1", "jsonFile": "t-%s.json"}`, n, n, n))
		write("t-"+n+".json", targets[n])
	}
	write("cm.json", `{"paths": {"build": "`+build+`"}, "configurations": [{"name": "Debug", "targets": []}, {"name": "Release", "targets": [`+strings.Join(refs, ",")+`]}]}`)
}

func TestBenchmarksFileAPI(t *testing.T) {
	build := t.TempDir()
	writeReply(t, build, map[string]string{
		// The library built in the project (FetchContent): a dependency.
		"a_bench":   `{"name": "a_bench", "type": "EXECUTABLE", "artifacts": [{"path": "bin/a_bench"}], "dependencies": [{"id": "benchmark::@1"}]}`,
		"benchmark": `{"name": "benchmark", "type": "STATIC_LIBRARY", "artifacts": [{"path": "_deps/libbenchmark.a"}]}`,
		// An installed static library, by its path.
		"b_bench": `{"name": "b_bench", "type": "EXECUTABLE", "artifacts": [{"path": "/abs/b_bench"}], "link": {"commandFragments": [{"fragment": "/usr/lib/libbenchmark_main.a", "role": "libraries"}]}}`,
		// Near misses: a library whose name holds "benchmark", a flag.
		"tool": `{"name": "tool", "type": "EXECUTABLE", "artifacts": [{"path": "tool"}], "link": {"commandFragments": [{"fragment": "libbenchmarking_utils.a", "role": "libraries"}, {"fragment": "-lbenchmark", "role": "flags"}]}}`,
	})
	got, err := Benchmarks(build)
	if err != nil {
		t.Fatal(err)
	}
	want := []Executable{{"a_bench", filepath.Join(build, "bin", "a_bench")}, {"b_bench", "/abs/b_bench"}}
	if !slices.Equal(got, want) {
		t.Errorf("Benchmarks = %v, want %v", got, want)
	}

	none := t.TempDir()
	writeReply(t, none, map[string]string{"tool": `{"name": "tool", "type": "EXECUTABLE", "artifacts": [{"path": "tool"}]}`})
	if _, err := Benchmarks(none); !errors.Is(err, ErrBuild) || !strings.Contains(err.Error(), "links Google Benchmark") {
		t.Errorf("Benchmarks without a benchmark executable = %v, want ErrBuild saying so", err)
	}
	if _, err := Benchmarks(t.TempDir()); !errors.Is(err, ErrBuild) || !strings.Contains(err.Error(), "no index file") {
		t.Errorf("Benchmarks without a reply = %v, want ErrBuild saying so", err)
	}
	bad := t.TempDir()
	writeReply(t, bad, map[string]string{"x": `{"name": 1}`})
	if _, err := Benchmarks(bad); !errors.Is(err, ErrBuild) || !strings.Contains(err.Error(), "t-x.json") {
		t.Errorf("Benchmarks with a malformed target file = %v, want ErrBuild naming it", err)
	}
}

func TestRunVariants(t *testing.T) {
	exes := fixture(t)
	var progress strings.Builder
	res, err := RunVariants(context.Background(), exes, Options{Rounds: 8, MinTime: 5 * time.Millisecond, Seed: 1, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	if res.Rounds != 8 || res.Stop != "8 rounds" || len(res.Packages) != 1 {
		t.Fatalf("RunVariants = %d rounds, stop %q, %d packages", res.Rounds, res.Stop, len(res.Packages))
	}
	p := res.Packages[0]
	if p.Err != nil {
		t.Fatal(p.Err)
	}
	var sec *prove.Comparison
	for i, c := range p.Comparisons {
		if c.Benchmark != "BM_Sum" || c.OldName != "BM_Sum_before" || c.NewName != "BM_Sum_after" || c.Old.N != 8 || c.New.N != 8 {
			t.Errorf("comparison %s (%s vs %s) with %d, %d samples; want BM_Sum, 8 each", c.Benchmark, c.OldName, c.NewName, c.Old.N, c.New.N)
		}
		if c.Unit == gbench.UnitRealTime {
			sec = &p.Comparisons[i]
		}
	}
	// SumSlow copies and adds four times over: the after variant is
	// several times faster, far beyond any noise.
	if sec == nil || sec.Verdict != stats.Faster || sec.Ratio > 0.5 {
		t.Errorf("BM_Sum sec/op = %+v, want faster by over 2x", sec)
	}
	if !strings.Contains(progress.String(), "round 8/8") {
		t.Errorf("progress %q lacks round 8/8", progress.String())
	}
}

func TestRunSides(t *testing.T) {
	exes := fixture(t)
	old := Side{Name: "old", Executables: []Executable{exes[0], {Name: "gone_bench", Path: exes[0].Path}}}
	new := Side{Name: "new", Executables: exes}
	out := t.TempDir()
	res, err := RunSides(context.Background(), old, new, Options{Rounds: 6, MinTime: 2 * time.Millisecond, Filter: "BM_Sum_after", OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Packages) != 2 || res.Packages[0].ImportPath != "sum_bench" || res.Packages[1].ImportPath != "gone_bench" {
		t.Fatalf("packages %+v, want sum_bench and gone_bench", res.Packages)
	}
	p := res.Packages[0]
	if p.Err != nil || p.Rounds != 6 {
		t.Fatalf("sum_bench: %d rounds, err %v", p.Rounds, p.Err)
	}
	var units []string
	for _, c := range p.Comparisons {
		units = append(units, c.Unit)
		if c.Benchmark != "BM_Sum_after" || c.Old.N != 6 || c.New.N != 6 || c.Family != 1 {
			t.Errorf("comparison %+v, want BM_Sum_after with 6 samples a side, one comparison per unit", c)
		}
	}
	if !slices.Equal(units, []string{"sec/op", "cpu-sec/op"}) {
		t.Errorf("units %q, want sec/op, cpu-sec/op (the filter leaves one benchmark)", units)
	}
	// The executable of one side only is listed, not run.
	if g := res.Packages[1]; !slices.Equal(g.OnlyOld, []string{"BM_Sum_after"}) || len(g.Comparisons) != 0 {
		t.Errorf("gone_bench: only old %q, %d comparisons; want BM_Sum_after, none", g.OnlyOld, len(g.Comparisons))
	}
	if len(p.RawFiles) != 12 {
		t.Errorf("%d raw files, want 12 (6 rounds, 2 sides)", len(p.RawFiles))
	}
}

// script writes an executable shell script standing in for a benchmark
// executable.
func script(t *testing.T, body string) Executable {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("needs sh")
	}
	path := filepath.Join(t.TempDir(), "fake_bench")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return Executable{Name: "fake_bench", Path: path}
}

func TestRunErrors(t *testing.T) {
	ctx := context.Background()
	_, _, err := Run(ctx, script(t, "sleep 30 & sleep 30"), RunSpec{Timeout: 100 * time.Millisecond})
	if !errors.Is(err, benchrun.ErrTimeout) || !strings.Contains(err.Error(), "fake_bench") {
		t.Errorf("Run of a hanging executable = %v, want ErrTimeout naming it", err)
	}
	_, _, err = Run(ctx, script(t, "echo 'bad flag' >&2; exit 3"), RunSpec{})
	if !errors.Is(err, benchrun.ErrFailed) || !strings.Contains(err.Error(), "bad flag") {
		t.Errorf("Run of a failing executable = %v, want ErrFailed with its stderr", err)
	}
	_, raw, err := Run(ctx, script(t, `echo '{"benchmarks": [}'`), RunSpec{})
	var se *gbench.SyntaxError
	if !errors.As(err, &se) || se.Name != "fake_bench output" || len(raw) == 0 {
		t.Errorf("Run of an executable printing malformed JSON = %v, want a *gbench.SyntaxError naming it", err)
	}
	// The flags of a run, as 1.7.1 takes them.
	res, _, err := Run(ctx, script(t, `echo "$@" > args; echo '{"benchmarks": [{"name": "BM_A", "run_type": "iteration", "iterations": 1, "real_time": 1, "cpu_time": 1, "time_unit": "ns"}]}'`), RunSpec{Filter: "BM_A", MinTime: 25 * time.Millisecond, Interleave: true})
	if err != nil || len(res.Benchmarks) != 1 {
		t.Fatalf("Run = %v, %v", res, err)
	}
}

func TestRunSpecArgs(t *testing.T) {
	got := strings.Join(RunSpec{Filter: "^BM_A$", MinTime: 25 * time.Millisecond, Interleave: true}.args(), " ")
	want := "--benchmark_format=json --benchmark_min_time=0.025 --benchmark_repetitions=1 --benchmark_filter=^BM_A$ --benchmark_enable_random_interleaving=true"
	if got != want {
		t.Errorf("args = %q, want %q", got, want)
	}
	if got := (RunSpec{}).args()[1]; got != "--benchmark_min_time=0.01" {
		t.Errorf("default min time flag %q, want 0.01 s", got)
	}
}

func TestRunSidesFailure(t *testing.T) {
	good := script(t, `echo '{"benchmarks": [{"name": "BM_A", "run_type": "iteration", "iterations": 1, "real_time": 1, "cpu_time": 1, "time_unit": "ns"}]}'`)
	failing := script(t, `echo '{"benchmarks": [{"name": "BM_A", "run_type": "iteration", "iterations": 1, "real_time": 0, "cpu_time": 0, "time_unit": "ns", "error_occurred": true, "error_message": "out of memory"}]}'`)
	failing.Name = good.Name
	res, err := RunSides(context.Background(), Side{Name: "old", Executables: []Executable{good}}, Side{Name: "new", Executables: []Executable{failing}}, Options{Rounds: 5})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Packages[0]
	if !errors.Is(p.Err, gbench.ErrBenchmark) || !strings.Contains(p.Err.Error(), "new side") || !strings.Contains(p.Err.Error(), "out of memory") {
		t.Errorf("package error %v, want the benchmark error naming the new side", p.Err)
	}
	if res.Stop != "every package failed" || p.Rounds != 0 {
		t.Errorf("stop %q, rounds %d; want every package failed after no complete round", res.Stop, p.Rounds)
	}
}

func TestRunSidesCanceled(t *testing.T) {
	good := script(t, `echo '{"benchmarks": [{"name": "BM_A", "run_type": "iteration", "iterations": 1, "real_time": 1, "cpu_time": 1, "time_unit": "ns"}]}'`)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	side := Side{Name: "old", Executables: []Executable{good}}
	res, err := RunSides(ctx, side, side, Options{Rounds: 5})
	if !errors.Is(err, context.Canceled) || res == nil || res.Stop != context.Canceled.Error() || res.Packages[0].Err != nil {
		t.Errorf("RunSides with a canceled context = %+v, %v; want context.Canceled, the stop saying so, no package error", res, err)
	}
}
