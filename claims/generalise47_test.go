package claims

import "testing"

// The forty-seventh round's rules (testdata/labels/README.md,
// "Forty-seventh round"). Each test has, written for the test, a text of
// the shape its rule reads and a near miss that must keep its verdict;
// with the rule's const off, its cases fail.

// TestFortySeventhRoundCriterionTimeLevel checks that criterion's time
// estimate of a benchmark the report pastes no earlier run of is read as
// a level (its middle figure, whether the name shares the line or sits
// on the line above), with no alarm, and that its interval's bounds stay
// no figures (const criterionTimeLevel).
func TestFortySeventhRoundCriterionTimeLevel(t *testing.T) {
	src := doc("# Glacier melt model", "", "## Criterion", "",
		"```",
		"melt/hourly_step        time:   [2.4107 ms 2.4263 ms 2.4431 ms]",
		"melt/daily_aggregate_with_snowpack",
		"                        time:   [17.802 ms 17.915 ms 18.047 ms]",
		"```")
	stated(t, src, 6, "2.4263")
	stated(t, src, 8, "17.915")
	if c := findClaim(extract(t, src), 8, "17.802"); c != nil {
		t.Errorf("line 8: the interval's lower bound read as a figure: %q", c.Claimed)
	}
}
