package claims

import "fmt"

// k6QuoteHeld (fifty-fourth round): a time of prose called contradicted
// because another figure of its words was taken for the same subject
// stated with another number ("Under a k6 load test the check served
// 1,800 requests a second with a p95 of 27.6 ms", against the production
// table's "Portal check p95 | 118 ms | 31 ms") is a quotation when a k6
// summary of the report prints it for the percentile its sentence names
// last before it (p(95)=27.64ms): a load test and production are two
// measurements of one name. The time is consistent when a summary other
// than the lines it was contradicted by prints that percentile, or the
// median for "median" or "p50", as the figure at their roundings. A
// first version that took any figure printed on a table or output line
// removed four false alarms and lost fifteen catches (a figure of another
// row of a table is what makes a sentence mix rows), and was narrowed to
// k6's percentiles before the commit. Cost: the k6 summaries read once
// when a time is contradicted; per such time one sentence search and one
// map look-up per summary.
const k6QuoteHeld = true

// unalarmK6Quotes: see k6QuoteHeld.
func (x *extractor) unalarmK6Quotes() {
	if !k6QuoteHeld {
		return
	}
	var sums []k6Summary
	read := false
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Contradicted || c.Cross == nil || c.Cross.Reason != RestatedDiffers || c.Line < 1 || c.Line > len(x.lines) ||
			x.lines[c.Line-1].kind != lkProse {
			continue
		}
		n := c.Cross.Stated
		if n.Text == "" || n.isRange() || n.scale == 0 || canonical(n.Quantity) != Time {
			continue
		}
		if !read {
			sums, read = x.k6Summaries(), true
		}
		if len(sums) == 0 {
			return
		}
		text, _ := x.proseWithWrap(c.Line)
		at := indexFigure(text, n.Text)
		if at < 0 {
			continue
		}
		lo, _ := sentenceBounds(text, at)
		key := percentileBefore(text[lo:at])
		if key == "" {
			continue
		}
		for _, s := range sums {
			v, ok := s.pct[key]
			if !ok || !v.sameAs(n) || containsInt(c.Cross.Lines, v.line) {
				continue
			}
			c.Cross, c.Verdict = nil, Consistent
			c.Detail = fmt.Sprintf("quotes the k6 summary's %s of line %d", v.n.String(), v.line)
			break
		}
	}
}

// containsInt reports whether s holds v.
func containsInt(s []int, v int) bool {
	for _, e := range s {
		if e == v {
			return true
		}
	}
	return false
}
