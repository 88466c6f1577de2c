package stats

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Holm corrects the verdicts of comparisons made together, such as every
// benchmark and unit of one perfproof compare, for their number: tested
// each at Alpha, twenty comparisons without any change would give a false
// faster or slower about once in every run, and a gate failing on any
// of them could not be trusted. With the correction, the chance that any
// of the family's verdicts is a false faster or slower is at most Alpha
// (the family-wise error rate), whatever the dependence between the
// comparisons.
//
// The family is every comparison in cs with a p-value (P not NaN); exact
// comparisons have none and keep their verdicts. Each gets its
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
	var fam []*Comparison
	for _, c := range cs {
		c.PAdjusted, c.Family = math.NaN(), 0
		if !math.IsNaN(c.P) {
			fam = append(fam, c)
		}
	}
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
			c.Reason = fmt.Sprintf("too noisy: p=%.2g < %v alone, but %.2g ≥ %v after Holm's correction for the %d comparisons made together (ratio %.3f, CI [%.3f, %.3f])",
				c.P, opts.Alpha, adj, opts.Alpha, m, c.Ratio, c.RatioLo, c.RatioHi)
			c.Verdict = Inconclusive
		}
	}
}
