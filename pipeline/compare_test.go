package pipeline

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/perfproof/perfproof/prove"
	"github.com/perfproof/perfproof/report"
	"github.com/perfproof/perfproof/revs"
	"github.com/perfproof/perfproof/revs/revstest"
	"github.com/perfproof/perfproof/stats"
)

// TestAllocRunNote: the note names the run length of B/op and allocs/op
// verdicts shorter than 1s, one length when all share it, each short
// verdict's when they disagree, and says nothing when all come from runs
// of 1s or more, or when no length is known (results files).
func TestAllocRunNote(t *testing.T) {
	row := func(bench, unit string) report.Comparison {
		return report.Comparison{Package: "p", Comparison: stats.Comparison{Benchmark: bench, Unit: unit, Verdict: stats.Slower}}
	}
	rows := []report.Comparison{row("A", "sec/op"), row("A", "B/op"), row("A", "allocs/op"), row("B", "allocs/op")}
	for _, tc := range []struct {
		lengths []string
		want    []string // substrings; none: no note
	}{
		{nil, nil},
		{[]string{"", "", "", ""}, nil},
		{[]string{"10ms", "10ms", "10ms", "10ms"}, []string{"B/op and allocs/op come from runs of 10ms, not go test's 1s", "-alloc-benchtime 1s"}},
		{[]string{"100ms", "100ms", "100ms", "100ms"}, []string{"runs of 100ms"}},
		{[]string{"10ms", "1000x", "1000x", "1000x"}, []string{"runs of 1000x"}},
		{[]string{"10ms", "1s", "1s", "1s"}, nil},
		{[]string{"10ms", "2s", "2s", "2s"}, nil},
		{[]string{"10ms", "1s", "1s", "10ms"}, []string{"2 of 3 verdicts from runs of 1s or more", "p B allocs/op slower from runs of 10ms", "-alloc-benchtime 1s"}},
	} {
		for i := range rows {
			rows[i].Benchtime = ""
			if i < len(tc.lengths) {
				rows[i].Benchtime = tc.lengths[i]
			}
		}
		n := allocRunNote(rows)
		if len(tc.want) == 0 && n != "" {
			t.Errorf("allocRunNote(%q) = %q, want none", tc.lengths, n)
		}
		for _, w := range tc.want {
			if !strings.Contains(n, w) {
				t.Errorf("allocRunNote(%q) = %q, want %q in it", tc.lengths, n, w)
			}
		}
		if strings.Contains(n, "p A allocs/op") {
			t.Errorf("allocRunNote(%q) = %q names A's allocs/op, which came from runs of 1s", tc.lengths, n)
		}
	}
	rows[0].Benchtime = "10ms"
	if n := allocRunNote(rows[:1]); n != "" {
		t.Errorf("allocRunNote(sec/op only) = %q, want none", n)
	}
}

func TestAddRun(t *testing.T) {
	old := []float64{100, 101, 99, 100.5, 100.2, 99.8}
	new := []float64{80, 81, 79, 80.5, 80.2, 79.8}
	failed := errors.New("benchmark panicked in example.com/m/b")
	res := &prove.Result{Rounds: 6, Stop: "6 rounds", Elapsed: 3 * time.Second, Packages: []prove.PackageResult{
		{ImportPath: "example.com/m/a",
			Comparisons: []prove.Comparison{
				{Package: "example.com/m/a", OldName: "A", NewName: "A", Comparison: stats.Compare("A", "sec/op", old, new, stats.Options{})},
				{Package: "example.com/m/a", OldName: "T/before", NewName: "T/after", Comparison: stats.Compare("T", "sec/op", old, old, stats.Options{})},
			},
			OnlyOld: []string{"Gone"}, Unpaired: []string{"U/before"}, Warnings: []error{errors.New("slow warm-up")}},
		{ImportPath: "example.com/m/b", OnlyNew: []string{"Added"}, Err: failed},
	}}
	c := &Comparison{Report: report.CompareReport{Old: "main", New: "work tree", Notes: []string{"noise"}}}
	if err := c.AddRun(res, nil, prove.Options{}); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, rc := range c.Report.Comparisons {
		names = append(names, fmt.Sprintf("%s %s→%s", rc.Benchmark, rc.OldName, rc.NewName))
	}
	if want := []string{"A →", "T T/before→T/after"}; !slices.Equal(names, want) {
		t.Errorf("AddRun comparisons %q, want %q (names only for variants)", names, want)
	}
	wantNotes := []string{
		"6 interleaved rounds, -count=1 per run, each side's test binary built once; stopped: 6 rounds; 3s in all",
		"noise",
		"slow warm-up",
		"example.com/m/a: no counterpart for U/before",
		"only in old (not compared): example.com/m/a Gone",
		"only in new (not compared): example.com/m/b Added",
	}
	if !slices.Equal(c.Report.Notes, wantNotes) {
		t.Errorf("AddRun notes:\n%q\nwant\n%q", c.Report.Notes, wantNotes)
	}
	if len(c.Errors) != 1 || c.Errors[0] != failed || !slices.Equal(c.Report.Errors, []string{failed.Error()}) || c.Stopped != nil {
		t.Errorf("AddRun errors %v (%q), stopped %v; want the failed package", c.Errors, c.Report.Errors, c.Stopped)
	}
	if c.Rounds != 6 || c.Stop != "6 rounds" {
		t.Errorf("AddRun rounds, stop = %d, %q", c.Rounds, c.Stop)
	}
}

