package claims

import "strings"

// periodCountOfTen (forty-ninth round): a total over a year that is the
// month's amount before it times ten ("$1,710 a month and $17,100 a
// year", "$107.10 per 30-day month, $1,071 a year", "$44.06 a month (30
// days) and about $440 a year"), or a total over a week that is the
// day's or night's amount times ten ("3,864 vCPU-hours a night, or about
// 38,640 a week"), takes ten periods for the twelve months of a year or
// the seven days of a week: the figures, digit for digit, are one
// amount with its decimal point moved. checkTenfoldTotals left them
// unverifiable: a daily amount further back gave the yearly total over
// some count in the calendar's wide range (250 to 366 days, which the
// working days of a year need), or nothing was ten times off. The
// nearest amount of the same unit before the total, over the shorter
// period, is read: when it times ten gives the total and the calendar's
// count does not (12 months and 365/30 of them a year; 5 to 7 days a
// week), the total is an arithmetic error, whatever an amount further
// back gives. Cost: one backward scan of the paragraph's figures per
// total checkTenfoldTotals reads.
const periodCountOfTen = true

// tenPeriodsTotal returns the error of total n (figs[fi] of text, the
// paragraph from 0-based line from, over period long, of amount kind
// nk) when the nearest shorter amount before it times ten gives it (see
// periodCountOfTen); nil otherwise. A total written without a unit of
// its own ("or about 38,640 a week" after "3,864 vCPU-hours a night")
// takes the amount's; "about" before it widens it to 1 %.
func (x *extractor) tenPeriodsTotal(from int, text string, figs []figure, fi int, n Number, nk, long string) *Cross {
	amount := figs[fi].Number
	if long == "" && amount.Quantity == PerPeriod && amount.perLo > 0 {
		long = scaledPeriodName(amount.perLo)
	}
	if long != "year" && long != "week" || amount.isRange() || !(amount.Value > 0) {
		return nil
	}
	bare := amount.Quantity == PerPeriod && amount.dim == "" && strings.HasPrefix(amount.Unit, "per ")
	tol := amount.step / 2
	if approxBeforeRE.MatchString(text[:figs[fi].start]) {
		tol = max(tol, amount.Value/100)
	}
	for q := fi - 1; q >= 0; q-- {
		e := figs[q]
		ek, _, _, ok := scaledAmount(e.Number)
		if !ok || e.isRange() || !(e.Value > 0) {
			continue
		}
		if bare {
			if !strings.HasPrefix(ek, "n:") && ek != "t" && ek != "$" && ek != "B" {
				continue
			}
		} else if ek != nk || unitBase(e.Unit) != unitBase(amount.Unit) {
			continue
		}
		// The words up to the total: "per 30-day month" holds a
		// figure of its own.
		short, _ := tenfoldPeriodOf(text[e.end:figs[fi].start])
		if short == "" && e.Quantity == PerPeriod && e.perLo > 0 {
			short = scaledPeriodName(e.perLo)
		}
		if short == "" || short == long {
			continue
		}
		var counts [][2]float64
		switch {
		case long == "year" && short == "month":
			counts = [][2]float64{{12, 12}, {365.0 / 30, 365.0 / 30}}
		case long == "week" && short == "day":
			counts = [][2]float64{{5, 7}}
		default:
			return nil
		}
		gives := func(lo, hi float64) bool {
			return amount.Value+tol >= (e.Value-e.step/2)*lo && amount.Value-tol <= (e.Value+e.step/2)*hi
		}
		if !gives(10, 10) {
			return nil
		}
		for _, cnt := range counts {
			if gives(cnt[0], cnt[1]) {
				return nil
			}
		}
		cnt := counts[0]
		mid := (cnt[0] + cnt[1]) / 2
		ct := trimFloat(cnt[0], 4)
		if cnt[1] != cnt[0] {
			ct += "–" + trimFloat(cnt[1], 4)
		}
		return &Cross{Reason: DerivedOff, Derivation: Total, Lines: []int{x.lineOfOffset(from, text, e.start), x.lineOfOffset(from, text, figs[fi].start)},
			Stated: n, Got: e.Value * cnt[1], GotUnit: n.Unit,
			Operands: []Number{e.Number, {Text: ct + " " + short + "s a " + long, Value: mid, High: mid}}}
	}
	return nil
}
