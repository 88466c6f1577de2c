package claims

import (
	"math"
	"regexp"
	"slices"
	"strings"
)

// differencePrefixSlip (forty-seventh round): a time or size of prose
// stated as a difference ("Small blocks save 2.39 ns each (4.120 µs −
// 1.730 µs)", "Per sentence the type 1 path is now 659.9 µs cheaper")
// that no check could place was left unverifiable, though the
// subtraction it states, or a pair the report states (the 1,074.8 ns →
// 414.87 ns of the type 1 row), gives its digits a thousand times off:
// the difference was computed right and written in the next metric
// prefix. A figure after a verb of saving ("save", "saves", "cuts") or
// before a comparative ("less", "cheaper", "faster", "shorter" …), of
// three significant digits or more, is checked against the subtraction
// written in parentheses right after it and, when there is none, against
// the differences of every pair of the report of its quantity: when one
// of them gives it as written (within a factor of two) nothing is said,
// else when exactly one difference gives it with its prefix a thousand
// times off it is a UnitSlip, an arithmetic error, unless the report
// writes that difference as a figure of its own (then the restatement
// checks judge it: a column of levels after may hold the same digits).
// The figure becomes a
// claim of its own when its line's claim states others. Cost: the
// differences of the report's pairs, computed and sorted once (a
// binary search per figure read); a regular expression per figure of a
// prose claim left unverifiable.
const differencePrefixSlip = true

// diffSlipBeforeRE finds a verb of saving right before a figure.
var diffSlipBeforeRE = regexp.MustCompile(`(?i)\b(?:saves?|saved|saving|cuts?|shaves?|shaved|removes?|removed)\s+(?:about\s+|roughly\s+|another\s+|~)?$`)

// diffSlipAfterRE finds a comparative right after a figure.
var diffSlipAfterRE = regexp.MustCompile(`(?i)^\s*(?:per\s+[a-z]+\s+)?(?:less|fewer|lower|faster|quicker|shorter|smaller|sooner|cheaper)\b`)

// parenSubtractionRE finds a subtraction in parentheses right after a
// figure: "(4.120 µs − 1.730 µs)".
var parenSubtractionRE = regexp.MustCompile(`^\s*(?:[a-z]+\s+){0,2}\(\s*([0-9][0-9,.]*\s*[^\s()−–-]*)\s*[−–-]\s*([0-9][0-9,.]*\s*[^\s()]*)\s*\)`)

// A diffSpan is a difference of a pair of the report, in base units.
type diffSpan struct {
	lo, hi, mid float64
	a, b        Number
	line        int
}

// checkDifferenceSlips: see differencePrefixSlip.
func (x *extractor) checkDifferenceSlips() {
	if !differencePrefixSlip {
		return
	}
	var spans []diffSpan
	built := false
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || c.Verdict != Unverifiable || c.Cross != nil || c.Line < 1 || c.Line > len(x.lines) ||
			x.lines[c.Line-1].kind != lkProse || c.expected {
			continue
		}
		scan := blankCode(plain(x.lines[c.Line-1].raw))
		for at, n := range c.Numbers {
			if n.Quantity != Time && n.Quantity != Memory || strings.Contains(n.Unit, "/") || n.isRange() ||
				significantDigits(digitsOf(n.Text)) < 3 || !(n.mid() > 0) {
				continue
			}
			i, end := figureSpan(scan, n)
			if i < 0 {
				continue
			}
			if !diffSlipBeforeRE.MatchString(scan[:i]) && !diffSlipAfterRE.MatchString(scan[end:]) {
				continue
			}
			var cands []diffSpan
			if m := parenSubtractionRE.FindStringSubmatch(scan[end:]); m != nil {
				fa, fb := scanFigures(m[1]), scanFigures(m[2])
				if len(fa) == 1 && len(fb) == 1 && fa[0].Quantity == n.Quantity && fb[0].Quantity == n.Quantity {
					lo, hi, mid := diffInterval(fa[0].Number, fb[0].Number)
					cands = []diffSpan{{lo, hi, mid, fa[0].Number, fb[0].Number, c.Line}}
				}
			}
			if cands == nil {
				if !built {
					spans, built = x.pairDifferences(), true
				}
				cands = spans
			}
			hit, ok := differenceSlipOf(n, cands)
			if !ok || x.statesSlipped(n, hit.factor) {
				continue
			}
			cx := &Cross{Reason: UnitSlip, Derivation: Difference, Lines: []int{hit.line}, Stated: n, Got: toUnit(hit.mid, n),
				GotUnit: n.Unit, Factor: hit.factor, Operands: []Number{hit.a, hit.b}}
			if math.IsNaN(cx.Got) {
				continue
			}
			if e, split := figureOwnClaim(c, at, cx); split {
				add = append(add, e)
			}
			break
		}
	}
	if len(add) > 0 {
		x.rep.Claims = append(x.rep.Claims, add...)
		slices.SortStableFunc(x.rep.Claims, func(a, b Claim) int { return a.Line - b.Line })
	}
}

