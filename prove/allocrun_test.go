package prove

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/perfproof/perfproof/benchrun"
)

// goTestAllocs runs go test -bench name -benchtime benchtime once in dir
// and returns the benchmark's allocs/op.
func goTestAllocs(t *testing.T, dir, name, benchtime string) float64 {
	t.Helper()
	cmd := exec.Command("go", "test", "-run=^$", "-bench=^Benchmark"+name+"$", "-benchmem", "-count=1", "-benchtime="+benchtime, ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test -benchtime %s in %s: %v\n%s", benchtime, dir, err, out)
	}
	r := benchfmt.NewReader(bytes.NewReader(out), "go test")
	for r.Scan() {
		if res, ok := r.Result().(*benchfmt.Result); ok {
			if v, ok := res.Value("allocs/op"); ok {
				return v
			}
		}
	}
	t.Fatalf("go test -benchtime %s in %s: no allocs/op in\n%s", benchtime, dir, out)
	return 0
}

// samplesOf returns the Samples of benchmark in unit of p.
func samplesOf(t *testing.T, p PackageResult, benchmark, unit string) Samples {
	t.Helper()
	for _, s := range p.Samples {
		if s.Benchmark == benchmark && s.Unit == unit {
			return s
		}
	}
	t.Fatalf("no samples of %s %s in %v", benchmark, unit, p.Samples)
	return Samples{}
}

