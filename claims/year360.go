package claims

import (
	"regexp"
	"strings"
)

// yearOf360Days (fifty-first round): a yearly amount taken as 360 times
// the daily amount before it ("At $20.832 a day this is $624.96 per
// 30-day month and $7,499 per year": 20.832 × 360 = 7,499.5; a cost
// table's "| Day | $16.13 |" and "| Year | $5,806.08 |"; "Over the year
// the saving comes to $16,156.80" below a table whose Day row is $44.88)
// was left unverifiable, or called consistent as twelve 30-day months:
// the checks of period totals allow a year of 360 days, since some
// reports count one (blind33 states "Over the 360-day year"). A year of
// 360 days is a choice the text states; when no line of the report
// writes a 360-day year ("360-day", "360 days", "360 d"), a yearly
// amount that 360 times the daily amount gives, at the rounding of
// both, and 365 (or 365.25) times it does not, is an arithmetic error
// against 365 days. A year that is twelve times a monthly amount before
// it is left alone unless the report states a 30-day month ("per 30-day
// month", "Month (30 d)"): twelve months of unstated length make a year,
// twelve of 30 days make 360 days. The daily amount is the nearest amount of the same
// unit over a day before the yearly one in its paragraph (its line and
// up to three before), not hedged ("about $27.63 a day" is derived from
// a month, and twelve months are the year); for a table row labelled
// Year, or for prose with no daily amount in its paragraph, the Day row
// of its section's period table. Cost: one pass over the lines for a
// stated 360-day year; then per amount of prose or table followed or
// preceded by a year word, one backward scan of its paragraph's figures
// and the section's period rows read once.
const yearOf360Days = true

// stated360RE finds a year of 360 days stated in a report, stated30RE
// a month of 30 days.
var (
	stated360RE = regexp.MustCompile(`(?i)\b360[- ]?(?:days?|d)\b`)
	stated30RE  = regexp.MustCompile(`(?i)\b30[- ]?(?:days?|d)\b`)
)

// checkYearsOf360Days: see yearOf360Days.
func (x *extractor) checkYearsOf360Days() {
	if !yearOf360Days {
		return
	}
	stated30 := false
	for _, l := range x.lines {
		if stated360RE.MatchString(l.raw) {
			return
		}
		stated30 = stated30 || stated30RE.MatchString(l.raw)
	}
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || c.Line < 1 || c.Line > len(x.lines) || c.expected {
			continue
		}
		held := c.Verdict == Consistent && c.Cross != nil && c.Cross.Derivation == Total && len(c.Numbers) == 1
		if !held && (c.Verdict != Unverifiable || c.Cross != nil) {
			continue
		}
		l := &x.lines[c.Line-1]
		switch l.kind {
		case lkProse:
			p := x.paragraphTo(c.Line-1, true)
			for at, n := range c.Numbers {
				fi := -1
				for q := range p.figs {
					if p.figs[q].start >= p.starts[len(p.starts)-1] && p.figs[q].Text == n.Text && p.figs[q].Unit == n.Unit {
						fi = q
						break
					}
				}
				if fi < 0 || !x.yearAmount(p, fi) {
					continue
				}
				day, line, ok := x.dailyBefore(p, fi)
				if !ok {
					day, line, ok = x.dayRow(int(l.section), n)
				}
				if !ok {
					continue
				}
				cx := year360Off(n, day, line)
				if cx == nil || !stated30 && twelveMonthsBefore(p, fi) {
					continue
				}
				if held {
					c.Cross, c.Verdict = nil, Unverifiable
				}
				if e, split := figureOwnClaim(c, at, cx); split {
					add = append(add, e)
				}
				break
			}
		case lkTable:
			if len(c.Numbers) != 1 {
				continue
			}
			n := c.Numbers[0]
			year := false
			for _, r := range x.periodRowsOf(int(l.section), unitBase(n.Unit)) {
				if r.period == "year" && r.line == c.Line && r.n.Text == n.Text {
					year = true
				}
			}
			if !year {
				continue
			}
			day, line, ok := x.dayRow(int(l.section), n)
			if !ok {
				continue
			}
			if cx := year360Off(n, day, line); cx != nil && (stated30 || !x.twelveMonthRows(int(l.section), n)) {
				if held {
					c.Cross, c.Verdict = nil, Unverifiable
				}
				setCross(c, cx)
			}
		}
	}
	x.addClaims(add)
}

