package claims

import (
	"regexp"
	"slices"
	"strings"
)

// periodTotalTenfold (forty-seventh round): a total over a long period
// ten times off the amount its paragraph states over a shorter one
// ("about 409 core-hours per day;" / "- over a 30-day month that is
// about 122,800 core-hours"; "4,011 CPU-hours, every day; roughly 1.2
// million CPU-hours a month"; "130.2 vCPU-hours a day … or 4,752
// vCPU-hours a year"; "15.6 TB of host writes per day … 46.8 TB per
// month") was left unverifiable: the checks of period totals
// (checkPeriodRestated, checkPeriodScaled) read a total linked to the
// amount right before it by a comma, "or" or "that is", and these are
// linked by a semicolon, a list item, another amount between, or a
// sentence. A time, size, amount of money or count over a day, week,
// month or year (read after the figure: "a month", "per year", "every
// day", "over a 30-day month") is compared with each amount of the same
// unit over a shorter period stated before it in its paragraph (its line
// and up to three lines before, a list's items included): the shorter
// amount times the calendar's count of short periods in the long one (28
// to 31 days a month, 360 to 366 a year, 12 months a year, a count the
// text states "over a 30-day month"). When one such amount gives the
// total as written, nothing is said; when none does and one gives it
// exactly ten times off (either way), it is an arithmetic error: a
// decimal slipped. Any other mismatch is left alone (the two amounts may
// be of different things). Cost: per unverifiable figure of prose
// followed by a period, one scan of at most four lines' figures.
const periodTotalTenfold = true

// tenfoldUnitPeriod (fifty-first round): periodTotalTenfold read a
// figure's period in the words after its unit, and the scanner takes "a
// day", "per year" into the unit of an amount of money ("$2.69 a day"
// is 2.69 "$/day"), so "$2.69 a day, $80.78 a month (30 days) and
// $9,829 a year" had no period on either side and the year, ten times
// 2.69 × 365, was left unverifiable. The period of a unit written per
// day, week, month or year is now the figure's period when no period
// word follows it. Cost: one string cut per figure read.
const tenfoldUnitPeriod = true

// tenfoldPeriodRE reads the period right after a figure and its unit.
var tenfoldPeriodRE = regexp.MustCompile(`(?i)^[^.;:()0-9]{0,40}?\b(?:(?:a|an|per|each|every)\s+(day|night|week|month|year)|(daily|nightly|weekly|monthly|yearly|annually)|(?:over|in|for|per)\s+(?:a\s+|an\s+|the\s+)?(?:(\d+)-day\s+)?(month|year|week))\b`)

// tenfoldPeriodBeforeRE reads a long period written before a total in
// its clause: "over a 30-day month that is about 122,800".
var tenfoldPeriodBeforeRE = regexp.MustCompile(`(?i)\b(?:over|in|for)\s+(?:a\s+|an\s+|the\s+)?(?:(\d+)-day\s+)?(month|year|week)\b[^.;:()0-9]{0,30}$`)

// tenfoldPeriodOf returns the period a figure at end of text is over
// ("day", "week", "month", "year"), with the number of days the text
// states for it (0 for none), "" when none is read.
func tenfoldPeriodOf(after string) (string, float64) {
	m := tenfoldPeriodRE.FindStringSubmatch(after)
	if m == nil {
		return "", 0
	}
	switch {
	case m[1] != "":
		return periodKind(m[1]), 0
	case m[2] != "":
		w := strings.ToLower(m[2])
		return map[string]string{"daily": "day", "nightly": "day", "weekly": "week", "monthly": "month", "yearly": "year", "annually": "year"}[w], 0
	}
	days := 0.0
	if m[3] != "" {
		for _, c := range m[3] {
			days = days*10 + float64(c-'0')
		}
	}
	return m[4], days
}

