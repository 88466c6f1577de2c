package claims

import (
	"testing"
)

// The thirty-eighth round's rules (testdata/labels/README.md, "Thirty-
// eighth round"). Each test has, written for the test, an error of the
// shape its rule must catch (or the alarm it must not raise) and a
// consistent text of the same shape; with the rule's const off, its case
// fails.

// TestThirtyEighthRoundPairLinePercents checks that a percentage on a
// line whose only claim is a before → after pair is read as a level of
// its own (const pairLinePercents), with no alarm, whether or not another
// line restates it; a change ("fell by 37 %") raises none either.
func TestThirtyEighthRoundPairLinePercents(t *testing.T) {
	src := func(summary string) string {
		return doc("# Frame pacing", "", "## Summary", "",
			"- On time: "+summary+" of frames now land within one vsync of the deadline.", "",
			"## Detail", "",
			"The mean present interval went from 19.2 ms to 16.9 ms, and 91.7 % of frames now land within one vsync of the deadline.",
			"The p99 present interval went from 33.4 ms to 21.0 ms, and fell by 37 % in the worst scene.")
	}
	for _, summary := range []string{"91.7 %", "97.1 %"} {
		rep := extract(t, src(summary))
		if c := claimAt(t, rep, 9, "91.7"); c.Verdict.Failed() {
			t.Fatalf("line 9: %q %s (%s), want no alarm", c.Claimed, c.Verdict, c.Detail)
		}
		if c := findClaim(rep, 10, "37"); c != nil && c.Verdict.Failed() {
			t.Fatalf("line 10: %q %s, want no alarm", c.Claimed, c.Verdict)
		}
	}
}
