package stats

import (
	"math"
	"sync"
)

// exactLimit is the largest product n·m of the sample sizes for which the
// interval cut-off uses the exact null distribution of the Mann-Whitney U
// statistic; larger samples use the normal approximation with continuity
// correction. At n·m = 2500 (50 per side) the exact table costs about 3
// million additions, once per size pair (results are cached), and the
// interval the approximation picks there has an exact coverage within
// 0.002 of the requested level (TestUCriticalNormal).
const exactLimit = 2500

// uCutCache maps uCutKey to uCut results.
var uCutCache sync.Map

type uCutKey struct {
	n, m       int
	confidence float64
}

type uCut struct {
	k     int
	level float64
}

// uCritical returns how many of the n·m sorted pairwise differences
// D(1) ≤ … ≤ D(nm) a distribution-free confidence interval at the given
// level drops: the interval is [D(k), D(nm+1−k)] where k is the largest
// integer with P(U ≤ k−1) ≤ (1−confidence)/2 under the null distribution
// of the Mann-Whitney U statistic for samples of sizes n and m without
// ties (Hollander & Wolfe, Nonparametric Statistical Methods, 3rd ed.,
// section 4.3; Bauer 1972, JASA 67:687–690). level is the coverage
// 1 − 2·P(U ≤ k−1) the interval then has, at least confidence. k == 0
// means the samples are too small for a finite interval (level is 1).
func uCritical(n, m int, confidence float64) (k int, level float64) {
	if n > m {
		n, m = m, n // the distribution of U is symmetric in n and m
	}
	key := uCutKey{n, m, confidence}
	if c, ok := uCutCache.Load(key); ok {
		c := c.(uCut)
		return c.k, c.level
	}
	if n*m <= exactLimit {
		k, level = uCriticalExact(n, m, confidence)
	} else {
		k, level = uCriticalNormal(n, m, confidence)
	}
	uCutCache.Store(key, uCut{k, level})
	return k, level
}

// uCriticalExact computes uCritical from the exact null distribution of U.
func uCriticalExact(n, m int, confidence float64) (k int, level float64) {
	tail := (1 - confidence) / 2
	counts := uCounts(n, m, n*m/2) // the lower tail never reaches past the centre
	total := binomial(n+m, n)
	cum := 0.0
	for u, c := range counts {
		p := (cum + c) / total
		if p > tail*(1+1e-12) {
			break
		}
		cum += c
		k = u + 1
	}
	if k == 0 {
		return 0, 1
	}
	return k, 1 - 2*cum/total
}

// uCriticalNormal computes uCritical from the normal approximation of U,
// mean nm/2 and variance nm(n+m+1)/12, with continuity correction.
func uCriticalNormal(n, m int, confidence float64) (k int, level float64) {
	nm := float64(n) * float64(m)
	mean := nm / 2
	sd := math.Sqrt(nm * float64(n+m+1) / 12)
	z := math.Sqrt2 * math.Erfinv(confidence) // the (1+confidence)/2 quantile of N(0, 1)
	k = int(math.Floor(mean + 0.5 - z*sd))
	if k <= 0 {
		return 0, 1
	}
	return k, 1 - 2*normalCDF((float64(k)-0.5-mean)/sd)
}

// uCounts returns, for u = 0 … umax, the number of the C(n+m, n)
// orderings of n values from one sample and m from the other in which
// exactly u pairs have the first sample's value above the second's. It
// uses the recurrence of Mann & Whitney (1947), c(n, m, u) =
// c(n−1, m, u−m) + c(n, m−1, u): the largest value belongs to the first
// sample (and tops all m of the second) or to the second. Only additions
// of non-negative counts, so the float64 counts keep full relative
// precision.
func uCounts(n, m, umax int) []float64 {
	rows := make([][]float64, n+1) // rows[i] is c(i, j, ·) for the current j
	for i := range rows {
		rows[i] = make([]float64, umax+1)
		rows[i][0] = 1 // j = 0: only u = 0
	}
	for j := 1; j <= m; j++ {
		for i := 1; i <= n; i++ {
			prev, cur := rows[i-1], rows[i] // c(i−1, j, ·), c(i, j−1, ·)
			for u := umax; u >= j; u-- {
				cur[u] += prev[u-j]
			}
		}
	}
	return rows[n]
}

// binomial returns C(n, k) as a float64.
func binomial(n, k int) float64 {
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(n-k+i) / float64(i)
	}
	return c
}

// normalCDF is the cumulative distribution function of N(0, 1).
func normalCDF(x float64) float64 {
	return math.Erfc(-x/math.Sqrt2) / 2
}
