package claims

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// contradictionTableAgrees takes back a "contradicted" from a figure of
// prose whose value a table row or a line of program output also states,
// when the figure it was said to contradict is on a line of prose: of
// two sentences that disagree, the one that repeats the report's own
// table is not the misquote ("Cells now complete 338 orders per hour
// instead of 312 (+8.3 %)" against a summary's 341, while the cell table
// gives 312 and 338). The agreeing line must be neither the claim's nor
// the contradicting one, and for a pair it must state both of the
// pair's figures. The other sentence keeps its alarm: its figure is
// stated nowhere else. The figures of tables and output are indexed once
// by value (a fiftieth of a decade); each contradicted claim reads five
// buckets per figure. Forty-fifth round.
const contradictionTableAgrees = true

// unalarmTableAgreements: see contradictionTableAgrees.
func (x *extractor) unalarmTableAgreements() {
	if !contradictionTableAgrees {
		return
	}
	type at struct {
		f    figure
		line int
	}
	keyOf := func(v float64) int { return int(math.Floor(math.Log10(v) * 50)) }
	var index map[int][]at
	build := func() {
		index = make(map[int][]at)
		for i := range x.lines {
			if k := x.lines[i].kind; k != lkTable && k != lkOutput {
				continue
			}
			for _, f := range scanFigures(blankCode(plain(x.lines[i].raw))) {
				if f.Value > 0 && !f.isRange() {
					index[keyOf(f.Value)] = append(index[keyOf(f.Value)], at{f, i + 1})
				}
			}
		}
	}
	// linesOf returns the table and output lines stating n's value, at
	// n's rounding, in n's unit or with none written.
	linesOf := func(n Number) []int {
		if !(n.Value > 0) || n.isRange() {
			return nil
		}
		var out []int
		for b := keyOf(n.Value) - 2; b <= keyOf(n.Value)+2; b++ {
			for _, a := range index[b] {
				if a.f.Unit != "" && a.f.Unit != n.Unit && !(n.Unit == "%" && a.f.Unit == "%") {
					if a.f.Quantity != n.Quantity || !(a.f.scale > 0) || !(n.scale > 0) {
						continue
					}
					lo, hi := n.base()
					if v := a.f.Value * a.f.scale; v < lo || v > hi {
						continue
					}
				} else if math.Abs(a.f.Value-n.Value) > n.step/2*(1+1e-9) {
					continue
				} else if a.f.Unit == "" && n.Unit != "" && (n.Quantity == Time || n.Quantity == Memory) {
					// A bare cell or output figure names no prefix: a
					// time or size may be a thousand times it.
					continue
				}
				if significantDigits(digitsOf(a.f.Text)) < significantDigits(digitsOf(n.Text)) {
					continue
				}
				out = append(out, a.line)
			}
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Contradicted || c.Cross == nil || c.Cross.Reason != RestatedDiffers || len(c.Cross.Lines) != 1 ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		l := c.Cross.Lines[0]
		if l < 1 || l > len(x.lines) || x.lines[l-1].kind != lkProse || l == c.Line {
			continue
		}
		if index == nil {
			build()
		}
		need := []Number{c.Cross.Stated}
		if c.Pair != nil {
			need = []Number{c.Pair.Old, c.Pair.New}
		} else if significantDigits(strings.TrimRight(strings.ReplaceAll(digitsOf(c.Cross.Stated.Text), ".", ""), "0")) < 3 {
			// Two digits alone are common to many cells.
			continue
		}
		var agree []int
		for i, n := range need {
			ls := slices.DeleteFunc(linesOf(n), func(m int) bool { return m == c.Line || m == l })
			if i == 0 {
				agree = ls
			} else {
				agree = slices.DeleteFunc(agree, func(m int) bool { return !slices.Contains(ls, m) })
			}
		}
		if len(agree) == 0 {
			continue
		}
		c.Verdict, c.Arithmetic = Consistent, Consistent
		c.Cross = &Cross{Reason: SupportedElsewhere, Lines: []int{agree[0]}, Stated: c.Cross.Stated, Got: c.Cross.Stated.Value, GotUnit: c.Cross.Stated.Unit,
			Operands: need}
		c.Detail = fmt.Sprintf("restates the figures of line %d, a table or output line; the sentence on line %d that disagrees is the misquote", agree[0], l)
	}
}
