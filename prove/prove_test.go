package prove

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/stats"
)

// writeModule writes files into a new module directory example.com/m
// and returns it.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.26\n"
	for name, data := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// snapshot lists the files of dir with their sizes.
func snapshot(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		out = append(out, rel+" "+info.Mode().String())
		return nil
	})
	return out
}

// workSrc is a package whose Work does n steps of a linear congruential
// generator, and whose benchmark calls it with steps; alloc adds a
// 64-byte allocation per call.
func workSrc(steps string, alloc bool) map[string]string {
	extra := ""
	if alloc {
		extra = "\tsinkp = new([64]byte)\n"
	}
	return map[string]string{
		"work/work.go": "package work\n\nvar sinkp *[64]byte\n\nfunc Work(n int) uint64 {\n" + extra +
			"\tx := uint64(1)\n\tfor i := 0; i < n; i++ {\n\t\tx = x*6364136223846793005 + 1442695040888963407\n\t}\n\treturn x\n}\n",
		"work/work_test.go": `package work

import "testing"

var sink uint64

func BenchmarkWork(b *testing.B) {
	for b.Loop() {
		sink = Work(` + steps + `)
	}
}

func TestNotRun(t *testing.T) { t.Fatal("tests must not run") }
`,
	}
}

// find returns the comparison of benchmark and unit in cs.
func find(t *testing.T, cs []Comparison, benchmark, unit string) Comparison {
	t.Helper()
	for _, c := range cs {
		if c.Benchmark == benchmark && c.Unit == unit {
			return c
		}
	}
	t.Fatalf("no comparison of %s %s in %v", benchmark, unit, cs)
	return Comparison{}
}

func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	oldFiles := workSrc("2000", false)
	oldFiles["gone/gone_test.go"] = "package gone\n\nimport \"testing\"\n\nfunc BenchmarkGone(b *testing.B) {\n\tfor b.Loop() {\n\t}\n}\n"
	newFiles := workSrc("8000", true)
	newFiles["work/more_test.go"] = "package work\n\nimport \"testing\"\n\nfunc BenchmarkAdded(b *testing.B) {\n\tfor b.Loop() {\n\t}\n}\n"
	oldDir, newDir := writeModule(t, oldFiles), writeModule(t, newFiles)
	before := [][]string{snapshot(t, oldDir), snapshot(t, newDir)}

	out := filepath.Join(t.TempDir(), "raw")
	var progress bytes.Buffer
	res, err := Run(context.Background(), Side{"old", oldDir}, Side{"new", newDir}, []string{"./..."}, Options{
		Benchtime: "30ms", // long enough that a lost time slice under load does not swamp a 4x change
		Rounds:    6,
		OutDir:    out,
		Progress:  &progress,
		Seed:      1,
	})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if after := [][]string{snapshot(t, oldDir), snapshot(t, newDir)}; !slices.Equal(after[0], before[0]) || !slices.Equal(after[1], before[1]) {
		t.Errorf("Run changed the module directories")
	}
	if res.Rounds != 6 || res.Stop != "6 rounds" {
		t.Errorf("Rounds, Stop = %d, %q; want 6, \"6 rounds\"", res.Rounds, res.Stop)
	}
	var paths []string
	for _, p := range res.Packages {
		paths = append(paths, p.ImportPath)
	}
	if want := []string{"example.com/m/work", "example.com/m/gone"}; !slices.Equal(paths, want) {
		t.Fatalf("packages = %q, want %q", paths, want)
	}
	work, gone := res.Packages[0], res.Packages[1]
	if work.Err != nil || work.Rounds != 6 {
		t.Fatalf("work: Err = %v, Rounds = %d; want nil, 6", work.Err, work.Rounds)
	}
	if len(gone.Warnings) != 1 || !strings.Contains(gone.Warnings[0].Error(), "only on the old side") {
		t.Errorf("gone: Warnings = %v, want one saying its benchmarks are only on the old side", gone.Warnings)
	}
	if !slices.Equal(work.OnlyNew, []string{"Added"}) || len(work.OnlyOld) != 0 {
		t.Errorf("OnlyNew, OnlyOld = %q, %q; want [Added], []", work.OnlyNew, work.OnlyOld)
	}

	cs := res.Comparisons()
	sec := find(t, cs, "Work", "sec/op")
	if sec.Verdict != stats.Slower || sec.Ratio < 2 {
		t.Errorf("Work sec/op: verdict %v (%s), ratio %.2f; want slower, ratio > 2 (four times the steps and an allocation)", sec.Verdict, sec.Reason, sec.Ratio)
	}
	if sec.Old.N != 6 || sec.New.N != 6 || sec.Package != "example.com/m/work" {
		t.Errorf("Work sec/op: n = %d, %d, package %q; want 6, 6, example.com/m/work", sec.Old.N, sec.New.N, sec.Package)
	}
	allocs := find(t, cs, "Work", "allocs/op")
	if allocs.Verdict != stats.Slower || !allocs.Exact || allocs.Reason != "0 → 1 (exact)" {
		t.Errorf("Work allocs/op: %v, exact %v, %q; want slower, exact, 0 → 1 (exact)", allocs.Verdict, allocs.Exact, allocs.Reason)
	}

	// The raw output is kept per side, readable as benchmark results. After
	// the first round, each compared benchmark runs alone with one
	// iteration count, set from its first run: Added (new side only) runs
	// once, and the five later runs of Work on a side have the same count.
	if len(work.RawFiles) != 2 {
		t.Fatalf("RawFiles = %q, want two", work.RawFiles)
	}
	for _, f := range work.RawFiles {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		iters := make(map[string][]int)
		r := benchfmt.NewReader(bytes.NewReader(data), f)
		for r.Scan() {
			if res, ok := r.Result().(*benchfmt.Result); ok {
				iters[string(res.Name.Base())] = append(iters[string(res.Name.Base())], res.Iters)
			}
		}
		if w := iters["Work"]; len(w) != 6 || slices.Min(w[1:]) != slices.Max(w[1:]) {
			t.Errorf("%s: iterations of Work = %v, want 6 runs, the last 5 with one count", f, w)
		}
		if a := iters["Added"]; strings.HasSuffix(f, ".new.txt") && len(a) != 1 {
			t.Errorf("%s: %d runs of Added, want 1 (not compared, so only in the first round)", f, len(a))
		}
	}
	for _, want := range []string{"build old example.com/m/work", "build new example.com/m/work", "round 1/6", "round 6/6"} {
		if !strings.Contains(progress.String(), want) {
			t.Errorf("progress has no %q:\n%s", want, &progress)
		}
	}
}

