package stats

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
)

func repeat(v float64, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = v
	}
	return xs
}

// spread returns n values evenly spaced around center, ±width/2.
func spread(center, width float64, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = center + width*(float64(i)/float64(n-1)-0.5)
	}
	return xs
}

func TestCompareExact(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		name     string
		unit     string
		old, new []float64
		verdict  Verdict
		ratio    float64
		reason   string
	}{
		{"0→0", "allocs/op", repeat(0, 10), repeat(0, 10), Unchanged, 1, "0 → 0 (exact)"},
		{"0→N", "allocs/op", repeat(0, 10), repeat(1, 10), Slower, inf, "0 → 1 (exact)"},
		{"0→N in 4 runs", "allocs/op", repeat(0, 10), append(repeat(0, 6), 1, 2, 1, 1), Slower, inf,
			"0 → up to 2 in 4 of 10 runs (exact: allocs/op where there were none; that many runs: Fisher's exact test p=0.043)"},
		{"N→0", "B/op", repeat(16, 10), repeat(0, 10), Faster, 0, "16 → 0 (exact)"},
		{"48→48", "B/op", repeat(48, 10), repeat(48, 10), Unchanged, 1, "48 → 48 (exact)"},
		{"48→64", "B/op", repeat(48, 10), repeat(64, 10), Slower, 64.0 / 48, "48 → 64 (exact)"},
		{"64→48", "B/op", repeat(64, 10), repeat(48, 10), Faster, 48.0 / 64, "64 → 48 (exact)"},
		// A 0.1 % growth is below the minimum effect but exact: still a regression.
		{"tiny", "B/op", repeat(1000, 10), repeat(1001, 10), Slower, 1.001, "1000 → 1001 (exact)"},
		// Deterministic units are exact from a single run.
		{"one run", "allocs/op", []float64{3}, []float64{2}, Faster, 2.0 / 3, "3 → 2 (exact)"},
		{"large", "B/op", repeat(1048576, 6), repeat(1048576, 6), Unchanged, 1, "1048576 → 1048576 (exact)"},
		// Any unit whose sides are constant, given enough samples.
		{"sec/op equal", "sec/op", repeat(1.5e-9, 10), repeat(1.5e-9, 10), Unchanged, 1, "1.5e-09 → 1.5e-09 (exact)"},
		{"throughput up", "B/s", repeat(100, 10), repeat(200, 10), Faster, 2, "100 → 200 (exact)"},
		{"throughput down", "B/s", repeat(200, 10), repeat(100, 10), Slower, 0.5, "200 → 100 (exact)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Compare("BenchmarkX", tc.unit, tc.old, tc.new, Options{})
			if c.Verdict != tc.verdict || !c.Exact || c.Reason != tc.reason || c.Method != MethodExact {
				t.Errorf("Compare(%v, %v) = %v exact=%v %q (%s), want %v exact %q", tc.old, tc.new, c.Verdict, c.Exact, c.Reason, c.Method, tc.verdict, tc.reason)
			}
			if !(math.Abs(c.Ratio-tc.ratio) < 1e-12 || c.Ratio == tc.ratio) || c.RatioLo != c.Ratio || c.RatioHi != c.Ratio {
				t.Errorf("Compare(%v, %v) ratio = %v [%v, %v], want %v [same, same]", tc.old, tc.new, c.Ratio, c.RatioLo, c.RatioHi, tc.ratio)
			}
			if !math.IsNaN(c.P) {
				t.Errorf("Compare(%v, %v).P = %v, want NaN for an exact comparison", tc.old, tc.new, c.P)
			}
			if c.Old.N != len(tc.old) || c.New.N != len(tc.new) || c.Old.Median != tc.old[0] || c.New.Median != tc.new[0] {
				t.Errorf("Compare summaries = %+v, %+v; want the constant values and sizes", c.Old, c.New)
			}
		})
	}
}

