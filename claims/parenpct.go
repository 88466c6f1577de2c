package claims

import "regexp"

// parenPercentOfFigure switches on unalarmParenPercents (twenty-sixth
// round, from blind25's "z10–13 saves 4.5 ms at p50 (−57 %) and its p99
// goes from 38.7 ms to 17.9 ms", measured on every other set:
// testdata/labels/README.md, "Twenty-sixth round").
const parenPercentOfFigure = true

// parenOpenRE matches the text between a figure and a percentage in
// parentheses right after it: "4.5 ms (−57 %", "147.6 node-hours (+71 %".
var parenOpenRE = regexp.MustCompile(`^\s*(?:[A-Za-z][\w-]*\s+){0,2}\(\s*[+\-−]?\s*$`)

// unalarmParenPercents takes back the alarm of a percentage written in
// parentheses right after a figure ("saves 4.5 ms at p50 (−57 %)", "an
// extra 147.6 node-hours (+71 %)", "6,500 for next year's peak (+71 %)"):
// the percentage is that figure's change — the figure over a before
// figure, when it is a difference, or the figure against a before
// figure, when it is a level — not the change of a pair elsewhere in the
// sentence. When a figure of its quantity in its sentence, the line
// before or a side of the report's pairs gives it either way, the
// percentage is consistent with it; the pair the alarm named is no
// evidence against it.
func (x *extractor) unalarmParenPercents() {
	if !parenPercentOfFigure {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Percent || !c.Verdict.fromReport() || c.stated.isRange() || !(c.stated.mid() > 0) ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		text, raw := x.proseWithWrap(c.Line)
		figs := x.figuresOf(text)
		pi := lastWritten(text, figs, c.stated, raw)
		if pi < 1 {
			continue
		}
		a := figs[pi-1]
		if a.Unit == "%" || a.Unit == "x" || a.isRange() || !(a.mid() > 0) || !parenOpenRE.MatchString(text[a.end:figs[pi].start]) {
			continue
		}
		if c.Cross != nil && len(c.Cross.Operands) > 0 {
			// The alarm rests on the figure itself: leave it.
			rests := false
			for _, o := range c.Cross.Operands {
				if sameFigure(o, a.Number) {
					rests = true
				}
			}
			if rests {
				continue
			}
		}
		lo, hi := c.stated.base()
		gives := func(vlo, vhi float64) bool { return vhi*100 >= lo*(1-1e-9) && vlo*100 <= hi*(1+1e-9) }
		var bases []Number
		for j := range figs {
			b := figs[j].Number
			if j == pi-1 || j == pi || b.isRange() || figs[j].plusMinus {
				continue
			}
			if b.Unit == "" && b.Quantity == Unknown {
				// "instead of 208.1, an extra 147.6 node-hours": a bare
				// figure of the sentence takes the figure's unit.
				b.Unit, b.Quantity, b.scale = a.Unit, a.Quantity, a.scale
			}
			if canonical(b.Quantity) == canonical(a.Quantity) {
				bases = append(bases, b)
			}
		}
		for _, d := range x.pairs {
			if canonical(d.p.canonicalQ()) == canonical(a.Quantity) {
				bases = append(bases, d.p.Old)
			}
		}
		var found *Number
		for i := range bases {
			b := bases[i]
			if !(b.mid() > 0) || a.Unit != "" && b.Unit != "" && canonical(a.Quantity) == Count && a.Unit != b.Unit {
				continue
			}
			alo, ahi := a.base()
			blo, bhi := b.base()
			if !(blo > 0) {
				continue
			}
			// The ratio's range, within both figures' rounding, as a
			// difference over its base and as a level against it.
			rlo, rhi := alo/bhi, ahi/blo
			if gives(rlo, rhi) || rlo > 1 && gives(rlo-1, rhi-1) || rhi < 1 && gives(1-rhi, 1-rlo) {
				found = &bases[i]
				break
			}
		}
		if found == nil {
			continue
		}
		c.Cross = &Cross{Reason: SupportedElsewhere, Lines: []int{c.Line}, Stated: c.stated, Got: c.stated.mid(), GotUnit: "%",
			Operands: []Number{*found, a.Number}}
		c.Verdict = Consistent
		c.Detail = c.Cross.String()
	}
}
