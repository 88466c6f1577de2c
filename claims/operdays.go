package claims

import (
	"regexp"
	"strconv"
)

// operatingDaysYear makes checkRescaled scale an amount a day to a year
// by the count of days its paragraph says the year has ("Over the 312
// operating days …", "250 working days a year") instead of the
// calendar's 365: a yearly total of 367.05 s a day written as 37.2
// hours, which only 365 days give, counts the calendar's days against
// the report's 312 (31.8 hours) and is an arithmetic error; the total
// over 312 days is consistent. The paragraph is read once per such
// total (its lines, a few dozen at most). Forty-fifth round.
const operatingDaysYear = true

// operatingDaysRE finds a count of the days a year is worked: "312
// operating days", "250 working days".
var operatingDaysRE = regexp.MustCompile(`(?i)\b(\d{3})\s+(?:operating|working|business|trading|production|service|sort|shipping)\s+days\b`)

// operatingDays returns the one count of worked days the paragraph of
// 1-based line states (operatingDaysRE), 0 when none or several.
func (x *extractor) operatingDays(line int) float64 {
	if line < 1 || line > len(x.lines) {
		return 0
	}
	b := x.lines[line-1].block
	lo, hi := line-1, line-1
	for lo > 0 && line-1-lo < maxParagraphLines && x.lines[lo-1].block == b {
		lo--
	}
	for hi+1 < len(x.lines) && hi-(line-1) < maxParagraphLines && x.lines[hi+1].block == b {
		hi++
	}
	found := 0.0
	for i := lo; i <= hi; i++ {
		for _, m := range operatingDaysRE.FindAllStringSubmatch(x.lines[i].raw, -1) {
			v, err := strconv.ParseFloat(m[1], 64)
			if err != nil || v < 100 || v > 366 {
				continue
			}
			if found != 0 && found != v {
				return 0
			}
			found = v
		}
	}
	return found
}
