package claims

import (
	"fmt"
	"math"
)

// differenceOfPrintedPair (fifty-fifth round): a difference called
// unsupported because the closest pair of its subject does not give it
// ("The SI-10 parse saves 1.312 µs per card" set against a prose pair
// 2.914 µs → 415.1 ns, where the criterion table's row parse_punches/si10
// prints 2.914 µs → 1.602 µs) is consistent when a pair a table or
// program output prints gives it: the subject search missed the row (its
// name is written otherwise), and a difference written with three
// significant digits or more that a printed pair gives at their
// roundings is no coincidence. Arithmetic: |old − new| in the base unit,
// each side widened by half its last digit (diffRange), the stated
// figure by its rounding (rangeMatch), same quantity. Cost: per such
// claim one pass over the report's pairs.
const differenceOfPrintedPair = true

// holdDifferencesOfPrintedPairs: see differenceOfPrintedPair.
func (x *extractor) holdDifferencesOfPrintedPairs() {
	if !differenceOfPrintedPair {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Unsupported || c.Kind != Absolute || c.Cross == nil || c.Cross.Derivation != Difference ||
			c.Cross.Reason != ClosestPair || len(c.Numbers) != 1 {
			continue
		}
		n := c.Numbers[0]
		if n.isRange() || !(n.mid() > 0) || significantDigits(digitsOf(n.Text)) < 3 {
			continue
		}
		for _, d := range x.pairs {
			p := d.p
			if p.OldLine < 1 || p.OldLine > len(x.lines) || p.NewLine < 1 || p.NewLine > len(x.lines) ||
				x.lines[p.OldLine-1].kind == lkProse || x.lines[p.NewLine-1].kind == lkProse ||
				canonical(p.Old.Quantity) != canonical(n.Quantity) || canonical(p.New.Quantity) != canonical(n.Quantity) {
				continue
			}
			lo, hi := diffRange(p)
			if math.IsNaN(lo) || !rangeMatch(n, lo, hi) {
				continue
			}
			got := toUnit(math.Abs(p.Old.mid()-p.New.mid()), n)
			c.Verdict, c.Arithmetic = Consistent, Consistent
			c.Cross = &Cross{Reason: DerivedHolds, Derivation: Difference, Lines: []int{p.OldLine, p.NewLine}, Stated: n, Got: got,
				GotUnit: n.Unit, Operands: []Number{p.Old, p.New}}
			c.Detail = fmt.Sprintf("difference recomputed: %s − %s (%s, line %d) gives %s %s",
				p.Old, p.New, p.From, p.OldLine, trimFloat(got, 4), n.Unit)
			break
		}
	}
}
