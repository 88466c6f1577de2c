package claims

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// listChainTotals (forty-seventh round): a list that carries a
// computation on from item to item ("- 24 vCPU × 24 h × $0.0425 = $24.48
// a day" / "- × 30 days = $7,344 a month" / "- × 365 days = $8,935.20 a
// year") states each later item's result as the result of the item
// before it, or of the chain's first item, times the factor it opens
// with; the reader read such an item
// as two bare figures, and a month's total ten times too large went
// unremarked. An item opening with "×" (or "x", "*") and a figure, then
// "=" and its result, is checked against the last result ("= …") of the
// item right above it and of the chain's first item: a product at the result's rounding consistent;
// a product a power of ten off (10 to 1,000 times) an arithmetic error;
// anything else left alone. The result becomes a claim of its own. Cost:
// one anchored regular expression per list item of prose, and the item
// above read once for each that matches.
const listChainTotals = true

// listChainRE is a list item that carries the computation on: the
// factor and the result.
var listChainRE = regexp.MustCompile(`^\s*[-*+]\s+[×x*]\s*([0-9][0-9,]*(?:\.[0-9]+)?)\b[^=]*=\s*[$€£]?\s*([0-9][0-9,]*(?:\.[0-9]+)?)`)

// chainResultRE finds the last result of an item: "= $24.48".
var chainResultRE = regexp.MustCompile(`=\s*[$€£]?\s*([0-9][0-9,]*(?:\.[0-9]+)?)[^=]*$`)

// checkListChains: see listChainTotals.
func (x *extractor) checkListChains() {
	if !listChainTotals {
		return
	}
	parse := func(s string) (float64, bool) {
		v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
		return v, err == nil && v > 0
	}
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || c.Verdict != Unverifiable || c.Cross != nil || c.Line < 2 || c.Line > len(x.lines) ||
			x.lines[c.Line-1].kind != lkProse || x.lines[c.Line-2].kind != lkProse {
			continue
		}
		raw := plain(x.lines[c.Line-1].raw)
		m := listChainRE.FindStringSubmatch(raw)
		if m == nil || !listItemRE.MatchString(x.lines[c.Line-2].raw) {
			continue
		}
		factor, ok := parse(m[1])
		if !ok {
			continue
		}
		at := slices.IndexFunc(c.Numbers, func(n Number) bool { return n.Text == m[2] })
		if at < 0 {
			continue
		}
		n := c.Numbers[at]
		step := n.step
		if step == 0 {
			step = 1
		}
		// The items above: the one right above, and the head of the
		// list's chain (the nearest item above not opening with "×"),
		// which each later item may multiply instead.
		var cx *Cross
		for j := c.Line - 2; j >= 0 && j >= c.Line-12 && x.lines[j].kind == lkProse && listItemRE.MatchString(x.lines[j].raw); j-- {
			above := plain(x.lines[j].raw)
			pm := chainResultRE.FindStringSubmatch(above)
			head := !listChainRE.MatchString(above)
			if pm == nil {
				break
			}
			if j < c.Line-2 && !head {
				continue
			}
			prev, ok := parse(pm[1])
			if !ok {
				break
			}
			got := prev * factor
			d := &Cross{Derivation: Total, Lines: []int{j + 1, c.Line}, Stated: n, Got: got, GotUnit: n.Unit,
				Operands: []Number{{Text: pm[1], Value: prev, High: prev}, {Text: m[1], Value: factor, High: factor}}}
			switch {
			case math.Abs(n.Value-got) <= step/2+step*1e-9 || n.Approx && math.Abs(n.Value-got) <= step:
				d.Reason = DerivedHolds
				cx = d
			case powerOfTenOff(n.Value/got) && (cx == nil || head):
				d.Reason = DerivedOff
				cx = d
			}
			if cx != nil && cx.Reason == DerivedHolds || head {
				break
			}
		}
		if cx == nil {
			continue
		}
		if e, split := figureOwnClaim(c, at, cx); split {
			add = append(add, e)
		}
	}
	if len(add) > 0 {
		x.rep.Claims = append(x.rep.Claims, add...)
		slices.SortStableFunc(x.rep.Claims, func(a, b Claim) int { return a.Line - b.Line })
	}
}

// powerOfTenOff reports whether a ratio is 10, 100 or 1,000 (or their
// inverses) within a hundredth.
func powerOfTenOff(r float64) bool {
	if !(r > 0) {
		return false
	}
	l := math.Log10(r)
	k := math.Round(l)
	return k != 0 && math.Abs(k) <= 3 && math.Abs(l-k) < math.Log10(1.01)
}
