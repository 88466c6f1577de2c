package claims

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// quotientOfFigures takes back an "unsupported" from a factor of prose
// that no pair gives but that is, at its rounding, the quotient of a
// figure written on its own line and another figure of the same quantity
// written anywhere in the report ("at the peak-hour rate of 410 msg/s it
// caught up 10.1 times faster" after a replay at 4,138 msg/s; "1,200
// msg/s, 2.93x the peak hour" against the 410 msg/s stated in another
// section), when that figure is not one side of a pair written "X to Y",
// "X → Y" or "from X" (the factor's own), and, when the closest pair
// the alarm names is of that quantity (the factor may be about it), the
// other figure is on its line or the line before: the factor compares two levels the report states, not a
// before and an after figure, and those figures give it. It becomes
// consistent, naming them. Forty-third round.
const quotientOfFigures = true

// unalarmQuotients: see quotientOfFigures. The report's figures are
// sorted by quantity and value once; each claim looks up, for each
// figure of its line, the figures its factor times or divided by it
// would be (a binary search), not all of them.
func (x *extractor) unalarmQuotients() {
	if !quotientOfFigures || len(x.rep.Facts) < 2 {
		return
	}
	type fig struct {
		lo, hi float64
		f      *Fact
	}
	byQ := make(map[Quantity][]fig)
	byLine := make(map[int][]*Fact)
	for k := range x.rep.Facts {
		f := &x.rep.Facts[k]
		n := f.Value
		if n.isRange() || !(n.mid() > 0) || n.Quantity == Other || n.Quantity == Unknown || n.perLo != 0 {
			continue
		}
		lo, hi := n.base()
		byQ[n.Quantity] = append(byQ[n.Quantity], fig{lo, hi, f})
		byLine[f.Line] = append(byLine[f.Line], f)
	}
	for q := range byQ {
		slices.SortFunc(byQ[q], func(a, b fig) int {
			switch {
			case a.lo < b.lo:
				return -1
			case a.lo > b.lo:
				return 1
			}
			return 0
		})
	}
	var claimNums map[int][]Number
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || c.Verdict != Unsupported || c.Cross == nil || c.Cross.Reason != ClosestPair || c.Pair != nil ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse || c.stated.isRange() || c.stated.Approx ||
			significantDigits(digitsOf(c.stated.Text)) < 2 {
			continue
		}
		flo, fhi := c.stated.Value-c.stated.step/2, c.stated.High+c.stated.step/2
		if !(flo > 1) {
			continue
		}
		var found [2]*Fact
		for _, a := range byLine[c.Line] {
			// When the closest pair measures what the figures do, the
			// factor may be about that pair (a wrong one), and a
			// quotient of a figure written elsewhere a coincidence:
			// both figures must then be its sentence's own (its line
			// or the line before: "27 min 40 s against / 9 min 12 s,
			// 3.0x faster").
			near := closestOfQuantity(c.Cross, a.Value.Quantity)
			if x.sideOfPair(c.Line, a.Value.Text) {
				// One side of a pair ("2.84 s to / 0.91 s, is
				// 3.4x"): the factor is the pair's.
				continue
			}
			alo, ahi := a.Value.base()
			figs := byQ[a.Value.Quantity]
			// The other figure b, a/b or b/a in [flo, fhi]: b within
			// [alo/fhi, ahi/flo] or [alo*flo, ahi*fhi].
			for _, r := range [][2]float64{{alo / fhi, ahi / flo}, {alo * flo, ahi * fhi}} {
				i, _ := slices.BinarySearchFunc(figs, r[0], func(e fig, t float64) int {
					switch {
					case e.hi < t:
						return -1
					case e.hi > t:
						return 1
					}
					return 0
				})
				for ; i < len(figs) && figs[i].lo <= r[1]; i++ {
					b := figs[i]
					if b.f == a || b.hi < r[0] || b.f.Line == c.Line && b.f.Value.Text == a.Value.Text ||
						near && b.f.Line != c.Line && b.f.Line != c.Line-1 {
						continue
					}
					if b.lo > 0 && (ahi/b.lo >= flo && alo/b.hi <= fhi || b.hi/alo >= flo && b.lo/ahi <= fhi) {
						found = [2]*Fact{a, b.f}
						break
					}
				}
				if found[0] != nil {
					break
				}
			}
			if found[0] != nil {
				break
			}
		}
		if found[0] == nil && quotientOnLine {
			text := plain(x.lines[c.Line-1].raw)
			if c.Line >= 2 && x.lines[c.Line-2].kind == lkProse {
				// A sentence wrapped from the line before ("11,874
				// updates per ms" / "instead of 2,141, 5.5x").
				text = plain(x.lines[c.Line-2].raw) + " " + text
			}
			if a, b, ok := lineQuotient(text, c.stated.Text, flo, fhi); ok {
				c.Cross, c.Verdict = nil, Consistent
				c.Detail = fmt.Sprintf("the quotient of its line's figures %s and %s gives %s", a, b, c.stated.Text)
				continue
			}
		}
		if found[0] == nil && quotientOfBlockRuns && len(byLine[c.Line]) == 0 && len(byLine[c.Line-1]) == 0 {
			if claimNums == nil {
				claimNums = make(map[int][]Number)
				for j := range x.rep.Claims {
					o := &x.rep.Claims[j]
					if o.Kind == Absolute && o.Line >= 1 && x.lines[o.Line-1].kind == lkOutput {
						claimNums[o.Line] = append(claimNums[o.Line], o.Numbers...)
					}
				}
			}
			a, b, ok := x.blockQuotient(c, flo, fhi, claimNums)
			if ok {
				c.Cross, c.Verdict = nil, Consistent
				c.Detail = fmt.Sprintf("the quotient of the figures %s and %s of the output block above gives %s", a.String(), b.String(), c.stated.Text)
			}
			continue
		}
		if found[0] == nil {
			continue
		}
		c.Cross, c.Verdict = nil, Consistent
		c.Detail = fmt.Sprintf("the quotient of the report's figures %s (line %d) and %s (line %d) gives %s", found[0].Value.String(), found[0].Line, found[1].Value.String(), found[1].Line, c.stated.Text)
	}
}