// TestRunColdStart: a benchmark whose first iteration is slow (a cache
// filled on first use) makes the testing package stop at N=1 on the side
// where that iteration alone outlasts -benchtime. The later runs must use
// one count on both sides, so that warm code is compared with warm code,
// and the cold first-round sample is dropped with a warning.
func TestRunColdStart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	cold := func(pause string) map[string]string {
		files := workSrc("1000", false)
		files["work/cold_test.go"] = `package work

import (
	"testing"
	"time"
)

var warm bool

func BenchmarkCold(b *testing.B) {
	for b.Loop() {
		if !warm {
			time.Sleep(` + pause + `)
			warm = true
		}
		sink = Work(1000)
	}
}
`
		return files
	}
	oldDir, newDir := writeModule(t, cold("300*time.Millisecond")), writeModule(t, cold("time.Millisecond"))
	out := filepath.Join(t.TempDir(), "raw")
	res, err := Run(context.Background(), Side{"old", oldDir}, Side{"new", newDir}, []string{"./work"}, Options{
		Bench: "Cold", Benchtime: "100ms", Rounds: 4, Seed: 5, OutDir: out,
	})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	p := res.Packages[0]
	c := find(t, p.Comparisons, "Cold", "sec/op")
	if c.Old.N != 3 || c.New.N != 4 {
		t.Errorf("Cold sec/op: n = %d, %d; want 3 (cold first run dropped), 4", c.Old.N, c.New.N)
	}
	// Each run is a new process and pays the pause once (b.Loop counts
	// the first iteration), over many warm Work(1000) calls of about a
	// microsecond: a few microseconds per op, not the 300ms of the old
	// side's first-round run of one iteration.
	if c.Old.Median > 1e-3 {
		t.Errorf("Cold sec/op: old median %v, want the later runs' (< 1ms)", c.Old.Median)
	}
	// The later runs of both sides have one iteration count.
	counts := make(map[int]bool)
	for _, f := range p.RawFiles {
		for _, n := range rawIters(t, f)[1:] {
			counts[n] = true
		}
	}
	if len(counts) != 1 {
		t.Errorf("iteration counts after the first round: %v, want one for both sides", counts)
	}
	var warned bool
	for _, w := range p.Warnings {
		warned = warned || strings.Contains(w.Error(), "Cold (old side): the first round stopped after one iteration")
	}
	if !warned {
		t.Errorf("Warnings = %v, want one about the old side's cold first round", p.Warnings)
	}
}

