package claims

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// periodDayCountOff (fiftieth round): a total over a week or over a
// period whose days the text states ("Per 30-day month: $334.80" after
// "Per day: … = $10.80"; "$89.76; per week $538.56") that the daily
// amount before it gives over a day count one or a few off the period's
// — 31 days for a stated 30-day month, six days for a week — was left
// unverifiable: the checks of period totals take a month as 28 to 31
// days and a week as 5 to 7 (working weeks and calendar months both
// occur), and only a tenfold slip was an error. When the text states
// the month's days, that count is the one; a week is five working days
// or seven, never six. The nearest amount of the same unit over a day
// before the total, in its paragraph (its line and up to three lines
// before), is read; when it times the period's count (the stated one;
// 5 or 7 for a week) does not give the total within the rounding of
// both ("about" widens the total to 1 %) and it times a count within
// three days of it does, exactly, the total is an arithmetic error
// naming the count it was taken over. A period of a year or an unstated
// month is left to the wider checks (360-day and working-day years are
// in use). Cost: per unverifiable figure of prose, one regular
// expression over its clause and one backward scan of its paragraph's
// figures.
const periodDayCountOff = true

// dayCountPeriodRE reads the period a figure is over, written before
// it in its clause: "Per 30-day month:", "per week", "over a 30-day
// month". The last match before the figure is the one.
var dayCountPeriodRE = regexp.MustCompile(`(?i)\b(?:per|a|an|each|every|over\s+a|in\s+a|for\s+a)\s+(?:(\d+)[- ]day\s+)?(day|night|week|month)\b`)

// checkDayCountTotals: see periodDayCountOff.
func (x *extractor) checkDayCountTotals() {
	if !periodDayCountOff {
		return
	}
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || c.Verdict != Unverifiable || c.Cross != nil || c.Line < 1 || c.Line > len(x.lines) ||
			x.lines[c.Line-1].kind != lkProse {
			continue
		}
		p := x.paragraphTo(c.Line-1, true)
		from, text, starts, figs := p.from, p.text, p.starts, p.figs
		for at, n := range c.Numbers {
			fi := -1
			for q := range figs {
				if figs[q].start >= starts[len(starts)-1] && figs[q].Text == n.Text && figs[q].Unit == n.Unit {
					fi = q
					break
				}
			}
			if fi < 0 {
				continue
			}
			cx := x.dayCountOff(from, text, starts, figs, fi, n)
			if cx == nil {
				continue
			}
			if e, split := figureOwnClaim(c, at, cx); split {
				add = append(add, e)
			}
			break
		}
	}
	x.addClaims(add)
}

// clauseBefore returns the offset where the clause holding offset at
// of text starts: after the last ";", sentence end or line start
// (starts) before it.
func clauseBefore(text string, starts []int, at int) int {
	from := 0
	for _, s := range starts {
		if s <= at {
			from = s
		}
	}
	if k := strings.LastIndexByte(text[from:at], ';'); k >= 0 {
		from += k + 1
	}
	if k := strings.LastIndex(text[from:at], ". "); k >= 0 {
		from += k + 2
	}
	return from
}

// periodBefore returns the period named last in text (a clause up to a
// figure) with its stated days (0 for none), "" for none.
func periodBefore(text string) (string, float64) {
	ms := dayCountPeriodRE.FindAllStringSubmatch(text, -1)
	if ms == nil {
		return "", 0
	}
	m := ms[len(ms)-1]
	days := 0.0
	if m[1] != "" {
		days, _ = strconv.ParseFloat(m[1], 64)
	}
	return periodKind(m[2]), days
}

// dayCountOff returns the error of total n (figs[fi] of text) when the
// daily amount before it gives it over a day count a few off its
// period's (see periodDayCountOff); nil otherwise.
func (x *extractor) dayCountOff(from int, text string, starts []int, figs []figure, fi int, n Number) *Cross {
	total := figs[fi].Number
	nk, _, _, ok := scaledAmount(total)
	if !ok || total.isRange() || !(total.Value > 0) {
		return nil
	}
	next := len(text)
	if fi+1 < len(figs) {
		next = figs[fi+1].start
	}
	long, days := tenfoldPeriodOf(text[figs[fi].end:next])
	if long == "" {
		long, days = periodBefore(text[clauseBefore(text, starts, figs[fi].start):figs[fi].start])
	}
	var counts []float64
	switch {
	case long == "week" && (days == 0 || days == 7):
		counts = []float64{5, 7}
	case days > 0 && long != "day":
		counts = []float64{days}
	default:
		return nil
	}
	for q := fi - 1; q >= 0; q-- {
		e := figs[q]
		ek, _, _, ok := scaledAmount(e.Number)
		if !ok || ek != nk || unitBase(e.Unit) != unitBase(total.Unit) || e.isRange() || !(e.Value > 0) {
			continue
		}
		end := figs[fi].start
		if q+1 < len(figs) {
			end = figs[q+1].start
		}
		short, _ := tenfoldPeriodOf(text[e.end:end])
		if short == "" {
			short, _ = periodBefore(text[clauseBefore(text, starts, e.start):e.start])
		}
		if short != "day" {
			continue
		}
		tol := total.step / 2
		if approxBeforeRE.MatchString(text[:figs[fi].start]) || total.Approx {
			tol = max(tol, total.Value/100)
		}
		gives := func(cnt float64) bool {
			return total.Value+tol >= (e.Value-e.step/2)*cnt && total.Value-tol <= (e.Value+e.step/2)*cnt
		}
		for _, cnt := range counts {
			if gives(cnt) {
				return nil
			}
		}
		var hit float64
		for _, cnt := range counts {
			for d := -3.0; d <= 3; d++ {
				k := cnt + d
				if d != 0 && k > 0 && gives(k) && math.Abs(total.Value-e.Value*k) <= total.step/2+1e-9 && !gives(k-1) && !gives(k+1) {
					hit = k
				}
			}
		}
		if hit == 0 {
			return nil
		}
		cnt := counts[len(counts)-1]
		return &Cross{Reason: DerivedOff, Derivation: Total, Lines: []int{x.lineOfOffset(from, text, e.start), x.lineOfOffset(from, text, figs[fi].start)},
			Stated: n, Got: e.Value * cnt, GotUnit: n.Unit,
			Operands: []Number{e.Number, {Text: trimFloat(cnt, 4) + " days a " + long, Value: cnt, High: cnt}}}
	}
	return nil
}
