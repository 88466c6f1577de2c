package claims

import "testing"

// The twenty-second round's rules (testdata/labels/README.md,
// "Twenty-second round"). Each test has, written for the test, an error
// of the shape its rule must catch and a consistent text of the same
// shape that must stay unalarmed; with the rule's const off, its cases
// fail.

// unmeasuredVerdict is the verdict of a change of a measure no line of
// the report measures: Unsupported with headNounMeasured, else
// Unverifiable.
var unmeasuredVerdict = func() Verdict {
	if headNounMeasured {
		return Unsupported
	}
	return Unverifiable
}()

// noAlarmAt fails when a claim of line with figure fig has an error
// verdict (a missing claim is no alarm).
func noAlarmAt(t *testing.T, src string, line int, fig string) {
	t.Helper()
	rep := extract(t, src)
	if c := findClaim(rep, line, fig); c != nil && c.Verdict.Failed() {
		t.Fatalf("line %d: %q %s (%s), want no alarm\n%s", line, c.Claimed, c.Verdict, c.Detail, formatClaims(rep.Claims))
	}
}

// alarmAt fails unless the claim of line with figure fig has an error
// verdict.
func alarmAt(t *testing.T, src string, line int, fig string) {
	t.Helper()
	rep := extract(t, src)
	c := claimAt(t, rep, line, fig)
	if !c.Verdict.Failed() {
		t.Fatalf("line %d: %q %s (%s), want an alarm\n%s", line, c.Claimed, c.Verdict, c.Detail, formatClaims(rep.Claims))
	}
}

// TestTwentySecondRoundSlipAcrossPoint checks that two digits swapped
// across the decimal point are a slip of the pen (const slipAcrossPoint):
// "86.4 %" restating the 84.6 % that two other lines write.
func TestTwentySecondRoundSlipAcrossPoint(t *testing.T) {
	src := func(summary string) string {
		return doc("# R", "", "## Cache", "", "Over the week the edge cache hit ratio was 84.6 %.", "",
			"| Week | Hit ratio |", "|---|---:|", "| 46 | 84.6 % |", "", "## Summary", "", summary)
	}
	runVerdictCases(t, []verdictCase{
		{name: "digits swapped across the point", src: src("The edge cache hit ratio held at 86.4 % for the week."), line: 13, fig: "86.4", verdict: Contradicted},
		{name: "the figure as written", src: src("The edge cache hit ratio held at 84.6 % for the week."), line: 13, fig: "84.6", verdict: Unverifiable},
	})
}

// TestTwentySecondRoundLongerAfterFromTo checks that "N % longer" right
// after its sentence's "from A to B" is a change of that pair (const
// longerAfterFromTo): on the wrong base, (B − A) / B, it is an arithmetic
// error.
func TestTwentySecondRoundLongerAfterFromTo(t *testing.T) {
	src := func(pct string) string {
		return oneSection("Index", "Index build time went from 40 min to 50 min, "+pct+" longer, because the merge runs single-threaded.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a percentage on the wrong base", src: src("20 %"), line: 5, fig: "20", verdict: ArithmeticError},
		{name: "a percentage of the figure it went from", src: src("25 %"), line: 5, fig: "25", verdict: Consistent},
	})
}

// TestTwentySecondRoundPrefixSlip checks that a figure of prose a
// thousand times too small or large against the one figure the report
// writes for it in another unit is contradicted (const
// prefixSlipsRestate).
func TestTwentySecondRoundPrefixSlip(t *testing.T) {
	src := func(s string) string {
		return oneSection("Pauses", "| Collector | Mean pause | Max pause |", "|---|---:|---:|",
			"| shenandoah | 0.21 ms | 0.62 ms |", "| parallel | 38 ms | 112 ms |", "",
			"The longest shenandoah pause we saw was "+s+", well under a frame.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "nanoseconds for microseconds", src: src("620 ns"), line: 10, fig: "620", verdict: Contradicted},
	})
	noAlarmAt(t, src("620 µs"), 10, "620")
}

