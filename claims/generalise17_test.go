package claims

import "testing"

// TestSeventeenthRound checks the rules of the seventeenth round
// (testdata/labels/README.md, "Seventeenth round"): an alarm rests on the
// figures the claim rests on — its operands, its column, its direction,
// the rows of a range. Each rule is shown on text written for the test,
// with the false alarm it removes and, where it could pass an error, a
// case the error must still be caught in.
func TestSeventeenthRound(t *testing.T) {
	// Two rows of one table, each with its before and after.
	batches := func(claim ...string) string {
		return doc(append([]string{"# R", "", "## Batches", "",
			"| Batch | Before (ms) | After (ms) |", "|---|---:|---:|",
			"| small | 900 | 600 |", "| large | 2,000 | 1,500 |", ""}, claim...)...)
	}
	// One row.
	oneRow := func(claim ...string) string {
		return doc(append([]string{"# R", "", "## Delta", "",
			"| Build | Old time | New time |", "|---|---:|---:|", "| delta | 140.0 s | 60.0 s |", ""}, claim...)...)
	}
	// A table of versions with two percentile columns.
	versions := func(claim string) string {
		return doc("# R", "", "## Latency", "",
			"| version | p50 | p99 |", "|---|---:|---:|",
			"| v1.0 (baseline) | 10.0 ms | 25 ms |", "| v1.1 (incident) | 16.4 ms | 100 ms |", "| v1.2 (fix) | 9.0 ms | 20 ms |",
			"", claim)
	}
	// Sizes of four images, before and after.
	images := func(claim ...string) string {
		return doc(append([]string{"# R", "", "## Sizes", "",
			"| Image | Before (MB) | After (MB) |", "|---|---:|---:|",
			"| api | 1,000 | 250 |", "| worker | 2,000 | 800 |", "| web | 600 | 180 |", "| batch | 1,600 | 560 |",
			"", "## Pulls", "", "| Image | Before (s) | After (s) |", "|---|---:|---:|", "| api | 40.0 | 12.0 |", "",
			"## Summary", ""}, claim...)...)
	}
	runVerdictCases(t, []verdictCase{
		// 1. A difference rests on known operands: the one pair of its
		// subject, or the one its clause's words name.
		{name: "a difference two rows give no better than each other", src: batches("Each batch saves 420 ms now."),
			line: 10, fig: "420", verdict: Unverifiable},
		{name: "a difference its clause names the row of, wrong", src: batches("The large batch saves 420 ms now."),
			line: 10, fig: "420", verdict: Unsupported},
		{name: "a difference its clause names the row of", src: batches("The large batch saves 500 ms now."),
			line: 10, fig: "500", verdict: Consistent},
		{name: "a figure that is a side of the pair is no difference", src: oneRow("A delta now finishes in 60.0 s, saving 80.0 s per run."),
			line: 9, fig: "60.0", verdict: Unverifiable},
		{name: "the saving beside it, wrong", src: oneRow("A delta now finishes in 60.0 s, saving 70.0 s per run."),
			line: 9, fig: "70.0", verdict: Unsupported},
		// 2. An alarm is about the figures it names: a line of several
		// figures is split, and a figure nothing checked is not
		// consistent.
		{name: "a conversion beside a wrong one", src: doc("# R", "", "## Sizes", "",
			"The new image is 312 MB, which the UI shows as 297.5 MiB, and the old one is 905 MB (949 MiB)."),
			line: 5, fig: "312", verdict: Unverifiable},
		{name: "the wrong conversion", src: doc("# R", "", "## Sizes", "",
			"The new image is 312 MB, which the UI shows as 297.5 MiB, and the old one is 905 MB (949 MiB)."),
			line: 5, fig: "949", verdict: ArithmeticError},
		{name: "a right conversion beside a wrong one in one pair", src: doc("# R", "", "## Scans", "",
			"Data scanned fell from 73.2 TB (80.5 TiB) to 50.2 TB (45.7 TiB) a night."), line: 5, fig: "45.7", verdict: Consistent},
		{name: "a figure left unchecked beside a checked difference", src: doc("# R", "", "## Tail", "",
			"The p95 fell from 48 ms to 31.5 ms.", "", "The tail improvement holds: p95 falls by 16.5 ms at normal load and by 31 ms at peak."),
			line: 7, fig: "31", verdict: Unverifiable},
		// 3. A time compounded with what it counts is no time.
		// Not a conversion of 30.0 min; from the thirty-ninth round
		// (countTimesTime) the product of the count and the time,
		// consistent.
		{name: "node-hours are no hours", src: doc("# R", "", "## Cost", "", "A rebuild holds the 12 nodes for 30.0 min, or 6.00 node-hours."),
			line: 5, fig: "6.00", verdict: map[bool]Verdict{true: Consistent, false: Unverifiable}[countTimesTime]},
		{name: "hours are hours", src: doc("# R", "", "## Cost", "", "A rebuild holds the nodes for 30.0 min, or 0.60 hours."),
			line: 5, fig: "0.60", verdict: ArithmeticError},
		// 4. A size a flag sets, restated in parentheses, is the flag's;
		// not the figure before an earlier parenthesis.
		{name: "a heap flag restated", src: doc("# R", "", "## Setup", "", "- Heaps: `-Xmx4g` (4,096 MiB) and `-Xmx8g` (8,192 MB)."),
			line: 5, fig: "4,096", verdict: Consistent},
		{name: "a heap flag restated in the wrong unit", src: doc("# R", "", "## Setup", "", "- Heaps: `-Xmx4g` (4,096 MiB) and `-Xmx8g` (8,192 MB)."),
			line: 5, fig: "8,192", verdict: ArithmeticError},
		// 5. "Fewer" counts things: no pair of times refutes it.
		{name: "fewer things against times", src: doc("# R", "", "## Plan", "", "The query took 196.0 ms before and 24.5 ms after.", "",
			"The new plan reads 16.9× fewer buffers."), line: 7, fig: "16.9", verdict: Unverifiable},
		{name: "fewer allocations against allocations, wrong", src: doc("# R", "", "## Encode", "",
			"| Case | Before (allocs/op) | After (allocs/op) |", "|---|---:|---:|", "| medium | 12 | 6 |", "",
			"Medium encodes make 5.0× fewer allocations."), line: 9, fig: "5.0", verdict: Unsupported},
		// 6. A table cell rests on its row.
		{name: "a cell of a comparison column against another pair", src: doc("# R", "", "## Results", "",
			"| Metric | SA | NSA | LTE | SA vs NSA |", "|---|---:|---:|---:|---:|",
			"| RTT median (ms) | 18.2 | 27.5 | 41.0 | −33.8 % |", "",
			"Against LTE the median RTT drops from 41.0 ms to 18.2 ms."), line: 7, fig: "33.8", verdict: Unverifiable},
		// Two columns of one row compared by name.
		{name: "two columns of a row named by a sentence", src: doc("# R", "", "## Results", "",
			"| Metric | 5G SA | 5G NSA | LTE |", "|---|---:|---:|---:|", "| RTT median (ms) | 18.2 | 27.5 | 41.0 |", "",
			"SA responds 33.8 % faster than NSA on median RTT."), line: 9, fig: "33.8", verdict: Consistent},
		{name: "two columns of a row named by a sentence, wrong", src: doc("# R", "", "## Results", "",
			"| Metric | 5G SA | 5G NSA | LTE |", "|---|---:|---:|---:|", "| RTT median (ms) | 18.2 | 27.5 | 41.0 |", "",
			"SA responds 45 % faster than NSA on median RTT."), line: 9, fig: "45", verdict: Unsupported},
		// 7. A range covers rows.
		{name: "a range and one of its rows on the line", src: images("Sizes fell by 60–75 %: the api image went from 1,000 MB to 250 MB."),
			line: 20, fig: "60–75", verdict: Consistent},
		{name: "a range its line's pair falls outside", src: images("Sizes fell by 60–70 %: the api image went from 1,000 MB to 250 MB."),
			line: 20, fig: "60–70", verdict: ArithmeticError},
		{name: "a range over the rows of a table", src: images("Images are 60–75 % smaller."),
			line: 20, fig: "60–75", verdict: Consistent},
		{name: "a range one pair of another table falls in", src: images("Images are 60–75 % quicker to pull."),
			line: 20, fig: "60–75", verdict: Unverifiable},
		{name: "a range no pair comes near", src: images("Pulls are 2–5 % quicker."),
			line: 20, fig: "2–5", verdict: Unsupported},
		// 8. The pair of another percentile's clause is not this one's.
		{name: "a percentile named between the pair and the claim", src: versions("- During the incident p50 rose by 64 % (10.0 ms to 16.4 ms) while p99 grew 4.0x."),
			line: 11, fig: "4.0", verdict: Unverifiable},
		{name: "the clause's own pair, wrong", src: versions("- During the incident p50 rose by 64 % (10.0 ms to 16.4 ms) and 2.0x."),
			line: 11, fig: "2.0", verdict: ArithmeticError},
		// 9. Two columns of two statistics are no before and after;
		// differences are no sides of a pair.
		{name: "two percentile columns are no pair", src: versions("- Against the v1.0 baseline, v1.2 is 10.0 % faster at p50 (1.0 ms lower) and 5 ms lower at p99."),
			line: 11, fig: "10.0", verdict: Unverifiable},
		{name: "two columns of one measure are still a pair", src: doc("# R", "", "## Paths", "",
			"| Path | Kernel TCP (µs) | AF_XDP (µs) |", "|---|---:|---:|", "| fan-out | 40.0 | 20.0 |", "",
			"Fan-out is 30 % faster on AF_XDP."), line: 9, fig: "30", verdict: Unsupported},
		// 10. Direction: a rise of a rate is the rate's; a bare factor
		// is the multiple either way.
		{name: "a signed rise of a rate", src: doc("# R", "", "## Scans", "",
			"| Workload | Before (ops/s) | After (ops/s) |", "|---|---:|---:|", "| E | 18,900 | 26,700 |", "",
			"- **E.** The largest gain: 1.41x throughput, +41.3 %."), line: 9, fig: "41.3", verdict: Consistent},
		{name: "a bare factor of a growth", src: doc("# R", "", "## Memory", "", "The arena block grew from 64 KiB to 256 KiB (4x)."),
			line: 5, fig: "4", verdict: Consistent},
		{name: "a bare factor of a growth, wrong", src: doc("# R", "", "## Memory", "", "The arena block grew from 64 KiB to 256 KiB (5x)."),
			line: 5, fig: "5", verdict: ArithmeticError},
		// A ratio restating the one before it ("i.e.") rests on its pair.
		{name: "a ratio restated after i.e.", src: doc("# R", "", "## Events", "", "- bytes per event: 3.125 KiB → 1.25 KiB (−60 %, i.e. 2.5× less)"),
			line: 5, fig: "2.5", verdict: Consistent},
		{name: "a ratio restated after i.e., wrong", src: doc("# R", "", "## Events", "", "- bytes per event: 3.125 KiB → 1.25 KiB (−60 %, i.e. 3.5× less)"),
			line: 5, fig: "3.5", verdict: ArithmeticError},
		// 11. A sentence's pair of rates across a line break.
		{name: "two rates of one sentence across a line break", src: doc("# R", "", "## Capacity", "",
			"A load test on one pod saturated at 100 req/s on v1 and", "150 req/s on v2: the fix raises capacity by 33.3 %."),
			line: 6, fig: "33.3", verdict: ArithmeticError},
		{name: "two rates of one sentence across a line break, right", src: doc("# R", "", "## Capacity", "",
			"A load test on one pod saturated at 100 req/s on v1 and", "150 req/s on v2: the fix raises capacity by 50.0 %."),
			line: 6, fig: "50.0", verdict: Consistent},
		{name: "from a figure of one setting to, across a line break", src: doc("# R", "", "## Latency", "",
			"Inter-token latency also improved, from 40.0 ms in A to", "32.8 ms in D (−18 %), as batches grew."),
			line: 6, fig: "18", verdict: Consistent},
		{name: "from a figure of one setting to, across a line break, wrong", src: doc("# R", "", "## Latency", "",
			"Inter-token latency also improved, from 40.0 ms in A to", "32.8 ms in D (−25 %), as batches grew."),
			line: 6, fig: "25", verdict: ArithmeticError},
		// 12. A percentile beside the pair its line states, both figures
		// measured in a table, rests on it.
		{name: "a percentile beside its pair", src: doc("# R", "", "## Workloads", "",
			"| Workload | p99 before | p99 after |", "|---|---:|---:|", "| A | 1.84 ms | 1.52 ms |", "| E | 11.4 ms | 7.9 ms |", "",
			"- **A.** p99 drops 17.4 %, from 1.84 ms to 1.52 ms."), line: 10, fig: "17.4", verdict: Consistent},
	})
}