// TestRunDefaultMinIters: with the default benchmark time, a benchmark
// slower than DefaultBenchtime per iteration stops at one iteration in the
// first round (that run is the testing package's run of one iteration,
// the cold one) and runs DefaultMinIters in the later rounds, the first
// round's samples dropped.
func TestRunDefaultMinIters(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	files := workSrc("1000", false)
	files["work/slow_test.go"] = `package work

import (
	"testing"
	"time"
)

func BenchmarkSlow(b *testing.B) {
	for i := 0; i < b.N; i++ {
		time.Sleep(15 * time.Millisecond)
	}
}
`
	dir := writeModule(t, files)
	out := filepath.Join(t.TempDir(), "raw")
	res, err := Run(context.Background(), Side{"old", dir}, Side{"new", dir}, []string{"./work"}, Options{
		Bench: "Slow", Rounds: 3, Seed: 2, OutDir: out,
	})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	p := res.Packages[0]
	c := find(t, p.Comparisons, "Slow", "sec/op")
	if c.Old.N != 2 || c.New.N != 2 {
		t.Errorf("Slow sec/op: n = %d, %d; want 2, 2 (the first round's run of one iteration dropped)", c.Old.N, c.New.N)
	}
	for _, f := range p.RawFiles {
		if iters, want := rawIters(t, f), []int{1, DefaultMinIters, DefaultMinIters}; !slices.Equal(iters, want) {
			t.Errorf("%s: iteration counts %v, want %v", filepath.Base(f), iters, want)
		}
	}
}

// rawIters returns the iteration counts of the results in the raw output
// file f, in the order of the runs.
func rawIters(t *testing.T, f string) []int {
	t.Helper()
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	var iters []int
	for r := benchfmt.NewReader(bytes.NewReader(data), f); r.Scan(); {
		if res, ok := r.Result().(*benchfmt.Result); ok {
			iters = append(iters, res.Iters)
		}
	}
	if len(iters) == 0 {
		t.Fatalf("%s: no results", f)
	}
	return iters
}

