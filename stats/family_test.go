package stats

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestHolmAdjusted checks the adjusted p-values and verdicts on a family
// worked by hand: p = 0.01, 0.04, 0.03, 0.6 sort to 0.01, 0.03, 0.04, 0.6
// and adjust to 4·0.01 = 0.04, max(0.04, 3·0.03) = 0.09, max(0.09,
// 2·0.04) = 0.09, max(0.09, 1·0.6) = 0.6.
func TestHolmAdjusted(t *testing.T) {
	mk := func(p float64, v Verdict) *Comparison {
		return &Comparison{Benchmark: "B", Unit: "sec/op", P: p, Verdict: v, Ratio: 1.1, RatioLo: 1.05, RatioHi: 1.15}
	}
	a, b, c := mk(0.01, Slower), mk(0.04, Slower), mk(0.03, Faster)
	u := mk(0.6, Unchanged)
	exact := &Comparison{Benchmark: "B", Unit: "B/op", P: math.NaN(), Verdict: Slower, Exact: true, Reason: "0 → 8 (exact)"}
	// Another unit is a family of its own.
	bs := mk(0.03, Faster)
	bs.Unit = "B/s"
	Holm([]*Comparison{a, b, exact, bs, c, u}, Options{})
	for _, tc := range []struct {
		name    string
		c       *Comparison
		adj     float64
		verdict Verdict
	}{
		{"p=0.01", a, 0.04, Slower},
		{"p=0.04", b, 0.09, Inconclusive},
		{"p=0.03", c, 0.09, Inconclusive},
		{"p=0.6", u, 0.6, Unchanged},
	} {
		if !near(tc.c.PAdjusted, tc.adj) || tc.c.Family != 4 || tc.c.Verdict != tc.verdict {
			t.Errorf("%s: PAdjusted %v, Family %d, verdict %v; want %v, 4, %v", tc.name, tc.c.PAdjusted, tc.c.Family, tc.c.Verdict, tc.adj, tc.verdict)
		}
	}
	if bs.PAdjusted != 0.03 || bs.Family != 1 || bs.Verdict != Faster {
		t.Errorf("B/s, a family of one: PAdjusted %v, Family %d, verdict %v; want 0.03, 1, faster", bs.PAdjusted, bs.Family, bs.Verdict)
	}
	if !strings.Contains(b.Reason, "p=0.04 < 0.05 alone, but 0.09 ≥ 0.05 after Holm's correction for the 4 comparisons of sec/op") {
		t.Errorf("reason of the verdict the correction changed: %q", b.Reason)
	}
	if !b.Corrected || bs.Corrected {
		t.Errorf("Corrected: %v for the verdict the correction changed, %v for the family of one; want true, false", b.Corrected, bs.Corrected)
	}
	if exact.Verdict != Slower || exact.Family != 0 || !math.IsNaN(exact.PAdjusted) {
		t.Errorf("exact comparison: verdict %v, Family %d, PAdjusted %v; want slower, 0, NaN (outside the family)", exact.Verdict, exact.Family, exact.PAdjusted)
	}

	// Per comparison: nothing changes but the fields.
	a, b = mk(0.01, Slower), mk(0.04, Slower)
	Holm([]*Comparison{a, b}, Options{PerComparison: true})
	if a.PAdjusted != 0.01 || b.PAdjusted != 0.04 || b.Verdict != Slower || b.Family != 2 {
		t.Errorf("PerComparison: PAdjusted %v, %v, verdict %v, Family %d; want 0.01, 0.04, slower, 2", a.PAdjusted, b.PAdjusted, b.Verdict, b.Family)
	}

	// Adjusted p-values are capped at 1 and never decrease with P.
	ps := []float64{0.5, 0.2, 0.9, 0.21}
	var cs []*Comparison
	for _, p := range ps {
		cs = append(cs, mk(p, Inconclusive))
	}
	Holm(cs, Options{})
	// Sorted 0.2, 0.21, 0.5, 0.9: 4·0.2 = 0.8, max(0.8, 3·0.21), max(0.8,
	// 2·0.5) = 1, max(1, 0.9).
	want := []float64{1, 0.8, 1, 0.8}
	for i, c := range cs {
		if !near(c.PAdjusted, want[i]) {
			t.Errorf("P %v: PAdjusted %v, want %v", ps[i], c.PAdjusted, want[i])
		}
	}
}

// TestHolmFamilyWise: a family of 10 A/A comparisons (seeded simulated
// samples, 5 % noise, so the minimum effect filters few) gives any false
// faster or slower in at most alpha of the trials with the correction,
// and in far more without it: the rate the correction exists for.
func TestHolmFamilyWise(t *testing.T) {
	const trials, family = 1000, 10
	rng := rand.New(rand.NewPCG(7, 0x5eed))
	var any, anyAlone int
	for range trials {
		var cs, alone []*Comparison
		for range family {
			old, new := noisySample(rng, 15, 1e-6, 0.05), noisySample(rng, 15, 1e-6, 0.05)
			c := Compare("BenchmarkSim", "sec/op", old, new, Options{})
			a := c
			cs, alone = append(cs, &c), append(alone, &a)
		}
		Holm(cs, Options{})
		Holm(alone, Options{PerComparison: true})
		count := func(cs []*Comparison) int {
			for _, c := range cs {
				if c.Verdict == Faster || c.Verdict == Slower {
					return 1
				}
			}
			return 0
		}
		any += count(cs)
		anyAlone += count(alone)
	}
	rate, rateAlone := float64(any)/trials, float64(anyAlone)/trials
	t.Logf("A/A families of %d, n=15+15, %d trials: any false verdict in %.1f%% with Holm, %.1f%% each alone", family, trials, 100*rate, 100*rateAlone)
	// 0.05 plus sampling slack (binomial sd 0.7 % at 1000 trials).
	if rate > 0.065 {
		t.Errorf("family-wise false-alarm rate with Holm %.3f, want ≤ 0.05 (+ slack)", rate)
	}
	if rateAlone < 2*rate || rateAlone < 0.15 {
		t.Errorf("family-wise false-alarm rate without correction %.3f (with: %.3f): the simulation does not show what the correction is for", rateAlone, rate)
	}
}
