package claims

import (
	"math"
	"regexp"
)

// allocsRatioNoPair (fifty-fourth round): a factor or percentage of
// allocations ("allocation counts are 9x lower") that found no pair of
// its own and no pair its subject words name stayed unverifiable,
// though the report states every allocation count it has as pairs
// (benchstat's allocs/op rows, benchmark lines before and after): the
// words of such a claim name the measure, not the benchmark
// ("allocation counts", "allocs"), so the subject overlap the closest
// pair search asks for is never found. A claim of allocations whose
// report has two pairs of allocation counts or more, none of which
// gives it (the check a pair beside it would have: its rounding, both
// readings where the words allow them), is unsupported, the closest
// pair named. A report with fewer such pairs says too little to call
// the claim unsupported. A claim is of allocations when the reader gave
// it that quantity, or when the words of its clause before the figure
// name counts of allocations ("allocs", "allocations", "allocation
// counts") and no bytes or memory. Cost: one pass over the report's pairs per
// unverifiable claim of allocations.
const allocsRatioNoPair = true

// checkAllocsRatios: see allocsRatioNoPair.
func (x *extractor) checkAllocsRatios() {
	if !allocsRatioNoPair {
		return
	}
	var pairs []*docPair
	read := false
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup && c.Kind != Percent || c.Verdict != Unverifiable || c.Pair != nil || c.Cross != nil || c.expected ||
			c.stated.Text == "" || c.stated.isRange() || !(c.stated.Value > 0) ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse || len(c.sense.readings()) == 0 {
			continue
		}
		if canonical(c.Quantity) != Allocs {
			if q := canonical(c.Quantity); q != Time && q != Unknown {
				continue
			}
			text, lo, at := x.clauseToFigure(c)
			if at < 0 {
				continue
			}
			if w := text[lo:at]; !allocCountWordsRE.MatchString(w) || allocBytesWordsRE.MatchString(w) {
				continue
			}
		}
		if !read {
			read = true
			for _, d := range x.pairs {
				if d.p.canonicalQ() == Allocs && d.p.Old.Quantity == d.p.New.Quantity {
					pairs = append(pairs, d)
				}
			}
		}
		if len(pairs) < 2 {
			return
		}
		var best *docPair
		bestGot, bestDist := 0.0, math.Inf(1)
		held := false
		for _, d := range pairs {
			if d.p.OldLine == c.Line && d.p.NewLine == c.Line {
				continue
			}
			cc := *c
			cc.Quantity = Allocs
			v, got := pairFits(&cc, d.p)
			if v == Consistent || v == Ambiguous {
				held = true
				break
			}
			if math.IsNaN(got) || !(got > 0) {
				continue
			}
			if dist := math.Abs(math.Log(got / c.stated.Value)); dist < bestDist {
				best, bestGot, bestDist = d, got, dist
			}
		}
		if held || best == nil {
			continue
		}
		unit := "x"
		if c.stated.Unit == "%" {
			unit = "%"
		}
		setCross(c, &Cross{Reason: ClosestPair, Lines: []int{best.p.OldLine, best.p.NewLine}, Stated: c.stated, Got: bestGot,
			GotUnit: unit, Operands: []Number{best.p.Old, best.p.New}})
	}
}

// allocCountWordsRE finds words that name counts of allocations.
var allocCountWordsRE = regexp.MustCompile(`(?i)\ballocs\b|\ballocations\b|\ballocation\s+counts?\b`)

// allocBytesWordsRE finds words that make an allocation a size.
var allocBytesWordsRE = regexp.MustCompile(`(?i)\bbytes\b|\bmemory\b|\b[KMG]i?B\b|B/op`)

// clauseToFigure returns the prose of c's line with its wrapped continuation (proseWithWrap), the byte offset lo
// where the clause holding c's figure starts (clauseAround; 0 when that clause would start after the figure), and
// the figure's offset at, -1 when the text does not hold the figure. text[lo:at] is then the clause's words before
// the figure. Cost: a string search or two over one line.
func (x *extractor) clauseToFigure(c *Claim) (text string, lo, at int) {
	text, _ = x.proseWithWrap(c.Line)
	at = indexFigure(text, c.stated.Text)
	if at < 0 {
		return text, 0, -1
	}
	lo, _ = clauseAround(text, c.stated.Text)
	if lo > at {
		lo = 0
	}
	return text, lo, at
}
