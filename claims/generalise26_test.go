package claims

import "testing"

// The twenty-sixth round's rules (testdata/labels/README.md,
// "Twenty-sixth round"). Each test has, written for the test, an error of
// the shape its rule must catch and a consistent text of the same shape
// that must stay unalarmed; with the rule's const off, its error case
// fails.

// mixedTwoDigitsDoc is a table of two devices' cold-start times and a
// sentence taking a pair from it, written "from A down to B".
func mixedTwoDigitsDoc(before, after, pct string) string {
	return doc("# Launcher", "", "## Cold start by device", "",
		"| device | start before | start after | resume before | resume after |",
		"|---|--:|--:|--:|--:|",
		"| Tab A8 | 7.4 s | 4.6 s | 3.9 s | 2.2 s |",
		"| Nokia G21 | 3.7 s | 2.3 s | 2.1 s | 1.3 s |", "",
		"On the low-end tablets cold start went from "+before+" down to "+after+", a "+pct+" % cut.")
}

// TestTwentySixthRoundMixedTwoDigits checks that a sentence's pair whose
// before figure, of two significant digits, is one row's and whose after
// figure is another row's of the same table makes the percentage on it
// MixesRows (consts mixedSidesAnyPair, mixedTwoDigits, mixedRatioOnly,
// with fromDownTo reading "from A down to B" as a pair in order), while
// the figures themselves, each its row's, stay unalarmed; the row's own
// pair is consistent.
func TestTwentySixthRoundMixedTwoDigits(t *testing.T) {
	runVerdictCases(t, []verdictCase{
		{name: "before of one row, after of another", src: mixedTwoDigitsDoc("7.4 s", "2.3 s", "69"), line: 10, fig: "69", verdict: MixesRows},
		{name: "the row's own pair", src: mixedTwoDigitsDoc("7.4 s", "4.6 s", "38"), line: 10, fig: "38", verdict: Consistent},
	})
	rep := extract(t, mixedTwoDigitsDoc("7.4 s", "2.3 s", "69"))
	for _, c := range rep.Claims {
		if c.Line != 10 || c.Verdict.Failed() == false {
			continue
		}
		for _, n := range c.Numbers {
			if n.Text == "7.4" || n.Text == "2.3" {
				t.Errorf("the mixed pair's figure %s carries the alarm: %q %s (%s)", n.Text, c.Claimed, c.Verdict, c.Detail)
			}
		}
	}
	noAlarm(t, extract(t, mixedTwoDigitsDoc("7.4 s", "4.6 s", "38")), 10)
}

// TestTwentySixthRoundFromDownTo checks that "from A down to B" is read
// as a pair in order (const fromDownTo): its percentage is checked as a
// reduction from A, so a wrong one is an error and the right one is not.
func TestTwentySixthRoundFromDownTo(t *testing.T) {
	src := func(pct string) string {
		return doc("# Queue", "", "## Drain time", "",
			"After the change the nightly drain went from 48.0 min down to 30.0 min, a "+pct+" % reduction.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a wrong reduction", src: src("60"), line: 5, fig: "60", verdict: ArithmeticError},
		{name: "the right reduction", src: src("37.5"), line: 5, fig: "37.5", verdict: Consistent},
	})
	rep := extract(t, src("37.5"))
	for _, c := range rep.Claims {
		if c.Line == 5 && c.Pair != nil && c.Pair.Old.Text == "48.0" && !c.Pair.Ordered {
			t.Errorf("from 48.0 min down to 30.0 min read without an order")
		}
	}
}

