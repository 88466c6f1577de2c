package claims

import (
	"math"
	"regexp"
)

// perItemSlip (twenty-seventh round, testdata/labels/README.md): a time
// per item that is a time of the text before it over a count it states,
// with its metric prefix slipped — "94,312 ns → 19,247 ns per batch of
// 1,024 … the per-option cost falls from 92.1 µs to 18.8 µs" (94,312 ns /
// 1,024 is 92.1 ns), "at 100k series, 19.4 ms per cycle is 194 µs per
// series" (194 ns) — is a UnitSlip. The time has three significant
// digits, "per" is written beside it, and the quotient as written (no
// slip) is not what the text's figures give.
const perItemSlip = true

// perNearRE finds "per" (or "per-") in the words around a figure.
var perNearRE = regexp.MustCompile(`(?i)\bper[\s-]`)

// checkPerItemSlips: see perItemSlip.
func (x *extractor) checkPerItemSlips() {
	if !perItemSlip {
		return
	}
	cs := x.rep.Claims
	var add []Claim
	for k := range cs {
		c := &cs[k]
		if c.Kind != Absolute && c.Kind != BeforeAfter || c.Verdict != Unverifiable || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		text, raw := x.proseWithWrap(c.Line)
		figs := x.figuresOf(text)
		var hits []*Cross
		var slipped []Number
		for _, n := range c.Numbers {
			if n.Quantity != Time || n.isRange() || !(n.mid() > 0) || !metricSeconds[n.Unit] || sigDigits(n.Text) < 3 {
				continue
			}
			bi := lastWritten(text, figs, n, raw)
			if bi < 1 {
				continue
			}
			f := figs[bi]
			lo, hi := max(0, f.start-40), min(len(text), f.end+16)
			if !perNearRE.MatchString(text[lo:hi]) {
				continue
			}
			tol := n.step/n.Value/2 + 1e-6
			var hit *Cross
			for j := 0; j < bi && hit == nil; j++ {
				a := figs[j]
				if a.Quantity != Time || a.isRange() || !metricSeconds[a.Unit] || !(a.mid() > 0) {
					continue
				}
				for i := range figs {
					m := figs[i]
					if i == j || i == bi || m.Unit != "" && m.Quantity != Count || m.isRange() || m.Unit == "%" || m.Unit == "x" || !(m.mid() >= 2) {
						continue
					}
					q := a.mid() / m.mid()
					if math.Abs(q/n.mid()-1) <= tol+a.step/a.Value/2 {
						// The quotient as written: consistent, no slip.
						hit = nil
						j = bi
						break
					}
					for _, slip := range []float64{1000, 0.001} {
						if math.Abs(q*slip/n.mid()-1) <= tol+a.step/a.Value/2 {
							hit = &Cross{Derivation: Rate, Reason: UnitSlip, Factor: slip, Lines: []int{c.Line}, Stated: n,
								Got: toUnit(q, n), GotUnit: n.Unit, Operands: []Number{a.Number, m.Number}}
						}
					}
					if hit != nil {
						break
					}
				}
			}
			if hit != nil {
				hits, slipped = append(hits, hit), append(slipped, n)
			}
		}
		switch {
		case len(hits) == 0:
		case len(hits) == len(c.Numbers):
			// Both sides of a pair slipped alike: the claim's error.
			setCross(c, hits[0])
		default:
			add = append(add, alarmOnFigure(c, slipped[0], hits[0])...)
		}
	}
	x.addClaims(add)
}

// sigDigits counts the significant digits of a figure as written.
func sigDigits(text string) int {
	n, lead := 0, true
	for i := 0; i < len(text); i++ {
		ch := text[i]
		if ch < '0' || ch > '9' {
			continue
		}
		if lead && ch == '0' {
			continue
		}
		lead = false
		n++
	}
	return n
}