// TestCompareRareAllocs: allocations in a few runs of the new side only
// are a regression when they are too many runs for chance (Fisher's exact
// test), not when one odd run of 30 shows a B/op of 2, as an allocation
// of the runtime during a short run does.
func TestCompareRareAllocs(t *testing.T) {
	some := func(n, k int, v float64) []float64 {
		s := repeat(0, n)
		for i := range k {
			s[i*n/k] = v
		}
		return s
	}
	for _, tc := range []struct {
		old, new []float64
		slower   bool
	}{
		{repeat(0, 30), some(30, 1, 2), false},
		{repeat(0, 30), some(30, 2, 2), false},
		{repeat(0, 30), some(30, 4, 2), false}, // p = 0.056
		{repeat(0, 30), some(30, 5, 2), true},  // p = 0.026
		{repeat(0, 30), some(30, 29, 2), true},
		{repeat(0, 10), some(10, 3, 1), false}, // p = 0.105
		{repeat(0, 10), some(10, 4, 1), true},  // p = 0.043
		// Every new run allocates: a regression however few the runs
		// (Fisher's p for 3 of 3 against 0 of 3 is only 0.05).
		{repeat(0, 3), []float64{3, 4, 3}, true},
		{repeat(0, 3), []float64{3, 0, 3}, false},
	} {
		c := Compare("BenchmarkX", "B/op", tc.old, tc.new, Options{})
		if got := c.Verdict == Slower; got != tc.slower {
			t.Errorf("Compare(%v, %v) = %v (%s), want slower %v", tc.old, tc.new, c.Verdict, c.Reason, tc.slower)
		}
		if c.Verdict == Faster {
			t.Errorf("Compare(%v, %v) = faster, from allocations on the new side", tc.old, tc.new)
		}
		if !tc.slower {
			found := false
			for _, w := range c.Warnings {
				found = found || strings.Contains(w.Error(), "Fisher's exact test")
			}
			if !found {
				t.Errorf("Compare(%v, %v): no warning about the runs with allocations: %v", tc.old, tc.new, c.Warnings)
			}
		}
	}
}

func TestFisherAllIn(t *testing.T) {
	for _, tc := range []struct {
		n, m, k int
		want    float64
	}{
		{10, 10, 0, 1},
		{10, 10, 1, 0.5},
		{10, 10, 4, 210.0 / 4845}, // C(10,4)/C(20,4)
		{30, 30, 5, 142506.0 / 5461512},
		{10, 10, 10, 1.0 / 184756}, // 1/C(20,10)
		{0, 5, 3, 1},
	} {
		if got := fisherAllIn(tc.n, tc.m, tc.k); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("fisherAllIn(%d, %d, %d) = %v, want %v", tc.n, tc.m, tc.k, got, tc.want)
		}
	}
}

func TestCompareNotExact(t *testing.T) {
	// sec/op from one run per side is not a measurement to compare exactly.
	c := Compare("BenchmarkX", "sec/op", []float64{1}, []float64{2}, Options{})
	if c.Exact || c.Verdict != Inconclusive || !strings.HasPrefix(c.Reason, "too few samples: n=1 and 1") {
		t.Errorf("Compare(sec/op, 1 run each) = %v exact=%v %q, want inconclusive, too few samples", c.Verdict, c.Exact, c.Reason)
	}
	// allocs/op that varies within a side goes to the statistics.
	old := []float64{2, 2, 3, 2, 2, 3, 2, 2, 2, 3}
	c = Compare("BenchmarkX", "allocs/op", old, repeat(2, 10), Options{})
	if c.Exact || math.IsNaN(c.P) || c.Method != MethodLogShift {
		t.Errorf("Compare(varying allocs/op) exact=%v p=%v method %q, want statistical", c.Exact, c.P, c.Method)
	}
}

