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

// TestThirtyEighthRoundMillionResourceTime checks that a resource-time in
// words after a word multiplier ("3.24 million core-seconds") is read as
// a time (const millionResourceTime): extracted, with no alarm when the
// report restates it as written.
func TestThirtyEighthRoundMillionResourceTime(t *testing.T) {
	src := func(total string) string {
		return doc("# Thumbnailer", "", "## Summary", "",
			"- Fleet cost: the new scaler saves 3.24 million core-seconds a day.", "",
			"## Cost", "",
			"At 1.8 billion thumbnails a day, 1.8 ms of CPU saved per thumbnail is "+total+" core-seconds a day.")
	}
	for _, total := range []string{"3.24 million", "4.32 million"} {
		rep := extract(t, src(total))
		claimAt(t, rep, 5, "3.24 million")
		claimAt(t, rep, 9, total)
	}
	noAlarmAt(t, src("3.24 million"), 9, "3.24 million")
	noAlarmAt(t, src("3.24 million"), 5, "3.24 million")
}

// TestThirtyEighthRoundLooseFactorThe checks that a factor written with
// "x" or "×" before "the"/"its" and a noun is read as a factor (const
// looseFactorThe): extracted; with no alarm when no pair of the report
// gives it; an arithmetic error when its own line's pair gives another.
func TestThirtyEighthRoundLooseFactorThe(t *testing.T) {
	src := func(line string) string {
		return doc("# Resolver fleet", "", "## Capacity", "",
			"The old resolver node stopped at 18,400 QPS in the soak test.", "",
			line)
	}
	good := "The new node stopped at 31,500 QPS, 1.71× the old release."
	claimAt(t, extract(t, src(good)), 7, "1.71")
	noAlarmAt(t, src(good), 7, "1.71")
	// No pair gives it: extracted, no alarm.
	lone := "During the cache warm-up, origin egress ran at 4.9× its weekly average."
	claimAt(t, extract(t, src(lone)), 7, "4.9")
	noAlarmAt(t, src(lone), 7, "4.9")
	alarmAt(t, src("The new node serves 1.38× the queries of an old one (18,400 → 31,500 QPS)."), 7, "1.38")
	// The line's other figure, approximate, is still read.
	claimAt(t, extract(t, src("The fleet serves about 22,000 QPS, with a daily peak of 2.3× the average.")), 7, "22,000")
}

// TestThirtyEighthRoundLooseFactorWord checks that a factor followed by
// a function word ("2.49× or", "8.3× because", "4.4x per block") is read
// as a factor (const looseFactorWord): extracted, consistent when its
// pair gives it, and with no alarm when no pair of the report gives it
// or its line's pair is itself mistyped.
func TestThirtyEighthRoundLooseFactorWord(t *testing.T) {
	src := func(line string) string {
		return doc("# Result feed", "", "## Throughput", "", line)
	}
	good := "Throughput rose from 4,800 to 11,950 requests/s, 2.49× or +149 %."
	consistentAt(t, src(good), 5, "2.49")
	lone := "The p99 improved 8.3× because the old tail was the lookup database."
	claimAt(t, extract(t, src(lone)), 5, "8.3")
	noAlarmAt(t, src(lone), 5, "8.3")
	slip := "The resampler went from 2.104 µs to 470.0 µs; that is 4.48x per block."
	claimAt(t, extract(t, src(slip)), 5, "4.48")
	noAlarmAt(t, src(slip), 5, "4.48")
	// A multiple of a resource is still no claim.
	if c := findClaim(extract(t, src("The new layout needs 2x cores for the same load.")), 5, "2"); c != nil {
		t.Fatalf("line 5: %q read as a claim", c.Claimed)
	}
}

// TestThirtyEighthRoundClauseApartWrapped checks that a percentage in
// another clause than a pair begun on the line before is not that pair's
// (const clauseApartWrapped, measured off in the thirty-seventh round and
// kept now that a second set gains from it): a pair elsewhere sharing a
// subject word gives it; a wrong one is still an alarm.
func TestThirtyEighthRoundClauseApartWrapped(t *testing.T) {
	src := func(pct string) string {
		return doc("# Solver", "", "## Suite", "",
			"| Position | old nodes (M) | new nodes (M) | old time (s) | new time (s) |",
			"|---|--:|--:|--:|--:|",
			"| P1 | 51.0 | 49.2 | 30.1 | 19.0 |",
			"| P7 | 124.0 | 115.8 | 134.9 | 79.6 |", "",
			"The largest position, P7, drops from 134.9 s to 79.6 s; its 55.3 s saving is a third of the suite's",
			"saving on its own. It also shows the largest node reduction ("+pct+"), since its forcing lines are long.")
	}
	consistentAt(t, src("−6.6 %"), 11, "6.6")
	alarmAt(t, src("−9.6 %"), 11, "9.6")
}
