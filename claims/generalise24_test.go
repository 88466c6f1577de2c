package claims

import "testing"

// The twenty-fourth round's rules (testdata/labels/README.md,
// "Twenty-fourth round"). Each test has, written for the test, an error
// of the shape its rule must catch and a consistent text of the same
// shape that must stay unalarmed; with the rule's const off, its cases
// fail.

// TestTwentyFourthRoundFactorBelowOne checks that a bare factor below one
// in a table of rates is the rate's multiple, new/old of the rates
// (const factorBelowOne), not the regression read the other way round.
func TestTwentyFourthRoundFactorBelowOne(t *testing.T) {
	src := func(f string) string {
		return doc("# R", "", "## Throughput", "",
			"| workers | before (jobs/s) | after (jobs/s) | factor |",
			"|--:|--:|--:|--:|",
			"| 1 | 3,100 | 2,950 | "+f+" |",
			"| 8 | 3,150 | 16,000 | 5.08x |")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a factor below one that the row gives", src: src("0.95x"), line: 7, fig: "0.95", verdict: Consistent},
		{name: "a factor below one that the row does not give", src: src("0.85x"), line: 7, fig: "0.85", verdict: ArithmeticError},
	})
}

// TestTwentyFourthRoundTotalResultTaken checks that a rate times a
// duration is the total of the first figure after it only (const
// totalResultTaken): the figure it is compared with after "against" is
// another node's.
func TestTwentyFourthRoundTotalResultTaken(t *testing.T) {
	src := func(total string) string {
		return doc("# R", "", "## Writes per day", "",
			"A day on the new build writes 3.10 MB/s × 86,400 s = "+total+" GB, against 700 GB for an old node.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the other node's total is no result of the product", src: src("268"), line: 5, fig: "700", verdict: Unverifiable},
		{name: "the product's result computed wrong", src: src("300"), line: 5, fig: "300", verdict: ArithmeticError},
	})
}

// TestTwentyFourthRoundFactorLevels checks that "from 16.0x to 1.19x" is
// two levels of a factor (const factorLevels), not a change the report's
// closest pair must give; a change of the measure stays checked.
func TestTwentyFourthRoundFactorLevels(t *testing.T) {
	src := func(line string) string {
		return doc("# R", "", "## Rates", "",
			"The flush rate rose from 10.0 MB/s to 31.0 MB/s.", "",
			"## Writes", "",
			line)
	}
	runVerdictCases(t, []verdictCase{
		{name: "two levels of a factor", src: src("With batching the write amplification over the 512 B page falls from 16.0x to 1.19x."),
			line: 9, fig: "16.0", verdict: Unverifiable},
		{name: "a change of the measure computed wrong", src: src("With batching the bytes per write fall 8.6x, from 8,200 B to 610 B."),
			line: 9, fig: "8.6", verdict: ArithmeticError},
	})
}

// TestTwentyFourthRoundNounInsteadOf checks that "needs 640 uploads
// instead of 1,520" is a pair (const nounInsteadOf): the noun after the
// first figure names what both count, and their change is checked.
func TestTwentyFourthRoundNounInsteadOf(t *testing.T) {
	src := func(pct string) string {
		return doc("# R", "", "## Sync", "",
			"Per hour the new client needs 640 uploads instead of 1,520 ("+pct+").")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the change of the pair", src: src("−58 %"), line: 5, fig: "58", verdict: Consistent},
		{name: "a change the pair does not give", src: src("−68 %"), line: 5, fig: "68", verdict: ArithmeticError},
	})
}

// TestTwentyFourthRoundPairOfOtherPredicate checks that a pair of an
// earlier predicate (", raises X from A to B (…), cuts Y by N %", "cuts X
// by N % (A to B) and encodes Mx faster") is not the later claim's
// (const pairOfOtherPredicate), on one line and wrapped; the first
// predicate's own claim stays checked against it.
func TestTwentyFourthRoundPairOfOtherPredicate(t *testing.T) {
	one := doc("# R", "", "## Summary", "",
		"Queries upstream fell from 9.40 billion to 4.10 billion a day.", "",
		"Version 2 raises the hit ratio from 81.0 % to 90.6 % (warming 5.1 points, pinning 4.5), cuts queries upstream by 56.4 %, and halves the mean latency.")
	wrapped := doc("# R", "", "## Summary", "",
		"Queries upstream fell from 9.40 billion to 4.10 billion a day.", "",
		"Version 2 raises the hit ratio from 81.0 % to 90.6 % (warming 5.1 points, pinning 4.5),",
		"cuts queries upstream by 56.4 %, and halves the mean latency.")
	encode := func(pct string) string {
		return doc("# R", "", "## Summary", "",
			"The new preset cuts the summed bitrate by "+pct+" (11,300 to 6,960 kbit/s) at equal quality and encodes 1.41x faster than the old one.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the earlier verb's pair, one line", src: one, line: 7, fig: "56.4", verdict: Unverifiable},
		{name: "the earlier verb's pair, wrapped", src: wrapped, line: 8, fig: "56.4", verdict: Unverifiable},
		{name: "the pair of a claim before, another verb after", src: encode("38.4 %"), line: 5, fig: "1.41", verdict: Unverifiable},
		{name: "that claim computed wrong", src: encode("28.4 %"), line: 5, fig: "28.4", verdict: ArithmeticError},
	})
}

// TestTwentyFourthRoundRowLabelPairs checks that "from 50 µs to 200 µs"
// naming two rows of a table checks the factor against those rows' cells
// (const rowLabelPairs), and that a factor no column gives stays an
// error.
func TestTwentyFourthRoundRowLabelPairs(t *testing.T) {
	src := func(line string) string {
		return doc("# R", "", "## Window", "",
			"| window | jobs/s | p99 |",
			"|--:|--:|--:|",
			"| 50 µs | 40,000 | 1.02 ms |",
			"| 100 µs | 47,000 | 1.15 ms |",
			"| 200 µs | 54,000 | 1.34 ms |", "",
			line)
	}
	runVerdictCases(t, []verdictCase{
		{name: "a factor the rows give", src: src("Moving from 50 µs to 200 µs buys 1.35x the throughput."), line: 11, fig: "1.35", verdict: Consistent},
		{name: "a factor no column of the rows gives", src: src("Moving from 100 µs to 200 µs buys 1.31x the throughput."), line: 11, fig: "1.31", verdict: ArithmeticError},
	})
}