// checkTenfoldTotals: see periodTotalTenfold.
func (x *extractor) checkTenfoldTotals() {
	if !periodTotalTenfold {
		return
	}
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || c.Verdict != Unverifiable || c.Cross != nil || c.Line < 1 || c.Line > len(x.lines) ||
			x.lines[c.Line-1].kind != lkProse {
			continue
		}
		// The paragraph up to the figure's line: at most three lines
		// before it, of prose, in its block.
		p := x.paragraphTo(c.Line-1, false)
		from, off, text, figs := p.from, p.starts[len(p.starts)-1], p.text, p.figs
		for at, n := range c.Numbers {
			fi := -1
			for q := range figs {
				if figs[q].start >= off && figs[q].Text == n.Text && figs[q].Unit == n.Unit {
					fi = q
					break
				}
			}
			if fi < 0 {
				continue
			}
			nk, _, _, ok := scaledAmount(figs[fi].Number)
			long, days := tenfoldPeriodOf(text[figs[fi].end:])
			if long == "" && tenfoldUnitPeriod {
				long = unitPeriod(figs[fi].Unit)
			}
			if long == "" {
				if m := tenfoldPeriodBeforeRE.FindStringSubmatch(text[:figs[fi].start]); m != nil {
					long = strings.ToLower(m[2])
					for _, ch := range m[1] {
						days = days*10 + float64(ch-'0')
					}
				}
			}
			if periodCountOfTen && ok {
				if ten := x.tenPeriodsTotal(from, text, figs, fi, n, nk, long); ten != nil {
					if e, split := figureOwnClaim(c, at, ten); split {
						add = append(add, e)
					}
					break
				}
			}
			if !ok || long == "" || long == "day" {
				continue
			}
			amount := figs[fi].Number
			holds := false
			var hit *Cross
			for q := 0; q < fi && !holds; q++ {
				e := figs[q]
				ek, elo, ehi, ok := scaledAmount(e.Number)
				if !ok || ek != nk || unitBase(e.Unit) != unitBase(amount.Unit) || e.isRange() || !(elo > 0) {
					continue
				}
				end := len(text)
				if q+1 < len(figs) {
					end = figs[q+1].start
				}
				short, _ := tenfoldPeriodOf(text[e.end:end])
				if short == "" && tenfoldUnitPeriod {
					short = unitPeriod(e.Unit)
				}
				if short == "" || short == long {
					continue
				}
				cnt, ok := calendarCounts[[2]string{short, long}]
				if !ok {
					continue
				}
				if days > 0 && short == "day" {
					cnt = [2]float64{days, days}
				}
				glo, ghi := elo*cnt[0], ehi*cnt[1]

				if rangeMatch(amount, glo, ghi) {
					holds = true
					break
				}
				for _, f := range [...]float64{10, 0.1} {
					if hit == nil && rangeMatch(amount, glo*f, ghi*f) {
						mid := (cnt[0] + cnt[1]) / 2
						ct := trimFloat(cnt[0], 4)
						if cnt[1] != cnt[0] {
							ct += "–" + trimFloat(cnt[1], 4)
						}
						hit = &Cross{Reason: DerivedOff, Derivation: Total, Lines: []int{x.lineOfOffset(from, text, e.start), c.Line}, Stated: n,
							Got: toUnit((glo+ghi)/2, n), GotUnit: n.Unit,
							Operands: []Number{e.Number, {Text: ct + " " + short + "s a " + long, Value: mid, High: mid}}}
					}
				}
			}
			if holds || hit == nil {
				continue
			}
			if e, split := figureOwnClaim(c, at, hit); split {
				add = append(add, e)
			}
			break
		}
	}
	if len(add) > 0 {
		x.rep.Claims = append(x.rep.Claims, add...)
		slices.SortStableFunc(x.rep.Claims, func(a, b Claim) int { return a.Line - b.Line })
	}
}

// lineOfOffset returns the 1-based line of offset at of text, the lines
// from 0-based line from on joined with a space each.
func (x *extractor) lineOfOffset(from int, text string, at int) int {
	line := from
	pos := 0
	for line < len(x.lines) {
		n := len(blankCode(plain(x.lines[line].raw))) + 1
		if at < pos+n {
			return line + 1
		}
		pos += n
		line++
	}
	return len(x.lines)
}

// unitBase is a unit without the period it is per: "$/year" is "$".
func unitBase(u string) string {
	b, _, _ := strings.Cut(u, "/")
	return b
}