// TestWarnWarmup: a benchmark whose later runs, each in a new process,
// are much slower per op than its first round's warmed-up run on every
// side gets a warning; one that is not, or only on one side, gets none.
func TestWarnWarmup(t *testing.T) {
	sec := func(vs ...float64) map[key][]float64 { return map[key][]float64{{"X", "sec/op"}: vs} }
	for _, tc := range []struct {
		name     string
		old, new []float64 // the first round's sample first
		warn     bool
	}{
		{"both sides pay a warm-up", []float64{1e-4, 1.7e-4, 1.6e-4, 1.8e-4}, []float64{1e-4, 1.6e-4, 1.7e-4, 1.5e-4}, true},
		{"no warm-up", []float64{1e-4, 1.02e-4, 0.98e-4, 1.1e-4}, []float64{1e-4, 1.05e-4, 1e-4, 0.97e-4}, false},
		// One side only: a change between the versions, not a warm-up
		// both pay.
		{"one side", []float64{1e-4, 1.7e-4, 1.6e-4, 1.8e-4}, []float64{1e-4, 1.05e-4, 1e-4, 0.97e-4}, false},
		// The median counts, not one slow run.
		{"one slow run", []float64{1e-4, 3e-4, 1e-4, 1.01e-4}, []float64{1e-4, 1e-4, 3e-4, 1.02e-4}, false},
		{"too few later runs", []float64{1e-4, 2e-4}, []float64{1e-4, 2e-4}, false},
	} {
		m := newMeasured(&PackageResult{}, ".")
		m.values["old"], m.values["new"] = sec(tc.old...), sec(tc.new...)
		m.warmed = []warmedRun{{"X", "old", "X", tc.old[0], 100}, {"X", "new", "X", tc.new[0], 100}}
		m.warnWarmup()
		warned := len(m.res.Warnings) == 1 && strings.HasPrefix(m.res.Warnings[0].Error(), "X: runs of 100 iterations")
		if warned != tc.warn || len(m.res.Warnings) > 1 {
			t.Errorf("%s: warnings %v, want a warm-up warning: %v", tc.name, m.res.Warnings, tc.warn)
		}

		// The same as two variants in one binary.
		m = newMeasured(&PackageResult{}, ".")
		m.values[""] = map[key][]float64{{"X/before", "sec/op"}: tc.old, {"X/after", "sec/op"}: tc.new}
		m.warmed = []warmedRun{{"X/before vs X/after", "", "X/before", tc.old[0], 100}, {"X/before vs X/after", "", "X/after", tc.new[0], 100}}
		m.warnWarmup()
		warned = len(m.res.Warnings) == 1 && strings.HasPrefix(m.res.Warnings[0].Error(), "X/before vs X/after: runs of 100 iterations")
		if warned != tc.warn || len(m.res.Warnings) > 1 {
			t.Errorf("%s, variants: warnings %v, want a warm-up warning: %v", tc.name, m.res.Warnings, tc.warn)
		}
	}

	// A side whose first round was cold has no warmed run: the other
	// side alone does not warn.
	m := newMeasured(&PackageResult{}, ".")
	m.values["old"] = sec(1e-4, 1.7e-4, 1.6e-4, 1.8e-4)
	m.warmed = []warmedRun{{"X", "old", "X", 1e-4, 100}}
	if m.warnWarmup(); len(m.res.Warnings) != 0 {
		t.Errorf("one warmed side: warnings %v, want none", m.res.Warnings)
	}
}

func TestRunAdaptive(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	oldDir, newDir := writeModule(t, workSrc("2000", false)), writeModule(t, workSrc("8000", false))
	res, err := Run(context.Background(), Side{"old", oldDir}, Side{"new", newDir}, []string{"./work"}, Options{
		Benchtime: "3000x",
		Adaptive:  true,
		Seed:      2,
	})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	// Four times the work separates the samples (completely, on a quiet
	// machine): decided at an early look, before DefaultAdaptiveRounds.
	p := res.Packages[0]
	if early := looks(DefaultMinRounds, DefaultAdaptiveRounds); !slices.Contains(early, res.Rounds) || !p.Decided || res.Stop != "all verdicts decided" {
		t.Errorf("Rounds = %d, Decided = %v, Stop = %q; want one of %v, true, all verdicts decided", res.Rounds, p.Decided, res.Stop, early)
	}
	if c := find(t, p.Comparisons, "Work", "sec/op"); c.Verdict != stats.Slower {
		t.Errorf("Work sec/op verdict = %v (%s), want slower", c.Verdict, c.Reason)
	}
}

