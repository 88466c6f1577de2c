package claims

import "testing"

// The twenty-fifth round's rules (testdata/labels/README.md,
// "Twenty-fifth round"). Each test has, written for the test, an error of
// the shape its rule must catch and a consistent text of the same shape
// that must stay unalarmed; with the rule's const off, its error case
// fails.

// TestTwentyFifthRoundUniquePartnerMisquote checks that a summary's pair
// quoting the before figure of the one result a table gives for it, with
// its after figure changed, is contradicted (const uniquePartnerMisquote):
// when the before figure is written another way ("2 h 41 min" for 161.0
// min), and when the changed figure happens to be a side of another
// result ("4.1 s" of the link step), which had hidden the misquote.
// Quoting both figures stays unalarmed.
func TestTwentyFifthRoundUniquePartnerMisquote(t *testing.T) {
	window := func(after string) string {
		return doc("# Nightly export", "", "## Summary", "",
			"- The export window shrinks from 2 h 41 min to "+after+" on an average night.", "",
			"## Stages", "",
			"| stage | before (min) | after (min) |",
			"|---|--:|--:|",
			"| extract | 88.0 | 31.0 |",
			"| upload | 73.0 | 40.0 |",
			"| **total** | **161.0** | **71.0** |")
	}
	rebuild := func(after string) string {
		return doc("# Builder", "", "## Summary", "",
			"- A rebuild after touching the schema crate takes "+after+" s instead of 27.6 s.", "",
			"## Wall time", "",
			"| scenario | before (s) | after (s) |",
			"|---|--:|--:|",
			"| schema edit | 27.6 | 3.4 |",
			"| leaf edit | 9.83 | 0.61 |", "",
			"## Phases", "",
			"Linking goes from 4.1 s to 0.8 s.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the after figure changed to another result's figure", src: rebuild("4.1"), line: 5, fig: "4.1", verdict: Contradicted},
	})
	t.Run("a compound time quoted, the after figure changed", func(t *testing.T) {
		rep := extract(t, window("1 h 20 min"))
		for _, c := range rep.Claims {
			if c.Line == 5 && c.Claimed == "1 h 20 min" {
				if c.Verdict != Contradicted {
					t.Fatalf("%q %s (%s), want contradicted", c.Claimed, c.Verdict, c.Detail)
				}
				return
			}
		}
		t.Fatalf("no claim of 1 h 20 min on line 5:\n%s", formatClaims(rep.Claims))
	})
	noAlarm(t, extract(t, window("1 h 11 min")), 5)
	noAlarm(t, extract(t, rebuild("3.4")), 5)
}

// TestTwentyFifthRoundUniquePartnerMixedRows checks that a sentence's pair
// taking its before figure from one row of a table and its after figure
// from another row of the same table is an alarm (const
// uniquePartnerMisquote), with the percentage computed on it; the row's
// own pair is not.
func TestTwentyFifthRoundUniquePartnerMixedRows(t *testing.T) {
	src := func(after, pct string) string {
		return doc("# Indexer", "", "## Memory", "",
			"| corpus | docs | old | new | change |",
			"|---|--:|--:|--:|--:|",
			"| news | 1.2 M | 5.46 GiB | 4.08 GiB | −25.3 % |",
			"| wiki | 6.0 M | 9.84 GiB | 6.37 GiB | −35.3 % |", "",
			"On the wiki corpus peak memory goes from 9.84 GiB to "+after+" GiB, a "+pct+" % cut.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the after figure of another row", src: src("4.08", "59"), line: 10, fig: "59", verdict: Contradicted},
		{name: "the row's own pair", src: src("6.37", "35"), line: 10, fig: "35", verdict: Consistent},
	})
}

// TestTwentyFifthRoundCountedPeriod checks a total over a period the
// sentence counts in units (const countedPeriod): "a month of 22 working
// days" and "250 runs a year" multiply the amount per unit.
func TestTwentyFifthRoundCountedPeriod(t *testing.T) {
	month := func(total string) string {
		return doc("# Queue", "", "## Waiting", "",
			"Each agent waits 3.5 minutes per ticket, 41.2 agent-hours of waiting per working day,",
			"or about "+total+" agent-hours a month of 22 working days.")
	}
	year := func(total, month string) string {
		return doc("# Report job", "", "## Cost", "",
			"That saves $12.40 a run. The job runs five nights a week, 250 runs a year, so the saving is",
			"$"+total+" a year, or $"+month+" a month of 18 runs.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a month of working days, off by ten", src: month("91"), line: 6, fig: "91", verdict: ArithmeticError},
		{name: "a month of working days", src: month("906"), line: 6, fig: "906", verdict: Consistent},
		{name: "runs a year, computed with every day", src: year("4,526", "223"), line: 6, fig: "4,526", verdict: ArithmeticError},
		{name: "runs a year", src: year("3,100", "223"), line: 6, fig: "3,100", verdict: Consistent},
		{name: "a month of runs, not a twelfth of the year", src: year("3,100", "223"), line: 6, fig: "223", verdict: Consistent},
	})
}

