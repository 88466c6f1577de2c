package claims

import (
	"fmt"
	"math"
)

// differenceOwnSentence (fifty-fifth round): a difference called an
// arithmetic error against a pair of another line ("The p95 fell by
// 101.1 ms, from 182.4 ms to 81.3 ms" checked against a summary's 182.4
// ms → 79.3 ms, 103 ms) is consistent when two other figures of its own
// sentence, in its unit, give it: the sentence states which pair it
// subtracts, and that a side of the pair differs from another line's is
// for that side's own claim to answer, not the difference's. Figures in
// another unit are left alone (a difference of MiB stated in GB is where
// unit slips hide). Arithmetic: |a − b| in the base unit, each figure
// widened by half its last digit (diffRange), the stated one by its
// rounding (rangeMatch). Cost: per alarmed difference one figure scan
// of its sentence (its line and the lines it wraps from and to) and its
// figures taken two at a time, at most six of them.
const differenceOwnSentence = true

// holdDifferencesOwnSentence: see differenceOwnSentence.
func (x *extractor) holdDifferencesOwnSentence() {
	if !differenceOwnSentence {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != ArithmeticError || c.Kind != Absolute || c.Cross == nil || c.Cross.Derivation != Difference ||
			len(c.Numbers) != 1 || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		n := c.Numbers[0]
		if n.isRange() || !(n.mid() > 0) || n.Quantity == Unknown {
			continue
		}
		text, _ := x.proseWithWrap(c.Line)
		if next := x.wrappedLine(c.Line-1, c.Line); next != "" {
			text += " " + next
		}
		at := indexFigure(text, n.Text)
		if at < 0 {
			continue
		}
		lo, hi := sentenceAround(text, n.Text)
		var figs []figure
		for _, f := range scanFigures(text[lo:hi]) {
			if lo+f.start == at || f.isRange() || f.Quantity != n.Quantity || f.Unit != n.Unit || f.plusMinus || f.sign != 0 || !(f.mid() > 0) {
				continue
			}
			figs = append(figs, f)
		}
		if len(figs) > 6 {
			continue
		}
		for i := 0; i < len(figs) && c.Verdict == ArithmeticError; i++ {
			for j := i + 1; j < len(figs); j++ {
				p := &Pair{Old: figs[i].Number, New: figs[j].Number}
				dlo, dhi := diffRange(p)
				if math.IsNaN(dlo) || !rangeMatch(n, dlo, dhi) {
					continue
				}
				got := toUnit(math.Abs(p.Old.mid()-p.New.mid()), n)
				c.Verdict, c.Arithmetic = Consistent, Consistent
				c.Cross = &Cross{Reason: DerivedHolds, Derivation: Difference, Lines: []int{c.Line}, Stated: n, Got: got,
					GotUnit: n.Unit, Operands: []Number{p.Old, p.New}}
				c.Detail = fmt.Sprintf("difference recomputed: %s − %s (its own sentence) gives %s %s",
					p.Old, p.New, trimFloat(got, 4), n.Unit)
				break
			}
		}
	}
}
