package claims

import (
	"slices"
)

// pairSidePrefixSlip (fifty-first round): a before → after pair of prose
// that quotes a pair of the report's tables or output with the figure
// after a thousand times off ("ParseInterval went from 412 ns to 96.4 µs
// per record" beside benchstat's "412.0n … 96.40n"; "Decoding a frame
// now takes 11.9 ms instead of 49.0" beside pytest-benchmark's means
// 49.0124 and 11.8934 µs) was left unverifiable, "states figures but no
// ratio to check": the checks of prefix slips read a figure standing
// alone, and a figure after whose value another line writes in another
// unit. When the figure before is the output pair's figure before, as
// written or a thousand times off the same way as the figure after, and
// the figure after is the output pair's figure after a thousand times
// off (in base units), and no pair of the report states the prose figure
// after as written, the figure after is contradicted by the output:
// its unit's prefix slipped. Only times with a unit written and three
// significant digits or more are read. Cost: the report's pairs of
// tables and output indexed once by quantity and value (a fiftieth of a
// decade); per pair of prose, the few near its figure before, as written
// and a thousand times either way.
const pairSidePrefixSlip = true

// checkPairSidePrefixSlips: see pairSidePrefixSlip.
func (x *extractor) checkPairSidePrefixSlips() {
	if !pairSidePrefixSlip || len(x.pairs) < 2 {
		return
	}
	byOld := make(valueIndex[*docPair])
	type figOf struct {
		n Number
		d *docPair
	}
	stated := make(valueIndex[figOf]) // every figure of a pair, as stated
	for _, a := range x.pairs {
		if a.p.OldLine < 1 || a.p.NewLine < 1 || a.p.Old.isRange() || a.p.New.isRange() || !(a.p.Old.mid() > 0) || !(a.p.New.mid() > 0) {
			continue
		}
		q := a.p.canonicalQ()
		for _, m := range []Number{a.p.Old, a.p.New} {
			stated.add(q, m.mid(), figOf{m, a})
		}
		if x.lines[a.p.OldLine-1].kind == lkProse || x.lines[a.p.NewLine-1].kind == lkProse || x.isPrevious(a.section) {
			continue
		}
		byOld.add(q, a.p.Old.mid(), a)
	}
	var add []Claim
	for _, b := range x.pairs {
		o, n := b.p.Old, b.p.New
		if b.p.OldLine < 1 || b.p.NewLine < 1 || x.lines[b.p.OldLine-1].kind != lkProse || x.lines[b.p.NewLine-1].kind != lkProse ||
			x.isPrevious(b.section) || o.Quantity != Time || n.Quantity != Time || n.Unit == "" || o.isRange() || n.isRange() ||
			!(o.mid() > 0) || !(n.mid() > 0) || significantDigits(digitsOf(n.Text)) < 3 {
			continue
		}
		q := b.p.canonicalQ()
		// The prose figure after is not a figure of any other pair as
		// written.
		if slices.ContainsFunc(stated.near(q, n.mid()), func(m figOf) bool { return m.d != b && sameFigure(m.n, n) }) {
			continue
		}
		var hit *docPair
		twice := false
		for _, f := range [...]float64{1, 1000, 0.001} {
			// f: the figure before is the output's times f (1 as
			// written, else slipped the same way as the figure after).
			for _, a := range byOld.near(q, o.mid()/f) {
				olo, ohi := a.p.Old.base()
				if !rangeMatch(o, olo*f, ohi*f) {
					continue
				}
				nlo, nhi := a.p.New.base()
				for _, g := range [...]float64{1000, 0.001} {
					if (f == 1 || f == g) && rangeMatch(n, nlo*g, nhi*g) && !rangeMatch(n, nlo, nhi) {
						if hit != nil && hit != a && !sameFigure(hit.p.New, a.p.New) {
							twice = true // two output pairs that disagree: which is quoted is not known
						}
						hit = a
					}
				}
			}
		}
		if hit == nil || twice {
			continue
		}
		for k := range x.rep.Claims {
			c := &x.rep.Claims[k]
			if c.Line != b.p.NewLine || c.Verdict.Failed() || c.expected ||
				!slices.ContainsFunc(c.Numbers, func(m Number) bool { return m.Text == n.Text && m.Unit == n.Unit }) {
				continue
			}
			cx := &Cross{Reason: RestatedDiffers, Lines: []int{hit.p.NewLine}, Stated: n, Got: toUnit(hit.p.New.mid(), n), GotUnit: n.Unit,
				Operands: []Number{hit.p.New}}
			add = append(add, alarmOnFigure(c, n, cx)...)
			break
		}
	}
	x.addClaims(add)
}