// TestTwentySecondRoundChangeVerbs checks that a percentage after a verb
// of change and "only" (const onlyAfterVerb), or after a verb in -ing or
// "came down by up to" (const gerundChange), is read as a change and
// checked against the row its clause names.
func TestTwentySecondRoundChangeVerbs(t *testing.T) {
	src := func(s string) string {
		return oneSection("Calls", "| Entity | Calls before | Calls after |", "|---|---:|---:|",
			"| Product | 6.0 | 1.8 |", "| Stock | 4.0 | 2.6 |", "| Review | 3.6 | 0.7 |", "", s)
	}
	t.Run("only, another row's change", func(t *testing.T) {
		alarmAt(t, src("With the short TTL, Stock calls fell only about 55 %."), 11, "55")
	})
	t.Run("came down by up to, another row's change", func(t *testing.T) {
		alarmAt(t, src("Stock calls came down by up to 55 % over the day."), 11, "55")
	})
	t.Run("a verb in -ing, another row's change", func(t *testing.T) {
		alarmAt(t, src("Review did best, with calls shrinking 55 %, helped by the new index."), 11, "55")
	})
	runVerdictCases(t, []verdictCase{
		{name: "only, the named row's change", src: src("With the short TTL, Stock calls fell only about 35 %."), line: 11, fig: "35", verdict: Consistent},
		{name: "came down by up to, the named row's change", src: src("Stock calls came down by up to 35 % over the day."), line: 11, fig: "35", verdict: Consistent},
		{name: "a verb in -ing, the named row's change", src: src("Review did best, with calls shrinking 81 %, helped by the new index."), line: 11, fig: "81", verdict: Consistent},
	})
}

// TestTwentySecondRoundSideWordSecond checks that headers "RTF old" and
// "RTF new" are a before and an after column (const sideWordSecond): a
// factor of the row its sentence names is checked against that row.
func TestTwentySecondRoundSideWordSecond(t *testing.T) {
	src := func(f string) string {
		return oneSection("Real-time factor", "| Language | Share | RTF old | RTF new |", "|---|---:|---:|---:|",
			"| French | 20 % | 0.040 | 0.020 |", "| Korean | 10 % | 0.060 | 0.020 |", "",
			"French is now "+f+" faster and no longer needs its own pool.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a factor the named row gives", src: src("2.0×"), line: 10, fig: "2.0", verdict: Consistent},
	})
	alarmAt(t, src("3.0×"), 10, "3.0")
}

// TestTwentySecondRoundSlipSourceBare checks that a slip's source may be
// written once in its unit and once in a table cell without one (const
// slipSourceBare).
func TestTwentySecondRoundSlipSourceBare(t *testing.T) {
	src := func(s string) string {
		return oneSection("Pulls", "- Cold pull time for the api image fell from 41.2 s to 11.6 s.", "",
			"| Image | Before | After |", "|---|---:|---:|", "| api | 41.2 | 11.6 |", "| web | 18.3 | 9.4 |", "",
			"New nodes join in minutes, and the api image now pulls in "+s+" on a cold node.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a digit replaced", src: src("12.6 s"), line: 12, fig: "12.6", verdict: Contradicted},
	})
	noAlarmAt(t, src("11.6 s"), 12, "11.6")
}

// TestTwentySecondRoundSlipFromNamedRow checks that a slip's source may be
// one cell, without a unit, of the table row the clause names (const
// slipFromNamedRow).
func TestTwentySecondRoundSlipFromNamedRow(t *testing.T) {
	src := func(s string) string {
		return oneSection("Bundle", "Sizes are in MB.", "", "| Category | Saved | Before | After |", "|---|---:|---:|---:|",
			"| Textures | 506 | 1,104 | 598 |", "| Audio | 124 | 312 | 188 |", "",
			"The texture re-encode alone removed "+s+" from the download.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "digits swapped, from the named row", src: src("560 MB"), line: 12, fig: "560", verdict: Contradicted},
	})
	noAlarmAt(t, src("506 MB"), 12, "506")
}

// TestTwentySecondRoundUnnamedRows checks that rows labelled by no word
// ("04:00"), three or more, are not named by a sentence of their table's
// section that writes none of their labels (const unnamedRowsOfMany),
// while a row whose label's number the sentence writes still is.
func TestTwentySecondRoundUnnamedRows(t *testing.T) {
	hours := oneSection("Load", "| hour (UTC) | mean events/s |", "|---|---:|", "| 04:00 | 21,500 |", "| 10:00 | 58,200 |",
		"| 20:00 | 118,000 |", "| 23:00 | 66,900 |", "", "The daily mean is 64,000 events/s.")
	noAlarmAt(t, hours, 12, "64,000")
	ranges := oneSection("Panels", "| Range | p50 after | p50 before |", "|---|---:|---:|", "| 24 h | 0.38 s | 0.36 s |",
		"| 7 d | 0.29 s | 1.9 s |", "| 30 d | 0.41 s | 3.4 s |", "| 90 d | 0.52 s | 9.8 s |", "",
		"30-day panels now open in 0.45 s at the median.")
	alarmAt(t, ranges, 12, "0.45")
}

