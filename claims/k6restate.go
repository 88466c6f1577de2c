package claims

import (
	"regexp"
	"strconv"
	"strings"
)

// k6PercentileRestated (forty-ninth round): a latency percentile in
// prose that restates one of k6's end-of-test summaries with another
// number — "p95 from 148.3 ms to 49.2 ms" where the summaries print
// p(95)=148.3ms before and p(95)=51.2ms after, "the checkout median is
// 14.2 ms and the p95 is 41.9 ms, and the server handles 1,193 requests
// per second" where the after summary prints med=14.2ms, 1193.0/s and
// p(95)=37.9ms — was left unverifiable, an absolute figure. A time
// figure of prose named by a percentile the summaries print (the
// nearest percentile before it in its sentence, no "by" between, which
// makes it a difference) is contradicted when no k6 trend line prints
// it for that percentile and its sentence is tied to the summaries: it
// names k6, another figure of it is a figure a summary prints (three
// significant digits or more), or the other side of its pair is that
// percentile of a summary. The figure it is set against is the
// percentile of the summary the sentence's other figures come from
// (the last summary when they do not say). Cost: the report's k6
// summaries read once (a regular expression per output line); per
// unverifiable time claim of prose a join of at most three lines and a
// scan of its sentence's figures against the summaries' (a few dozen).
const k6PercentileRestated = true

// k6PairWrapped (fifty-second round): k6PercentileRestated looked for a
// pair's figure before on the pair's line only, where the claim is
// placed, so a pair that wraps ("p95 latency went from 388 ms to" / "161
// ms", the second run printing p(95)=171.4ms) was never read. The figure
// before is now looked for on the wrapped line before too. Cost: one
// more string search per such pair.
const k6PairWrapped = true

// k6PairLaterFirst (fifty-fourth round): k6PercentileRestated named the
// percentile of a pair by the words before its figure before, so a pair
// written new figure first ("k6 shows 1.54x the throughput with a p95 of
// 26.4 ms instead of 96.8 ms", the runs printing p(95)=96.82ms and
// p(95)=27.64ms) had a figure between the percentile and that figure and
// was never read. The percentile is now looked for before whichever
// figure of the pair comes first on the line. Cost: one string search
// more per pair.
const k6PairLaterFirst = true

var (
	// k6TrendValueRE finds a statistic of a k6 trend line: "p(95)=94.0ms",
	// "med=33.8ms".
	k6TrendValueRE = regexp.MustCompile(`\b(avg|min|med|max|p\((\d{2,3}(?:\.\d+)?)\))=(\d+(?:\.\d+)?)(ms|µs|us|s)\b`)
	// k6RateValueRE finds the rate of a k6 counter: "847320  1412.2/s".
	k6RateValueRE = regexp.MustCompile(`\s(\d+(?:\.\d+)?)/s\b`)
	// medianWordRE finds "median", a name of the 50th percentile.
	medianWordRE = regexp.MustCompile(`(?i)\bmedian\b`)
	// byBetweenRE finds "by" (a difference) between a percentile and
	// its figure.
	byBetweenRE = regexp.MustCompile(`(?i)\bby\b`)
)

// k6Summary is one k6 end-of-test summary: the percentiles of its
// request-duration trend (in ns, keyed by percentileKey, "50" for med),
// with their lines, and every figure it prints.
type k6Summary struct {
	pct     map[string]k6Value
	figures []k6Value
	reqs    *k6Value // the http_reqs rate, nil when not printed
}

// k6Value is a figure a k6 summary prints, in ns for a time.
type k6Value struct {
	n    Number
	ns   float64 // the time in ns, 0 for a rate
	line int     // 1-based
}