// TestTwentySixthRoundRateOwnLineTime checks a rate on a line of pasted
// benchmark output that states its own time (const rateOwnLineTime): it
// is not recomputed as one over another line's time (an alarm that said
// nothing: "items_per_second" counts a batch of items per iteration),
// while a rate in a sentence ("2,500 ns per row, so one core decodes
// 610K rows/second") is still checked against the times of its lines.
func TestTwentySixthRoundRateOwnLineTime(t *testing.T) {
	bench := doc("# Decoder", "", "## Benchmarks", "",
		"```",
		"Benchmark              Time        CPU   Iterations UserCounters...",
		"BM_DecodeRows/512     8410 ns    8402 ns     83211 items_per_second=60.94M/s",
		"BM_DecodeRows/4096   70125 ns   70100 ns      9981 items_per_second=58.43M/s",
		"BM_Checksum/4096       913 ns     912 ns    767014",
		"```")
	noAlarm(t, extract(t, bench), 7)
	noAlarm(t, extract(t, bench), 8)
	perRow := func(rate string) string {
		return doc("# Decoder", "", "## In production", "",
			"- Narrow rows: 95 ns per row, so one core decodes 10.5M rows/second",
			"- Wide rows: 2,500 ns per row, so one core decodes "+rate+" rows/second")
	}
	runVerdictCases(t, []verdictCase{
		{name: "one over its own line's time per row, wrong", src: perRow("610K"), line: 6, fig: "610K", verdict: ArithmeticError},
		{name: "one over its own line's time per row", src: perRow("400K"), line: 6, fig: "400K", verdict: Consistent},
	})
}

// TestTwentySixthRoundParenPercentOfFigure checks a percentage in
// parentheses right after a figure (const parenPercentOfFigure): it is
// that figure's change against a before figure of its sentence or of the
// report's pairs ("an extra 41.3 node-hours (+35 %)" over 118.0), not the
// change of another pair of the sentence, so the alarm that pair raised
// is taken back; a percentage no figure gives stays an alarm.
func TestTwentySixthRoundParenPercentOfFigure(t *testing.T) {
	src := func(pct string) string {
		return doc("# Tile cache", "", "## Latency", "",
			"| tiles | p50 before | p50 after | p99 before | p99 after |",
			"|---|--:|--:|--:|--:|",
			"| wide | 15.0 ms | 8.7 ms | 51.0 ms | 22.4 ms |", "",
			"- Wide tiles save 6.3 ms at p50 ("+pct+") and their p99 goes from 51.0 ms to 22.4 ms, 2.28x lower.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the saving over the row's p50 before", src: src("−42 %"), line: 9, fig: "42", verdict: Consistent},
		{name: "a percentage no figure gives", src: src("−61 %"), line: 9, fig: "61", verdict: ArithmeticError},
	})
}

// TestTwentySixthRoundSpreadFactor checks a factor a benchmark tool
// prints with its spread, "1.52 ± 0.04 times faster than …" (const
// spreadFactor): the factor read is 1.52, consistent with the report's
// pair, and the spread 0.04 is no factor of its own (it was read as one
// and called unsupported); a factor against a command the report's
// pairs do not pair stays unalarmed.
func TestTwentySixthRoundSpreadFactor(t *testing.T) {
	src := doc("# Archiver", "", "## Wall time", "",
		"Packing the release tree goes from 9.12 s to 6.00 s.", "",
		"```",
		"Summary",
		"  'pack-new' ran",
		"    1.52 ± 0.04 times faster than 'pack-old'",
		"    3.87 ± 0.11 times faster than 'pack-zstd-19'",
		"```")
	rep := extract(t, src)
	found := false
	for _, c := range rep.Claims {
		if c.Line != 10 && c.Line != 11 {
			continue
		}
		if c.Verdict.Failed() {
			t.Errorf("line %d: %q %s (%s), want no alarm", c.Line, c.Claimed, c.Verdict, c.Detail)
		}
		if c.Line == 10 && c.Kind == Speedup && len(c.Numbers) > 0 && c.Numbers[0].Text == "1.52" {
			found = true
			if c.Verdict != Consistent {
				t.Errorf("1.52x: %s (%s), want consistent with 9.12 s → 6.00 s", c.Verdict, c.Detail)
			}
		}
	}
	if !found {
		t.Errorf("no factor 1.52 on line 10:\n%s", formatClaims(rep.Claims))
	}
}
