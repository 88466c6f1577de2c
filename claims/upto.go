package claims

import (
	"math"
	"regexp"
	"strings"
)

// upToFactor switches on checkUpToFactors (twenty-sixth round, from
// blind25's "across the micro-benchmarks the speed-up is up to 6.2x",
// measured on every other set: testdata/labels/README.md, "Twenty-sixth
// round"). Off: +2 caught on blind25 (3.1x, 6.2x), the set it was read
// from, and nothing on any other set — the only other "up to Nx" of the
// development sets (blind16's 4.5×) is taken back as consistent by a
// pair of its subject's words (unalarmSubjectPairs) — so by this round's
// rule it was not kept. Thirty-fifth round: blind34's "Across the suite
// the scheduler picks up to 4.1x faster" (the largest pair 3.65x) is a
// set other than its origin; on: +2 caught on blind25, +1 on blind34,
// no alarm added elsewhere (blind16's 4.5× stays a miss, now consistent).
const upToFactor = true

// upToFactorRE finds "up to" right before a factor.
var upToFactorRE = regexp.MustCompile(`(?i)\bup\s+to\s+(?:~|about\s+|roughly\s+)?$`)

// checkUpToFactors finds a factor written as the largest of several
// changes ("up to 3.1x faster", "indexes up to 4.5× as many documents
// per second") that no pair of the report reaches: the largest is the
// change of one of the report's pairs of the claim's quantity, so a
// factor beyond the largest of them (by more than its rounding and 2 %)
// is Unsupported, naming the pair that comes closest. Only a factor the
// cross-checks left Unverifiable (no pair beside it or of its subject)
// is read, and only in a report with at least three such pairs, so that
// "up to" has changes to range over.
func (x *extractor) checkUpToFactors() {
	if !upToFactor {
		return
	}
	family := func(q Quantity) Quantity {
		q = canonical(q)
		if q == Throughput {
			return Time
		}
		return q
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || c.Verdict != Unverifiable || c.stated.isRange() || !(c.stated.mid() > 1) ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		raw := plain(x.lines[c.Line-1].raw)
		i := strings.Index(raw, c.stated.Text)
		if i < 0 || !upToFactorRE.MatchString(raw[:i]) {
			continue
		}
		q := family(c.Quantity)
		var best *docPair
		bestR, n := 0.0, 0
		for _, d := range x.pairs {
			p := d.p
			if family(p.canonicalQ()) != q || x.isPrevious(d.section) || !(p.Old.mid() > 0) || !(p.New.mid() > 0) ||
				p.OldLine < 1 || p.OldLine > len(x.lines) || x.lines[p.OldLine-1].kind == lkProse {
				// The changes "up to" ranges over are the measured ones,
				// of tables and benchmark output; a sentence's pair may be
				// the claim's own mix.
				continue
			}
			r := p.Old.mid() / p.New.mid()
			if r < 1 {
				r = 1 / r
			}
			n++
			if r > bestR {
				best, bestR = d, r
			}
		}
		if n < 3 || best == nil {
			continue
		}
		lo, _ := c.stated.base()
		if lo <= bestR*1.02 {
			continue
		}
		o, nw := best.p.Old, best.p.New
		setCross(c, &Cross{Reason: ClosestPair, Lines: []int{best.p.OldLine, best.p.NewLine}, Stated: c.stated,
			Got: math.Round(bestR*100) / 100, GotUnit: c.stated.Unit, Operands: []Number{o, nw}})
	}
}