// wantVerdict checks that the claim stating fig on line of rep has a
// verdict ok accepts, which want describes.
func wantVerdict(t *testing.T, rep *Report, line int, fig string, ok func(Verdict) bool, want string) {
	t.Helper()
	if c := claimAt(t, rep, line, fig); !ok(c.Verdict) {
		t.Errorf("line %d: %q %s (%s), want %s", line, c.Claimed, c.Verdict, c.Detail, want)
	}
}

// verdictIs, anAlarm and noAlarmOn are verdict tests for wantVerdict.
func verdictIs(v Verdict) func(Verdict) bool { return func(w Verdict) bool { return w == v } }

func anAlarm(v Verdict) bool { return v.Failed() }

func noAlarmOn(v Verdict) bool { return !v.Failed() }

// TestSeventeenthRoundOwnPair checks that the error of a ratio beside its
// own pair is the ratio's: the pair's figures, stated nowhere else, are
// not flagged with it, while a pair one of whose figures the report
// states otherwise stays whole.
func TestSeventeenthRoundOwnPair(t *testing.T) {
	rep := extract(t, doc("# R", "", "## Calls", "", "Allocations fell from 48 to 6 per call, an 85.0 % cut."))
	wantVerdict(t, rep, 5, "85.0", verdictIs(ArithmeticError), "arithmetic-error")
	wantVerdict(t, rep, 5, "48", noAlarmOn, "no alarm on the pair's figure")
	wantVerdict(t, rep, 5, "6", noAlarmOn, "no alarm on the pair's figure")
	whole := extract(t, doc("# R", "", "## Plans", "",
		"| Query | Before (ms) | After (ms) |", "|---|---:|---:|", "| worst | 412.6 | 38.2 |", "",
		"Worst-case execution time drops from 412.6 ms to 31 ms (10.8x)."))
	wantVerdict(t, whole, 9, "31", anAlarm, "an alarm: 31 ms is not the table's 38.2 ms")
}