// TestRunAllocBenchtime: testdata/allocrun's BenchmarkLookup rebuilds a
// table of 20000 entries after every collection (the testing package
// collects before each run), so its allocs/op are 1 in a run of 1s and
// 5–6 in one of 10ms (measured with go test: 20 of 20 runs of 10ms gave 5
// or 6, 10 of 10 runs of 1s gave 1). With AllocBenchtime "1s" its allocs/op
// samples are go test -benchtime 1s's and say "1s"; without, they are the
// short runs' and say "10ms"; sec/op says "10ms" in both.
func TestRunAllocBenchtime(t *testing.T) {
	if testing.Short() {
		t.Skip("runs benchmarks for seconds")
	}
	dir, err := filepath.Abs(filepath.Join("testdata", "allocrun"))
	if err != nil {
		t.Fatal(err)
	}
	want := goTestAllocs(t, dir, "Lookup", "1s")
	ctx := context.Background()
	var progress bytes.Buffer
	res, err := Run(ctx, Side{"old", dir}, Side{"new", dir}, nil, Options{Rounds: 2, AllocBenchtime: "1s", AllocCount: 1, Seed: 7, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	if res.AllocRounds != 1 || res.Packages[0].AllocRounds != 1 {
		t.Errorf("Run(AllocBenchtime 1s, AllocCount 1): %d allocation rounds (package %d), want 1", res.AllocRounds, res.Packages[0].AllocRounds)
	}
	if !strings.Contains(progress.String(), "allocation round 1/1, -benchtime 1s") {
		t.Errorf("progress has no allocation round:\n%s", &progress)
	}
	cs := res.Comparisons()
	allocs := samplesOf(t, res.Packages[0], "Lookup", "allocs/op")
	if c := find(t, cs, "Lookup", "allocs/op"); c.Benchtime != "1s" || allocs.Benchtime != "1s" || !slices.Equal(allocs.Old, []float64{want}) || !slices.Equal(allocs.New, []float64{want}) {
		t.Errorf("Run(AllocBenchtime 1s) allocs/op: benchtime %q (samples %q), old %v, new %v; want \"1s\" and go test -benchtime 1s's %v on each side",
			c.Benchtime, allocs.Benchtime, allocs.Old, allocs.New, want)
	}
	if b := find(t, cs, "Lookup", "B/op").Benchtime; b != "1s" {
		t.Errorf("Run(AllocBenchtime 1s) B/op benchtime %q, want 1s", b)
	}
	if s := find(t, cs, "Lookup", "sec/op"); s.Benchtime != "10ms" || s.Old.N != 2 {
		t.Errorf("Run(AllocBenchtime 1s) sec/op: benchtime %q, %d samples; want the 2 timing rounds' of 10ms", s.Benchtime, s.Old.N)
	}
	// Runs long enough for the pool give the same allocation figures and
	// verdict at another length: the verdict does not depend on it. The
	// other length is a count of iterations, not a duration: on a loaded
	// machine a 300 ms run made so few iterations (N under 40,000) that
	// the table rebuilt at its start (20,002 allocations) added more than
	// half an allocation per op, and the median read 2.
	long := find(t, cs, "Lookup", "allocs/op")
	res3, err := Run(ctx, Side{"old", dir}, Side{"new", dir}, nil, Options{Rounds: 2, AllocBenchtime: "150000x", AllocCount: 1, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if c := find(t, res3.Comparisons(), "Lookup", "allocs/op"); c.Benchtime != "150000x" || c.Verdict != long.Verdict || c.Old.Median != want || c.New.Median != want {
		t.Errorf("Run(AllocBenchtime 150000x) allocs/op: benchtime %q, verdict %v, medians %v → %v; want 150000x, the 1s runs' verdict %v and go test -benchtime 1s's %v",
			c.Benchtime, c.Verdict, c.Old.Median, c.New.Median, long.Verdict, want)
	}

	res, err = Run(ctx, Side{"old", dir}, Side{"new", dir}, nil, Options{Rounds: 2, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	allocs = samplesOf(t, res.Packages[0], "Lookup", "allocs/op")
	short := slices.Concat(allocs.Old, allocs.New)
	if c := find(t, res.Comparisons(), "Lookup", "allocs/op"); c.Benchtime != "10ms" || allocs.Benchtime != "10ms" || res.AllocRounds != 0 || slices.Contains(short, want) {
		t.Errorf("Run(no AllocBenchtime) allocs/op: benchtime %q, %d allocation rounds, values %v; want \"10ms\", none, and values unlike go test -benchtime 1s's %v",
			allocs.Benchtime, res.AllocRounds, short, want)
	}
}

// TestRunAllocFailure: a benchmark that panics in the allocation runs
// (here when b.N reaches their count) fails its package with the round
// and side named; the timing rounds' samples are kept, and its B/op and
// allocs/op come from them, with a warning.
func TestRunAllocFailure(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"p/p_test.go": `package p

import "testing"

var sink []byte

func BenchmarkLong(b *testing.B) {
	if b.N >= 1000 {
		panic("too long")
	}
	for range b.N {
		sink = make([]byte, 64)
	}
}
`,
	})
	res, err := Run(context.Background(), Side{"old", dir}, Side{"new", dir}, []string{"./p"},
		Options{Benchtime: "10x", Rounds: 2, AllocBenchtime: "1000x", AllocCount: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Packages[0]
	// Go's testing package can lose a benchmark's panic on a loaded
	// machine, leaving a result line without a time: benchrun then fails
	// the package with ErrFailed, saying so (seen once in CI).
	if !errors.Is(p.Err, benchrun.ErrPanic) && !errors.Is(p.Err, benchrun.ErrFailed) || !strings.Contains(p.Err.Error(), "allocation round 1 (-benchtime 1000x)") {
		t.Errorf("Run(panicking allocation run) error %v, want a panic (or a result without a time) in allocation round 1", p.Err)
	}
	if p.Rounds != 2 || p.AllocRounds != 0 {
		t.Errorf("Run(panicking allocation run): %d rounds, %d allocation rounds; want 2 and 0", p.Rounds, p.AllocRounds)
	}
	allocs := find(t, p.Comparisons, "Long", "allocs/op")
	if allocs.Benchtime != "10x" || allocs.Old.N != 2 || allocs.New.N != 2 {
		t.Errorf("Run(panicking allocation run) allocs/op: benchtime %q, n %d and %d; want the timing rounds' 10x, 2 each", allocs.Benchtime, allocs.Old.N, allocs.New.N)
	}
	if !slices.ContainsFunc(p.Warnings, func(w error) bool { return strings.Contains(w.Error(), "come from the runs of 10x") }) {
		t.Errorf("Run(panicking allocation run) warnings %v, want one saying B/op and allocs/op come from the runs of 10x", p.Warnings)
	}
}

// TestAllocOptions: invalid allocation settings are refused before
// anything is built, naming the value.
func TestAllocOptions(t *testing.T) {
	for _, o := range []Options{{AllocBenchtime: "1sec"}, {AllocBenchtime: "0x"}, {AllocBenchtime: "-1s"}, {AllocBenchtime: "1s", AllocCount: -1}, {Benchtime: "ten"}} {
		_, err := Run(context.Background(), Side{"old", "/nonexistent"}, Side{"new", "/nonexistent"}, nil, o)
		if err == nil || strings.Contains(err.Error(), "nonexistent") {
			t.Errorf("Run(%+v) = %v, want an error about the settings", o, err)
		}
		if _, err := RunVariants(context.Background(), "/nonexistent", nil, o); err == nil || strings.Contains(err.Error(), "nonexistent") {
			t.Errorf("RunVariants(%+v) = %v, want an error about the settings", o, err)
		}
	}
	for _, s := range []string{"1s", "10ms", "100x", "1x"} {
		if !ValidBenchtime(s) {
			t.Errorf("ValidBenchtime(%q) = false, want true", s)
		}
	}
}

// TestRunVariantsAlloc: in one binary, the allocation rounds run each
// variant alone with AllocBenchtime, and its B/op and allocs/op come from
// them: X/before allocates 3 objects per op in runs of 50 iterations or
// more and 1 in shorter ones, so the timing runs of 5 iterations see 1 and
// the allocation runs of 50 see 3.
func TestRunVariantsAlloc(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"p/p_test.go": `package p

import "testing"

var sink *[64]byte

func BenchmarkX(b *testing.B) {
	b.Run("before", func(b *testing.B) {
		for range b.N {
			sink = new([64]byte)
			if b.N >= 50 {
				sink, sink = new([64]byte), new([64]byte)
			}
		}
	})
	b.Run("after", func(b *testing.B) {
		for range b.N {
			sink = new([64]byte)
		}
	})
}
`,
	})
	res, err := RunVariants(context.Background(), dir, []string{"./p"}, Options{Benchtime: "5x", Rounds: 2, AllocBenchtime: "50x", AllocCount: 2, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Packages[0]
	if p.Err != nil || p.AllocRounds != 2 {
		t.Fatalf("RunVariants(AllocBenchtime 50x): error %v, %d allocation rounds; want none, 2", p.Err, p.AllocRounds)
	}
	allocs := samplesOf(t, p, "X", "allocs/op")
	if allocs.Benchtime != "50x" || !slices.Equal(allocs.Old, []float64{3, 3}) || !slices.Equal(allocs.New, []float64{1, 1}) {
		t.Errorf("RunVariants(AllocBenchtime 50x) allocs/op: benchtime %q, before %v, after %v; want 50x, [3 3], [1 1]", allocs.Benchtime, allocs.Old, allocs.New)
	}
	if s := samplesOf(t, p, "X", "sec/op"); s.Benchtime != "5x" || len(s.Old) != 2 {
		t.Errorf("RunVariants(AllocBenchtime 50x) sec/op: benchtime %q, %d samples; want the timing rounds' 5x, 2", s.Benchtime, len(s.Old))
	}
}

// TestRunAllocBudget: allocation rounds that would end after the time
// budget do not start; a warning says so, and B/op and allocs/op keep the
// timing rounds' values and run length.
func TestRunAllocBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	dir := writeModule(t, workSrc("100", true))
	res, err := Run(context.Background(), Side{"old", dir}, Side{"new", dir}, []string{"./work"},
		Options{Benchtime: "5x", Time: time.Millisecond, AllocBenchtime: "1s", Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Packages[0]
	if res.AllocRounds != 0 || p.Err != nil {
		t.Errorf("Run(budget 1ms, AllocBenchtime 1s): %d allocation rounds, error %v; want none", res.AllocRounds, p.Err)
	}
	if !slices.ContainsFunc(p.Warnings, func(w error) bool {
		return strings.Contains(w.Error(), "0 of 3 allocation rounds of -benchtime 1s ran before the time budget 1ms")
	}) {
		t.Errorf("Run(budget 1ms, AllocBenchtime 1s) warnings %v, want one about the allocation rounds left out", p.Warnings)
	}
	if c := find(t, p.Comparisons, "Work", "allocs/op"); c.Benchtime != "5x" {
		t.Errorf("Run(budget 1ms, AllocBenchtime 1s) allocs/op benchtime %q, want the timing rounds' 5x", c.Benchtime)
	}
}

// cancelWriter calls cancel once what is written to it contains line.
type cancelWriter struct {
	line   string
	cancel context.CancelFunc
	seen   bytes.Buffer
}

func (w *cancelWriter) Write(p []byte) (int, error) {
	w.seen.Write(p)
	if strings.Contains(w.seen.String(), w.line) {
		w.cancel()
	}
	return len(p), nil
}

// TestRunAllocCancel: a cancel during the allocation rounds stops them;
// Run returns the context's error, the package's Err wraps it, and the
// timing rounds' comparisons are kept.
func TestRunAllocCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	dir := writeModule(t, map[string]string{
		"slow/slow_test.go": "package slow\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc BenchmarkSleep(b *testing.B) {\n\tfor b.Loop() {\n\t\ttime.Sleep(100 * time.Millisecond)\n\t}\n}\n",
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	progress := &cancelWriter{line: "allocation round 1/", cancel: cancel}
	res, err := Run(ctx, Side{"old", dir}, Side{"new", dir}, []string{"./..."}, Options{Benchtime: "1x", Rounds: 2, AllocBenchtime: "1000x", Progress: progress})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: err = %v, want context.Canceled", err)
	}
	p := res.Packages[0]
	if p.Rounds != 2 || p.AllocRounds != 0 || !errors.Is(p.Err, context.Canceled) || !strings.Contains(p.Err.Error(), "allocation round 1") {
		t.Errorf("Rounds = %d, AllocRounds = %d, Err = %v; want 2, 0 and an error wrapping context.Canceled", p.Rounds, p.AllocRounds, p.Err)
	}
	if c := find(t, p.Comparisons, "Sleep", "sec/op"); c.Old.N != 2 {
		t.Errorf("sec/op: %d samples, want the 2 timing rounds'", c.Old.N)
	}
}
