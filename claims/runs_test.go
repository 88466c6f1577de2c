package claims

import (
	"context"
	"math"
	"strings"
	"testing"
)

func TestParseGoTest(t *testing.T) {
	for _, tc := range []struct {
		line string
		want GoTest
		ok   bool
	}{
		{"Run with: `go test -bench=BenchmarkConsolidated -benchmem ./internal/benchmark/`", GoTest{Bench: "BenchmarkConsolidated"}, true},
		{"go test -bench . -benchtime=1s -benchmem ./internal/benchmark", GoTest{Bench: ".", Benchtime: "1s"}, true},
		{"$ go test -run '^$' -bench 'Auction$|Trim' -count 5 -benchtime 200ms -cpu 4 -tags=fast,sse -race ./... | tee out.txt",
			GoTest{Bench: "Auction$|Trim", Benchtime: "200ms", Count: 5, CPU: 4, Flags: "-tags=fast,sse -race"}, true},
		{"go test -bench=X -test.benchtime=5000x -count=3 -cpu=1,2,4 -gcflags='-m -l'", GoTest{Bench: "X", Benchtime: "5000x", Count: 3}, true},
		// Invalid values are left out rather than guessed.
		{"go test -bench=X -benchtime=fast -count=-1", GoTest{Bench: "X"}, true},
		// No -bench: the command runs no benchmarks.
		{"go test -count=1 ./...", GoTest{}, false},
		{"go test -run=^$ -bench=^$ ./...", GoTest{}, false},
		{"go testing is fun -bench=X", GoTest{}, false},
		{"We ran the benchmarks with -benchtime=2s.", GoTest{}, false},
	} {
		got, ok := parseGoTest(tc.line)
		if ok != tc.ok || got != tc.want {
			t.Errorf("parseGoTest(%q) = %+v, %v, want %+v, %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}

// TestVerifySettings checks that allocation figures are re-measured as
// the report ran them (its pasted iteration counts, else its command's
// -benchtime, else go test's 1 s), time with the short runs, and that
// each verdict says which.
func TestVerifySettings(t *testing.T) {
	src := "# Report\n" + // 1
		"\n" + // 2
		"Measured with `go test -bench 'Auction|Encode' -benchtime=2s -count=5 -tags=fast -benchmem`.\n" + // 3
		"\n" + // 4
		"## Cookie trim\n" + // 5
		"\n" + // 6
		"- 91% fewer allocations\n" + // 7
		"- 12x faster\n" + // 8
		"\n" + // 9
		"## Auction\n" + // 10
		"\n" + // 11
		"```\n" + // 12
		"BenchmarkAuction/before-8  24133  4000 ns/op  47 allocs/op\n" + // 13
		"BenchmarkAuction/after-8   61131  2000 ns/op  36 allocs/op\n" + // 14
		"```\n" + // 15
		"\n" + // 16
		"- 23% fewer allocations\n" + // 17
		"\n" + // 18
		"## Encoder\n" + // 19
		"\n" + // 20
		"- Encode_New makes 100% fewer allocations than Encode_Old\n" // 21
	rep := extract(t, src)
	if len(rep.Commands) != 1 || rep.Commands[0].Line != 3 || rep.Commands[0].Benchtime != "2s" || rep.Commands[0].Count != 5 {
		t.Fatalf("Commands = %+v, want the command of line 3 with -benchtime=2s -count=5", rep.Commands)
	}
	if len(rep.Runs) != 2 || rep.Runs[0] != (BenchRun{Line: 13, Name: "Auction/before", Iters: 24133}) {
		t.Fatalf("Runs = %+v, want the two Auction lines with their iteration counts", rep.Runs)
	}
	f := newFake()
	if err := Verify(context.Background(), rep.Claims, f, VerifyOptions{Dir: "/mod", Report: rep}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		line   int
		kind   Kind
		want   Setting
		detail string
	}{
		{7, Percent, Setting{Source: GoTestDefault, Benchtime: "1s", Count: DefaultAllocCount}, "go test's default -benchtime, as the report states none"},
		{8, Speedup, Setting{Source: ShortRuns}, "short interleaved runs for time"},
		{17, Percent, Setting{Source: ReportIterations, Benchtime: "61131x", OldBenchtime: "24133x", Count: 5, Flags: "-tags=fast", Line: 14, OldLine: 13},
			"the iteration counts of the report's output (lines 13 and 14)"},
		{21, Percent, Setting{Source: ReportCommand, Benchtime: "2s", Count: 5, Flags: "-tags=fast", Line: 3}, "the -benchtime of the report's go test command (line 3); -tags=fast"},
	} {
		c := only(t, rep, tc.line, tc.kind)
		if c.Measured == nil {
			t.Errorf("line %d %q: not measured (%s %q)", tc.line, c.Claimed, c.Verdict, c.Detail)
			continue
		}
		if c.Measured.Setting != tc.want || !strings.Contains(c.Detail, tc.detail) {
			t.Errorf("line %d %q: setting %+v, detail %q; want %+v, %q", tc.line, c.Claimed, c.Measured.Setting, c.Detail, tc.want, tc.detail)
		}
	}

	// A run length asked for overrides the report's, for allocations
	// only.
	rep = extract(t, src)
	f = newFake()
	if err := Verify(context.Background(), rep.Claims, f, VerifyOptions{Dir: "/mod", Report: rep, AllocBenchtime: "50ms", AllocCount: 2}); err != nil {
		t.Fatal(err)
	}
	for _, s := range f.settings {
		if s.Source != ShortRuns && (s.Source != Requested || s.Benchtime != "50ms" || s.Count != 2) {
			t.Errorf("measured with %+v, want short runs or the requested 2 runs of 50ms", s)
		}
	}
}

// TestVerifyAllocMedians checks that allocation counts from runs too few
// for a confidence interval are judged by the ratio of their medians.
func TestVerifyAllocMedians(t *testing.T) {
	f := newFake()
	f.units[[2]string{"Auction/before", "Auction/after"}] = []UnitRatio{
		{Unit: "allocs/op", OldMedian: 40, NewMedian: 30, Ratio: 0.74, RatioLo: 0, RatioHi: math.Inf(1), N: 3},
	}
	rep := verify(t, "## Auction\n\n- 25% fewer allocations\n- 60% fewer allocations\n", f)
	if c := only(t, rep, 3, Percent); c.Verdict != Reproduced || !strings.Contains(c.Detail, "ratio of the medians of 3 runs") || c.Measured.Ratio != 0.75 {
		t.Errorf("line 3: %s %q, want reproduced from the ratio of the medians 0.75", c.Verdict, c.Detail)
	}
	if c := only(t, rep, 4, Percent); c.Verdict != NotReproduced {
		t.Errorf("line 4: %s %q, want not-reproduced", c.Verdict, c.Detail)
	}
}