func TestCompareTooFew(t *testing.T) {
	// Even a doubling cannot be shown with 3 and 4 runs: the smallest
	// possible two-sided p-value is 2/C(7, 3) = 0.057.
	old := []float64{1, 1.01, 1.02}
	new := []float64{2, 2.01, 2.02, 2.03}
	c := Compare("BenchmarkX", "sec/op", old, new, Options{})
	want := "too few samples: n=3 and 4; need ≥ 4 per side for p < 0.05 and a 95% ratio CI"
	if c.Verdict != Inconclusive || c.Reason != want {
		t.Errorf("Compare(3 vs 4 runs) = %v %q, want inconclusive %q", c.Verdict, c.Reason, want)
	}
	if math.IsNaN(c.P) || math.IsNaN(c.Ratio) {
		t.Errorf("Compare(3 vs 4 runs) p=%v ratio=%v; want both computed for display", c.P, c.Ratio)
	}
	// With 4 per side it is decided.
	c = Compare("BenchmarkX", "sec/op", append(old, 1.03), new, Options{})
	if c.Verdict != Slower {
		t.Errorf("Compare(4 vs 4 runs, ×2) = %v %q, want slower", c.Verdict, c.Reason)
	}
	// A stricter alpha needs more runs.
	c = Compare("BenchmarkX", "sec/op", append(old, 1.03), new, Options{Alpha: 0.01})
	if c.Verdict != Inconclusive || !strings.Contains(c.Reason, "need ≥ 5 per side for p < 0.01") {
		t.Errorf("Compare(4 vs 4 runs, alpha 0.01) = %v %q, want inconclusive, need ≥ 5", c.Verdict, c.Reason)
	}
}

// TestRatioHandMade checks the Hodges-Lehmann estimate and interval on
// powers of two, where the log differences are small integers: old
// exponents 0..3, new 1..4. The 16 differences j − i sorted are
// −2 −1 −1 0 0 0 1 1 1 1 2 2 2 3 3 4, median 1, so the ratio is 2. With
// 4 + 4 values the null distribution of U has P(U ≤ 0) = 1/70 and
// P(U ≤ 1) = 2/70: the 95% interval is [D(1), D(16)] = [2^−2, 2^4], the
// 90% one [D(2), D(15)] = [2^−1, 2^3].
func TestRatioHandMade(t *testing.T) {
	old := []float64{1, 2, 4, 8}
	new := []float64{2, 4, 8, 16}
	for _, tc := range []struct {
		confidence, lo, hi float64
	}{{0.95, 0.25, 16}, {0.9, 0.5, 8}} {
		c := Compare("BenchmarkX", "sec/op", old, new, Options{Confidence: tc.confidence})
		if !near(c.Ratio, 2) || !near(c.RatioLo, tc.lo) || !near(c.RatioHi, tc.hi) || c.Method != MethodLogShift {
			t.Errorf("Compare(%v, %v, confidence %v) ratio = %v [%v, %v] (%s), want 2 [%v, %v] (log shift)",
				old, new, tc.confidence, c.Ratio, c.RatioLo, c.RatioHi, c.Method, tc.lo, tc.hi)
		}
		// The samples overlap: no significance, far too wide to be unchanged.
		if c.Verdict != Inconclusive || !strings.HasPrefix(c.Reason, "too noisy: p=") {
			t.Errorf("Compare(%v, %v) = %v %q, want inconclusive, too noisy", old, new, c.Verdict, c.Reason)
		}
	}
}

func near(x, y float64) bool { return math.Abs(x-y) <= 1e-12*math.Max(1, math.Abs(y)) }

// TestRatioScaled: when new is old scaled by c, every pairwise log
// difference is log c plus a difference of old log values, whose multiset
// is symmetric about 0, so the estimate is exactly c.
func TestRatioScaled(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 50 {
		n := 5 + trial%20
		old := make([]float64, n)
		for i := range old {
			old[i] = 1e-6 * math.Exp(rng.NormFloat64()*0.3)
		}
		c := 0.5 + rng.Float64()
		new := make([]float64, n)
		for i := range new {
			new[i] = old[i] * c
		}
		r := Compare("BenchmarkX", "sec/op", old, new, Options{})
		if math.Abs(r.Ratio/c-1) > 1e-9 || !(r.RatioLo < c && c < r.RatioHi) {
			t.Errorf("Compare(old, old×%v) ratio = %v [%v, %v], want %v inside the interval", c, r.Ratio, r.RatioLo, r.RatioHi, c)
		}
	}
}