// TestTwentyFifthRoundDifferenceBeforePair checks a difference followed by
// its pair in parentheses (const differenceBeforePair): "is 2.9 s slower
// (64.2 s → 67.1 s, +4.5 %)".
func TestTwentyFifthRoundDifferenceBeforePair(t *testing.T) {
	src := func(diff string) string {
		return doc("# Packager", "", "## Full builds", "",
			"Full builds got slower: packaging the whole tree is "+diff+" s slower (64.2 s → 67.1 s, +4.5 %).")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the difference of the pair", src: src("2.9"), line: 5, fig: "2.9", verdict: Consistent},
		{name: "a difference the pair does not give", src: src("3.9"), line: 5, fig: "3.9", verdict: ArithmeticError},
	})
}

// TestTwentyFifthRoundRowLabelDifference checks a change stated "by N ms"
// in a sentence that names a table row by its label figure (const
// rowLabelDifference): the row's cells give it or not.
func TestTwentyFifthRoundRowLabelDifference(t *testing.T) {
	src := func(a, b string) string {
		return doc("# Gateway", "", "## Latency under load", "",
			"Latency at the gateway, in ms:", "",
			"| RPS | p50 old | p50 new | p99 old | p99 new |",
			"|--:|--:|--:|--:|--:|",
			"| 1,000 | 3.1 | 2.9 | 12.4 | 11.8 |",
			"| 4,000 | 5.7 | 4.2 | 40.6 | 27.3 |", "",
			"At 4,000 RPS the median improves by "+a+" ms and p99 by "+b+" ms.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the row gives both", src: src("1.5", "13.3"), line: 12, fig: "13.3", verdict: Consistent},
		{name: "the row gives neither figure for the median", src: src("2.5", "13.3"), line: 12, fig: "2.5", verdict: ArithmeticError},
	})
}

// TestTwentyFifthRoundRowWordDifference checks a difference followed by a
// comparative in a sentence that names a table row by a word of its label
// (const rowWordDifference): "the resize step is 6.3 minutes shorter"
// against the row "resizes".
func TestTwentyFifthRoundRowWordDifference(t *testing.T) {
	src := func(diff string) string {
		return doc("# Nightly", "", "## Steps", "",
			"| step | before (min) | after (min) |",
			"|---|--:|--:|",
			"| downloads | 14.0 | 13.8 |",
			"| resizes | 21.5 | 15.2 |", "",
			"### Resizing", "",
			"The resize step is "+diff+" minutes shorter, mostly from reusing buffers.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the row's difference", src: src("6.3"), line: 12, fig: "6.3", verdict: Consistent},
		{name: "a difference the row does not give", src: src("7.3"), line: 12, fig: "7.3", verdict: ArithmeticError},
	})
}

// TestTwentyFifthRoundPrefixJump checks that a time per item written with
// the wrong metric prefix beside the time it is compared with is a unit
// slip (const prefixJumpPair) when the report's pair gives the ratio a
// thousand times smaller; the same times in units that agree stay
// unalarmed.
func TestTwentyFifthRoundPrefixJump(t *testing.T) {
	src := func(now string) string {
		return doc("# Pipeline", "", "## Throughput", "",
			"Throughput rises from 2,400 to 7,320 jobs per second.", "",
			"Put per job, the pipeline spent 417 µs of wall time on each one before and "+now+" now.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a prefix slipped", src: src("137 ns"), line: 7, fig: "137", verdict: ArithmeticError},
	})
	noAlarm(t, extract(t, src("0.137 ms")), 7)
	noAlarm(t, extract(t, src("137 µs")), 7)
}

