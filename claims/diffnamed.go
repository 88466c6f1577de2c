package claims

import (
	"regexp"
	"slices"
	"strings"
)

// differenceOfNamedRowOff (fiftieth round): a time or size of prose
// stated as a change of something the report measures as a pair ("The
// large encode is down 380.7 µs per snapshot" beside the benchstat row
// "EncodeSnapshot/large-16 612.5µ … 221.8µ"; "GC pause p99 is down 31
// ms" beside the table row "| GC pause p99 | 42 ms | 9 ms |") whose
// digits the pair's difference does not give was left unverifiable: the
// checks of differences read a subtraction written beside the figure,
// a prefix slipped a thousand times, or the pair of the figure's own
// sentence. The figure, after "down", "up", "fell by", "dropped by",
// "saves", "cuts" or before "less", "lower", "shorter" …, is compared
// with the differences of the report's pairs of its quantity whose own
// subject words its sentence names most (at least one; a pair named by
// no word is not read): when no pair of the report gives it within the
// rounding of the figures, and the one best-named pair (or all of the
// best-named, agreeing) gives it within a quarter, the difference was
// taken wrong: an arithmetic error. A figure further off is left alone
// (it may be the difference of something else). Cost: the report's
// pairs' differences computed once; per unverifiable time or size of
// prose after a verb of change, one pass over the pairs.
const differenceOfNamedRowOff = true

// diffChangeBeforeRE finds a verb of change right before a figure.
var diffChangeBeforeRE = regexp.MustCompile(`(?i)\b(?:(?:is|are|was|were|went|came)\s+(?:down|up)|(?:fell|dropped|shrank|grew|rose|decreased|increased|improved)\s+by|saves?|saved|cuts?|shaves?|shaved)\s+(?:about\s+|roughly\s+|another\s+|~)?$`)

// checkDifferencesOfNamedRows: see differenceOfNamedRowOff.
func (x *extractor) checkDifferencesOfNamedRows() {
	if !differenceOfNamedRowOff {
		return
	}
	type span struct {
		diffSpan
		own []string
	}
	var spans []span
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
				significantDigits(digitsOf(n.Text)) < 2 || !(n.mid() > 0) {
				continue
			}
			i, end := figureSpan(scan, n)
			if i < 0 {
				continue
			}
			if !diffChangeBeforeRE.MatchString(scan[max(0, i-48):i]) && !diffSlipAfterRE.MatchString(scan[end:min(len(scan), end+48)]) {
				continue
			}
			if !built {
				built = true
				for _, d := range x.pairs {
					p := d.p
					if p == nil || p.Old.Quantity != p.New.Quantity || p.Old.Quantity != Time && p.Old.Quantity != Memory ||
						p.Old.isRange() || p.New.isRange() || len(d.own) == 0 {
						continue
					}
					lo, hi, mid := diffInterval(p.Old, p.New)
					if !(mid > 0) {
						continue
					}
					spans = append(spans, span{diffSpan{lo, hi, mid, p.Old, p.New, p.NewLine}, d.own})
				}
			}
			lo, hi := sentenceBounds(scan, i)
			words := subjectWords(scan[lo:hi])
			nlo, nhi := n.base()
			best, held := 0, false
			var named []span
			for _, s := range spans {
				if s.a.Quantity != n.Quantity {
					continue
				}
				if s.hi >= nlo && s.lo <= nhi {
					held = true
					break
				}
				score := 0
				for _, w := range s.own {
					if slices.Contains(words, w) {
						score++
					}
				}
				switch {
				case score == 0 || score < best:
				case score > best:
					best, named = score, []span{s}
				default:
					named = append(named, s)
				}
			}
			if held || len(named) == 0 {
				continue
			}
			mid := n.mid()
			ok := true
			for _, s := range named {
				if s.mid < mid*0.75 || s.mid > mid*1.25 || s.mid != named[0].mid {
					ok = false
				}
			}
			if !ok {
				continue
			}
			s := named[0]
			cx := &Cross{Reason: DerivedOff, Derivation: Difference, Lines: []int{s.line}, Stated: n, Got: toUnit(s.mid, n),
				GotUnit: n.Unit, Operands: []Number{s.a, s.b}}
			if e, split := figureOwnClaim(c, at, cx); split {
				add = append(add, e)
			}
			break
		}
	}
	x.addClaims(add)
}
