package claims

import "testing"

// The twenty-seventh round's rules (testdata/labels/README.md,
// "Twenty-seventh round"). Each test has, written for the test, an error
// of the shape its rule must catch (or the alarm it must not raise) and a
// consistent text of the same shape; with the rule's const off, its case
// fails.

// TestTwentySeventhRoundParenRestatementPastWords checks that a size
// restated in another unit in parentheses after a few words carries the
// conversion's error, not the size it restates (const
// parenRestatementPastWords): the size stays unalarmed, the wrong
// conversion is alarmed, a right one is not.
func TestTwentySeventhRoundParenRestatementPastWords(t *testing.T) {
	src := func(conv string) string {
		return doc("# Thumbnailer", "", "## Memory", "",
			"The resize buffer shrinks from 812.0 MiB to 310.0 MiB, so each worker holds 502.0 MiB less than before ("+conv+").")
	}
	// 502.0 MiB is 526.4 MB; 479 MB is 502.0 / 1.048576, the conversion
	// applied the wrong way.
	noAlarmAt(t, src("about 479 MB"), 5, "502.0")
	statedAlarmAt(t, src("about 479 MB"), 5, "479")
	noAlarmAt(t, src("about 526 MB"), 5, "526")
	noAlarmAt(t, src("about 526 MB"), 5, "502.0")
	perDay := func(conv string) string {
		return doc("# Log shipper", "", "## Egress", "",
			"Compression cuts what the shippers send from 9.40 TB to 5.10 TB a day, a saving of 4.30 TB per day ("+conv+").")
	}
	// 4.30 TB is 3.91 TiB; 4.73 TiB is 4.30 × 1.0995, the wrong way.
	noAlarmAt(t, perDay("4.73 TiB"), 5, "4.30")
	statedAlarmAt(t, perDay("4.73 TiB"), 5, "4.73")
	noAlarmAt(t, perDay("3.91 TiB"), 5, "4.30")
}

// statedAlarmAt fails unless a claim of line with figure fig, among its
// figures or as the figure its alarm names, has an error verdict.
func statedAlarmAt(t *testing.T, src string, line int, fig string) {
	t.Helper()
	rep := extract(t, src)
	for _, c := range rep.Claims {
		if c.Line == line && c.Verdict.Failed() && c.Cross != nil && c.Cross.Stated.Text == fig {
			return
		}
	}
	alarmAt(t, src, line, fig)
}

// TestTwentySeventhRoundTableBreaksContradiction checks that of two
// sentences stating one figure differently, the one a table states too
// is not called contradicted (const tableBreaksContradiction), while the
// other still is.
func TestTwentySeventhRoundTableBreaksContradiction(t *testing.T) {
	src := doc("# Search page", "", "## Summary", "",
		"- The results step's p90 render time fell from 2,310 ms to 1,470 ms.", "",
		"## Detail", "",
		"| Step | p90 before | p90 after |",
		"|---|--:|--:|",
		"| Query | 640 | 610 |",
		"| Results | 2,310 | 1,470 |", "",
		"## Conclusion", "",
		"After the change the results step's p90 is now 1,520 ms instead of 2,310 ms.")
	noAlarmAt(t, src, 5, "1,470")
	alarmAt(t, src, 16, "1,520")
}

// TestTwentySeventhRoundCriterionChangeAlone checks that criterion's
// "change:" line is extracted when the report does not paste the
// baseline run (const criterionChangeAlone), and that a change the
// report's table of baseline means gives is not alarmed.
func TestTwentySeventhRoundCriterionChangeAlone(t *testing.T) {
	src := doc("# Tokenizer", "", "## Benchmarks", "",
		"```",
		"tokenize/short          time:   [212.40 ns 213.10 ns 213.90 ns]",
		"                        change: [-41.72% -41.50% -41.27%] (p = 0.00 < 0.05)",
		"                        Performance has improved.",
		"```", "",
		"| Benchmark | before | after |",
		"|---|--:|--:|",
		"| `tokenize/short` | 364.4 ns | 213.1 ns |")
	rep := extract(t, src)
	c := findClaim(rep, 7, "41.50")
	if c == nil {
		t.Fatalf("line 7: the change -41.50%% is not extracted\n%s", formatClaims(rep.Claims))
	}
	if c.Verdict.Failed() {
		t.Fatalf("line 7: %q %s (%s), want no alarm", c.Claimed, c.Verdict, c.Detail)
	}
}

// TestTwentySeventhRoundDayCountedMonth checks a total over a month
// counted in days against the amount a day before it (const
// dayCountedMonth): a total off by ten is an error, the product is not.
func TestTwentySeventhRoundDayCountedMonth(t *testing.T) {
	src := func(total string) string {
		return doc("# Scheduler", "", "## Cost", "",
			"The new packing frees 36.5 GPU-hours a day, roughly "+total+" GPU-hours over a 30-day month.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a total off by ten", src: src("109.5"), line: 5, fig: "109.5", verdict: ArithmeticError},
		{name: "the product", src: src("1,095"), line: 5, fig: "1,095", verdict: Consistent},
	})
}

// TestTwentySeventhRoundPerItemSlip checks a time per item that is a
// time per batch over the batch's count with its metric prefix slipped
// (const perItemSlip), and the same quotient written right.
func TestTwentySeventhRoundPerItemSlip(t *testing.T) {
	src := func(item string) string {
		return doc("# Hash kernel", "", "## Batches", "",
			"Hashing takes 51,200 ns per batch of 256 keys, so the cost per key is "+item+".")
	}
	alarmAt(t, src("200 µs"), 5, "200")
	noAlarmAt(t, src("200 ns"), 5, "200")
}

// TestTwentySeventhRoundClauseApartPair checks that a factor in another
// clause than its line's pair is consistent with a pair of the report
// that gives it (const clauseApartPair), and that one no pair gives
// stays alarmed.
func TestTwentySeventhRoundClauseApartPair(t *testing.T) {
	src := func(f string) string {
		return doc("# Transcoder", "", "## Clips", "",
			"| clip | before | after |",
			"|---|--:|--:|",
			"| long clip | 9.0 s | 3.0 s |",
			"| short clip | 5.0 s | 2.0 s |", "",
			"The transcoder is 3.00x faster on the long clip (9.0 s → 3.0 s) and "+f+"x faster on the short clip.")
	}
	noAlarmAt(t, src("2.50"), 10, "2.50")
	alarmAt(t, src("2.90"), 10, "2.90")
}