var (
	pairBeforeRE = regexp.MustCompile(`(?i)(?:\bto|\bfrom|→|->)\s*(?:about\s+|~\s*)?$`)
	pairAfterRE  = regexp.MustCompile(`(?i)^\S*\s*(?:to\b|→|->)`)
)

// sideOfPair reports whether the figure text on line l is written as a
// side of a pair: after "to", "from" or an arrow (at the end of the line
// before when it starts the line), or before "to" or an arrow.
func (x *extractor) sideOfPair(l int, text string) bool {
	raw := plain(x.lines[l-1].raw)
	at := indexFigure(raw, text)
	if at < 0 {
		return false
	}
	before := raw[:at]
	if strings.TrimSpace(before) == "" && l >= 2 {
		before = plain(x.lines[l-2].raw)
	}
	return pairBeforeRE.MatchString(strings.TrimRight(before, " ")) || pairAfterRE.MatchString(raw[at+len(text):])
}

// closestOfQuantity reports whether the closest pair a cross-check names
// has a figure of quantity q.
func closestOfQuantity(cr *Cross, q Quantity) bool {
	for _, o := range cr.Operands {
		if o.Quantity == q {
			return true
		}
	}
	return false
}

// quotientOfBlockRuns takes back an "unsupported" from a factor of prose
// with no figure on its line or the line before, when it is the quotient
// of two figures of one quantity in the block of program output that
// ends right before its paragraph, in its section (JMH runs at 1 and 16
// threads, "v8 gets 14.4x" its single-thread throughput). Forty-third
// round.
const quotientOfBlockRuns = true

// blockQuotient finds, for claim c whose factor lies in [flo, fhi], two
// figures of the output block that ends at most eight lines before it
// (a dozen figures at most) whose quotient it is.
func (x *extractor) blockQuotient(c *Claim, flo, fhi float64, nums map[int][]Number) (Number, Number, bool) {
	end := 0
	for l := c.Line - 1; l >= 1 && l >= c.Line-8; l-- {
		k := x.lines[l-1].kind
		if k == lkHeading || k == lkTable || int(x.lines[l-1].section) != c.section {
			break
		}
		if k == lkOutput {
			end = l
			break
		}
	}
	if end == 0 {
		return Number{}, Number{}, false
	}
	block := x.lines[end-1].block
	var figs []Number
	for l := end; l >= 1 && x.lines[l-1].block == block && x.lines[l-1].kind == lkOutput; l-- {
		for _, n := range nums[l] {
			if !n.isRange() && n.mid() > 0 && n.Quantity != Other && n.Quantity != Unknown {
				figs = append(figs, n)
			}
		}
		if len(figs) > 12 {
			return Number{}, Number{}, false
		}
	}
	for i, a := range figs {
		alo, ahi := a.base()
		for j, b := range figs {
			if i == j || a.Quantity != b.Quantity {
				continue
			}
			blo, bhi := b.base()
			if blo > 0 && ahi/blo >= flo && alo/bhi <= fhi {
				return a, b, true
			}
		}
	}
	return Number{}, Number{}, false
}

// quotientOnLine takes back an "unsupported" from a factor of prose that
// is the quotient of two figures written on its own line (or the line
// before, its sentence wrapped), with one unit
// or none ("16 threads do 11,874 updates per ms instead of 2,141, 5.5x"):
// the reader did not pair them, but they give it. Forty-third round.
const quotientOnLine = true

// lineQuotient finds two figures of line s (not the factor, three
// significant digits or more, the same unit or none, at most eight)
// whose quotient lies in [flo, fhi].
func lineQuotient(s, factor string, flo, fhi float64) (string, string, bool) {
	var figs []figure
	for _, f := range scanFigures(s) {
		if f.Text == factor || f.isRange() || !(f.Value > 0) || f.Unit == "%" || f.Unit == "x" || significantDigits(digitsOf(f.Text)) < 3 {
			continue
		}
		figs = append(figs, f)
		if len(figs) > 8 {
			return "", "", false
		}
	}
	for i, a := range figs {
		for j, b := range figs {
			if i == j || a.Unit != b.Unit && a.Unit != "" && b.Unit != "" {
				continue
			}
			alo, ahi := a.Value-a.step/2, a.High+a.step/2
			blo, bhi := b.Value-b.step/2, b.High+b.step/2
			if blo > 0 && ahi/blo >= flo && alo/bhi <= fhi {
				return a.Text, b.Text, true
			}
		}
	}
	return "", "", false
}
