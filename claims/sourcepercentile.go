package claims

import (
	"regexp"
	"strconv"
	"strings"
)

// percentileFromSource (forty-ninth round): a latency percentile in
// prose credited to a source of the report — "the k6 summary puts p(99)
// at 188 ms before and 61 ms after", "the k6 run also shows a p(99) of
// 52.3 ms", "as the production table shows, p99.9 fell from 9.8 ms to
// 3.1 ms" — when that source prints no such percentile: k6's end-of-test
// trend lines print avg, min, med, max, p(90) and p(95) unless told
// otherwise, and a table has the rows or columns it has. The figure is
// said to come from the report and the report does not hold it: it was
// left unverifiable, an absolute figure. A time claim whose sentence
// names the source ("k6", or "table") and, before the figure, a
// percentile (p99, p(99), p99.9, p999, "99th percentile") is unsupported
// when the source's lines name percentiles and not that one. The
// sources read are all of the report's k6 trend lines (a metric's
// "avg=… p(95)=…") for "k6", all of its table lines for "table"; a
// source that names no percentile at all is not read (nothing to say it
// was not asked for). Cost: one pass over the report's lines to gather
// the percentiles each source names, once; per unverifiable time claim
// of prose a join of at most three lines and two regular expressions.
const percentileFromSource = true

var (
	// sourcePctRE finds a percentile: "p99", "P99.9", "p(99)", "p999",
	// "99th percentile".
	sourcePctRE = regexp.MustCompile(`(?i)\bp\(?(\d{2,3}(?:\.\d+)?)\)?(?:\b|=)|\b(\d{2}(?:\.\d+)?)(?:th|st|nd|rd)\s+percentile\b`)
	// k6TrendRE finds a k6 trend line: "name....: avg=… ".
	k6TrendRE = regexp.MustCompile(`^\s*[a-z_]+(?:\{[^}]*\})?\.{2,}:\s+avg=`)
	// sourceK6RE and sourceTableRE find the source a sentence credits.
	sourceK6RE    = regexp.MustCompile(`(?i)\bk6\b`)
	sourceTableRE = regexp.MustCompile(`(?i)\btables?\b`)
)

