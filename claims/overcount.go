package claims

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// totalOverCount checks a time total whose sentence opens with the
// count of things it is over ("Over the 19 home league matches of a
// season that is about 409 hours", "Across the fleet of 140 towers this
// is 26 core-hours per day") against the last time of the sentence
// before, the amount for one of them (129 minutes a match, 66.7 s a
// tower): the amount times the count gives the total. The total that a
// factor of ten apart gives (40.9 hours written 409, 2.59 written 26) is
// an arithmetic error, a point slipped; one the product gives is
// consistent; anything else is left alone (the count may not be what
// the amount is for). One anchored regular expression per unverifiable
// time of prose, and the paragraph's lines before it read back to the
// previous sentence's last time (a few lines). Forty-fifth round.
const totalOverCount = true

// countOverRE finds, at the start of a sentence, the count a total is
// over: "Over the 19 home league matches", "Across the fleet of 140
// towers", "For all 38 stores".
var countOverRE = regexp.MustCompile(`(?i)^\s*(?:over|across|for)\s+(?:the\s+|all\s+|a\s+|its\s+|our\s+)?(?:(?:fleet|season|total|set|run)\s+of\s+)?(\d[\d,]*)\s+[a-z][a-z-]*`)

// checkTotalsOverCount: see totalOverCount.
func (x *extractor) checkTotalsOverCount() {
	if !totalOverCount {
		return
	}
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || c.Verdict != Unverifiable || c.Cross != nil || c.expected || len(c.Numbers) == 0 || len(c.Numbers) > 2 ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		// The time, and at most the count besides ("48 shards, 116.8 h").
		n := c.Numbers[len(c.Numbers)-1]
		if len(c.Numbers) == 2 && c.Numbers[0].Quantity != Count && c.Numbers[0].Quantity != Unknown {
			continue
		}
		if n.Quantity != Time || n.isRange() || !(n.mid() > 0) {
			continue
		}
		raw := blankCode(plain(x.lines[c.Line-1].raw))
		at := strings.Index(raw, n.Text)
		if at < 0 {
			continue
		}
		// The total's sentence, from its start (on this line or the one
		// before) to the figure.
		start := sentenceStart(raw[:at])
		head := raw[start:at]
		prevText := raw[:start]
		if start == 0 {
			lead := x.sentenceLead(c.Line - 1)
			head = lead + " " + head
			if prev := x.wrappedLine(c.Line-1, c.Line-2); prev != "" {
				prevText = strings.TrimSuffix(prev, lead)
			} else {
				prevText = ""
			}
		}
		m := countOverRE.FindStringSubmatch(head)
		if m == nil {
			continue
		}
		cnt, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
		if err != nil || cnt < 2 {
			continue
		}
		// The amount for one: the last time of the sentence before,
		// which may start a line or two further up.
		var a *figure
		first := c.Line - 3 // the line before the one prevText ends on (0-based)
		if start > 0 {
			first = c.Line - 2
		}
		for j, back := first, 0; ; j, back = j-1, back+1 {
			t := strings.TrimRight(prevText, " ")
			s0 := 0
			if len(t) > 1 {
				s0 = sentenceStart(t[:len(t)-1])
			}
			if s0 > 0 || back >= 2 || j < 0 || x.lines[j].kind != lkProse || x.lines[j].block != x.lines[c.Line-1].block {
				a = lastTimeFigure(t[s0:])
				break
			}
			prevText = blankCode(plain(x.lines[j].raw)) + " " + prevText
		}
		if a == nil || !(a.Value > 0) || strings.Contains(a.Unit, "/") {
			continue
		}
		alo, ahi := a.base()
		lo, hi := alo*cnt, ahi*cnt
		if n.Approx || approxLinkRE.MatchString(strings.TrimRight(raw[:at], " ")) {
			lo, hi = lo*0.98, hi*1.02
		}
		cx := &Cross{Derivation: Total, Lines: []int{c.Line}, Stated: n, Got: toUnit((lo+hi)/2, n), GotUnit: n.Unit,
			Operands: []Number{a.Number, {Text: m[1], Value: cnt, High: cnt}}}
		switch {
		case rangeMatch(n, lo, hi):
			cx.Reason = DerivedHolds
		case rangeMatch(n, lo*10, hi*10) || rangeMatch(n, lo/10, hi/10):
			cx.Reason = DerivedOff
		default:
			continue
		}
		if len(c.Numbers) == 2 && c.Numbers[0].Text != strings.TrimSpace(m[1]) {
			continue
		}
		detail := fmt.Sprintf("total recomputed: %s × %s gives %s %s", a.Number, m[1], trimFloat(toUnit(math.Sqrt(lo*hi), n), 3), n.Unit)
		if cx.Reason == DerivedOff {
			detail += ", not " + n.String() + " (a factor of ten apart)"
		}
		if len(c.Numbers) == 2 {
			// The count stays a figure of its own.
			split := alarmOnFigure(c, n, cx)
			for i := range split {
				split[i].Detail = detail
			}
			add = append(add, split...)
			continue
		}
		setCross(c, cx)
		c.Detail = detail
	}
	x.addClaims(add)
}
