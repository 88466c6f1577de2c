package claims

import "testing"

// The fifty-first round's rules (testdata/labels/README.md, "Fifty-first
// round"). Each test has, written for the test, a text of the shape its
// rule reads and a near miss that must keep its verdict; with the rule's
// const off, its cases fail.

// TestFiftyFirstRoundRateOfOneCoreOff checks that a count per second one
// core is said to reach at a time per operation, which one over the time
// does not give, is an arithmetic error — with no "per <item>" after the
// time, with a scale word, and wrapped onto the next line — and that
// rates the time gives keep their verdicts (const rateOfOneCoreOff).
func TestFiftyFirstRoundRateOfOneCoreOff(t *testing.T) {
	src := func(claim string) string {
		return doc("# Tide gauge resampler", "", "## Single-core cost", "",
			"The resampler now takes 3.2 µs per gauge sample, down from 7.9 µs.", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		line       int
		bad        bool
	}{
		{"At 3.2 µs a single core now resamples roughly 95,000 gauge samples per second.", "95,000", 7, true},
		{"At 3.2 µs a single core now resamples roughly 312,000 gauge samples per second.", "312,000", 7, false},
		{"At 3.2 µs per sample one thread would handle about 3.1 million samples a second.", "3.1 million", 7, true},
		{"At 3.2 µs per sample one thread would handle about 0.31 million samples a second.", "0.31 million", 7, false},
		{"At 3.2 µs per sample, one worker process reaches about\n31,000 tide samples a second on the old hosts.", "31,000", 8, true},
		// A batch: the rate counts the readings of a batch of 16, not
		// what one time gives.
		{"At 3.2 µs per batch of 16 readings one core stores about 5 million readings a second.", "5 million", 7, false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), tc.line, tc.fig)
		if tc.bad && c.Verdict != ArithmeticError {
			t.Errorf("%s: %s (%s), want arithmetic-error", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.bad && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}