// percentileKey normalises a percentile as written: "999" is 99.9.
func percentileKey(s string) string {
	if len(s) == 3 && !strings.Contains(s, ".") && strings.HasPrefix(s, "99") {
		s = "99." + s[2:]
	}
	if v, err := strconv.ParseFloat(s, 64); err == nil {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return s
}

// percentilesIn adds the percentiles named in s to set.
func percentilesIn(s string, set map[string]bool) {
	for _, m := range sourcePctRE.FindAllStringSubmatch(s, -1) {
		p := m[1]
		if p == "" {
			p = m[2]
		}
		set[percentileKey(p)] = true
	}
}

// percentileFromSourceMixed (fiftieth round): percentileFromSource read
// only claims all of whose figures are times, and a sentence that
// states percentages beside the credited percentile ("the median by
// 39.1 % and p(90) by 36.9 %. k6 reports a p(99) of 21.3 ms"; "1.1 %
// of the budget instead of 2.7 %. The table also shows the encode p99.9
// at 1.4 ms") puts them in one claim with it, left unverifiable. Each
// time of such a claim is now read on its own, and one credited to a
// source that does not print its percentile is split off with the
// alarm; the claim's other figures keep their verdicts. Cost: per
// mixed claim, one match of the source words over its lines, then the
// same per time figure (at most mixedTimesRead) as per claim before.
const percentileFromSourceMixed = true

// mixedTimesRead is how many times of one mixed claim
// percentileFromSourceMixed reads.
const mixedTimesRead = 8

// checkPercentilesFromSource: see percentileFromSource.
func (x *extractor) checkPercentilesFromSource() {
	if !percentileFromSource {
		return
	}
	var k6, tables map[string]bool
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute && c.Kind != BeforeAfter || c.Verdict != Unverifiable || len(c.Numbers) == 0 || c.expected ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		timed := true
		for _, n := range c.Numbers {
			timed = timed && n.Quantity == Time
		}
		if !timed && (!percentileFromSourceMixed || c.Kind != Absolute) {
			continue
		}
		i := c.Line - 1
		raw := blankCode(plain(x.lines[i].raw))
		if !timed {
			// A mixed claim is read only when its lines name a
			// source, and for its first few times: the cost stays
			// linear in the line.
			near := x.wrappedLine(i, i-1) + " " + raw + " " + x.wrappedLine(i, i+1)
			if !sourceK6RE.MatchString(near) && !sourceTableRE.MatchString(near) {
				continue
			}
		}
		read := 0
		for fi, n := range c.Numbers {
			if n.Quantity != Time {
				continue
			}
			if read++; read > mixedTimesRead {
				break
			}
			at := indexFigure(raw, n.Text)
			if at < 0 {
				if timed {
					break
				}
				continue
			}
			prev, next := x.wrappedLine(i, i-1), x.wrappedLine(i, i+1)
			text := raw
			if prev != "" {
				text = prev + " " + raw
				at += len(prev) + 1
			}
			if next != "" {
				text += " " + next
			}
			lo, hi := sentenceBounds(text, at)
			sentence := text[lo:hi]
			var src map[string]bool
			switch {
			case sourceK6RE.MatchString(sentence):
				if k6 == nil {
					k6, tables = x.sourcePercentiles()
				}
				src = k6
			case sourceTableRE.MatchString(sentence):
				if k6 == nil {
					k6, tables = x.sourcePercentiles()
				}
				src = tables
			}
			if src == nil {
				if timed {
					break
				}
				continue
			}
			ms := sourcePctRE.FindAllStringSubmatch(text[lo:at], -1)
			if len(ms) == 0 || len(src) == 0 {
				if timed {
					break
				}
				continue
			}
			m := ms[len(ms)-1]
			p := m[1]
			if p == "" {
				p = m[2]
			}
			p = percentileKey(p)
			if src[p] {
				if timed {
					break
				}
				continue
			}
			detail := "unsupported by the report's own figures: credited to the report's " + map[bool]string{true: "k6 summaries", false: "tables"}[sourceK6RE.MatchString(sentence)] +
				", which print no p" + p
			if timed {
				setCross(c, &Cross{Reason: Unmeasured, Stated: c.Numbers[0], Measure: "p" + p, Operands: c.Numbers})
				c.Detail = detail
				break
			}
			e, split := figureOwnClaim(c, fi, &Cross{Reason: Unmeasured, Stated: n, Measure: "p" + p, Operands: []Number{n}})
			if split {
				e.Detail = detail
				add = append(add, e)
			} else {
				c.Detail = detail
			}
			break
		}
	}
	x.addClaims(add)
}

// sentenceBounds returns the bounds of the sentence of s around offset
// at: from after the ". " (or "! ", "? ") before it to the one after it.
func sentenceBounds(s string, at int) (lo, hi int) {
	lo, hi = 0, len(s)
	for j := at - 1; j > 0; j-- {
		if (s[j-1] == '.' || s[j-1] == '!' || s[j-1] == '?') && s[j] == ' ' {
			lo = j
			break
		}
	}
	for j := at; j+1 < len(s); j++ {
		if (s[j] == '.' || s[j] == '!' || s[j] == '?') && s[j+1] == ' ' {
			hi = j
			break
		}
	}
	return lo, hi
}

// sourcePercentiles returns the percentiles the report's k6 trend lines
// name and those its table lines name.
func (x *extractor) sourcePercentiles() (k6, tables map[string]bool) {
	k6, tables = make(map[string]bool), make(map[string]bool)
	for i := range x.lines {
		l := &x.lines[i]
		switch {
		case l.kind == lkTable:
			percentilesIn(l.raw, tables)
		case (l.kind == lkOutput || l.kind == lkCode) && k6TrendRE.MatchString(l.raw):
			percentilesIn(l.raw, k6)
			if strings.Contains(l.raw, "med=") {
				k6["50"] = true
			}
		}
	}
	return k6, tables
}