func TestCompareVerdicts(t *testing.T) {
	for _, tc := range []struct {
		name     string
		unit     string
		old, new []float64
		opts     Options
		verdict  Verdict
		reason   string // prefix
	}{
		{"10% slower", "sec/op", spread(100, 1, 10), spread(110, 1, 10), Options{}, Slower, ""},
		{"10% faster", "sec/op", spread(110, 1, 10), spread(100, 1, 10), Options{}, Faster, ""},
		{"throughput up", "B/s", spread(100, 1, 10), spread(110, 1, 10), Options{}, Faster, ""},
		{"throughput down", "MB/s", spread(110, 1, 10), spread(100, 1, 10), Options{}, Slower, ""},
		{"fewer bytes", "B/op", spread(1000, 10, 10), spread(900, 10, 10), Options{}, Faster, ""},
		{"same, tight", "sec/op", spread(100, 0.5, 20), spread(100, 0.5, 20), Options{}, Unchanged, ""},
		// 1 % change, significant but below the 2 % minimum effect, CI inside ±2 %.
		{"below min effect", "sec/op", spread(100, 0.5, 20), spread(101, 0.5, 20), Options{}, Unchanged, ""},
		// The same 1 % change counts with a 0.5 % minimum effect.
		{"above lower min effect", "sec/op", spread(100, 0.5, 20), spread(101, 0.5, 20), Options{MinEffect: new(0.005)}, Slower, ""},
		// 1.5 % change, significant, but the CI reaches past 2 %.
		{"significant, small, wide", "sec/op", spread(100, 4, 10), spread(101.5, 4, 10), Options{}, Inconclusive, "too noisy: p="},
		{"noisy", "sec/op", spread(100, 20, 10), spread(103, 20, 10), Options{}, Inconclusive, "too noisy: p="},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Compare("BenchmarkX", tc.unit, tc.old, tc.new, tc.opts)
			if c.Verdict != tc.verdict || !strings.HasPrefix(c.Reason, tc.reason) || (tc.reason == "") != (c.Reason == "") {
				t.Errorf("Compare = %v %q (ratio %.4f [%.4f, %.4f], p=%.3g), want %v %q…",
					c.Verdict, c.Reason, c.Ratio, c.RatioLo, c.RatioHi, c.P, tc.verdict, tc.reason)
			}
			if c.Exact || c.Method != MethodLogShift || math.IsNaN(c.P) || !(c.RatioLo <= c.Ratio && c.Ratio <= c.RatioHi) {
				t.Errorf("Compare = exact %v method %q p %v ratio %v [%v, %v], want a statistical comparison with ratio inside its CI",
					c.Exact, c.Method, c.P, c.Ratio, c.RatioLo, c.RatioHi)
			}
		})
	}
}

func TestCompareZeros(t *testing.T) {
	// Half the old runs allocated nothing, the new ones always 16 or 32
	// bytes: the log is undefined, so the additive Hodges-Lehmann shift is
	// used. Differences new − old: 16 (45×), 0 (45×), 32 (5×), 16 (5×);
	// their median is 16, the old median is 8, so the ratio is
	// (8+16)/8 = 3.
	old := []float64{0, 0, 0, 0, 0, 16, 16, 16, 16, 16}
	new := append(repeat(16, 9), 32)
	c := Compare("BenchmarkX", "B/op", old, new, Options{})
	if c.Method != MethodShift || c.Ratio != 3 || c.Verdict != Slower || c.Exact {
		t.Errorf("Compare(%v, %v) = %v ratio %v (%s), want slower, ratio 3 by %s", old, new, c.Verdict, c.Ratio, c.Method, MethodShift)
	}
	if !(c.RatioLo <= c.Ratio && c.Ratio <= c.RatioHi) || c.RatioLo < 0 {
		t.Errorf("Compare(%v, %v) ratio CI [%v, %v] does not hold %v or is negative", old, new, c.RatioLo, c.RatioHi, c.Ratio)
	}
	// From a zero median, any growth is an infinite ratio: a regression.
	old = append(repeat(0, 9), 8)
	new = []float64{0, 0, 8, 8, 8, 8, 8, 8, 8, 16}
	c = Compare("BenchmarkX", "B/op", old, new, Options{})
	if c.Verdict != Slower || !math.IsInf(c.Ratio, 1) {
		t.Errorf("Compare(%v, %v) = %v ratio %v, want slower, +Inf", old, new, c.Verdict, c.Ratio)
	}
}

