package stats

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// bruteCounts counts, over all ways of placing n values of the first
// sample among n+m ranked positions, how many first-sample values sit
// above how many second-sample values.
func bruteCounts(n, m int) []float64 {
	counts := make([]float64, n*m+1)
	for mask := 0; mask < 1<<(n+m); mask++ {
		ones := 0
		for b := 0; b < n+m; b++ {
			ones += mask >> b & 1
		}
		if ones != n {
			continue
		}
		u, below := 0, 0 // below: second-sample values ranked lower so far
		for b := 0; b < n+m; b++ {
			if mask>>b&1 == 1 {
				u += below
			} else {
				below++
			}
		}
		counts[u]++
	}
	return counts
}

func TestUCountsMatchesEnumeration(t *testing.T) {
	for n := 1; n <= 6; n++ {
		for m := 1; m <= 6; m++ {
			got := uCounts(n, m, n*m)
			want := bruteCounts(n, m)
			for u := range want {
				if got[u] != want[u] {
					t.Errorf("uCounts(%d, %d)[%d] = %v, want %v", n, m, u, got[u], want[u])
				}
			}
		}
	}
}

func TestUCriticalExact(t *testing.T) {
	// n = m = 4: the null counts of U are 1, 1, 2, 3, 5, … out of C(8, 4) = 70.
	for _, tc := range []struct {
		confidence float64
		k          int
		level      float64
	}{
		{0.95, 1, 1 - 2*1.0/70}, // P(U ≤ 0) = 1/70 ≤ 0.025 < P(U ≤ 1) = 2/70
		{0.90, 2, 1 - 2*2.0/70}, // P(U ≤ 1) = 2/70 ≤ 0.05 < P(U ≤ 2) = 4/70
		{0.99, 0, 1},            // 1/70 > 0.005: no finite interval
	} {
		k, level := uCritical(4, 4, tc.confidence)
		if k != tc.k || math.Abs(level-tc.level) > 1e-12 {
			t.Errorf("uCritical(4, 4, %v) = %d, %v, want %d, %v", tc.confidence, k, level, tc.k, tc.level)
		}
	}
}

// TestUCriticalProperties checks, for many sample sizes, that the interval
// has at least the requested coverage and that one more order statistic
// inwards would not.
func TestUCriticalProperties(t *testing.T) {
	for _, conf := range []float64{0.9, 0.95, 0.99} {
		tail := (1 - conf) / 2
		for n := 1; n <= 30; n++ {
			for m := n; m <= 30; m++ {
				k, level := uCriticalExact(n, m, conf)
				if level < conf-1e-12 {
					t.Errorf("uCritical(%d, %d, %v) level %v < %v", n, m, conf, level, conf)
				}
				counts := uCounts(n, m, n*m)
				total := binomial(n+m, n)
				cum := 0.0
				for u := 0; u <= k; u++ {
					cum += counts[u]
				}
				if cum/total <= tail*(1-1e-9) {
					t.Errorf("uCritical(%d, %d, %v) = %d, but P(U ≤ %d) = %v ≤ %v: k too small", n, m, conf, k, k, cum/total, tail)
				}
			}
		}
	}
}

// TestUCriticalNormal checks the normal approximation where it takes over
// (n·m > 2500): the exact coverage of the interval it picks, computed from
// the exact distribution at sizes just below the switch, is within 0.002
// of the requested level and of the level it claims.
func TestUCriticalNormal(t *testing.T) {
	for _, conf := range []float64{0.9, 0.95, 0.99} {
		for _, nm := range [][2]int{{40, 60}, {45, 55}, {50, 50}, {30, 80}} {
			n, m := nm[0], nm[1]
			ke, _ := uCriticalExact(n, m, conf)
			kn, level := uCriticalNormal(n, m, conf)
			counts := uCounts(n, m, n*m/2)
			cum := 0.0
			for u := 0; u < kn; u++ {
				cum += counts[u]
			}
			exactLevel := 1 - 2*cum/binomial(n+m, n)
			if exactLevel < conf-0.002 || math.Abs(exactLevel-level) > 0.002 {
				t.Errorf("uCriticalNormal(%d, %d, %v) = %d with level %v; exact coverage of that interval %v, exact k %d",
					n, m, conf, kn, level, exactLevel, ke)
			}
		}
	}
}

func TestSelectKth(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := range 500 {
		n := 1 + rng.IntN(200)
		d := make([]float64, n)
		for i := range d {
			switch trial % 4 {
			case 0:
				d[i] = rng.NormFloat64()
			case 1:
				d[i] = float64(rng.IntN(4)) // many ties
			case 2:
				d[i] = float64(i) // sorted
			case 3:
				d[i] = float64(n - i) // reversed
			}
		}
		sorted := slices.Sorted(slices.Values(d))
		k := rng.IntN(n)
		selectKth(d, k)
		if d[k] != sorted[k] {
			t.Fatalf("selectKth(trial %d, n=%d, k=%d) put %v at k, want %v", trial, n, k, d[k], sorted[k])
		}
		for i := range d {
			if i < k && d[i] > d[k] || i > k && d[i] < d[k] {
				t.Fatalf("selectKth(trial %d, n=%d, k=%d): d[%d] = %v on the wrong side of %v", trial, n, k, i, d[i], d[k])
			}
		}
		if !slices.Equal(slices.Sorted(slices.Values(d)), sorted) {
			t.Fatalf("selectKth(trial %d) changed the multiset of values", trial)
		}
	}
}
