package claims

import (
	"fmt"
	"regexp"
	"strings"
)

// k6RequestFactor (forty-ninth round): a factor of requests served
// under load — "went from 69 to 64 while serving 1.48x as many
// requests", "the search API serves 1.48x the requests", "1.48x the
// request rate" — is the ratio of the request rates k6's summaries print
// for the runs ("http_reqs ...: 171840 954.666667/s" before,
// "254214 1412.3/s" after). It was checked against a pair of its line
// (the failures, the reindex times) and called an arithmetic error, or
// left with no pair. A factor whose next words name requests ("as many
// requests", "the requests", "the request rate", "the throughput") is
// consistent when the request rates of the report's first and last k6
// summaries give it at its rounding; one they do not give keeps its
// verdict. Cost: the k6 summaries read once (k6Summaries); per factor a
// match of the words after it.
const k6RequestFactor = true

// requestsAfterRE finds the words after a factor that name the requests
// served: "as many requests", "the request rate", "the throughput".
var requestsAfterRE = regexp.MustCompile(`(?i)^\s*(?:x|×|times)?\s*(?:as\s+many|more|the)\s+(?:http\s+)?(?:requests?|reqs?|throughput)\b`)

// checkK6RequestFactors: see k6RequestFactor.
func (x *extractor) checkK6RequestFactors() {
	if !k6RequestFactor {
		return
	}
	var sums []k6Summary
	read := false
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || c.Verdict != ArithmeticError && c.Verdict != Unsupported && c.Verdict != Unverifiable ||
			c.stated.Text == "" || c.stated.isRange() || !(c.stated.Value > 1) || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		raw := blankCode(plain(x.lines[c.Line-1].raw))
		at := indexFigure(raw, c.stated.Text)
		if at < 0 {
			continue
		}
		after := raw[at+len(c.stated.Text):]
		if next := x.wrappedLine(c.Line-1, c.Line); next != "" {
			after += " " + next
		}
		if !requestsAfterRE.MatchString(after) {
			continue
		}
		if !read {
			sums, read = x.k6Summaries(), true
		}
		var rates []k6Value
		for _, s := range sums {
			if s.reqs != nil {
				rates = append(rates, *s.reqs)
			}
		}
		if len(rates) < 2 {
			continue
		}
		a, b := rates[0], rates[len(rates)-1]
		if !(a.n.Value > 0) || !(b.n.Value > 0) {
			continue
		}
		q := b.n.Value / a.n.Value
		if q < 1 {
			q = 1 / q
		}
		if q < c.stated.Value-c.stated.step/2 || q > c.stated.High+c.stated.step/2 {
			continue
		}
		p := Pair{Old: a.n, New: b.n, OldLine: a.line, NewLine: b.line, Ordered: true, From: "the request rates of the k6 summaries"}
		c.Cross, c.Verdict, c.Arithmetic = nil, Consistent, Consistent
		c.Pair = &p
		c.Detail = fmt.Sprintf("the k6 summaries' request rates %s/s → %s/s (lines %d and %d) give %sx", a.n.Text, b.n.Text, a.line, b.line,
			strings.TrimSpace(c.stated.Text))
	}
}