func TestCompareBadInput(t *testing.T) {
	for _, tc := range []struct {
		name     string
		old, new []float64
		opts     Options
		reason   string
	}{
		{"empty", nil, []float64{1, 2, 3}, Options{}, "no samples: n=0 and 3"},
		{"NaN", []float64{1, math.NaN(), 3}, []float64{1, 2, 3}, Options{}, "the old sample has a NaN or infinite value"},
		{"Inf", []float64{1, 2, 3}, []float64{1, math.Inf(1), 3}, Options{}, "the new sample has a NaN or infinite value"},
		{"negative", spread(0, 4, 10), spread(1, 4, 10), Options{}, "negative values: the ratio new/old is undefined"},
		{"alpha", spread(1, 0.1, 10), spread(1, 0.1, 10), Options{Alpha: 2}, "invalid options: alpha 2 is outside (0, 1)"},
		{"confidence", spread(1, 0.1, 10), spread(1, 0.1, 10), Options{Confidence: 95}, "invalid options: confidence 95 is outside (0, 1)"},
		{"min effect", spread(1, 0.1, 10), spread(1, 0.1, 10), Options{MinEffect: new(-0.02)}, "invalid options: minimum effect -0.02 is not a finite number ≥ 0"},
	} {
		c := Compare("BenchmarkX", "sec/op", tc.old, tc.new, tc.opts)
		if c.Verdict != Inconclusive || c.Reason != tc.reason {
			t.Errorf("Compare(%s) = %v %q, want inconclusive %q", tc.name, c.Verdict, c.Reason, tc.reason)
		}
	}
}

func TestCompareKeepsInput(t *testing.T) {
	old := []float64{3, 1, 2, 5, 4, 7, 6}
	new := []float64{0, 9, 8, 0, 7, 6, 5}
	o, n := slices.Clone(old), slices.Clone(new)
	Compare("BenchmarkX", "B/op", old, new, Options{})
	Compare("BenchmarkX", "sec/op", old, new[2:], Options{})
	if !slices.Equal(old, o) || !slices.Equal(new, n) {
		t.Errorf("Compare modified its input: %v %v, was %v %v", old, new, o, n)
	}
}

func TestHigherIsBetter(t *testing.T) {
	for unit, want := range map[string]bool{
		"sec/op": false, "B/op": false, "allocs/op": false, "ns/elem": false,
		"B/s": true, "MB/s": true, "ops/s": true, "B/sec": true,
	} {
		if got := HigherIsBetter(unit); got != want {
			t.Errorf("HigherIsBetter(%q) = %v, want %v", unit, got, want)
		}
	}
}

func TestVerdictText(t *testing.T) {
	for v, word := range map[Verdict]string{Inconclusive: "inconclusive", Unchanged: "unchanged", Faster: "faster", Slower: "slower"} {
		if v.String() != word {
			t.Errorf("%d.String() = %q, want %q", int(v), v.String(), word)
		}
		b, err := v.MarshalText()
		if err != nil || string(b) != word {
			t.Errorf("%v.MarshalText() = %q, %v, want %q", v, b, err, word)
		}
		var back Verdict = -1
		if err := back.UnmarshalText(b); err != nil || back != v {
			t.Errorf("UnmarshalText(%q) = %v, %v, want %v", b, back, err, v)
		}
	}
	if Verdict(0) != Inconclusive {
		t.Errorf("the zero Verdict is %v, want inconclusive (fail closed)", Verdict(0))
	}
	if s := Verdict(9).String(); s != "Verdict(9)" {
		t.Errorf("Verdict(9).String() = %q, want Verdict(9)", s)
	}
	if _, err := Verdict(9).MarshalText(); err == nil {
		t.Errorf("Verdict(9).MarshalText() succeeded, want an error")
	}
	var v Verdict
	if err := v.UnmarshalText([]byte("quicker")); err == nil {
		t.Errorf("UnmarshalText(quicker) succeeded, want an error")
	}
}

