package claims

import (
	"math"
	"strings"
)

// pointsOfPairOff (fiftieth round): a change in percentage points ("the
// miss rate dropped from 2.34 % to 0.89 % of branches, 1.55 points";
// "Measured CPU fell by 8.7 percentage points" beside the row "| …
// CPU (share of one core) | 11.8 % | 2.1 % |") that the pair of rates
// it is about does not give was left unverifiable: checkPoints makes a
// change consistent when a pair its line names gives it, and leaves
// any other unverifiable, since a rate the reader did not pair is no
// error. The pair read here is the one of two rates in percent stated
// on the claim's own line, else (when the line states no rate in
// percent) the one pair of rates whose own subject words the line names
// most; when its difference is within a quarter
// of the stated change but not within the rounding of the three
// figures, the subtraction was done wrong: an arithmetic error. No such
// pair, several that disagree, or a difference further off leave it
// alone. Cost: per change in points left unverifiable, one or two
// passes over the report's pairs; the words of its line read once per
// line.
const pointsOfPairOff = true

// checkPointsOff: see pointsOfPairOff.
func (x *extractor) checkPointsOff() {
	if !pointsOfPairOff {
		return
	}
	var add []Claim
	lineWords := make(map[int][]string)
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Unverifiable || c.Cross != nil || c.Line < 1 || c.Line > len(x.lines) || c.expected {
			continue
		}
		for at, n := range c.Numbers {
			if n.Unit != "pp" || n.isRange() || !(n.Value > 0) {
				continue
			}
			var own []*docPair
			for _, d := range x.pairs {
				if d.p.Old.Unit == "%" && d.p.New.Unit == "%" && !d.p.Old.isRange() && !d.p.New.isRange() &&
					d.p.OldLine == c.Line && d.p.NewLine == c.Line {
					own = append(own, d)
				}
			}
			cands := own
			if len(cands) == 0 {
				// Rates on the line that the reader did not pair are
				// the change's own: another pair is not read for it.
				// The line's words are read once per line.
				words, ok := lineWords[c.Line]
				if !ok {
					scan := blankCode(plain(x.lines[c.Line-1].raw))
					if !strings.Contains(scan, "%") {
						words = dedupe(append(subjectWords(scan+" "+x.sentenceLead(c.Line-1)), c.path...))
					}
					lineWords[c.Line] = words
				}
				best := 0
				for _, d := range x.pairs {
					o, nw := d.p.Old, d.p.New
					if len(words) == 0 || o.Unit != "%" || nw.Unit != "%" || o.isRange() || nw.isRange() || len(d.own) == 0 {
						continue
					}
					switch s := overlap(words, d.own); {
					case s == 0 || s < best:
					case s > best:
						best, cands = s, []*docPair{d}
					default:
						cands = append(cands, d)
					}
				}
			}
			if len(cands) == 0 {
				continue
			}
			var got float64
			ok := true
			for j, d := range cands {
				o, nw := d.p.Old, d.p.New
				diff := math.Abs(o.Value - nw.Value)
				slack := (o.step+nw.step)/2 + n.step/2
				if j > 0 && math.Abs(diff-got) > 1e-9 || math.Abs(diff-n.Value) <= slack || diff < n.Value*0.75 || diff > n.Value*1.25 {
					ok = false
					break
				}
				got = diff
			}
			if !ok {
				continue
			}
			d := cands[0]
			cx := &Cross{Reason: DerivedOff, Derivation: Difference, Lines: []int{d.p.OldLine, d.p.NewLine}, Stated: n,
				Got: got, GotUnit: "pp", Operands: []Number{d.p.Old, d.p.New}}
			if e, split := figureOwnClaim(c, at, cx); split {
				add = append(add, e)
			}
			break
		}
	}
	x.addClaims(add)
}