// TestTwentyFifthRoundLaterPredicatePair checks that a pair after a ratio,
// in another clause led by a verb of its own ("…, GC pauses went from
// A to B"), is not the ratio's (const laterPredicatePair): the ratio is
// checked against the report's other figures, and one they do not give
// stays an alarm.
func TestTwentyFifthRoundLaterPredicatePair(t *testing.T) {
	src := func(f string) string {
		return doc("# Codec", "", "## Stages", "",
			"| stage | before (ms) | after (ms) |",
			"|---|--:|--:|",
			"| parse | 10.5 | 5.0 |",
			"| encode | 8.1 | 4.2 |", "",
			"## Conclusion", "",
			"The parse and encode stages are 2.10x and "+f+"x faster, GC pauses went from 19.5 to 2.4 minutes a run.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the ratio the table gives", src: src("1.93"), line: 12, fig: "1.93", verdict: Consistent},
	})
	rep := extract(t, src("2.95"))
	if c := claimAt(t, rep, 12, "2.95"); !c.Verdict.Failed() {
		t.Errorf("line 12: %q %s (%s), want an alarm", c.Claimed, c.Verdict, c.Detail)
	}
}

// TestTwentyFifthRoundParenToPairWrapped checks that "Nx (A to B unit"
// whose parenthesis closes on the next line is the ratio's pair (const
// parenToPairWrapped), as a parenthesis closed on its line is.
func TestTwentyFifthRoundParenToPairWrapped(t *testing.T) {
	src := func(f string) string {
		return doc("# Loader", "", "## Inserts", "",
			"The microbenchmark shows a larger gain for the batched path alone, "+f+"x (1,250.0 to 5,750.0 rows per second on one",
			"connection), because the server does less index work per row.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the pair's factor", src: src("4.6"), line: 5, fig: "4.6", verdict: Consistent},
		{name: "a factor the pair does not give", src: src("5.6"), line: 5, fig: "5.6", verdict: ArithmeticError},
	})
}

// TestTwentyFifthRoundSizeOverRate checks a time that sizes take at a byte
// rate the sentence states after "at" (const sizeOverRate): the sizes and
// the times in order.
func TestTwentyFifthRoundSizeOverRate(t *testing.T) {
	src := func(after string) string {
		return doc("# Compaction", "", "## Disk time", "",
			"Each shard compacts 2.40 TB a day under the old policy and 0.95 TB under the new one. At the 250 MiB/s",
			"compaction cap that is 153 minutes of busy disk per shard per day before, and about "+after+" minutes after.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "both quotients", src: src("60"), line: 6, fig: "60", verdict: Consistent},
		{name: "the first time", src: src("60"), line: 6, fig: "153", verdict: Consistent},
		{name: "a time the quotient does not give", src: src("38"), line: 6, fig: "38", verdict: ArithmeticError},
	})
}

// TestTwentyFifthRoundDiffTwoOwnWords checks that a difference whose
// clause names a table row by two words of its label is found in that
// row (const diffTwoOwnWords) when a pair of another section names the
// subject more often; a difference no pair gives stays an alarm.
func TestTwentyFifthRoundDiffTwoOwnWords(t *testing.T) {
	src := func(d string) string {
		return doc("# Rebalancer", "", "## Wall time", "",
			"| scenario | before (s) | after (s) |",
			"|---|--:|--:|",
			"| shard split (hot keys in one region) | 42.0 | 9.5 |",
			"| cold start | 12.0 | 8.0 |", "",
			"The shard split saves "+d+" s, most of it in moving: where the time goes is shown below.", "",
			"## Where the time goes (shard split)", "",
			"| phase | before (s) | after (s) |",
			"|---|--:|--:|",
			"| planning | 18.0 | 2.0 |",
			"| moving | 24.0 | 7.5 |")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the row's difference", src: src("32.5"), line: 10, fig: "32.5", verdict: Consistent},
	})
	rep := extract(t, src("34.5"))
	if c := claimAt(t, rep, 10, "34.5"); !c.Verdict.Failed() {
		t.Errorf("line 10: %q %s (%s), want an alarm", c.Claimed, c.Verdict, c.Detail)
	}
}

// TestTwentyFifthRoundWholeOfPart checks that a figure after "N of the"
// is the whole N is a part of (const wholeOfPart), not a wrong difference
// of its sentence's pair; a figure after the pair that no part names
// stays checked against it.
func TestTwentyFifthRoundWholeOfPart(t *testing.T) {
	src := func(part string) string {
		return doc("# Nightly", "", "## Stages", "",
			"Resize and upload together went from 88.4 min to 21.0 min, and account for "+part+" of the 104 minutes saved.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the whole", src: src("67.4"), line: 5, fig: "104", verdict: Unverifiable},
		{name: "a difference computed wrong", src: doc("# Nightly", "", "## Stages", "",
			"Resize and upload together went from 88.4 min to 21.0 min, and account for the 71.4 minutes saved."),
			line: 5, fig: "71.4", verdict: ArithmeticError},
	})
}
