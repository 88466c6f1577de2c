package claims

import "fmt"

// factorAfterOwnPair (forty-ninth round): a factor written right after
// the two figures it divides — "goes from 38 to 4 allocations (9.5x
// fewer), a medium one from 97 to 4", "runs in 76 instead of 191 minutes
// (2.51x faster, 115 minutes saved)" — was checked against another pair
// of its line (the next clause's "97 to 4", the "115 … 37 minutes" after
// it) and called an arithmetic error. A factor alarmed arithmetic-error
// on a pair of its own line is consistent when the last two figures
// before it in its sentence, of one quantity and unit (counts taken as
// exact) and with no factor or percentage between them and it, give it
// at its rounding; a factor
// those two do not give ("from 412 to 6, 82 times fewer", 68.7x) keeps
// its alarm. Cost: per alarmed factor, one scan of its sentence's
// figures (its line and the wrapped lines around it).
const factorAfterOwnPair = true

// unalarmFactorsAfterOwnPair: see factorAfterOwnPair.
func (x *extractor) unalarmFactorsAfterOwnPair() {
	if !factorAfterOwnPair {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || c.Verdict != ArithmeticError || c.Pair == nil || c.Pair.OldLine != c.Line && c.Pair.NewLine != c.Line ||
			c.stated.Text == "" || c.stated.isRange() || !(c.stated.Value > 1) || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		i := c.Line - 1
		raw := blankCode(plain(x.lines[i].raw))
		prev := x.wrappedLine(i, i-1)
		text, off := raw, 0
		if prev != "" {
			text, off = prev+" "+raw, len(prev)+1
		}
		figs := x.figuresOf(text)
		at := -1
		for j := range figs {
			if figs[j].start >= off && figs[j].Text == c.stated.Text && figs[j].Unit == "x" {
				at = j
				break
			}
		}
		if at < 2 {
			continue
		}
		lo, _ := sentenceBounds(text, figs[at].start)
		a, b := figs[at-2], figs[at-1]
		if a.start < lo || a.Unit == "x" || b.Unit == "x" || a.Unit == "%" || b.Unit == "%" || a.Quantity != b.Quantity && a.Unit != "" && b.Unit != "" ||
			a.isRange() || b.isRange() || !(a.Value > 0) || !(b.Value > 0) || a.Unit != b.Unit && a.Unit != "" && b.Unit != "" {
			continue
		}
		alo, ahi := a.base()
		blo, bhi := b.base()
		if a.Unit == "" || b.Unit == "" || a.Quantity == Allocs && b.Quantity == Allocs {
			// Counts ("from 38 to 4 allocations") are exact: the
			// rounding of a one-digit figure would give almost any
			// factor.
			alo, ahi = a.Value, a.Value
			blo, bhi = b.Value, b.Value
		}
		qlo, qhi := alo/bhi, ahi/blo
		if alo < blo {
			qlo, qhi = blo/ahi, bhi/alo
		}
		if qhi < c.stated.Value-c.stated.step/2 || qlo > c.stated.High+c.stated.step/2 {
			continue
		}
		// Unordered: "76 instead of 191 minutes" writes the new figure
		// first; the larger is put first.
		p := Pair{Old: a.Number, New: b.Number, OldLine: c.Line, NewLine: c.Line, From: "the two figures before it in its sentence"}
		if a.start < off {
			p.OldLine = c.Line - 1
		}
		if alo < blo {
			p.Old, p.New, p.OldLine, p.NewLine = p.New, p.Old, p.NewLine, p.OldLine
		}
		c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
		c.Pair = &p
		c.Detail = fmt.Sprintf("%s and %s (the two figures before it in its sentence) give %sx", p.Old.String(), p.New.String(), c.stated.Text)
	}
}