// TestRunAdaptivePerBenchmark checks that adaptive mode stops running a
// benchmark once its verdicts are decided while the package's others go
// on.
func TestRunAdaptivePerBenchmark(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	// Noisy does the same work on both sides, scaled by a factor drawn
	// once per process (1 to 4): no verdict can be decided in 32 rounds.
	noisy := "package work\n\nimport (\n\t\"math/rand/v2\"\n\t\"testing\"\n)\n\nvar scale = 1 + rand.IntN(4)\n\n" +
		"func BenchmarkNoisy(b *testing.B) {\n\tfor b.Loop() {\n\t\tsink = Work(300 * scale)\n\t}\n}\n"
	oldSrc, newSrc := workSrc("2000", false), workSrc("16000", false)
	oldSrc["work/noisy_test.go"], newSrc["work/noisy_test.go"] = noisy, noisy
	var progress strings.Builder
	const rounds = 32 // looks after 6, 9, 14 and 21 rounds
	res, err := Run(context.Background(), Side{"old", writeModule(t, oldSrc)}, Side{"new", writeModule(t, newSrc)}, []string{"./work"}, Options{
		Benchtime: "2ms",
		Rounds:    rounds,
		Adaptive:  true,
		// A false verdict of Noisy has a chance below alpha; Work's eight
		// times the work is decided once enough samples a side allow a
		// p-value below a look's alpha/2/4/2 = 1.25e-4 (9 if none of its
		// runs overlaps, a slow run under load may need more).
		Stats:    stats.Options{Alpha: 0.002},
		Progress: &progress,
		Seed:     3,
	})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	p := res.Packages[0]
	if p.Err != nil || p.Decided || res.Rounds != rounds || res.Stop != "32 rounds" {
		t.Fatalf("Err = %v, Decided = %v, Rounds = %d, Stop = %q; want nil, false, %d, \"32 rounds\"", p.Err, p.Decided, res.Rounds, res.Stop, rounds)
	}
	work := find(t, p.Comparisons, "Work", "sec/op")
	// A side whose first round was one cold iteration has one sample fewer
	// (dropColdStart).
	if r := max(work.Old.N, work.New.N); work.Verdict != stats.Slower || min(work.Old.N, work.New.N) < r-1 || !slices.Contains(looks(DefaultMinRounds, rounds), r) {
		t.Errorf("Work: %v with %d and %d samples, want slower, stopped at a look before round %d", work.Verdict, work.Old.N, work.New.N, rounds)
	}
	if !strings.Contains(progress.String(), fmt.Sprintf("Work decided after %d rounds", max(work.Old.N, work.New.N))) {
		t.Errorf("progress does not say when Work was decided:\n%s", progress.String())
	}
	if c := find(t, p.Comparisons, "Noisy", "sec/op"); c.Old.N != rounds || c.New.N != rounds || c.Verdict != stats.Inconclusive {
		t.Errorf("Noisy: %v with %d and %d samples, want inconclusive after all %d rounds", c.Verdict, c.Old.N, c.New.N, rounds)
	}
}

func TestRunTimeBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"slow/slow_test.go": "package slow\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc BenchmarkSleep(b *testing.B) {\n\tfor b.Loop() {\n\t\ttime.Sleep(200 * time.Millisecond)\n\t}\n}\n",
	})
	// The build alone may take a few seconds on a loaded machine: the
	// budget is measured from the start, so allow for it.
	start := time.Now()
	res, err := Run(context.Background(), Side{"old", dir}, Side{"new", dir}, []string{"./slow"}, Options{Benchtime: "1x", Time: 1 * time.Second})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if res.Rounds < 1 || res.Rounds >= DefaultTimeRounds || !strings.HasPrefix(res.Stop, "time budget") {
		t.Errorf("Rounds = %d, Stop = %q; want at least one round, stopped by the time budget", res.Rounds, res.Stop)
	}
	// Each round takes ≥ 0.4 s: the budget allows few after the build.
	if build := res.Elapsed - time.Duration(res.Rounds)*400*time.Millisecond; res.Rounds > 3 && build < time.Second {
		t.Errorf("Rounds = %d in %s (started %s ago), more than a 1s budget allows", res.Rounds, res.Elapsed, time.Since(start))
	}
}

func TestRunFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	common := map[string]string{
		"ok/ok_test.go":     "package ok\n\nimport \"testing\"\n\nfunc BenchmarkFine(b *testing.B) {\n\tfor b.Loop() {\n\t}\n}\n",
		"hang/hang_test.go": "package hang\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc BenchmarkHang(b *testing.B) { time.Sleep(time.Minute) }\n",
	}
	oldFiles, newFiles := map[string]string{}, map[string]string{}
	for k, v := range common {
		oldFiles[k], newFiles[k] = v, v
	}
	oldFiles["boom/boom_test.go"] = "package boom\n\nimport \"testing\"\n\nfunc BenchmarkBoom(b *testing.B) {\n\tfor b.Loop() {\n\t}\n}\n"
	newFiles["boom/boom_test.go"] = "package boom\n\nimport \"testing\"\n\nfunc BenchmarkBoom(b *testing.B) { panic(\"boom in the new code\") }\n"
	oldFiles["broken/broken_test.go"] = "package broken\n\nimport \"testing\"\n\nfunc BenchmarkB(b *testing.B) { var x int = \"s\" }\n"
	newFiles["broken/broken_test.go"] = oldFiles["ok/ok_test.go"]
	oldDir, newDir := writeModule(t, oldFiles), writeModule(t, newFiles)

	res, err := Run(context.Background(), Side{"old", oldDir}, Side{"new", newDir}, []string{"./..."}, Options{
		Benchtime: "1x", Rounds: 2, Timeout: 2 * time.Second,
	})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	byPath := make(map[string]PackageResult)
	for _, p := range res.Packages {
		byPath[strings.TrimPrefix(p.ImportPath, "example.com/m/")] = p
	}
	for _, tc := range []struct {
		pkg  string
		err  error
		msgs []string
	}{
		{"ok", nil, nil},
		{"boom", benchrun.ErrPanic, []string{"new side, round 1", "BenchmarkBoom: boom in the new code"}},
		{"broken", benchrun.ErrBuild, []string{"example.com/m/broken (old side, in " + oldDir + ")", "broken_test.go:5"}},
		{"hang", benchrun.ErrTimeout, []string{"after 2s", "killed"}},
	} {
		p, ok := byPath[tc.pkg]
		if !ok {
			t.Errorf("no result for %s", tc.pkg)
			continue
		}
		if tc.pkg == "boom" && errors.Is(p.Err, benchrun.ErrFailed) && strings.Contains(p.Err.Error(), "new side, round 1") && strings.Contains(p.Err.Error(), "without a time") {
			// Under load, Go's testing package can lose the panic and
			// print a result line without a time (see benchrun): the
			// same run still fails, in round 1.
			continue
		}
		if !errors.Is(p.Err, tc.err) || (p.Err == nil) != (tc.err == nil) {
			t.Errorf("%s: Err = %v, want %v", tc.pkg, p.Err, tc.err)
			continue
		}
		for _, m := range tc.msgs {
			if !strings.Contains(p.Err.Error(), m) {
				t.Errorf("%s: Err = %q, want it to contain %q", tc.pkg, p.Err, m)
			}
		}
	}
	if ok := byPath["ok"]; ok.Rounds != 2 || len(ok.Comparisons) == 0 {
		t.Errorf("ok: Rounds = %d, %d comparisons; want 2 rounds compared despite the failures elsewhere", ok.Rounds, len(ok.Comparisons))
	}
	if res.Err() == nil {
		t.Errorf("Result.Err() = nil, want the first package error")
	}
}

func TestRunVariantsAndPairs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	files := workSrc("1000", false)
	files["work/variants_test.go"] = `package work

import "testing"

func BenchmarkTrim(b *testing.B) {
	b.Run("before", func(b *testing.B) {
		for b.Loop() {
			sink = Work(4000)
		}
	})
	b.Run("after", func(b *testing.B) {
		for b.Loop() {
			sink = Work(1000)
		}
	})
}

func BenchmarkLonely_Before(b *testing.B) {
	for b.Loop() {
	}
}
`
	files["other/other.go"] = "package other\n"
	dir := writeModule(t, files)
	// Four times the work: the ratios asserted leave room for the time
	// slices that other test binaries, run in parallel on a small CI
	// machine, take from these runs (a 10ms run losing one doubles).
	res, err := RunVariants(context.Background(), dir, []string{"./..."}, Options{Benchtime: "30ms", Rounds: 6, Seed: 3})
	if err != nil {
		t.Fatalf("RunVariants: %v", err)
	}
	p := res.Packages[0]
	if !slices.Equal(p.Unpaired, []string{"Lonely_Before"}) {
		t.Errorf("Unpaired = %q, want [Lonely_Before]", p.Unpaired)
	}
	c := find(t, p.Comparisons, "Trim", "sec/op")
	// What is under test is the pairing and its direction; on a loaded
	// machine six rounds can leave a 4x difference inconclusive, so that
	// verdict is allowed, never the opposite one.
	if (c.Verdict != stats.Faster && c.Verdict != stats.Inconclusive) || c.OldName != "Trim/before" || c.NewName != "Trim/after" || c.Ratio > 0.67 {
		t.Errorf("Trim: %v %s→%s ratio %.2f; want faster Trim/before→Trim/after, ratio about 0.25", c.Verdict, c.OldName, c.NewName, c.Ratio)
	}
	for _, c := range p.Comparisons {
		if c.Benchmark != "Trim" {
			t.Errorf("comparison of %s, want only Trim", c.Benchmark)
		}
	}

	res, err = RunPairs(context.Background(), dir, "./work", []Pair{{Old: "BenchmarkWork", New: "Trim/before"}}, Options{Benchtime: "30ms", Rounds: 6, Seed: 4})
	if err != nil {
		t.Fatalf("RunPairs: %v", err)
	}
	p = res.Packages[0]
	c = find(t, p.Comparisons, "Work vs Trim/before", "sec/op")
	if (c.Verdict != stats.Slower && c.Verdict != stats.Inconclusive) || c.Ratio < 1.5 {
		t.Errorf("Work vs Trim/before: %v ratio %.2f; want slower, about 4", c.Verdict, c.Ratio)
	}
	if len(p.Samples) == 0 || len(p.Samples[0].Old) != 6 {
		t.Errorf("Samples = %v, want 6 values per side", p.Samples)
	}
	if _, err := RunPairs(context.Background(), dir, "./...", []Pair{{Old: "A", New: "B"}}, Options{}); err == nil {
		t.Errorf("RunPairs over ./... (two packages): no error")
	}
}

func TestRunCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"slow/slow_test.go": "package slow\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc BenchmarkSleep(b *testing.B) {\n\tfor b.Loop() {\n\t\ttime.Sleep(300 * time.Millisecond)\n\t}\n}\n",
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw, _ := os.Pipe()
	defer pr.Close()
	go func() {
		// Cancel when the second round starts.
		buf := make([]byte, 4096)
		var seen []byte
		for {
			n, err := pr.Read(buf)
			seen = append(seen, buf[:n]...)
			if bytes.Contains(seen, []byte("round 2/")) {
				cancel()
				return
			}
			if err != nil {
				return
			}
		}
	}()
	res, err := Run(ctx, Side{"old", dir}, Side{"new", dir}, []string{"./..."}, Options{Benchtime: "1x", Rounds: 50, Progress: pw})
	pw.Close()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: err = %v, want context.Canceled", err)
	}
	p := res.Packages[0]
	if p.Rounds < 1 || p.Rounds >= 50 || !errors.Is(p.Err, context.Canceled) {
		t.Errorf("Rounds = %d, Err = %v; want the first round kept and an error wrapping context.Canceled", p.Rounds, p.Err)
	}
	if len(p.Comparisons) == 0 {
		t.Errorf("no comparisons of the rounds before the cancel")
	}
}

func TestMeasureNoise(t *testing.T) {
	n := MeasureNoise(context.Background(), 1e-12)
	if len(n.Runs) != calibrationRuns || n.CPUs < 1 {
		t.Fatalf("Runs = %d, CPUs = %d; want %d runs", len(n.Runs), n.CPUs, calibrationRuns)
	}
	for _, d := range n.Runs {
		if d < calibrationRun/20 || d > 50*calibrationRun {
			t.Errorf("a calibration run took %s, want about %s", d, calibrationRun)
		}
	}
	if n.Spread <= 0 {
		t.Errorf("Spread = %v, want > 0 (timings never agree to the nanosecond)", n.Spread)
	}
	found := false
	for _, w := range n.Warnings {
		found = found || strings.Contains(w.Error(), "more than the minimum effect")
	}
	if !found {
		t.Errorf("Warnings = %v, want one saying the spread exceeds a minimum effect of 1e-12", n.Warnings)
	}
	if s := n.String(); !strings.Contains(s, "calibration spread ±") {
		t.Errorf("String() = %q, want the calibration spread", s)
	}
	if n := MeasureNoise(context.Background(), 10); len(n.Warnings) > 0 && strings.Contains(n.Warnings[len(n.Warnings)-1].Error(), "minimum effect") {
		t.Errorf("a 1000%% minimum effect still warns: %v", n.Warnings)
	}
}

