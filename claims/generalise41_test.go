package claims

import (
	"testing"
)

// The forty-first round's rules (testdata/labels/README.md, "Forty-first
// round"). Each test has, written for the test, an error of the shape its
// rule must catch (or the alarm it must not raise) and a consistent text
// of the same shape; with the rule's const off, its case fails.

// TestFortyFirstRoundProjectedPeriodScaled checks that a monthly total in
// a sentence read as a projection ("would have burned …. The saving, 12.4
// core-hours per day, is about N core-hours a month") is checked against the daily amount it
// scales (const projectedPeriodScaled): a total ten times off is an
// arithmetic error, the right one raises no alarm.
func TestFortyFirstRoundProjectedPeriodScaled(t *testing.T) {
	src := func(total string) string {
		return doc("# Tile renderer", "", "## Fleet", "",
			"The old renderer would have burned 61,200 core-seconds a day. The saving, 12.4 core-hours per day, is about "+total+" core-hours a month.")
	}
	alarmAt(t, src("3,720"), 5, "3,720")
	noAlarmAt(t, src("372"), 5, "372")
}
