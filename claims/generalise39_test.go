package claims

import (
	"testing"
)

// The thirty-ninth round's rules (testdata/labels/README.md, "Thirty-
// ninth round"). Each test has, written for the test, an error of the
// shape its rule must catch (or the alarm it must not raise) and a
// consistent text of the same shape; with the rule's const off, its case
// fails.

// TestThirtyNinthRoundMisquoteTableAgrees checks that a summary's pair
// that a table row states as written is not called a misquote of a
// conclusion's pair that differs (const misquoteTableAgrees): the
// conclusion is.
func TestThirtyNinthRoundMisquoteTableAgrees(t *testing.T) {
	src := func(after string) string {
		return doc("# Broker fleet review", "", "## Summary", "",
			"* Broker CPU dropped from 14.8 to 6.2 cores (daily mean), −58.1 %.", "",
			"## Production", "",
			"| measure | 5.1 | 5.2 | change |",
			"|---|--:|--:|--:|",
			"| broker CPU, daily mean (cores) | 14.8 | 6.2 | −58.1 % |", "",
			"## Conclusion", "",
			"In production, broker CPU fell from 14.8 to "+after+" cores and the queue stayed flat.")
	}
	noAlarmAt(t, src("6.9"), 5, "58.1")
	alarmAt(t, src("6.9"), 15, "6.9")
	noAlarmAt(t, src("6.2"), 5, "58.1")
	noAlarmAt(t, src("6.2"), 15, "6.2")
}

// TestThirtyNinthRoundMisquoteOutputRounds checks that a sentence
// comparing two statistics of one run ("the median 8.42 ms against the
// mean 8.61 ms"), one of which a program output writes more precisely,
// is not called a misquote of a table's before → after pair that shares
// the other figure (const misquoteOutputRounds); a figure the output
// does not write still is.
func TestThirtyNinthRoundMisquoteOutputRounds(t *testing.T) {
	src := func(median string) string {
		return doc("# Tile encoder", "", "## Benchmarks", "",
			"```",
			"Name (time in ms)        Min       Max      Mean    Median",
			"test_encode (NOW)     8.1020   12.4410    8.6093    8.4187",
			"test_encode (0001)   30.2010   41.0020   31.7702   31.5530",
			"```", "",
			"| function | old | new | speed-up |",
			"|---|--:|--:|--:|",
			"| `encode` | 31.77 ms | 8.61 ms | 3.69x |", "",
			"The median agrees with the mean ("+median+" ms against 8.61 ms for encode), so the tails do not distort it.")
	}
	noAlarmAt(t, src("8.42"), 15, "8.42")
	claimAt(t, extract(t, src("8.42")), 15, "8.61")
	// A figure no output writes is still a misquote.
	alarmAt(t, src("8.24"), 15, "8.24")
}

// TestThirtyNinthRoundCountTimesTime checks that a time its sentence
// derives as a count times a time each ("spent 41.2 ms more per call at
// 2048; across the 380 calls of a nightly run that is 15.7 s") is recomputed as that
// product (const countTimesTime): consistent when the product gives it;
// a time the product does not give raises no alarm (the sentence may
// count other things).
func TestThirtyNinthRoundCountTimesTime(t *testing.T) {
	src := func(total string) string {
		return doc("# Nightly pricing run", "", "## Cost", "",
			"The old code spent 41.2 ms more per call at 2048; across the 380 calls of a nightly run that is "+total+" s of wall time.")
	}
	rep := extract(t, src("15.7"))
	if c := claimAt(t, rep, 5, "15.7"); c.Verdict != Consistent {
		t.Fatalf("line 5: %q %s (%s), want consistent", c.Claimed, c.Verdict, c.Detail)
	}
	noAlarmAt(t, src("19.4"), 5, "19.4")
}

// TestThirtyNinthRoundRestatedFitsPair checks that a ratio of a subject
// that a pair of another measure of it gives ("per call, decoding is
// 3.91x faster" where the per-call pair 58.26 ms → 14.90 ms gives 3.91x)
// is not called a contradicted restatement of the stage table's change
// for that subject (const restatedFitsPair); a ratio no pair gives still
// is.
func TestThirtyNinthRoundRestatedFitsPair(t *testing.T) {
	src := func(factor string) string {
		return doc("# Tile decoder", "", "## Stages", "",
			"| stage | before (s) | after (s) | change |",
			"|---|--:|--:|--:|",
			"| decoding | 41.2 | 12.0 | −70.9 % |",
			"| packing | 11.6 | 3.5 | −69.8 % |", "",
			"## Per call", "",
			"- On the production 2048 × 2048 grid a single decoding costs 14.90 ms instead of 58.26 ms (3.91x);", "",
			"## Wrapping up", "",
			"The release made every stage cheaper. Per call on the production grid,",
			"decoding is "+factor+" faster and packing 3.26x.")
	}
	noAlarmAt(t, src("3.91x"), 17, "3.91")
	alarmAt(t, src("5.12x"), 17, "5.12")
}

// TestThirtyNinthRoundProductCountListed checks that a plain count a
// holding product of its sentence rests on ("across the 380 calls of a
// nightly run that is 15.7 s") is listed as a claim, consistent (const
// productCountListed); a count whose product does not hold is not listed
// by it, and raises no alarm.
func TestThirtyNinthRoundProductCountListed(t *testing.T) {
	src := func(total string) string {
		return doc("# Nightly pricing run", "", "## Cost", "",
			"The old code spent 41.2 ms more per call at 2048; across the 380 calls of a nightly run that is "+total+" s of wall time.")
	}
	rep := extract(t, src("15.7"))
	if c := claimAt(t, rep, 5, "380"); c.Verdict != Consistent {
		t.Fatalf("line 5: %q %s (%s), want consistent", c.Claimed, c.Verdict, c.Detail)
	}
	noAlarmAt(t, src("19.4"), 5, "380")
}

