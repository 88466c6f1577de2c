package cxx

import (
	"context"
	"errors"
	"fmt"
	"maps"
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
	if quirksDir != "" {
		os.RemoveAll(quirksDir)
	}
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
	if !strings.Contains(err.Error(), "standard output:\n{\"benchmarks\": [}") {
		t.Errorf("Run of an executable printing malformed JSON = %v, want the output's tail in the error", err)
	}
	// A reason printed on standard output, with nothing on standard
	// error, is in the error.
	_, _, err = Run(ctx, script(t, "echo 'usage: fake_bench <pattern>'; exit 1"), RunSpec{})
	if !errors.Is(err, benchrun.ErrFailed) || !strings.Contains(err.Error(), "usage: fake_bench <pattern>") {
		t.Errorf("Run of an executable failing with its reason on stdout = %v, want ErrFailed with that reason", err)
	}
	// Both when stdout is not JSON; stderr only when it is.
	_, _, err = Run(ctx, script(t, "echo 'warming up' >&2; echo 'cannot open log file'; exit 1"), RunSpec{})
	if !strings.Contains(err.Error(), "warming up") || !strings.Contains(err.Error(), "cannot open log file") {
		t.Errorf("Run failing with text on both streams = %v, want both tails", err)
	}
	_, _, err = Run(ctx, script(t, `echo 'crashed' >&2; echo '{"benchmarks": []}'; exit 1`), RunSpec{})
	if !strings.Contains(err.Error(), "crashed") || strings.Contains(err.Error(), "standard output") {
		t.Errorf("Run failing with JSON on stdout = %v, want stderr's tail only", err)
	}
	// An executable that took an argument as a benchmark's name.
	argBench := script(t, `echo '{"benchmarks": [{"name": "--benchmark_filter=BM_A", "run_type": "iteration", "iterations": 1, "real_time": 1, "cpu_time": 1, "time_unit": "ns"}]}'`)
	if _, _, err := Run(ctx, argBench, RunSpec{}); !errors.Is(err, ErrArgAsBenchmark) || !strings.Contains(err.Error(), "--benchmark_filter=BM_A") {
		t.Errorf("Run of an executable reporting a benchmark named --benchmark_filter=BM_A = %v, want ErrArgAsBenchmark naming it", err)
	}
	if _, err := List(ctx, script(t, "echo BM_A; echo --benchmark_list_tests=true"), "", 0); !errors.Is(err, ErrArgAsBenchmark) {
		t.Errorf("List of an executable listing --benchmark_list_tests=true = %v, want ErrArgAsBenchmark", err)
	}
	// Settings go in the environment, the arguments are spec.Args only,
	// and inherited BENCHMARK_* variables are removed.
	t.Setenv("BENCHMARK_OUT", "/nonexistent/out.json")
	t.Setenv("BENCHMARK_REPETITIONS", "7")
	dir := t.TempDir()
	env := script(t, `echo "$@" > `+dir+`/args; env | grep '^BENCHMARK_' | sort > `+dir+`/env; echo '{"benchmarks": [{"name": "BM_A", "run_type": "iteration", "iterations": 1, "real_time": 1, "cpu_time": 1, "time_unit": "ns"}]}'`)
	if _, _, err := Run(ctx, env, RunSpec{Filter: "BM_A", MinTime: 25 * time.Millisecond, Args: []string{"all"}}); err != nil {
		t.Fatal(err)
	}
	args, _ := os.ReadFile(filepath.Join(dir, "args"))
	vars, _ := os.ReadFile(filepath.Join(dir, "env"))
	if want := "BENCHMARK_FILTER=BM_A\nBENCHMARK_FORMAT=json\nBENCHMARK_MIN_TIME=0.025\nBENCHMARK_REPETITIONS=1\n"; string(vars) != want || string(args) != "all\n" {
		t.Errorf("run's arguments %q and BENCHMARK_* environment %q, want \"all\" and %q", args, vars, want)
	}
}