// k6Summaries reads the report's k6 summaries: the output blocks with a
// trend line.
func (x *extractor) k6Summaries() []k6Summary {
	var out []k6Summary
	cur := int32(-1)
	for i := range x.lines {
		l := &x.lines[i]
		if l.kind != lkOutput && l.kind != lkCode {
			continue
		}
		trend := k6TrendRE.MatchString(l.raw)
		rate := k6CounterRE.MatchString(l.raw)
		if !trend && !rate {
			continue
		}
		if len(out) == 0 || l.block != cur {
			out = append(out, k6Summary{pct: make(map[string]k6Value)})
			cur = l.block
		}
		s := &out[len(out)-1]
		if rate {
			for _, m := range k6RateValueRE.FindAllStringSubmatch(l.raw, -1) {
				if n, ok := k6Figure(m[1], ""); ok {
					v := k6Value{n: n, line: i + 1}
					s.figures = append(s.figures, v)
					if s.reqs == nil && strings.Contains(l.raw, "http_reqs") {
						s.reqs = &v
					}
				}
			}
			continue
		}
		req := strings.Contains(l.raw, "http_req_duration")
		for _, m := range k6TrendValueRE.FindAllStringSubmatch(l.raw, -1) {
			n, ok := k6Figure(m[3], m[4])
			if !ok {
				continue
			}
			v := k6Value{n: n, ns: n.Value * n.scale, line: i + 1}
			s.figures = append(s.figures, v)
			key := ""
			switch {
			case m[1] == "med":
				key = "50"
			case m[2] != "":
				key = percentileKey(m[2])
			}
			if key != "" {
				if _, ok := s.pct[key]; !ok || req {
					s.pct[key] = v
				}
			}
		}
	}
	return out
}

// k6Figure makes a Number of a figure k6 prints ("94.0", "ms").
func k6Figure(text, unit string) (Number, bool) {
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return Number{}, false
	}
	step := 1.0
	if i := strings.IndexByte(text, '.'); i >= 0 {
		for range len(text) - i - 1 {
			step /= 10
		}
	}
	n := Number{Text: text, Value: v, High: v, Unit: unit, step: step, scale: 1}
	switch unit {
	case "ms":
		n.Quantity, n.scale = Time, 1e6
	case "µs", "us":
		n.Quantity, n.scale, n.Unit = Time, 1e3, "µs"
	case "s":
		n.Quantity, n.scale = Time, 1e9
	default:
		n.Quantity = Throughput
	}
	return n, true
}

