package claims

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"testing"
)

// fakeMeasurer returns fixed ratios per pair of benchmarks.
type fakeMeasurer struct {
	list       []Benchmark
	units      map[[2]string][]UnitRatio // by old, new
	listErr    error
	measureErr error
	calls      []string
	settings   []Setting
}

func (f *fakeMeasurer) Benchmarks(context.Context) ([]Benchmark, error) { return f.list, f.listErr }

func (f *fakeMeasurer) Measure(_ context.Context, pkg, old, new string, s Setting) (*Measurement, error) {
	f.calls = append(f.calls, old+" vs "+new+" with "+s.Source.String()+" "+s.Benchtime)
	f.settings = append(f.settings, s)
	if f.measureErr != nil {
		return nil, f.measureErr
	}
	return &Measurement{Package: pkg, Old: old, New: new, Units: f.units[[2]string{old, new}], Method: "fake"}, nil
}

// pair gives a pair's sec/op ratio CI and allocs/op medians.
func pair(lo, mid, hi, oldAllocs, newAllocs float64) []UnitRatio {
	ar := newAllocs / oldAllocs
	return []UnitRatio{
		{Unit: "sec/op", OldMedian: 1e-6, NewMedian: mid * 1e-6, Ratio: mid, RatioLo: lo, RatioHi: hi, N: 10},
		{Unit: "allocs/op", OldMedian: oldAllocs, NewMedian: newAllocs, Ratio: ar, RatioLo: ar, RatioHi: ar, N: 10},
		{Unit: "B/op", OldMedian: 1000, NewMedian: 400, Ratio: 0.4, RatioLo: 0.4, RatioHi: 0.4, N: 10},
	}
}

func newFake() *fakeMeasurer {
	const pkg = "example.com/m"
	return &fakeMeasurer{
		list: []Benchmark{
			{pkg, "CookieTrim/before"}, {pkg, "CookieTrim/after"},
			{pkg, "Auction/before"}, {pkg, "Auction/after"},
			{pkg, "Encode_Old"}, {pkg, "Encode_New"},
			{pkg, "Handle"},
		},
		units: map[[2]string][]UnitRatio{
			{"CookieTrim/before", "CookieTrim/after"}: pair(0.075, 0.08, 0.085, 3360, 293), // 12.5x faster
			{"Auction/before", "Auction/after"}:       pair(0.45, 0.48, 0.52, 47, 36),      // 2.1x faster
			{"Encode_Old", "Encode_New"}:              pair(0.6, 0.7, math.Inf(1), 10, 0),  // CI unbounded
		},
	}
}

func verify(t *testing.T, src string, m Measurer) *Report {
	t.Helper()
	rep := extract(t, src)
	if err := Verify(context.Background(), rep.Claims, m, VerifyOptions{Dir: "/mod", Report: rep}); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	return rep
}

func TestVerify(t *testing.T) {
	src := `# Report

## Cookie trim

- 12x faster
- 20x faster
- 4x faster
- 91% fewer allocations
- 0 allocs/op

## Auction

` + "```" + `
BenchmarkAuction/before-8  100  4000 ns/op  47 allocs/op
BenchmarkAuction/after-8   100  2000 ns/op  30 allocs/op
` + "```" + `

- 50% faster
- 2x faster (4000 ns → 2000 ns)
- 5x faster (4000 ns → 2000 ns)

## Handler

The handler is 3x faster.

## Encoder

Run with go test -bench=Encode

The encoder is 1.5x faster.

## Auction summary

The auction is 50% faster.
`
	f := newFake()
	rep := verify(t, src, f)
	for _, tc := range []struct {
		line   int
		kind   Kind
		want   Verdict
		detail string
	}{
		{5, Speedup, Reproduced, "measured CookieTrim/before → CookieTrim/after: sec/op new/old 0.08×"},
		{6, Speedup, NotReproduced, "worse than claimed (12.5x faster)"},
		{7, Speedup, BetterThanClaimed, "better than claimed (12.5x faster)"},
		{8, Percent, Reproduced, "allocs/op"},
		{9, ZeroAlloc, NotReproduced, "CookieTrim/after measured 293 allocs/op"},
		{14, BenchmarkLine, Reproduced, "allocs/op measured 47 (stated 47): reproduced"},
		{15, BenchmarkLine, NotReproduced, "allocs/op measured 36 (stated 30): not-reproduced"},
		// The benchmark lines decide the reading of "50% faster".
		{18, Percent, Reproduced, "gives 50% as time saved"},
		{19, Speedup, Reproduced, "arithmetic: 4000 ns → 2000 ns"},
		// An arithmetic error stays one, with the measurement beside it.
		{20, Speedup, ArithmeticError, "re-measured: measured Auction/before → Auction/after: sec/op"},
		{24, Speedup, Unverifiable, `no benchmark pair in /mod matches "Handler"`},
		{30, Speedup, Unverifiable, "too few samples for a confidence interval"},
		// Nothing decides it here: reproduced as time saved (0.5), not
		// as a throughput gain (0.667).
		{34, Percent, Reproduced, "ambiguous reading: reproduced only as time saved (better-than-claimed as throughput gained)"},
	} {
		c := only(t, rep, tc.line, tc.kind)
		if c.Verdict != tc.want || !strings.Contains(c.Detail, tc.detail) {
			t.Errorf("line %d %q: %s %q, want %s with %q", tc.line, c.Claimed, c.Verdict, c.Detail, tc.want, tc.detail)
		}
	}
	// Each pair is measured once per setting (short runs for time, as the
	// report ran them for allocations), however many claims rest on it.
	seen := make(map[string]int)
	for _, call := range f.calls {
		seen[call]++
	}
	for call, n := range seen {
		if n != 1 {
			t.Errorf("%s measured %d times, want once", call, n)
		}
	}
	for _, want := range []string{"CookieTrim/before vs CookieTrim/after with short-runs ", "CookieTrim/before vs CookieTrim/after with go-test-default 1s",
		"Auction/before vs Auction/after with short-runs ", "Auction/before vs Auction/after with report-iterations 100x"} {
		if seen[want] != 1 {
			t.Errorf("no measurement %q; got %q", want, f.calls)
		}
	}
	if c := only(t, rep, 5, Speedup); c.Measured == nil || c.Baseline != "CookieTrim/before" || c.Benchmark != "CookieTrim/after" {
		t.Errorf("line 5: measured %+v, %s → %s; want the CookieTrim pair", c.Measured, c.Baseline, c.Benchmark)
	}
}