// TestThirtyNinthRoundClauseAfterParenPair checks that a factor listed
// after a parenthesised pair that closed the list item before it ("4.65x
// on the coast grid (1,870 µs → 402 µs), 5.10x on the" / "inland grid")
// is not checked against that pair but against its own subject's, named
// on the next line of the paragraph (const clauseAfterParenPair); a
// factor no pair of its subject gives still raises the line pair's alarm.
func TestThirtyNinthRoundClauseAfterParenPair(t *testing.T) {
	src := func(factor string) string {
		return doc("# Router kernels", "", "## Benchmarks", "",
			"| grid | before | after |",
			"|---|--:|--:|",
			"| coast | 1,870 µs | 402 µs |",
			"| inland | 18,914 µs | 3,712 µs |", "",
			"## Summary", "",
			"The bitset domains make routing cheaper everywhere: 4.65x on the coast grid (1,870 µs → 402 µs), "+factor+" on the",
			"inland grid and a little less on the mountain passes.")
	}
	noAlarmAt(t, src("5.10x"), 12, "5.10")
	claimAt(t, extract(t, src("5.10x")), 12, "4.65")
	alarmAt(t, src("6.30x"), 12, "6.30")
}

// TestThirtyNinthRoundDiffSettingRow checks that a saving whose clause
// names a setting by a whole number ("at 96 it saves 748.1 µs") is
// checked against the pair of the table row that writes that number in
// a cell (const diffSettingRow), and of several measures of the row
// against the one whose column its words name ("At 2,000 requests/s the
// median request saves 415 ms"): an error is an alarm, the right
// difference none.
func TestThirtyNinthRoundDiffSettingRow(t *testing.T) {
	src := func(saving string) string {
		return doc("# Tide kernel", "", "## Per station-day", "",
			"| function | terms | before | after | speed-up |",
			"|---|--:|--:|--:|--:|",
			"| predict_day | 24 | 301.7 µs | 88.20 µs | 3.42x |",
			"| predict_day | 48 | 590.3 µs | 160.9 µs | 3.67x |",
			"| predict_day | 96 | 1,051.4 µs | 233.1 µs | 4.51x |", "",
			"The gain grows with the number of terms: at 24 terms the kernel saves 213.5 µs per station-day;",
			"at 48 it saves 429.4 µs, and at 96 it saves "+saving+" µs.")
	}
	alarmAt(t, src("748.1"), 12, "748.1")
	noAlarmAt(t, src("818.3"), 12, "818.3")
	load := func(saving string) string {
		return doc("# Search cache", "", "## Load steps", "",
			"| load (requests/s) | p50 before | p50 after | p99 before | p99 after |",
			"|--:|--:|--:|--:|--:|",
			"| 1,000 | 612 | 238 | 2,210 | 912 |",
			"| 2,000 | 688 | 251 | 2,940 | 1,050 |", "",
			"At 2,000 requests/s the median request saves "+saving+" ms.")
	}
	alarmAt(t, load("473"), 10, "473")
	noAlarmAt(t, load("437"), 10, "437")
}

// TestThirtyNinthRoundCriterionThrptLevel checks that criterion's
// "thrpt:" estimate of a benchmark the report pastes no baseline run of
// is extracted as a level (const criterionThrptLevel), with no alarm.
func TestThirtyNinthRoundCriterionThrptLevel(t *testing.T) {
	run := func(lo, mid, hi, tlo, tmid, thi string) []string {
		return []string{"encode/tile/256", "                        time:   [" + tlo + " µs " + tmid + " µs " + thi + " µs]",
			"                        thrpt:  [" + lo + " Kelem/s " + mid + " Kelem/s " + hi + " Kelem/s]"}
	}
	lines := []string{"# Tile encoder", "", "## Criterion", "", "```"}
	lines = append(lines, run("861.20", "864.05", "866.71", "1.1538", "1.1573", "1.1612")...)
	lines = append(lines, "```")
	rep := extract(t, doc(lines...))
	claimAt(t, rep, 8, "864.05")
	noAlarmAt(t, doc(lines...), 8, "864.05")
}

// TestThirtyNinthRoundEquationResultListed checks that the result of a
// product written out with an equals sign ("48 workers × 16 slots = 768")
// is listed as a claim (const equationResultListed), consistent when the
// product gives it; a result it does not give is listed with no alarm.
func TestThirtyNinthRoundEquationResultListed(t *testing.T) {
	src := func(result string) string {
		return doc("# Queue workers", "", "## Capacity", "",
			"The slot count is the pooling change: 48 workers × 16 slots = "+result+" slots before, 4 × 16 = 64 after.")
	}
	rep := extract(t, src("768"))
	if c := claimAt(t, rep, 5, "768"); c.Verdict != Consistent {
		t.Fatalf("line 5: %q %s (%s), want consistent", c.Claimed, c.Verdict, c.Detail)
	}
	claimAt(t, rep, 5, "64")
	claimAt(t, extract(t, src("786")), 5, "786")
	noAlarmAt(t, src("786"), 5, "786")
}