// sameAs reports whether figure n, as written, is v at their roundings.
func (v k6Value) sameAs(n Number) bool {
	if v.ns > 0 {
		if n.Quantity != Time || n.scale == 0 {
			return false
		}
		a, b := n.Value*n.scale, v.ns
		return abs(a-b) <= (n.step*n.scale+v.n.step*v.n.scale)/2+1e-9
	}
	return abs(n.Value-v.n.Value) <= (n.step+v.n.step)/2+1e-9
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// checkK6PercentilesRestated: see k6PercentileRestated.
func (x *extractor) checkK6PercentilesRestated() {
	if !k6PercentileRestated {
		return
	}
	var sums []k6Summary
	read := false
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute && c.Kind != BeforeAfter || c.Verdict != Unverifiable || len(c.Numbers) == 0 || c.expected ||
			c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		if c.Kind == BeforeAfter && (len(c.Numbers) != 2 || c.Numbers[0].Quantity != Time || c.Numbers[1].Quantity != Time) {
			continue
		}
		if !read {
			sums, read = x.k6Summaries(), true
		}
		if len(sums) == 0 {
			return
		}
		i := c.Line - 1
		raw := blankCode(plain(x.lines[i].raw))
		prev, next := x.wrappedLine(i, i-1), x.wrappedLine(i, i+1)
		text, off := raw, 0
		if prev != "" {
			text, off = prev+" "+raw, len(prev)+1
		}
		if next != "" {
			text += " " + next
		}
		for j, n := range c.Numbers {
			if n.Quantity != Time || n.isRange() || n.scale == 0 || c.Kind == BeforeAfter && j > 0 {
				continue
			}
			at := indexFigure(raw, n.Text)
			if at >= 0 {
				at += off
			} else if k6PairWrapped && c.Kind == BeforeAfter && prev != "" {
				// The pair's figure before on the line before.
				at = indexFigure(prev, n.Text)
			}
			if at < 0 {
				continue
			}
			if k6PairLaterFirst && c.Kind == BeforeAfter {
				// "a p95 of 26.4 ms instead of 96.8 ms": the pair written
				// new figure first; its percentile is named before that.
				if a2 := indexFigure(raw, c.Numbers[1].Text); a2 >= 0 && a2+off < at {
					at = a2 + off
				}
			}
			lo, hi := sentenceBounds(text, at)
			key := percentileBefore(text[lo:at])
			if key == "" {
				continue
			}
			printed := false
			for _, s := range sums {
				_, ok := s.pct[key]
				printed = printed || ok
			}
			if !printed {
				continue
			}
			// The figure (of a pair, the first) no summary prints for
			// the percentile, and a summary that prints the other.
			figs := []Number{n}
			if c.Kind == BeforeAfter {
				figs = c.Numbers
			}
			bad, held := -1, -1
			for fj, m := range figs {
				hit := -1
				for si, s := range sums {
					if v, ok := s.pct[key]; ok && v.sameAs(m) {
						hit = si
					}
				}
				if hit < 0 && bad < 0 {
					bad = fj
				} else if hit >= 0 {
					held = hit
				}
			}
			if bad < 0 {
				continue
			}
			// The summary the sentence's other figures come from.
			votes := make([]int, len(sums))
			tied := held >= 0 || sourceK6RE.MatchString(text[lo:hi])
			for _, f := range x.figuresOf(text[lo:hi]) {
				if sigDigits(f.Text) < 3 || f.isRange() || slicesHasText(figs, f.Text) {
					continue
				}
				for si, s := range sums {
					for _, v := range s.figures {
						if v.sameAs(f.Number) {
							votes[si]++
							tied = true
							break
						}
					}
				}
			}
			if !tied {
				continue
			}
			pick := len(sums) - 1
			switch {
			case len(figs) == 2 && bad == 0:
				pick = 0
			case len(figs) == 2:
			default:
				best := 1
				for si, v := range votes {
					// Ties go to the later summary (the after run).
					if v >= best {
						best, pick = v, si
					}
				}
			}
			v, ok := sums[pick].pct[key]
			if !ok {
				continue
			}
			cx := &Cross{Reason: RestatedDiffers, Lines: []int{v.line}, Stated: figs[bad], Operands: []Number{v.n}}
			// The figure alone takes the alarm: the other side of a
			// pair, or the other figures of a line, may hold.
			add = append(add, alarmOnFigure(c, figs[bad], cx)...)
			break
		}
	}
	x.addClaims(add)
}

// slicesHasText reports whether one of ns is written as text.
func slicesHasText(ns []Number, text string) bool {
	for _, n := range ns {
		if n.Text == text {
			return true
		}
	}
	return false
}

// percentileBefore returns the percentile (percentileKey, "50" for
// "median") named last in s, the words of a sentence before a figure,
// when no figure and no "by" (a difference) stand between it and the
// figure; "" otherwise.
func percentileBefore(s string) string {
	key, kat := "", -1
	if ms := sourcePctRE.FindAllStringSubmatchIndex(s, -1); len(ms) > 0 {
		m := ms[len(ms)-1]
		p := ""
		if m[2] >= 0 {
			p = s[m[2]:m[3]]
		} else {
			p = s[m[4]:m[5]]
		}
		key, kat = percentileKey(p), m[1]
	}
	if ms := medianWordRE.FindAllStringIndex(s, -1); len(ms) > 0 && ms[len(ms)-1][1] > kat {
		key, kat = "50", ms[len(ms)-1][1]
	}
	if key == "" || byBetweenRE.MatchString(s[kat:]) || figureBetween(s[kat:]) {
		return ""
	}
	return key
}

// figureBetween reports whether s (the words between a percentile and a
// claim's figure) holds a figure of its own: the percentile names
// another figure.
func figureBetween(s string) bool {
	for _, f := range scanFigures(s) {
		if f.Text != "" {
			return true
		}
	}
	return false
}
