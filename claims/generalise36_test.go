package claims

import (
	"testing"
)

// The thirty-sixth round's rules (testdata/labels/README.md, "Thirty-
// sixth round"). Each test has, written for the test, an error of the
// shape its rule must catch (or the alarm it must not raise) and a
// consistent text of the same shape; with the rule's const off, its case
// fails.

// TestThirtySixthRoundDeltaPastSaved checks that in a table whose column
// of changes follows a column of differences ("| old | new | saved |
// change | speed-up |"), the pair the change and the factor compare is
// the two columns before the differences (const deltaPastSaved): a
// consistent row raises no alarm, a wrong change still does.
func TestThirtySixthRoundDeltaPastSaved(t *testing.T) {
	src := func(row2 string) string {
		return doc("# Index rebuild", "", "## Rebuild times", "",
			"Mean of 8 runs per corpus:", "",
			"| corpus | heap merge | radix merge | saved | change | speed-up |",
			"|---|--:|--:|--:|--:|--:|",
			"| wiki-small | 12.40 s | 4.96 s | 7.44 s | −60.0 % | 2.50x |",
			row2)
	}
	good := "| wiki-large | 96.00 s | 30.00 s | 66.00 s | −68.8 % | 3.20x |"
	claimAt(t, extract(t, src(good)), 9, "2.50")
	claimAt(t, extract(t, src(good)), 10, "3.20")
	noAlarmAt(t, src(good), 9, "60.0")
	noAlarmAt(t, src(good), 9, "2.50")
	noAlarmAt(t, src(good), 10, "68.8")
	noAlarmAt(t, src(good), 10, "3.20")
	alarmAt(t, src("| wiki-large | 96.00 s | 30.00 s | 66.00 s | −58.8 % | 3.20x |"), 10, "58.8")
	alarmAt(t, src("| wiki-large | 96.00 s | 30.00 s | 66.00 s | −68.8 % | 2.20x |"), 10, "2.20")
}