func TestComparisonJSON(t *testing.T) {
	exact := Compare("BenchmarkAlloc", "allocs/op", repeat(0, 10), repeat(2, 10), Options{})
	few := Compare("BenchmarkRun", "sec/op", []float64{1, 2}, []float64{3, 4}, Options{})
	// Embedded with a caller's own field, as perfproof compare -json does.
	type withPackage struct {
		Package string `json:"package"`
		ComparisonJSON
	}
	b, err := json.Marshal([]withPackage{{"example.com/p", exact.JSON()}, {"example.com/p", few.JSON()}})
	if err != nil {
		t.Fatalf("json.Marshal(comparisons) = %v", err)
	}
	var got []map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("json.Unmarshal(%s) = %v", b, err)
	}
	for _, key := range []string{"package", "benchmark", "unit", "old", "new", "ratio", "ratio_lo", "ratio_hi", "p", "verdict", "exact"} {
		if _, ok := got[0][key]; !ok {
			t.Errorf("JSON %s lacks key %q", b, key)
		}
	}
	e, f := got[0], got[1]
	if e["verdict"] != "slower" || e["p"] != nil || e["ratio"] != nil || e["reason"] != "0 → 2 (exact)" || e["exact"] != true {
		t.Errorf("exact comparison JSON = %v, want verdict slower, p null, ratio null (+Inf), reason, exact", e)
	}
	if old := e["old"].(map[string]any); old["median"] != 0.0 || old["n"] != 10.0 {
		t.Errorf("exact comparison old JSON = %v, want median 0, n 10", old)
	}
	if f["verdict"] != "inconclusive" || f["ratio_hi"] != nil || f["p"] == nil {
		t.Errorf("too-few comparison JSON = %v, want inconclusive, ratio_hi null, p a number", f)
	}
	if old := f["old"].(map[string]any); old["lo"] != nil || len(old["warnings"].([]any)) == 0 {
		t.Errorf("too-few comparison old JSON = %v, want lo null and a warning", old)
	}
}

// TestCompareConcurrent runs Compare from several goroutines on sizes whose
// interval cut-offs are not cached yet (run with -race).
func TestCompareConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	results := make([]Comparison, 8)
	for g := range results {
		wg.Go(func() {
			n := 31 + g%4 // four sizes, each computed by two goroutines
			results[g] = Compare("BenchmarkX", "sec/op", spread(100, 1, n), spread(110, 1, n), Options{Confidence: 0.93})
		})
	}
	wg.Wait()
	for g, c := range results {
		if c.Verdict != Slower || c.RatioLo > 1.1 || c.RatioHi < 1.1 {
			t.Errorf("goroutine %d: Compare(n=%d, +10%%) = %v [%v, %v], want slower with 1.1 inside", g, 31+g%4, c.Verdict, c.RatioLo, c.RatioHi)
		}
	}
}

func TestSamplesToDecide(t *testing.T) {
	for _, tc := range []struct {
		name         string
		n, m         int
		r, lo, hi, e float64
		want         int
	}{
		// A 5 % change whose interval already nearly excludes 1: one
		// more sample per side is the floor.
		{"change nearly decided", 10, 10, 1.05, 1.00, 1.10, 0.02, 11},
		// Log half-width 0.095, about twice log(1.05) = 0.049: about four
		// times the samples.
		{"change", 10, 10, 1.05, 0.955, 1.155, 0.02, 38},
		// No change seen, ±3 %: the interval must shrink to ±2 %.
		{"unchanged", 10, 10, 1.0, 0.97, 1.03, 0.02, 23},
		// Unequal sides: √(1/5 + 1/20) = √(2/8), like 8 per side.
		{"unequal", 5, 20, 1.0, 0.97, 1.03, 0.02, 19},
		{"hopeless", 10, 10, 1.0, 0.5, 2.0, 0.02, maxNeeded + 1},
		{"unbounded", 10, 10, 1.0, 0.5, math.Inf(1), 0.02, 0},
		{"no interval", 10, 10, 1.0, math.NaN(), math.NaN(), 0.02, 0},
		// Ratio just inside the edge of the minimum effect: not a change
		// (|r−1| < e), and the band is out of reach.
		{"at the edge", 10, 10, 1.0199, 0.99, 1.05, 0.02, maxNeeded + 1},
	} {
		if got := samplesToDecide(tc.n, tc.m, tc.r, tc.lo, tc.hi, tc.e); got != tc.want {
			t.Errorf("%s: samplesToDecide(%d, %d, %v, %v, %v, %v) = %d, want %d", tc.name, tc.n, tc.m, tc.r, tc.lo, tc.hi, tc.e, got, tc.want)
		}
	}
}
