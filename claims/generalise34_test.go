package claims

import (
	"strings"
	"testing"
)

// The thirty-fourth round's rules (testdata/labels/README.md, "Thirty-
// fourth round"). Each test has, written for the test, an error of the
// shape its rule must catch (or the alarm it must not raise) and a
// consistent text of the same shape; with the rule's const off, its case
// fails.

// buildFarmMonth is a build farm's saving per day, restated over a month
// in the sentence after it and over a year across a line break. MONTH
// and YEAR are replaced by each case.
const buildFarmMonth = `# Build farm cache

## Savings

The remote cache saves 52.4 agent-hours per weekday. Over a 22-weekday month that is about MONTH
agent-hours a month.

Each runner idles 3.2 hours a day, or roughly YEAR a year.
`

// TestThirtyFourthRoundPeriodScaledTotal checks that an amount over a
// month or a year restating the amount over a day before it is that
// amount times the days the sentence names, or a calendar's (const
// periodScaledTotal).
func TestThirtyFourthRoundPeriodScaledTotal(t *testing.T) {
	farm := func(month, year string) string {
		return strings.NewReplacer("MONTH", month, "YEAR", year).Replace(buildFarmMonth)
	}
	// 52.4 × 22 = 1,152.8; 3.2 h × 250 to 366 days = 800 to 1,171 h.
	consistentAt(t, farm("1,153", "1,170 hours"), 5, "1,153")
	alarmAt(t, farm("11,530", "1,170 hours"), 5, "11,530")
	consistentAt(t, farm("1,153", "1,170 hours"), 8, "1,170")
	alarmAt(t, farm("1,153", "117 hours"), 8, "117")
}
