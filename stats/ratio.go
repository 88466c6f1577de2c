package stats

import (
	"math"
	"math/bits"
	"slices"
)

// Ratio methods, the values of Comparison.Method.
const (
	// MethodExact: each side's values are all identical; the ratio is
	// new/old of those values and has no interval.
	MethodExact = "exact"

	// MethodLogShift: Hodges-Lehmann estimate and distribution-free
	// interval of the shift between the log samples, as a ratio.
	MethodLogShift = "hodges-lehmann log shift"

	// MethodShift: Hodges-Lehmann estimate and interval of the additive
	// shift between the samples, divided by the old median; used when a
	// value is 0, where the logarithm is undefined.
	MethodShift = "hodges-lehmann shift"
)

// hodgesLehmann returns the Hodges-Lehmann estimate of the shift y − x,
// the median of the n·m pairwise differences y_j − x_i (Hodges & Lehmann
// 1963, Ann. Math. Statist. 34:598–611), and its distribution-free
// confidence interval [D(k), D(nm+1−k)] from the order statistics of those
// differences at the Mann-Whitney U critical value k (see uCritical).
// level is the interval's coverage, at least confidence, when y is x
// shifted by a constant and the values are continuous; for discrete values
// (ties) the closed interval keeps at least that coverage (Noether 1967,
// JASA 62:184–188). lo and hi are -Inf and +Inf when
// the samples are too small for a finite interval. x and y must not be
// empty.
func hodgesLehmann(x, y []float64, confidence float64) (shift, lo, hi, level float64) {
	d := make([]float64, 0, len(x)*len(y))
	for _, yj := range y {
		for _, xi := range x {
			d = append(d, yj-xi)
		}
	}
	// Only three or four order statistics are needed: select them in
	// expected linear time instead of sorting the n·m differences.
	mid := (len(d) - 1) / 2
	selectKth(d, mid)
	shift = d[mid]
	if len(d)%2 == 0 {
		shift = (shift + slices.Min(d[mid+1:])) / 2
	}
	k, level := uCritical(len(x), len(y), confidence)
	if k == 0 {
		return shift, math.Inf(-1), math.Inf(1), level
	}
	return shift, orderStat(d, mid, k-1), orderStat(d, mid, len(d)-k), level
}

// orderStat returns the element of rank i (0-based) of d, given that
// d[mid] already holds the element of rank mid with no larger element
// before it and no smaller one after it. It reorders d on i's side of mid.
func orderStat(d []float64, mid, i int) float64 {
	switch {
	case i < mid:
		selectKth(d[:mid], i)
	case i > mid:
		selectKth(d[mid+1:], i-mid-1)
	}
	return d[i]
}

// selectKth reorders d so that d[k] is the element of rank k (0-based),
// with no larger element before it and no smaller one after it
// (quickselect with a median-of-three pivot, falling back to sorting the
// remaining range after 2·log2(len(d)) rounds, so the worst case is
// O(n log n)). d must not contain NaN.
func selectKth(d []float64, k int) {
	lo, hi := 0, len(d)-1 // d[k] lies in d[lo:hi+1]
	for rounds := 2 * bits.Len(uint(len(d))); hi > lo; rounds-- {
		if rounds == 0 {
			slices.Sort(d[lo : hi+1])
			return
		}
		// Median of three as pivot, then Hoare partition.
		m := lo + (hi-lo)/2
		a, b, c := d[lo], d[m], d[hi]
		pivot := max(min(a, b), min(max(a, b), c))
		i, j := lo, hi
		for i <= j {
			for d[i] < pivot {
				i++
			}
			for d[j] > pivot {
				j--
			}
			if i <= j {
				d[i], d[j] = d[j], d[i]
				i++
				j--
			}
		}
		// Now d[lo:j+1] ≤ pivot, d[j+1:i] == pivot, d[i:hi+1] ≥ pivot.
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return
		}
	}
}

// ratioCI returns the ratio new/old, its confidence interval and the method
// used, for samples of positive or zero values (callers handle negative
// ones). When every value is positive it is the Hodges-Lehmann estimate
// on log values, exp(median of log(new_j) − log(old_i)), which assumes
// that new is old scaled by a constant factor (a shift in log space). When
// a value is 0 it is the additive Hodges-Lehmann shift Δ and its interval,
// each expressed as (m+Δ)/m for the old median m, with 0/0 = 1, x/0 = +Inf
// and bounds below 0 raised to 0.
func ratioCI(old, new []float64, confidence float64) (ratio, lo, hi float64, method string) {
	if slices.Min(old) > 0 && slices.Min(new) > 0 {
		shift, l, h, _ := hodgesLehmann(logs(old), logs(new), confidence)
		return math.Exp(shift), math.Exp(l), math.Exp(h), MethodLogShift
	}
	shift, l, h, _ := hodgesLehmann(old, new, confidence)
	m := median(slices.Sorted(slices.Values(old)))
	return shiftRatio(m, shift), shiftRatio(m, l), shiftRatio(m, h), MethodShift
}

// shiftRatio returns (m+shift)/m for a non-negative median m, with 0/0 = 1,
// x/0 = +Inf for x > 0, and negative ratios raised to 0.
func shiftRatio(m, shift float64) float64 {
	r := exactRatio(m+shift, m)
	if r < 0 || math.IsInf(r, -1) {
		return 0
	}
	return r
}

// exactRatio returns new/old with 0/0 = 1 and x/0 = ±Inf by the sign of x.
func exactRatio(new, old float64) float64 {
	if old == 0 {
		switch {
		case new == 0:
			return 1
		case new > 0:
			return math.Inf(1)
		default:
			return math.Inf(-1)
		}
	}
	return new / old
}

func logs(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = math.Log(x)
	}
	return out
}