// TestAddRunAlloc: each comparison's run length is kept beside it
// (report.Comparison.Benchtime), the first note says where B/op and allocs/op came from,
// and no allocRunNote follows when they came from runs of 1s.
func TestAddRunAlloc(t *testing.T) {
	v := []float64{1, 1, 1}
	res := &prove.Result{Rounds: 3, AllocRounds: 2, Stop: "3 rounds", Packages: []prove.PackageResult{{ImportPath: "p", Comparisons: []prove.Comparison{
		{Package: "p", OldName: "A", NewName: "A", Benchtime: "10ms", Comparison: stats.Compare("A", "sec/op", v, v, stats.Options{})},
		{Package: "p", OldName: "A", NewName: "A", Benchtime: "1s", Comparison: stats.Compare("A", "allocs/op", v, v, stats.Options{})},
	}}}}
	c := &Comparison{}
	if err := c.AddRun(res, nil, prove.Options{AllocBenchtime: "1s", AllocCount: 2}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, rc := range c.Report.Comparisons {
		got = append(got, rc.Benchtime)
	}
	if want := []string{"10ms", "1s"}; !slices.Equal(got, want) {
		t.Errorf("AddRun run lengths %q, want %q", got, want)
	}
	if len(c.Report.Notes) == 0 || !strings.Contains(c.Report.Notes[0], "B/op and allocs/op from 2 interleaved allocation rounds of -benchtime 1s (of 2 asked") {
		t.Errorf("AddRun notes %q, want the first to say B/op and allocs/op came from 2 allocation rounds of 1s", c.Report.Notes)
	}
	for _, n := range c.Report.Notes {
		if strings.Contains(n, "not go test's 1s") || strings.Contains(n, "shorter than go test's") {
			t.Errorf("AddRun note %q: allocs/op came from runs of 1s, want no note about shorter runs", n)
		}
	}
	res.Packages[0].Comparisons[1].Benchtime = "10ms" // the allocation rounds measured nothing
	c = &Comparison{}
	if err := c.AddRun(res, nil, prove.Options{}); err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(c.Report.Notes, func(n string) bool { return strings.Contains(n, "runs of 10ms, not go test's 1s") }) {
		t.Errorf("AddRun notes %q, want one saying allocs/op came from runs of 10ms", c.Report.Notes)
	}
}

func TestAddRunOutcomes(t *testing.T) {
	// Nothing compared, and no error to say why.
	c := &Comparison{}
	if err := c.AddRun(&prove.Result{}, nil, prove.Options{Bench: "X"}); err != nil || len(c.Errors) != 1 || !errors.Is(c.Errors[0], ErrNothingCompared) ||
		!strings.Contains(c.Errors[0].Error(), "check -bench (X)") {
		t.Errorf("AddRun(nothing) = %v, errors %v; want ErrNothingCompared naming -bench", err, c.Errors)
	}
	// Interrupted mid-run: the package errors of the interruption are not
	// errors of their own.
	c = &Comparison{}
	res := &prove.Result{Packages: []prove.PackageResult{{ImportPath: "p", Err: fmt.Errorf("p: %w", context.Canceled)}}}
	if err := c.AddRun(res, context.Canceled, prove.Options{}); err != nil || c.Stopped != context.Canceled || len(c.Errors) != 0 ||
		!slices.Equal(c.Report.Errors, []string{"interrupted: context canceled"}) {
		t.Errorf("AddRun(interrupted) = %v; stopped %v, errors %v, %q", err, c.Stopped, c.Errors, c.Report.Errors)
	}
	// Interrupted before prove started; and prove failing to start.
	c = &Comparison{}
	if err := c.AddRun(nil, context.DeadlineExceeded, prove.Options{}); err != nil || c.Stopped != context.DeadlineExceeded {
		t.Errorf("AddRun(nil, deadline) = %v, stopped %v", err, c.Stopped)
	}
	start := errors.New("cannot list packages")
	if err := (&Comparison{}).AddRun(nil, start, prove.Options{}); err != start {
		t.Errorf("AddRun(nil, %v) = %v, want it", start, err)
	}
}

func TestParseVariants(t *testing.T) {
	got, err := ParseVariants("before,after,old,new")
	if want := [][2]string{{"before", "after"}, {"old", "new"}}; err != nil || !slices.Equal(got, want) {
		t.Errorf("ParseVariants = %q, %v; want %q", got, err, want)
	}
	for _, bad := range []string{"before", "before,", "a,b,c", ",b"} {
		var ue *UsageError
		if _, err := ParseVariants(bad); !errors.As(err, &ue) {
			t.Errorf("ParseVariants(%q) = %v, want a *UsageError", bad, err)
		}
	}
}

func TestCompareSettings(t *testing.T) {
	ok := CompareSettings{Bench: "X", Rounds: 7, Time: time.Minute, Alpha: 0.05, MinEffect: 0.02, Correction: "holm", Variants: [][2]string{{"a", "b"}}}
	o, err := ok.Options(nil)
	if err != nil || o.Bench != "X" || o.Rounds != 7 || o.Time != time.Minute || o.Stats.Alpha != 0.05 || *o.Stats.MinEffect != 0.02 || o.Stats.PerComparison || len(o.Variants) != 1 {
		t.Errorf("Options(%+v) = %+v, %v", ok, o, err)
	}
	zero := ok
	zero.MinEffect, zero.Correction = 0, "none"
	if o, err := zero.Options(nil); err != nil || o.Stats.MinEffect == nil || *o.Stats.MinEffect != 0 || !o.Stats.PerComparison {
		t.Errorf("Options(min-effect 0, correction none) = %+v, %v; want MinEffect 0, PerComparison", o.Stats, err)
	}
	alloc := ok
	alloc.AllocBenchtime, alloc.AllocCount = "1s", 2
	if o, err := alloc.Options(nil); err != nil || o.AllocBenchtime != "1s" || o.AllocCount != 2 {
		t.Errorf("Options(alloc-benchtime 1s, alloc-count 2) = %q, %d, %v; want 1s, 2", o.AllocBenchtime, o.AllocCount, err)
	}
	bad := map[string]func(*CompareSettings){
		"-count must be at least 1":                                                             func(s *CompareSettings) { s.Rounds = -1 },
		"-alpha 1 is outside (0, 1)":                                                            func(s *CompareSettings) { s.Alpha = 1 },
		"-min-effect 1 is outside [0, 1)":                                                       func(s *CompareSettings) { s.MinEffect = 1 },
		"-time and -timeout must not be negative":                                               func(s *CompareSettings) { s.Timeout = -time.Second },
		`-correction "bonferroni": want holm or none`:                                           func(s *CompareSettings) { s.Correction = "bonferroni" },
		`-benchtime "10 ms" is neither a duration such as 10ms nor a count such as 100x`:        func(s *CompareSettings) { s.Benchtime = "10 ms" },
		`-alloc-benchtime "1sec" is neither a duration such as 1s nor a count such as 100x`:     func(s *CompareSettings) { s.AllocBenchtime = "1sec" },
		"-alloc-count must be at least 1":                                                       func(s *CompareSettings) { s.AllocBenchtime, s.AllocCount = "1s", -1 },
		"-alloc-count 2 needs -alloc-benchtime, the length of the allocation runs (such as 1s)": func(s *CompareSettings) { s.AllocCount = 2 },
	}
	for want, change := range bad {
		s := ok
		change(&s)
		var ue *UsageError
		if _, err := s.Options(nil); !errors.As(err, &ue) || err.Error() != want {
			t.Errorf("Options = %v, want the *UsageError %q", err, want)
		}
	}
}

func TestGateOutcomeCode(t *testing.T) {
	old := []float64{100, 101, 99, 100.5, 100.2, 99.8}
	new := []float64{80, 81, 79, 80.5, 80.2, 79.8}
	changed := prove.CodeDiff{Func: "BenchmarkA", Status: prove.CodeChanged, Changed: []string{"BenchmarkA"}}
	mk := func(code prove.CodeDiff, errs ...error) *Comparison {
		return &Comparison{Errors: errs, Report: report.CompareReport{Comparisons: []report.Comparison{
			{Package: "p", Code: code, Comparison: stats.Compare("A", "sec/op", old, new, stats.Options{})},
			{Package: "p", Code: code, Comparison: stats.Compare("A", "allocs/op", []float64{0, 0, 0, 0, 0, 0}, []float64{0, 0, 0, 0, 0, 0}, stats.Options{})},
		}}}
	}
	slower := Gate{Slower: true}
	// A is faster: the slower gate passes it, unless its code changed.
	if lines, err := mk(prove.CodeDiff{Func: "BenchmarkA", Status: prove.CodeSame}).GateOutcome(slower); err != nil || lines != nil {
		t.Errorf("GateOutcome(same code) = %q, %v; want nothing", lines, err)
	}
	lines, err := mk(changed).GateOutcome(slower)
	if want := "inconclusive: p BenchmarkA: the benchmark's own code differs between old and new: the two sides measure different code; its verdict compares different work"; !errors.Is(err, ErrFound) || !slices.Equal(lines, []string{want}) {
		t.Errorf("GateOutcome(changed code) = %q, %v; want one line %q and ErrFound", lines, err, want)
	}
	unknown := prove.CodeDiff{Func: "BenchmarkA", Status: prove.CodeNotFound}
	if lines, err := mk(unknown).GateOutcome(Gate{Allocs: true}); !errors.Is(err, ErrFound) || len(lines) != 1 || !strings.Contains(lines[0], "its code was not compared") {
		t.Errorf("GateOutcome(code not found) = %q, %v; want one line and ErrFound", lines, err)
	}
	// No gate: no failure; the report carries the warning.
	if lines, err := mk(changed).GateOutcome(Gate{}); err != nil || lines != nil {
		t.Errorf("GateOutcome(changed code, no gate) = %q, %v; want nothing", lines, err)
	}
	// Errors win: the comparison is incomplete.
	failed := errors.New("build failed")
	if lines, err := mk(changed, failed).GateOutcome(slower); err == nil || errors.Is(err, ErrFound) || !slices.Equal(lines, []string{failed.Error()}) {
		t.Errorf("GateOutcome(errors) = %q, %v; want the errors alone", lines, err)
	}
}

func TestCompareCodeRevisions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	t.Parallel()
	r := revstest.NewRepo(t)
	src := func(loop, same string) map[string]string {
		return map[string]string{
			"go.mod": "module example.com/m\n\ngo 1.26\n",
			"m.go":   "package m\n\nfunc Work(n int) int {\n\tx := 0\n\tfor i := range n {\n\t\tx += i * i\n\t}\n\treturn x\n}\n",
			"m_test.go": "package m\n\nimport \"testing\"\n\nvar sink int\n\nfunc BenchmarkLoop(b *testing.B) {\n\tfor b.Loop() {\n\t\tsink = Work(" + loop + ")\n\t}\n}\n\n" +
				same + "\n",
		}
	}
	r.Write(src("5000", "func BenchmarkSame(b *testing.B) {\n\tfor b.Loop() {\n\t\tsink = Work(100)\n\t}\n}"))
	r.Commit("one")
	r.Write(src("50", "// BenchmarkSame is reformatted.\nfunc BenchmarkSame(b *testing.B) { for b.Loop() { sink = Work(100) } }"))
	r.Commit("two")
	ctx := context.Background()
	sess, err := revs.Open(ctx, r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	opts := CompareOptions{Prove: prove.Options{Rounds: 4, Benchtime: "100x", Stats: stats.Options{MinEffect: new(0.02)}}}
	c, err := Compare(ctx, sess, []string{"HEAD~1", "HEAD"}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Errors) > 0 {
		t.Fatalf("Compare errors: %v", c.Errors)
	}
	codes := make(map[string]string)
	for _, rc := range c.Report.Comparisons {
		codes[rc.Benchmark] = rc.Code.Status.String()
	}
	if codes["Loop"] != "changed" || codes["Same"] != "same" {
		t.Errorf("Compare HEAD~1 HEAD: code %v, want Loop changed and Same same", codes)
	}
	lines, err := c.GateOutcome(Gate{Slower: true})
	if !errors.Is(err, ErrFound) || len(lines) == 0 || !strings.Contains(lines[len(lines)-1], "BenchmarkLoop: the benchmark's own code differs") {
		t.Errorf("GateOutcome(slower) = %q, %v; want BenchmarkLoop inconclusive and ErrFound", lines, err)
	}
}