// TestTwentySecondRoundPartOfChange checks that a figure followed by "of
// the saving", also across a wrapped line, is a part of a change, not a
// restated cell (const partOfChange).
func TestTwentySecondRoundPartOfChange(t *testing.T) {
	src := func(s ...string) string {
		return doc(append([]string{"# R", "", "## The result", "", "| Category | iOS after (MB) | iOS before (MB) |", "|---|---:|---:|",
			"| Textures | 640 | 1,188 |", "| Audio | 188 | 312 |", "| Total | 828 | 1,500 |", ""}, s...)...)
	}
	noAlarmAt(t, src("On iOS the download is now much smaller, and textures alone account for 548 MB of the", "saving."), 11, "548")
	alarmAt(t, src("On iOS the download is now much smaller, and textures alone account for 610 MB of the", "download."), 11, "610")
}

// TestTwentySecondRoundChangeNotRestated checks that "N more <things> a
// month" after a level per month is no restatement of that level (const
// changeNotRestated), while the level restated per another period still
// is checked.
func TestTwentySecondRoundChangeNotRestated(t *testing.T) {
	src := func(s string) string {
		return oneSection("Players", "The tutorial completion rate rose 7.5 points. With about 1.2 million new", "installs a month, that is roughly "+s+".")
	}
	noAlarmAt(t, src("90,000 more players a month"), 6, "90,000")
	alarmAt(t, src("400,000 installs a day"), 6, "400,000")
}

// TestTwentySecondRoundHeadInClause checks checkUnmeasuredHead, switched
// on with its refinements (consts headNounMeasured, headInClause): a
// change of a measure no line measures is unsupported; a participle, the
// subject of another clause, or a parenthesis's count is no head noun.
func TestTwentySecondRoundHeadInClause(t *testing.T) {
	src := func(s string) string {
		return doc("# R", "", "## Latency", "", "| Metric | Before | After |", "|---|---:|---:|", "| Gateway p99 | 412 ms | 268 ms |",
			"| Gateway p50 | 96 ms | 71 ms |", "", "## Product", "", s)
	}
	runVerdictCases(t, []verdictCase{
		{name: "a change of a measure no line measures", src: src("Client retries on the mobile app fell 47 % over the same week."),
			line: 12, fig: "47", verdict: Unsupported},
	})
	t.Run("a participle before the verb", func(t *testing.T) {
		noAlarmAt(t, src("Cart abandonment measured by the product team fell 3 % over the same week."), 12, "3")
	})
	t.Run("a count in a parenthesis", func(t *testing.T) {
		noAlarmAt(t, src("Alert on autoscaler growth above 1.5x in 15 minutes (24 to 40 pods was 1.67x)."), 12, "1.67")
	})
	t.Run("the subject of another clause", func(t *testing.T) {
		noAlarmAt(t, src("The batch export of the nightly job now takes 41 s,\ndown from 127 s, which is 4.04× the throughput of the old pool."), 13, "4.04")
	})
}

// TestTwentySecondRoundLeftOff checks the rule measured and left off:
// with projectionOwnSentence a change before a semicolon and a
// projection after it is a measurement.
func TestTwentySecondRoundLeftOff(t *testing.T) {
	t.Run("projectionOwnSentence", func(t *testing.T) {
		if !projectionOwnSentence {
			t.Skip("projectionOwnSentence is off (testdata/labels/README.md, \"Twenty-second round\")")
		}
		src := oneSection("Operators", "| Operator | Busy before | Busy after |", "|---|---:|---:|", "| window | 38 % | 55 % |",
			"| filter | 48 % | 52 % |", "", "The window operator saw its busy time rise 45 %; we would look at it first if traffic grows.")
		c := claimAt(t, extract(t, src), 10, "45")
		if c.expected {
			t.Fatalf("%q read as a projection", c.Claimed)
		}
	})
}