// statesSlipped reports whether the report writes n's figure in the
// other prefix (n's value over factor, at its rounding) as a figure of
// its own: the difference is then a figure the report states, and a
// restatement of it is for the restatement checks to judge (a level of
// a column after, "7.316 ms", is no saving "7.316 µs" restates). One
// pass over the report's figures, for the few figures a slip is found
// for.
func (x *extractor) statesSlipped(n Number, factor float64) bool {
	for k := range x.rep.Facts {
		f := x.rep.Facts[k].Value
		if f.Quantity != n.Quantity || f.isRange() {
			continue
		}
		lo, hi := f.base()
		if rangeMatch(n, lo*factor, hi*factor) {
			return true
		}
	}
	return false
}

// figureOwnClaim sets the check cx on figure at of claim c: on c when
// it is c's only figure, else on a claim of its own, returned with true,
// which the caller adds (c keeps its other figures).
func figureOwnClaim(c *Claim, at int, cx *Cross) (Claim, bool) {
	if len(c.Numbers) == 1 {
		setCross(c, cx)
		return Claim{}, false
	}
	n := c.Numbers[at]
	e := *c
	e.Numbers, e.Claimed, e.Quantity = []Number{n}, n.String(), n.Quantity
	setCross(&e, cx)
	c.Numbers = slices.Delete(slices.Clone(c.Numbers), at, at+1)
	var parts []string
	for _, o := range c.Numbers {
		parts = append(parts, o.String())
	}
	c.Claimed = strings.Join(parts, ", ")
	return e, true
}

// A diffHit is the one difference that gives a figure with its prefix
// slipped, and the factor.
type diffHit struct {
	diffSpan
	factor float64
}

// differenceSlipOf returns the one difference of cands (sorted by hi
// when more than one) that gives n a thousand times off, when none gives
// it within a factor of two as written.
func differenceSlipOf(n Number, cands []diffSpan) (diffHit, bool) {
	nlo, nhi := n.base()
	within := func(lo, hi float64) []int {
		i, _ := slices.BinarySearchFunc(cands, lo, func(d diffSpan, t float64) int {
			switch {
			case d.hi < t:
				return -1
			case d.hi > t:
				return 1
			}
			return 0
		})
		var out []int
		for ; i < len(cands) && len(out) < 64; i++ {
			if cands[i].lo <= hi {
				out = append(out, i)
			}
			if cands[i].lo > hi*4 {
				break
			}
		}
		return out
	}
	for _, i := range within(nlo/2, nhi*2) {
		if d := cands[i]; d.a.Quantity == n.Quantity && d.hi >= nlo/2 && d.lo <= nhi*2 && d.mid > 0 {
			return diffHit{}, false
		}
	}
	var hit diffHit
	found := false
	for _, f := range [...]float64{1000, 0.001} {
		for _, i := range within(nlo/f/1.01, nhi/f*1.01) {
			d := cands[i]
			if d.a.Quantity != n.Quantity || !(d.mid > 0) || !rangeMatch(n, d.lo*f, d.hi*f) {
				continue
			}
			if found && (d.a.Text != hit.a.Text || d.b.Text != hit.b.Text) && math.Abs(d.mid-hit.mid) > 1e-9*d.mid {
				return diffHit{}, false // two differences give it
			}
			hit, found = diffHit{d, f}, true
		}
	}
	return hit, found
}

// pairDifferences returns the differences of the report's pairs of
// times and sizes, sorted by their upper end.
func (x *extractor) pairDifferences() []diffSpan {
	var out []diffSpan
	for _, d := range x.pairs {
		p := d.p
		if p == nil || p.Old.Quantity != p.New.Quantity || p.Old.Quantity != Time && p.Old.Quantity != Memory ||
			p.Old.isRange() || p.New.isRange() {
			continue
		}
		lo, hi, mid := diffInterval(p.Old, p.New)
		if !(mid > 0) {
			continue
		}
		out = append(out, diffSpan{lo, hi, mid, p.Old, p.New, p.NewLine})
	}
	slices.SortFunc(out, func(a, b diffSpan) int {
		switch {
		case a.hi < b.hi:
			return -1
		case a.hi > b.hi:
			return 1
		}
		return 0
	})
	return out
}

// figureSpan returns where n, a figure of a claim, stands in scan, its
// line's plain text: the byte offsets of its first byte and of the byte
// after it, its unit included when the unit follows within two bytes;
// -1, -1 if scan does not hold it.
func figureSpan(scan string, n Number) (start, end int) {
	i := indexFigure(scan, n.Text)
	if i < 0 {
		return -1, -1
	}
	end = i + len(n.Text)
	if u := strings.Index(scan[end:], n.Unit); n.Unit != "" && u >= 0 && u <= 2 {
		end += u + len(n.Unit)
	}
	return i, end
}
