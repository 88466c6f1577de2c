package claims

import (
	"math"
	"regexp"
	"strings"
)

// variabilityRE finds the words that make a claim about the spread of a
// measure rather than its level: "variance", "jitter", "standard
// deviation", "run-to-run variation". A report that claims "97% less
// variance" claims something about its spread figures ("±3%", "stddev
// 12 µs"), not about its means.
var variabilityRE = regexp.MustCompile(`(?i)\b(?:varian\w*|variabilit\w*|variation|jitter\w*|std\.?\s?devs?|stdevs?|standard\s+deviations?|coefficient\s+of\s+variation|spread)\b`)

// spread is a figure the report gives for the spread of a measure.
type spread struct {
	n    Number
	line int
}

// spreads returns the report's spread figures, but for the stated figure
// of a claim on line skip: every
// "±X" ("58.1ns ± 1%", "Variance: ±3%"), and every figure with a unit in
// the clause after a variability word ("stddev 12 µs", "jitter of 40
// µs").
func (x *extractor) spreads(skip int, stated Number) []spread {
	if x.spreadFigs == nil {
		x.spreadFigs = x.allSpreads()
	}
	var out []spread
	for _, sp := range x.spreadFigs {
		if sp.line == skip && sp.n.Text == stated.Text && sp.n.Unit == stated.Unit {
			continue
		}
		out = append(out, sp)
		if len(out) == maxSpreads {
			// The pairs of spreads are compared with each other.
			break
		}
	}
	return out
}

// maxSpreads bounds the spread figures a claim is checked against.
const maxSpreads = 200

// allSpreads returns every spread figure of the report (see spreads);
// an empty, non-nil slice when there are none.
func (x *extractor) allSpreads() []spread {
	out := []spread{}
	for i := range x.lines {
		if x.lines[i].kind == lkBlank {
			continue
		}
		s := plain(x.lines[i].raw)
		if !strings.ContainsAny(s, "±") && !strings.Contains(s, "+/-") && !variabilityRE.MatchString(s) {
			continue
		}
		for _, f := range scanFigures(s) {
			if f.Unit == "" || f.Unit == "x" {
				continue
			}
			before := s[:f.start]
			tb := strings.TrimRight(before, " ")
			pm := f.plusMinus || strings.HasSuffix(tb, "±") || strings.HasSuffix(tb, "+/-")
			if !pm {
				// A variability word in the clause just before the figure.
				lo := max(0, len(before)-40)
				win := before[lo:]
				if j := strings.LastIndexAny(win, ".;,|("); j >= 0 {
					win = win[j+1:]
				}
				if !variabilityRE.MatchString(win) {
					continue
				}
			}
			n := f.Number
			if pm {
				n.Text = "±" + n.Text
			}
			out = append(out, spread{n, i + 1})
		}
	}
	return out
}

// checkVariability checks a factor or percentage about variance, jitter or
// a standard deviation that states no figures beside it. Its figures are
// the report's spreads: the claim is tested against every pair of them in
// the same unit, read as a cut of the spread itself (1 − new/old) or of
// its square (a variance from standard deviations, 1 − (new/old)²); a
// pair that gives it makes it consistent, none makes it Unsupported
// naming the closest pair, and a report that states no spread at all
// leaves it Unsupported (Unmeasured): nothing in the report measures what
// it claims. It returns true when it decided the claim.
func (x *extractor) checkVariability(c *Claim) bool {
	if c.expected || c.Pair != nil || c.Verdict != Unverifiable || c.stated.Unit != "%" && c.stated.Unit != "x" {
		return false
	}
	raw := plain(x.lines[c.Line-1].raw)
	lo, hi := clauseAround(raw, c.stated.Text)
	m := variabilityRE.FindString(raw[lo:hi])
	if m == "" {
		return false
	}
	var want func(small, large float64) float64
	switch c.sense {
	case senseReduce, senseFaster:
		want = func(s, l float64) float64 { return 1 - s/l }
	case senseIncrease, senseSlower:
		want = func(s, l float64) float64 { return l/s - 1 }
	case senseFactorBetter, senseFactorWorse:
		want = func(s, l float64) float64 { return l / s }
	default:
		return false
	}
	sl, sh, _, _ := statedValue(c.stated)
	st := interval{sl.lo, sh.hi}
	sp := x.spreads(c.Line, c.stated)
	if len(sp) == 0 {
		setCross(c, &Cross{Reason: Unmeasured, Lines: []int{c.Line}, Stated: c.stated, Got: math.NaN(), GotUnit: c.stated.Unit, Measure: strings.ToLower(m)})
		return true
	}
	var best *Cross
	dist := math.Inf(1)
	for a := range sp {
		for b := range sp {
			if a == b {
				continue
			}
			l, s := sp[a], sp[b]
			if l.n.Unit != s.n.Unit && canonical(l.n.Quantity) != canonical(s.n.Quantity) || l.n.mid() <= s.n.mid() || s.n.mid() <= 0 {
				continue
			}
			llo, lhi := l.n.base()
			slo, shi := s.n.base()
			if slo <= 0 {
				slo = shi / 1e9
			}
			for _, sq := range []float64{1, 2} {
				g := func(sv, lv float64) float64 { return want(math.Pow(sv, sq), math.Pow(lv, sq)) }
				// want decreases with small and increases with large.
				got := interval{g(shi, llo), g(slo, lhi)}
				mid := g(s.n.mid(), l.n.mid())
				if got.overlaps(st) {
					setCross(c, &Cross{Reason: SupportedElsewhere, Lines: []int{l.line, s.line}, Stated: c.stated,
						Got: scaleStated(mid, c.stated), GotUnit: c.stated.Unit, Operands: []Number{l.n, s.n}})
					return true
				}
				sv := scaleStated(mid, c.stated)
				if d := math.Abs(math.Log(math.Abs(sv)+1e-9) - math.Log(c.stated.mid()+1e-9)); sq == 1 && d < dist {
					dist = d
					best = &Cross{Reason: ClosestPair, Lines: []int{l.line, s.line}, Stated: c.stated, Got: sv, GotUnit: c.stated.Unit,
						Operands: []Number{l.n, s.n}, Measure: strings.ToLower(m)}
				}
			}
		}
	}
	if best == nil {
		// Spreads in units that do not pair: the report states the
		// spread but gives no before and after of it.
		setCross(c, &Cross{Reason: Unmeasured, Lines: []int{c.Line}, Stated: c.stated, Got: math.NaN(), GotUnit: c.stated.Unit, Measure: strings.ToLower(m)})
		return true
	}
	setCross(c, best)
	return true
}

// scaleStated writes a fraction or factor in the stated figure's unit:
// percent for "%".
func scaleStated(v float64, stated Number) float64 {
	if stated.Unit == "%" {
		return 100 * v
	}
	return v
}