func TestVerifyNames(t *testing.T) {
	src := "## X\n\n```\nBenchmarkMissing/before-8 10 100 ns/op\nBenchmarkMissing/after-8 10 50 ns/op\n```\n\nIt is 2x faster.\n"
	rep := verify(t, src, newFake())
	c := only(t, rep, 8, Speedup)
	if c.Verdict != Consistent || !strings.Contains(c.Detail, "not re-measured: no benchmark named Missing/before in /mod; name the benchmark or add one") {
		t.Errorf("line 8: %s %q, want consistent and a note naming the missing benchmark", c.Verdict, c.Detail)
	}
	if c := only(t, rep, 4, BenchmarkLine); c.Verdict != Unverifiable || !strings.Contains(c.Detail, "no benchmark named Missing/before in /mod") {
		t.Errorf("line 4: %s %q, want unverifiable naming the missing benchmark", c.Verdict, c.Detail)
	}
}

func TestVerifyErrors(t *testing.T) {
	src := "## Cookie trim\n\nIt is 12x faster.\n\nIt is 12x faster (1200 ns → 100 ns).\n"
	boom := errors.New("go: cannot find main module")
	f := newFake()
	f.list, f.listErr = nil, boom
	rep := extract(t, src)
	if err := Verify(context.Background(), rep.Claims, f, VerifyOptions{}); !errors.Is(err, boom) {
		t.Errorf("Verify = %v, want the listing error", err)
	}
	// Line 3 states no figures, but line 5 gives the pair it rests on.
	if c := only(t, rep, 3, Speedup); c.Verdict != Consistent || c.Cross == nil || c.Cross.Reason != SupportedElsewhere ||
		!strings.Contains(c.Detail, "cannot find main module") {
		t.Errorf("line 3: %s %q, want consistent from line 5's figures, with the listing error", c.Verdict, c.Detail)
	}
	if c := only(t, rep, 5, Speedup); c.Verdict != Consistent {
		t.Errorf("line 5: %s, want its arithmetic verdict kept", c.Verdict)
	}

	// Some packages listed, others not (a test file that does not
	// compile): the claims on the listed benchmarks are judged, those
	// without one say the listing failed, and the error is returned.
	f = newFake()
	f.listErr = errors.New("build failed for example.com/m/store: store_test.go:7:7: undefined: missing\n\tstore_test.go:8:7: undefined: other")
	rep = extract(t, src+"\n## Store\n\nThe store is 3x faster.\n")
	if err := Verify(context.Background(), rep.Claims, f, VerifyOptions{Report: rep}); err != f.listErr {
		t.Errorf("Verify = %v, want the listing error", err)
	}
	if c := only(t, rep, 5, Speedup); c.Measured == nil || c.Verdict != Reproduced {
		t.Errorf("line 5: %s %q, want re-measured from the benchmarks listed", c.Verdict, c.Detail)
	}
	if c := only(t, rep, 9, Speedup); !strings.HasSuffix(c.Detail, "the benchmarks of some packages could not be listed: build failed for example.com/m/store: store_test.go:7:7: undefined: missing (…)") {
		t.Errorf("line 9: %q, want the first line of the listing error", c.Detail)
	}

	f = newFake()
	f.measureErr = errors.New("benchmark panicked")
	rep = extract(t, src)
	if err := Verify(context.Background(), rep.Claims, f, VerifyOptions{}); err == nil || !strings.Contains(err.Error(), "panicked") {
		t.Errorf("Verify = %v, want the measuring error", err)
	}
	if c := only(t, rep, 3, Speedup); !strings.Contains(c.Detail, "not re-measured: benchmark panicked") {
		t.Errorf("line 3: %q, want the measuring error", c.Detail)
	}

	f = newFake()
	f.list = nil
	rep = extract(t, src)
	if err := Verify(context.Background(), rep.Claims, f, VerifyOptions{Dir: "/mod"}); !errors.Is(err, ErrNoBenchmarks) {
		t.Errorf("Verify = %v, want ErrNoBenchmarks", err)
	}
}