func TestBuildFlags(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		want []string
	}{
		{[]string{"HOME=/x"}, []string{"-trimpath", "-ldflags=-w"}},
		{[]string{"GOFLAGS=-mod=mod -count=1"}, []string{"-trimpath", "-ldflags=-w"}},
		// The user's -ldflags in GOFLAGS is kept: ours would replace it.
		{[]string{"GOFLAGS=-mod=mod -ldflags=-X=main.v=1"}, []string{"-trimpath"}},
		{[]string{"GOFLAGS=--ldflags=-s"}, []string{"-trimpath"}},
		{[]string{"GOFLAGS=-ldflags=-s", "GOFLAGS="}, []string{"-trimpath", "-ldflags=-w"}},
	} {
		if got := buildFlags(tc.env); !slices.Equal(got, tc.want) {
			t.Errorf("buildFlags(%q) = %q, want %q", tc.env, got, tc.want)
		}
	}
}

func TestSpread(t *testing.T) {
	ms := func(vs ...float64) []time.Duration {
		var ds []time.Duration
		for _, v := range vs {
			ds = append(ds, time.Duration(v*float64(time.Millisecond)))
		}
		return ds
	}
	for _, tc := range []struct {
		runs []time.Duration
		want float64
	}{
		// 10 runs of 10.0 … 10.9 ms: q1 10.225, q3 10.675, median 10.45.
		{ms(10.9, 10.0, 10.1, 10.2, 10.3, 10.4, 10.5, 10.6, 10.7, 10.8), 0.45 / (2 * 10.45)},
		// One run that lost its CPU for 4 ms hardly moves it.
		{ms(14.9, 10.0, 10.1, 10.2, 10.3, 10.4, 10.5, 10.6, 10.7, 10.8), 0.45 / (2 * 10.45)},
		{ms(10, 10), 0},
		{ms(10, 12), 1.0 / (2 * 11)},
		{ms(10), 0},
		{nil, 0},
	} {
		if got := spread(tc.runs); got < tc.want-1e-9 || got > tc.want+1e-9 {
			t.Errorf("spread(%v) = %v, want %v", tc.runs, got, tc.want)
		}
	}
}

// TestLookThresholds checks the split of alpha in adaptive mode: the
// reported verdicts at half of it, each of the n looks at that half over
// n, divided again by the family of comparisons with a p-value.
func TestLookThresholds(t *testing.T) {
	st := (&Options{Adaptive: true}).verdictStats()
	if st.Alpha != stats.DefaultAlpha/2 || *st.MinEffect != stats.DefaultMinEffect {
		t.Errorf("adaptive verdictStats = %+v, want alpha %v", st, stats.DefaultAlpha/2)
	}
	if a := (&Options{Stats: stats.Options{Alpha: 0.01}}).verdictStats().Alpha; a != 0.01 {
		t.Errorf("fixed rounds: verdict alpha %v, want 0.01 as given", a)
	}
	m := newMeasured(&PackageResult{ImportPath: "p"}, ".")
	spread := []float64{1, 1.1, 0.9, 1.05, 0.95, 1.02}
	m.values["old"] = map[key][]float64{{"A", "sec/op"}: spread, {"B", "sec/op"}: spread, {"B", "allocs/op"}: {0, 0, 0, 0, 0, 0}}
	m.values["new"] = m.values["old"]
	m.order["old"] = []key{{"A", "sec/op"}, {"B", "sec/op"}, {"B", "allocs/op"}}
	// Two comparisons with a p-value (allocs/op is exact).
	if lo := lookOptions([]*measured{m}, st, 9); !near(lo.Alpha, 0.025/9/2) || !near(lo.Confidence, 1-0.025/9) {
		t.Errorf("look: alpha %v, confidence %v; want %v, %v", lo.Alpha, lo.Confidence, 0.025/9/2, 1-0.025/9)
	}
	st.PerComparison = true
	if lo := lookOptions([]*measured{m}, st, 9); !near(lo.Alpha, 0.025/9) {
		t.Errorf("look, per comparison: alpha %v, want %v", lo.Alpha, 0.025/9)
	}
}

func near(x, y float64) bool { return math.Abs(x-y) <= 1e-12*math.Max(1, math.Abs(y)) }
