package claims

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// intervalChange (session 21, from perfproof's own optimize and compare
// reports): a change stated with its confidence interval right after it
// ("-87.5% [-88.2, -87.5]") is an estimate of its own — the
// Hodges-Lehmann estimate of the ratio, say — not the ratio of the two
// medians its row shows. A change the reader called wrong against a pair
// of its own line is consistent when that pair's change lies in the
// stated interval (widened by the rounding of its bounds): the medians
// 16.50 B → 2.000 B give −87.9 %, inside [−88.2, −87.5]. A pair outside
// the interval stays an arithmetic error.
const intervalChange = true

// intervalAfterRE matches an interval of two percentages in brackets
// right after a figure: " [-88.2, -87.5]", " [+37.9 %, +304.7 %]".
var intervalAfterRE = regexp.MustCompile(`^%?\s*\[\s*([+\-−]?\d+(?:\.\d+)?)\s*%?\s*,\s*([+\-−]?\d+(?:\.\d+)?)\s*%?\s*\]`)

// unalarmIntervalChanges: see intervalChange.
func (x *extractor) unalarmIntervalChanges() {
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != ArithmeticError || c.Kind != Percent || c.Pair == nil || c.Pair.OldLine != c.Line || c.Pair.NewLine != c.Line {
			continue
		}
		raw := plain(x.lines[c.Line-1].raw)
		at := indexFigure(raw, c.stated.Text)
		if at < 0 {
			continue
		}
		m := intervalAfterRE.FindStringSubmatch(raw[at+len(c.stated.Text):])
		if m == nil {
			continue
		}
		lo, okLo := intervalBound(m[1])
		hi, okHi := intervalBound(m[2])
		old, nw := c.Pair.Old.mid(), c.Pair.New.mid()
		if !okLo || !okHi || !(old > 0) || !(nw >= 0) {
			continue
		}
		// Magnitudes: the reader keeps a change's direction in its
		// wording, not always in its sign.
		got := math.Abs(nw/old-1) * 100
		a, b := math.Abs(lo.v), math.Abs(hi.v)
		if (lo.v < 0) != (hi.v < 0) && lo.v != 0 && hi.v != 0 {
			continue // an interval across zero says no direction
		}
		if a > b {
			a, b = b, a
		}
		if got < a-lo.half-hi.half || got > b+lo.half+hi.half {
			continue
		}
		c.Cross = nil
		c.Verdict = Consistent
		c.Detail = fmt.Sprintf("%s → %s (the row's pair) gives %.3g %%, inside the interval [%s, %s] stated with it: the change is an estimate of its own, not the ratio of the two figures", c.Pair.Old.Text, c.Pair.New.Text, got, m[1], m[2])
	}
}

// A bound is an interval's bound and half its last digit's step.
type bound struct{ v, half float64 }

// intervalBound parses a bound of intervalAfterRE ("−88.2").
func intervalBound(s string) (bound, bool) {
	s = strings.Replace(s, "−", "-", 1)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return bound{}, false
	}
	half := 0.5
	if i := strings.IndexByte(s, '.'); i >= 0 {
		half = 0.5 * math.Pow(10, -float64(len(s)-i-1))
	}
	return bound{v, half}, true
}