// TestVerifyTolerance checks that the tolerance widens what counts as
// reproduced.
func TestVerifyTolerance(t *testing.T) {
	// Claimed 10x (0.1); measured 0.08 (0.075-0.085): 12.5x.
	for _, tc := range []struct {
		tol  float64
		want Verdict
	}{{0.1, BetterThanClaimed}, {0.15, BetterThanClaimed}, {0.2, Reproduced}, {0.5, Reproduced}} {
		rep := extract(t, "## Cookie trim\n\nIt is 10x faster.\n")
		if err := Verify(context.Background(), rep.Claims, newFake(), VerifyOptions{Tolerance: tc.tol}); err != nil {
			t.Fatal(err)
		}
		if c := rep.Claims[0]; c.Verdict != tc.want {
			t.Errorf("tolerance %v: %s (%s), want %s", tc.tol, c.Verdict, c.Detail, tc.want)
		}
	}
}

func TestVerifyProgress(t *testing.T) {
	var buf bytes.Buffer
	rep := extract(t, "## Cookie trim\n\nIt is 12x faster.\n")
	if err := Verify(context.Background(), rep.Claims, newFake(), VerifyOptions{Progress: &buf}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "measuring CookieTrim/before vs CookieTrim/after in example.com/m") {
		t.Errorf("progress %q lacks the pair measured", buf.String())
	}
}

func TestFamilyKey(t *testing.T) {
	for _, tc := range []struct {
		name, key string
		v         int
	}{
		{"CookieTrim/before", "CookieTrim/*", -1},
		{"CookieTrim/after", "CookieTrim/*", 1},
		{"OrderBook_Before_X", "OrderBook_*_X", -1},
		{"EncodeNew", "Encode*", 1},
		{"Handle", "", 0},
	} {
		key, v := familyKey(tc.name)
		if key != tc.key || v != tc.v {
			t.Errorf("familyKey(%q) = %q, %d; want %q, %d", tc.name, key, v, tc.key, tc.v)
		}
	}
}

func TestAnnotate(t *testing.T) {
	src := "# R\n\n| Metric | Before | After | Improvement |\n|---|---|---|---|\n| Time | 100 ns | 50 ns | 60% faster |\n\nIt is 2x faster (100 ns → 50 ns) at 50 ns.\nMore text.\n\n```\nBenchmarkX  100  3x faster\n```\n"
	orig := src
	rep := extract(t, src)
	out := string(Annotate([]byte(src), rep.Claims))
	if src != orig {
		t.Fatal("Annotate modified its input")
	}
	// Each checked figure is marked where it stands; an error gets a
	// footnote that explains it.
	for _, want := range []string{
		"| Time | 100 ns | 50 ns | 60% faster ✗[^pp1] |\n",
		"It is 2x faster ✓ (100 ns → 50 ns) at 50 ns.\n",
		"[^pp1]: ✗ line 5, 60% faster: **arithmetic-error**",
		"**perfproof verify**: 3 claims: 1 consistent, 1 arithmetic-error, 1 unverifiable",
		"```\n\n> ? line 11, 3x faster: **unverifiable**",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("annotated copy lacks %q:\n%s", want, out)
		}
	}
	// Apart from the marks, the lines are the report's, in order; a fenced
	// code block is never marked inside.
	plain := strings.NewReplacer(" ✗[^pp1]", "", " ✓", "").Replace(out)
	rest := plain
	for _, l := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		i := strings.Index(rest, l+"\n")
		if i < 0 {
			t.Fatalf("annotated copy lost line %q:\n%s", l, out)
		}
		rest = rest[i+len(l)+1:]
	}
	if strings.Contains(out, "3x faster ✓") || strings.Contains(out, "3x faster ✗") {
		t.Errorf("a figure inside a code block was marked:\n%s", out)
	}
}