// TestSeventeenthRoundContradictedFigure checks that a contradiction
// names the figure another line states otherwise, not the ratio beside
// it that holds with either value, while a ratio that holds only with
// the contradicted figure shares its error.
func TestSeventeenthRoundContradictedFigure(t *testing.T) {
	src := func(row string) string {
		return doc("# R", "", "## Parse path allocations", "",
			"Trimming the node length took the parse path from 1,840 to 212 allocs/op.", "",
			"## Numbers at a glance", "",
			"| Change | Before | After | Δ |", "|---|---:|---:|---:|", row)
	}
	rep := extract(t, src("| parse path, allocs | 1,840 | 221 | −88 % |"))
	wantVerdict(t, rep, 11, "221", verdictIs(Contradicted), "contradicted (212 on line 5)")
	wantVerdict(t, rep, 11, "88", verdictIs(Consistent), "consistent: 88 % holds with 212 and with 221")
	shared := extract(t, src("| parse path, allocs | 1,840 | 460 | −75 % |"))
	wantVerdict(t, shared, 11, "75", anAlarm, "an alarm: 75 % holds only with the contradicted 460")
}

// TestSeventeenthRoundFigures checks the figures the round reads: cells
// whose unit the row's label gives, a multiple of an acronym's figure,
// and a count of processors that is no measurement of CPU use.
func TestSeventeenthRoundFigures(t *testing.T) {
	rep := extract(t, doc("# R", "", "## Results", "",
		"| Metric | SA | NSA | LTE | SA vs NSA |", "|---|---:|---:|---:|---:|",
		"| RTT median (ms) | 18.2 | 27.5 | 41.0 | −33.8 % |", "",
		"The SA median downlink is 6.12 times LTE's."))
	for _, f := range []string{"18.2", "27.5", "41.0"} {
		if c := claimAt(t, rep, 7, f); c.Numbers[0].Unit == "" {
			t.Errorf("line 7: %q has no unit, want the row label's ms", c.Claimed)
		}
	}
	claimAt(t, rep, 9, "6.12")

	cpu := func(spec string) *Report {
		return extract(t, doc("# R", "", "## Setup", "", spec, "", "## Results", "", "Query-node CPU fell by 42 % at peak."))
	}
	wantVerdict(t, cpu("The cluster has 12 nodes, 16 vcpu and 64 GiB each."), 9, "42", verdictIs(Unsupported), "unsupported: no figure measures CPU use")
	wantVerdict(t, cpu("Query-node CPU use was 40 % before the change."), 9, "42", noAlarmOn, "no alarm: a line measures CPU use")
}