func TestRunSpecEnv(t *testing.T) {
	got := strings.Join(RunSpec{Filter: "^BM_A$", MinTime: 25 * time.Millisecond, Interleave: true}.env(), " ")
	want := "BENCHMARK_FORMAT=json BENCHMARK_MIN_TIME=0.025 BENCHMARK_REPETITIONS=1 BENCHMARK_FILTER=^BM_A$ BENCHMARK_ENABLE_RANDOM_INTERLEAVING=true"
	if got != want {
		t.Errorf("env = %q, want %q", got, want)
	}
	if got := (RunSpec{}).env()[1]; got != "BENCHMARK_MIN_TIME=0.01" {
		t.Errorf("default min time %q, want 0.01 s", got)
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

var (
	quirksOnce sync.Once
	quirksExes []Executable
	quirksErr  error
	quirksDir  string
)

// quirks builds testdata/quirks once: a benchmark executable with the
// habits of spdlog's benchmarks, beside a target that does not compile.
func quirks(t *testing.T) Executable {
	t.Helper()
	fixture(t) // skips without Google Benchmark
	quirksOnce.Do(func() {
		quirksDir, quirksErr = os.MkdirTemp("", "cxx-quirks-")
		if quirksErr == nil {
			quirksExes, quirksErr = BuildBenchmarks(context.Background(), filepath.Join("testdata", "quirks"), quirksDir, nil)
		}
	})
	if quirksErr != nil {
		t.Fatal(quirksErr)
	}
	if len(quirksExes) != 1 || quirksExes[0].Name != "quirks_bench" {
		t.Fatalf("BuildBenchmarks(testdata/quirks) = %v, want quirks_bench", quirksExes)
	}
	return quirksExes[0]
}

func TestBuildBenchmarksOnly(t *testing.T) {
	exe := quirks(t)
	if _, err := os.Stat(exe.Path); err != nil {
		t.Fatalf("quirks_bench not built: %v", err)
	}
	// broken_tool does not compile: building every target fails, so
	// BuildBenchmarks built the benchmark targets only.
	if err := Build(context.Background(), quirksDir); !errors.Is(err, ErrBuild) || !strings.Contains(err.Error(), "header_that_does_not_exist.h") {
		t.Errorf("Build of every target of testdata/quirks = %v, want ErrBuild about broken_tool's missing header", err)
	}
}

// TestRunEnvironment checks each setting that Run passes in the
// environment on Google Benchmark 1.7.1 itself, with an executable whose
// main() refuses any --benchmark_ argument.
func TestRunEnvironment(t *testing.T) {
	exe := quirks(t)
	ctx := context.Background()
	// An inherited BENCHMARK_LIST_TESTS would print names, not JSON.
	t.Setenv("BENCHMARK_LIST_TESTS", "true")
	iters := map[time.Duration]int64{}
	for _, min := range []time.Duration{2 * time.Millisecond, 40 * time.Millisecond} {
		o, _, err := Run(ctx, exe, RunSpec{Filter: "^BM_Work$", MinTime: min})
		if err != nil {
			t.Fatal(err)
		}
		if len(o.Benchmarks) != 1 || o.Benchmarks[0].Name != "BM_Work" {
			t.Fatalf("Run with filter ^BM_Work$ reported %+v, want BM_Work once", o.Benchmarks)
		}
		iters[min] = o.Benchmarks[0].Iterations
	}
	// Twenty times the minimum time: well over three times the
	// iterations (Google Benchmark grows the count up to ten times a step).
	if iters[40*time.Millisecond] < 3*iters[2*time.Millisecond] {
		t.Errorf("iterations %v: BENCHMARK_MIN_TIME not followed", iters)
	}
	// Random interleaving shuffles the order of the benchmarks.
	orders := map[string]bool{}
	for i := 0; i < 8 && len(orders) < 2; i++ {
		o, _, err := Run(ctx, exe, RunSpec{Filter: "Work|Dup", MinTime: time.Millisecond, Interleave: true})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, b := range o.Benchmarks {
			names = append(names, fmt.Sprint(b.Name, b.FamilyIndex))
		}
		orders[strings.Join(names, " ")] = true
	}
	if len(orders) < 2 {
		t.Errorf("8 interleaved runs all in the order %v: BENCHMARK_ENABLE_RANDOM_INTERLEAVING not followed", orders)
	}
	names, err := List(ctx, exe, "Dup|Extra", 0)
	if err != nil || !slices.Equal(names, []string{"BM_Dup", "BM_Dup"}) {
		t.Errorf("List(Dup|Extra) = %q, %v; want BM_Dup twice", names, err)
	}
	// The executable's own argument.
	names, err = List(ctx, exe, "Extra", 0, "extra")
	if err != nil || !slices.Equal(names, []string{"BM_Extra"}) {
		t.Errorf("List(Extra) with the argument extra = %q, %v; want BM_Extra", names, err)
	}
	_, _, err = Run(ctx, exe, RunSpec{Args: []string{"--benchmark_filter=BM_Work"}})
	if !errors.Is(err, benchrun.ErrFailed) || !strings.Contains(err.Error(), "usage: ") {
		t.Errorf("Run with a --benchmark_ argument = %v, want ErrFailed with the usage printed on stdout", err)
	}
}

func TestRunSidesQuirks(t *testing.T) {
	exe := quirks(t)
	side := func(name string) Side { return Side{Name: name, Executables: []Executable{exe}} }
	opts := Options{Rounds: 3, MinTime: time.Millisecond, Seed: 2, ExeArgs: map[string][]string{"quirks_bench": {"extra"}}}
	res, err := RunSides(context.Background(), side("old"), side("new"), opts)
	if err != nil {
		t.Fatal(err)
	}
	p := res.Packages[0]
	if p.Err != nil {
		t.Fatal(p.Err)
	}
	n := map[string]int{}
	for _, s := range p.Samples {
		if s.Unit == gbench.UnitRealTime {
			n[s.Benchmark] = len(s.Old)
		}
	}
	want := map[string]int{"BM_Work": 3, "BM_Nothing": 3, "BM_Dup": 3, "BM_Dup#2": 3, "BM_Extra": 3}
	if !maps.Equal(n, want) {
		t.Errorf("samples a side by benchmark %v, want %v (BM_Dup's two registrations apart, BM_Extra from the argument)", n, want)
	}
	var warned bool
	for _, w := range p.Warnings {
		warned = warned || strings.Contains(w.Error(), "BM_Dup is registered 2 times")
	}
	if !warned {
		t.Errorf("warnings %v, want one about BM_Dup", p.Warnings)
	}
	opts.ExeArgs = map[string][]string{"formatter-bench": {"all"}}
	if _, err := RunSides(context.Background(), side("old"), side("new"), opts); err == nil || !strings.Contains(err.Error(), "formatter-bench") {
		t.Errorf("RunSides with arguments for an unknown executable = %v, want an error naming it", err)
	}
}
