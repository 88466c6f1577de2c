package claims

import (
	"fmt"
	"sort"
)

// factorInTableHeld (fifty-third round): a summary or a list that
// rounds the factors of a results table ("9.7x faster" for a row's
// 9.72x, "5.8x at w=31, 16.7x at w=121" for 5.78x and 16.68x) had them
// called unsupported when the pairs tried for its subject gave other
// factors, or when the rows themselves state no pair. A factor alarmed
// unsupported is consistent when a factor printed in a table row or a
// program's output, of more digits than it or the same, rounds to it at
// its own rounding (half its last digit either way): the report gives
// it. The row's factor stays as it was checked; a factor no row prints
// keeps its alarm. Cost: the factors of table rows and output lines
// gathered once and sorted; one binary search per alarmed factor.
const factorInTableHeld = true

// unalarmTableFactors: see factorInTableHeld.
func (x *extractor) unalarmTableFactors() {
	if !factorInTableHeld {
		return
	}
	var printed []*Claim
	built := false
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || c.Verdict != Unsupported || c.stated.Text == "" || c.stated.isRange() || !(c.stated.Value > 1) || !(c.stated.step > 0) {
			continue
		}
		if !built {
			built = true
			for j := range x.rep.Claims {
				o := &x.rep.Claims[j]
				if o.Kind != Speedup || o.stated.Text == "" || o.stated.isRange() || o.Line < 1 || o.Line > len(x.lines) {
					continue
				}
				if lk := x.lines[o.Line-1].kind; lk != lkTable && lk != lkOutput {
					continue
				}
				if o.Verdict != Consistent && o.Verdict != Unverifiable {
					continue
				}
				printed = append(printed, o)
			}
			sort.Slice(printed, func(i, j int) bool { return printed[i].stated.Value < printed[j].stated.Value })
		}
		lo, hi := c.stated.Value-c.stated.step/2, c.stated.Value+c.stated.step/2
		i := sort.Search(len(printed), func(i int) bool { return printed[i].stated.Value >= lo-1e-9 })
		for ; i < len(printed) && printed[i].stated.Value <= hi+1e-9; i++ {
			o := printed[i]
			if o.Line == c.Line || o.stated.step > c.stated.step {
				continue
			}
			c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
			c.Detail = fmt.Sprintf("restates, rounded, the %sx of line %d", o.stated.Text, o.Line)
			break
		}
	}
}
