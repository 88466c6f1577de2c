package claims

import (
	"fmt"
	"regexp"
	"strings"
)

// periodTableRows (forty-seventh round): a table that states one amount
// per period in rows ("| Day | … | $16.74 |", "| Month (30 d) | … |
// $502.20 |", "| Year (365 d) | … | $6,110.10 |") is what a sentence
// after it restates per period ("That is roughly $134 a week, or about
// $500 a month"); the checks of period totals read the sentence's
// amounts against each other only, so the month ($500, right) was called
// an arithmetic error against the week ($134 × 4.3, the week being the
// wrong one) and the week was left unverifiable. An amount of prose over
// a day, week, month or year, in a section whose tables (or its parent
// section's) have such period rows with exactly one column of the
// amount's unit, is checked against them: the row of its own period at
// its rounding (a hedge widens it to 2 %), else the day's row times the
// period's days (7 a week, the days the month's or year's row states, or
// 30 and 365). A match is consistent, taking back any alarm; an amount
// only the day's row checks that differs from it by more than 5 % is an
// arithmetic error. Cost: the section's tables read once per amount
// followed by a period word (a few rows each).
const periodTableRows = true

// periodRowRE reads a table row's period label: "Day", "Month (30 d)",
// "per year (365 days)".
var periodRowRE = regexp.MustCompile(`(?i)^\s*(?:per\s+)?(day|daily|week|weekly|month|monthly|year|yearly|annual)\b(?:\s*\((\d+)\s*(?:d|days)\))?`)

// A periodRow is an amount a table states for one period.
type periodRow struct {
	period string
	days   float64
	n      Number
	line   int
}

// periodRowsOf returns the period rows of the tables of section sec and
// its parents whose only column of unit base unit holds the amounts.
func (x *extractor) periodRowsOf(sec int, unit string) []periodRow {
	var out []periodRow
	for s := sec; s >= 0; s = x.sections[s].parent {
		for _, ti := range x.sectionTables(s) {
			t := x.tables[ti]
			col := -1
			var rows []periodRow
			for ri := range t.rows {
				r := &t.rows[ri]
				m := periodRowRE.FindStringSubmatch(cellOf(r, 0))
				if m == nil {
					continue
				}
				for k := 1; k < len(r.cells); k++ {
					fs := scanFigures(r.cells[k])
					if len(fs) != 1 || unitBase(fs[0].Unit) != unit || fs[0].isRange() {
						continue
					}
					if col >= 0 && col != k {
						return nil // two columns of the unit: which one is meant is not said
					}
					col = k
					p := map[string]string{"daily": "day", "weekly": "week", "monthly": "month", "yearly": "year", "annual": "year"}[strings.ToLower(m[1])]
					if p == "" {
						p = strings.ToLower(m[1])
					}
					d := 0.0
					for _, ch := range m[2] {
						d = d*10 + float64(ch-'0')
					}
					rows = append(rows, periodRow{p, d, fs[0].Number, r.line + 1})
				}
			}
			out = append(out, rows...)
		}
		if s == 0 {
			break
		}
	}
	return out
}

// checkPeriodTableRows: see periodTableRows.
func (x *extractor) checkPeriodTableRows() {
	if !periodTableRows || len(x.tables) == 0 {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Absolute || len(c.Numbers) != 1 || c.Line < 1 || c.Line > len(x.lines) || x.lines[c.Line-1].kind != lkProse ||
			c.Verdict != Unverifiable && !(c.Verdict == ArithmeticError && c.Cross != nil && c.Cross.Derivation == Total) {
			continue
		}
		n := c.Numbers[0]
		scan := blankCode(plain(x.lines[c.Line-1].raw))
		at := indexFigure(scan, n.Text)
		if at < 0 || !(n.mid() > 0) {
			continue
		}
		end := at + len(n.Text)
		period, _ := tenfoldPeriodOf(scan[end:])
		if period == "" {
			continue
		}
		rows := x.periodRowsOf(int(x.lines[c.Line-1].section), unitBase(n.Unit))
		if len(rows) < 2 {
			continue
		}
		amount := n
		if approxBeforeRE.MatchString(scan[:at]) {
			amount.Approx = true
		}
		var own, day *periodRow
		for q := range rows {
			switch rows[q].period {
			case period:
				own = &rows[q]
			case "day":
				day = &rows[q]
			}
		}
		var cx *Cross
		switch {
		case own != nil:
			lo, hi := own.n.base()
			if !rangeMatch(amount, lo, hi) {
				continue
			}
			cx = &Cross{Reason: DerivedHolds, Derivation: Total, Lines: []int{own.line}, Stated: n, Got: toUnit((lo+hi)/2, n), GotUnit: n.Unit,
				Operands: []Number{own.n}}
		case day != nil && period != "day":
			days := map[string]float64{"week": 7, "month": 30, "year": 365}[period]
			for _, r := range rows {
				if r.period == period && r.days > 0 {
					days = r.days
				}
			}
			lo, hi := day.n.base()
			lo, hi = lo*days, hi*days
			d := Number{Text: trimFloat(days, 4) + " days", Value: days, High: days}
			cx = &Cross{Derivation: Total, Lines: []int{day.line}, Stated: n, Got: toUnit((lo+hi)/2, n), GotUnit: n.Unit,
				Operands: []Number{day.n, d}}
			switch {
			case rangeMatch(amount, lo, hi):
				cx.Reason = DerivedHolds
			case rangeMatch(amount, lo*0.95, hi*1.05):
				continue
			default:
				cx.Reason = DerivedOff
			}
		default:
			continue
		}
		if cx.Reason == DerivedHolds {
			c.Cross, c.Verdict, c.Arithmetic = nil, Unverifiable, Unverifiable
		}
		setCross(c, cx)
		if cx.Reason == DerivedHolds && c.Verdict != Consistent {
			c.Cross, c.Verdict = cx, Consistent
			c.Detail = fmt.Sprintf("the table's %s row gives %s", cx.Operands[0].String(), n.String())
		}
	}
}