// yearAmount reports whether figure fi of paragraph p is an amount over
// a year: a year word after it before the next figure ("$7,499 per
// year"), or before it in its clause ("Over the year the saving comes
// to $16,156.80").
func (x *extractor) yearAmount(p paragraph, fi int) bool {
	f := p.figs[fi]
	if _, _, _, ok := scaledAmount(f.Number); !ok || f.isRange() || !(f.Value > 0) {
		return false
	}
	if per := unitPeriod(f.Unit); per != "" {
		return per == "year"
	}
	next := len(p.text)
	if fi+1 < len(p.figs) {
		next = p.figs[fi+1].start
	}
	if long, days := tenfoldPeriodOf(p.text[f.end:next]); long != "" {
		return long == "year" && (days == 0 || days == 365)
	}
	m := tenfoldPeriodBeforeRE.FindStringSubmatch(p.text[clauseBefore(p.text, p.starts, f.start):f.start])
	return m != nil && m[2] == "year" && (m[1] == "" || m[1] == "365")
}

// dailyBefore returns the nearest amount of the unit of figure fi of p
// stated over a day before it in p, not hedged, with its 1-based line.
func (x *extractor) dailyBefore(p paragraph, fi int) (Number, int, bool) {
	total := p.figs[fi].Number
	nk, _, _, _ := scaledAmount(total)
	for q := fi - 1; q >= 0; q-- {
		e := p.figs[q]
		ek, _, _, ok := scaledAmount(e.Number)
		if !ok || ek != nk || unitBase(e.Unit) != unitBase(total.Unit) || e.isRange() || !(e.Value > 0) {
			continue
		}
		// The period after it ("per 30-day month" holds a figure of its
		// own), or before it back to the figure before.
		short := unitPeriod(e.Unit)
		if short == "" {
			short, _ = tenfoldPeriodOf(p.text[e.end:min(len(p.text), e.end+48)])
		}
		if short == "" {
			from := clauseBefore(p.text, p.starts, e.start)
			if q > 0 {
				from = max(from, p.figs[q-1].end)
			}
			short, _ = periodBefore(p.text[from:e.start])
		}
		if short != "day" {
			continue
		}
		if approxBeforeRE.MatchString(p.text[:e.start]) || e.Approx {
			return Number{}, 0, false
		}
		return e.Number, x.lineOfOffset(p.from, p.text, e.start), true
	}
	return Number{}, 0, false
}

// dayRow returns the Day row's amount of the period table of section
// sec (or a parent) in the unit of n, with its 1-based line.
func (x *extractor) dayRow(sec int, n Number) (Number, int, bool) {
	if len(x.tables) == 0 {
		return Number{}, 0, false
	}
	for _, r := range x.periodRowsOf(sec, unitBase(n.Unit)) {
		if r.period == "day" && !r.n.isRange() && r.n.Value > 0 {
			return r.n, r.line, true
		}
	}
	return Number{}, 0, false
}

// year360Off returns the error of yearly amount n when daily amount day
// gives it over 360 days and not over 365 (see yearOf360Days); nil
// otherwise.
func year360Off(n, day Number, line int) *Cross {
	if n.isRange() || !(n.Value > 0) || !(day.Value > 0) {
		return nil
	}
	tol := n.step / 2
	if n.Approx {
		tol = max(tol, n.Value/100)
	}
	gives := func(cnt float64) bool {
		return n.Value+tol >= (day.Value-day.step/2)*cnt && n.Value-tol <= (day.Value+day.step/2)*cnt
	}
	if gives(365) || gives(365.25) || !gives(360) {
		return nil
	}
	return &Cross{Reason: DerivedOff, Derivation: Total, Lines: []int{line}, Stated: n, Got: day.Value * 365, GotUnit: n.Unit,
		Operands: []Number{day, {Text: "365 days a year", Value: 365, High: 365}}}
}

// unitPeriod returns the period a PerPeriod unit is over ("year" of
// "$/year"), "" for none.
func unitPeriod(u string) string {
	_, per, ok := strings.Cut(u, "/")
	if !ok {
		return ""
	}
	switch per {
	case "day", "night", "d":
		return "day"
	case "week", "month", "year":
		return per
	case "yr", "y", "annum":
		return "year"
	}
	return ""
}

// twelveMonthsBefore reports whether an amount of the unit of figure fi
// of p, before it in p, gives it times twelve (a monthly amount).
func twelveMonthsBefore(p paragraph, fi int) bool {
	n := p.figs[fi].Number
	for q := fi - 1; q >= 0; q-- {
		if e := p.figs[q]; unitBase(e.Unit) == unitBase(n.Unit) && !e.isRange() && twelveOf(n, e.Number) {
			return true
		}
	}
	return false
}

// twelveMonthRows reports whether a Month row of the period table of
// section sec gives n times twelve.
func (x *extractor) twelveMonthRows(sec int, n Number) bool {
	for _, r := range x.periodRowsOf(sec, unitBase(n.Unit)) {
		if r.period == "month" && !r.n.isRange() && twelveOf(n, r.n) {
			return true
		}
	}
	return false
}

// twelveOf reports whether n is twelve times m at the rounding of both.
func twelveOf(n, m Number) bool {
	return n.Value+n.step/2 >= (m.Value-m.step/2)*12 && n.Value-n.step/2 <= (m.Value+m.step/2)*12
}