// TestSeventeenthRoundSummaryMisquote checks that when a summary's
// sentence and a detail's quote one figure of a pair alike and differ in
// the other, the summary is the misquote and the detail stands.
func TestSeventeenthRoundSummaryMisquote(t *testing.T) {
	rep := extract(t, doc("# R", "", "## TL;DR", "",
		"- Worker RSS is down from 615 MiB to 435 MiB.", "",
		"## Memory", "",
		"Per-worker RSS went from 615 MiB to 445 MiB (−27.6 %), mostly from streaming the rows."))
	wantVerdict(t, rep, 9, "27.6", verdictIs(Consistent), "consistent: the detail is not the misquote")
	wantVerdict(t, rep, 5, "435", verdictIs(Contradicted), "contradicted: the summary misquotes 445 MiB")
}

// TestSeventeenthRoundNamedRowFirst checks that a ratio whose clause
// names a table row ("Total egress") rests on that row's pair, not on a
// closest pair of plain counts that another sentence of its line names.
func TestSeventeenthRoundNamedRowFirst(t *testing.T) {
	src := func(claim string) *Report {
		return extract(t, doc("# R", "", "## Pulls", "", "Median pull time, in seconds:", "",
			"| Image | Before | After |", "|---|---:|---:|", "| api | 41.2 | 11.6 |", "| web | 23.9 | 8.1 |", "",
			"## Egress", "",
			"| Image | Egress before (GB/month) | Egress after (GB/month) |", "|---|---:|---:|",
			"| api | 42,780 | 10,764 |", "| web | 47,196 | 13,662 |", "| **Total** | **89,976** | **24,426** |", "",
			claim+" The web image is the largest single item."))
	}
	wantVerdict(t, src("Total egress falls by 72.9 %."), 20, "72.9", verdictIs(Consistent), "consistent (89,976 → 24,426)")
	wantVerdict(t, src("Total egress falls by 60.0 %."), 20, "60.0", anAlarm, "an alarm: the Total row gives 72.9 %")
}
