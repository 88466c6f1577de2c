package claims

import (
	"fmt"
	"math"
	"regexp"
	"slices"
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
			got, ok := holdByDifference(c, n, p)
			if !ok {
				continue
			}
			c.Detail = fmt.Sprintf("difference recomputed: %s − %s (%s, line %d) gives %s %s",
				p.Old, p.New, p.From, p.OldLine, trimFloat(got, 4), n.Unit)
			break
		}
	}
}

// differenceSlipOfPrintedPair (fifty-fifth round): a time of prose left
// unverifiable, stated as a saving ("each segment now costs 261 µs
// less" where benchstat prints 412.0n → 151.0n; "the saving is 18.16 ns
// per frame" where the row prints 27.48µ → 9.318µ), is an arithmetic
// error, a unit slip, when a pair a table or program output prints gives
// it a thousand times larger or smaller (slipOf) and no printed pair
// gives it as written. The figure must have three significant digits or
// more, written in ns, µs or ms, its digits those of the printed pair's
// difference rounded to as many, and its sentence a word of saving
// (less, saves, saving, shorter, lower, cut). A claim holding the time
// and one other figure ("18.16 ns per frame, 66.1 % of the old time")
// gives up the time as a claim of its own. A figure whose digits a table
// or output prints is left alone (digitsPrinted). Cost: per such claim
// one pass over the report's pairs and one over its facts.
const differenceSlipOfPrintedPair = true

// savingWordRE finds a word that states a figure as a saving.
var savingWordRE = regexp.MustCompile(`(?i)\b(?:less|saves?|saving|shorter|lower|cut)\b`)

// slipDifferencesOfPrintedPairs: see differenceSlipOfPrintedPair.
func (x *extractor) slipDifferencesOfPrintedPairs() {
	if !differenceSlipOfPrintedPair {
		return
	}
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		var n Number
		if c.Verdict != Unverifiable || c.Kind != Absolute || c.Cross != nil || len(c.Numbers) < 1 || c.expected ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		times := 0
		for _, m := range c.Numbers {
			if m.Quantity == Time {
				n, times = m, times+1
			}
		}
		if times != 1 || len(c.Numbers) > 2 || n.Quantity != Time || n.Unit != "ns" && n.Unit != "µs" && n.Unit != "us" && n.Unit != "ms" || n.isRange() || !(n.mid() > 0) || significantDigits(digitsOf(n.Text)) < 3 {
			continue
		}
		text, _ := x.proseWithWrap(c.Line)
		if next := x.wrappedLine(c.Line-1, c.Line); next != "" {
			text += " " + next
		}
		lo, hi := sentenceAround(text, n.Text)
		if !savingWordRE.MatchString(text[lo:hi]) {
			continue
		}
		var slip *Pair
		var factor float64
		exact := false
		for _, d := range x.pairs {
			p := d.p
			if p.OldLine < 1 || p.OldLine > len(x.lines) || p.NewLine < 1 || p.NewLine > len(x.lines) ||
				x.lines[p.OldLine-1].kind == lkProse || x.lines[p.NewLine-1].kind == lkProse ||
				p.Old.Quantity != Time || p.New.Quantity != Time {
				continue
			}
			dlo, dhi := diffRange(p)
			if math.IsNaN(dlo) {
				continue
			}
			if rangeMatch(n, dlo, dhi) {
				exact = true
				break
			}
			if f := slipOf(n, dlo, dhi); f != 0 && slip == nil && sameDigitsTrimmed(digitsOf(n.Text), digitsOf(trimFloat(toUnit(math.Abs(p.Old.mid()-p.New.mid())*f, n), significantDigits(digitsOf(n.Text))))) {
				slip, factor = p, f
			}
		}
		if exact || slip == nil || x.digitsPrinted(n) {
			continue
		}
		cx := &Cross{Reason: UnitSlip, Derivation: Difference, Lines: []int{slip.OldLine, slip.NewLine}, Stated: n,
			Got: toUnit(math.Abs(slip.Old.mid()-slip.New.mid()), n), GotUnit: n.Unit, Factor: factor, Operands: []Number{slip.Old, slip.New}}
		if len(c.Numbers) == 1 {
			setCross(c, cx)
			continue
		}
		// "18.16 ns per frame, 66.1 % of the old time": the time is a
		// claim of its own, split from the percentage beside it.
		at := slices.IndexFunc(c.Numbers, func(m Number) bool { return m.Text == n.Text && m.Unit == n.Unit })
		e := *c
		e.Numbers, e.Claimed, e.Quantity = []Number{n}, n.String(), n.Quantity
		setCross(&e, cx)
		add = append(add, e)
		c.Numbers = slices.Delete(slices.Clone(c.Numbers), at, at+1)
		c.Claimed = c.Numbers[0].String()
	}
	x.addClaims(add)
}

// digitsPrinted reports whether a table or program output line prints a
// figure with n's digits, in any unit: a change written with those
// digits restates that figure (savingRestatesSaving reads it), or is a
// level read as a saving, and is no slip of a pair's difference.
func (x *extractor) digitsPrinted(n Number) bool {
	d := digitsOf(n.Text)
	for _, f := range x.rep.Facts {
		if f.Line >= 1 && f.Line <= len(x.lines) && x.lines[f.Line-1].kind != lkProse && digitsOf(f.Value.Text) == d {
			return true
		}
	}
	return false
}

// holdByDifference makes c consistent, derived as the difference of p's
// sides, when the stated figure n rounds that difference (diffRange, in
// n's unit); it returns the difference in n's unit and whether it held.
// The caller writes c's Detail.
func holdByDifference(c *Claim, n Number, p *Pair) (float64, bool) {
	lo, hi := diffRange(p)
	if math.IsNaN(lo) || !rangeMatch(n, lo, hi) {
		return 0, false
	}
	got := toUnit(math.Abs(p.Old.mid()-p.New.mid()), n)
	c.Verdict, c.Arithmetic = Consistent, Consistent
	c.Cross = &Cross{Reason: DerivedHolds, Derivation: Difference, Lines: []int{p.OldLine, p.NewLine}, Stated: n, Got: got,
		GotUnit: n.Unit, Operands: []Number{p.Old, p.New}}
	return got, true
}
