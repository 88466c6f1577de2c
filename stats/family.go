package stats

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Holm corrects the verdicts of comparisons made together, such as every
// benchmark of one perfproof compare, for their number: tested each at
// Alpha 0.05, twenty comparisons of an unchanged module would give a
// false faster or slower in up to 64 % of runs (1 − 0.95^20), and a gate
// failing on any of them could not be trusted. With the correction, the chance that any verdict
// of a family is a false faster or slower is at most Alpha (the
// family-wise error rate), whatever the dependence between the
// comparisons.
//
// A family is the comparisons in cs of one unit that have a p-value (P
// not NaN): each unit is corrected on its own, since the units of one
// benchmark measure the same runs (B/s is bytes over sec/op, the same
// test again) or nearly constant counts (B/op, allocs/op), and counting
// them in one family would cost power and buy nothing. Exact comparisons
// have no p-value and keep their verdicts. Each comparison gets its
// Holm-adjusted p-value, PAdjusted, and the family's size, Family:
// sorted by P, the k-th smallest of m adjusted is the largest of
// (m − j + 1)·P_(j) over j ≤ k, capped at 1 (S. Holm, "A simple
// sequentially rejective multiple test procedure", Scandinavian Journal
// of Statistics 6:65–70, 1979). Its verdict is then recomputed with
// PAdjusted in place of P: a Faster or Slower whose PAdjusted is not
// below opts.Alpha becomes Inconclusive, its Reason giving both p-values.
// Unchanged verdicts, which rest on the ratio interval, are kept. With
// opts.PerComparison, or a family of one, Holm changes nothing but
// setting PAdjusted = P and Family.
//
// Holm is the step-down refinement of Bonferroni's P·m: as strict for
// the smallest p-value, less for the others, so a change that makes many
// benchmarks slower is not diluted by their number.
func Holm(cs []*Comparison, opts Options) {
	opts = opts.withDefaults()
	byUnit := make(map[string][]*Comparison)
	var units []string
	for _, c := range cs {
		c.PAdjusted, c.Family = math.NaN(), 0
		if !math.IsNaN(c.P) {
			if _, ok := byUnit[c.Unit]; !ok {
				units = append(units, c.Unit)
			}
			byUnit[c.Unit] = append(byUnit[c.Unit], c)
		}
	}
	for _, u := range units {
		holm(byUnit[u], opts)
	}
}

// holm corrects one family.
func holm(fam []*Comparison, opts Options) {
	m := len(fam)
	slices.SortStableFunc(fam, func(a, b *Comparison) int { return cmp.Compare(a.P, b.P) })
	prev := 0.0
	for j, c := range fam {
		adj := c.P
		if !opts.PerComparison {
			adj = min(1, max(prev, float64(m-j)*c.P))
			prev = adj
		}
		c.PAdjusted, c.Family = adj, m
		if (c.Verdict == Faster || c.Verdict == Slower) && !c.Exact && adj >= opts.Alpha {
			c.Reason = fmt.Sprintf("too noisy: p=%.2g < %v alone, but %.2g ≥ %v after Holm's correction for the %d comparisons of %s made together (ratio %.3f, CI [%.3f, %.3f])",
				c.P, opts.Alpha, adj, opts.Alpha, m, c.Unit, c.Ratio, c.RatioLo, c.RatioHi)
			c.Verdict, c.Corrected = Inconclusive, true
		}
	}
}
