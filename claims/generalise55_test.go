package claims

import "testing"

// The fifty-fifth round's rules (testdata/labels/README.md, "Fifty-fifth
// round"). Each test has, written for the test, a text of the shape its
// rule reads and a near miss that must keep its verdict; with the rule's
// const off, its cases fail.

// TestFiftyFifthRoundDifferenceOwnSentence checks that a difference
// whose own sentence names the pair it subtracts is held by that pair,
// though a summary line gives another after figure, and that one the
// sentence's pair does not give keeps its alarm (const
// differenceOwnSentence).
func TestFiftyFifthRoundDifferenceOwnSentence(t *testing.T) {
	src := func(claim string) string {
		return doc("# Glacier melt gauge uplink", "", "## Summary", "",
			"- Upload p99 went from 640.0 ms to 212.0 ms.", "",
			"## Field trial", "",
			"Over the ten-day trial the uplink stayed within its radio budget.",
			claim, "231.5 ms, on the hill station.")
	}
	for _, tc := range []struct {
		claim, fig string
		alarm      bool
	}{
		// 640.0 − 231.5 = 408.5 ms, the sentence's own pair, wrapped.
		{"Upload p99 dropped by 408.5 ms, from 640.0 ms to", "408.5", false},
		// 640.0 − 231.5 = 408.5 ms, not 420.5 ms; nor does 640.0 − 212.0 give it.
		{"Upload p99 dropped by 420.5 ms, from 640.0 ms to", "420.5", true},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 10, tc.fig)
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an alarm", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}
