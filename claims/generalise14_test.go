package claims

import "testing"

// TestFourteenthRound checks the rules of the fourteenth round (testdata/
// labels/README.md, "Fourteenth round"), each on text written for the
// test: the false alarms each rule removes, the figures it reads, and for
// each rule that could pass an error a case it must still catch.
func TestFourteenthRound(t *testing.T) {
	// Two disks compared row by row, rates in IOPS.
	disks := func(claim string) string {
		return doc("# R", "", "## Rates", "",
			"| Test | Disk X | Disk Y | Y vs X |",
			"|---|---:|---:|---:|",
			"| small reads | 200k IOPS | 260k IOPS | +30.0 % |",
			"| small writes | 100k IOPS | 120k IOPS | +20.0 % |",
			"| long writes | 2,150 MB/s | 2,650 MB/s | +23.3 % |",
			"| long reads | 3,000 MB/s | 3,090 MB/s | +3.0 % |",
			"", "## Tail", "", "The p99 of small reads drops from 400 µs to 300 µs on Y.",
			"", "## Notes", "", claim)
	}
	// A scaling table: one row per node count.
	scaling := func(claim string, eff string) string {
		return doc("# R", "", "## Scaling", "",
			"| Nodes | Run time (s) | Speed-up | Efficiency | Node-hours |",
			"|---:|---:|---:|---:|---:|",
			"| 2 | 1600 | 1.00 | 100.0 % | 0.889 |",
			"| 4 | 840 | 1.90 | 95.2 % | 0.933 |",
			"| 8 | 500 | 3.20 | "+eff+" | 1.111 |",
			"| 16 | 300 | 5.33 | 66.7 % | 1.333 |",
			"", claim)
	}
	// Percentiles of two variants, one column per variant and case.
	tails := func(claim string) string {
		return doc("# R", "", "## Latency", "",
			"Reads and scans at the same depth, in microseconds:", "",
			"| Percentile | X, reads | Y, reads | X, scans | Y, scans |",
			"|---|---:|---:|---:|---:|",
			"| p50 | 120 | 90 | 300 | 240 |",
			"| p99 | 415 | 312 | 900 | 600 |",
			"", claim)
	}
	// Two brokers in long form, the payload size first.
	brokers := func(claim string) string {
		return doc("# R", "", "## Results", "",
			"| Payload | Broker | Rate (msg/s) | Rate (MiB/s) | p99 (ms) | p99.9 (ms) |",
			"|---|---|---:|---:|---:|---:|",
			"| 1 KiB | Alpha | 40,000 | 39.1 | 50 | 90 |",
			"| 1 KiB | Beta | 100,000 | 97.7 | 10 | 30 |",
			"| 8 KiB | Alpha | 10,000 | 78.1 | 60 | 150 |",
			"| 8 KiB | Beta | 15,000 | 117.2 | 30 | 80 |",
			"", "## Notes", "", claim)
	}
	runVerdictCases(t, []verdictCase{
		// IOPS is a rate of operations: the rows are pairs.
		{name: "a change of a row in IOPS that its rate gives", src: disks("Nothing else."), line: 7, fig: "30.0", verdict: Consistent},
		{name: "a factor of IOPS that another row gives", src: disks("Y does 20 % more small-write IOPS."), line: 18, fig: "20", verdict: Consistent},
		// A latency percentile is not one over a rate: no alarm from it.
		{name: "a rate change is not refuted by a percentile pair", src: doc("# R", "", "## Tail", "",
			"The p99 of small reads drops from 400 µs to 300 µs on Y.", "", "## Notes", "", "Y does 18 % more small-write IOPS."),
			line: 9, fig: "18", verdict: Unverifiable},
		{name: "a rate change that no rate pair gives is still unsupported", src: disks("Y does 45 % more small-write IOPS."),
			line: 18, fig: "45", verdict: Unsupported},
		// Power and money are measures of their own.
		{name: "power is not refuted by times", src: doc("# R", "", "## Tail", "", "p99 drops from 400 µs to 300 µs.", "", "## Power", "",
			"Y draws 12 % more power under load."), line: 9, fig: "12", verdict: Unverifiable},
		{name: "a price is not refuted by times", src: doc("# R", "", "## Tail", "", "p99 drops from 400 µs to 300 µs.", "", "## Cost", "",
			"Y costs 6 % more per unit."), line: 9, fig: "6", verdict: Unverifiable},
		// A comparison that runs across a line break is the pair of the
		// ratio before it.
		{name: "a ratio with its comparison across the line break", src: doc("# R", "", "Y wrote 30 % less to flash (amplification 2.10",
			"against 3.00 for X)."), line: 3, fig: "30", verdict: Consistent},
		{name: "the first figure of a comparison across the line break", src: doc("# R", "", "Y wrote 30 % less to flash (amplification 2.10",
			"against 3.00 for X)."), line: 3, fig: "2.10", verdict: Consistent},
		{name: "a wrong ratio with its comparison across the line break", src: doc("# R", "", "Y wrote 20 % less to flash (amplification 2.10",
			"against 3.00 for X)."), line: 3, fig: "20", verdict: ArithmeticError},
		{name: "the wrapped comparison is not a later line's", src: doc("# R", "", "- Y wrote 30 % less to flash (amplification 2.10",
			"  against 3.00 for X).", "- Y costs 4 % more per unit."), line: 5, fig: "4", verdict: Unverifiable},
		// A clause after a semicolon that names another percentile.
		{name: "a percentile of its own after a semicolon", src: doc("# R", "", "p99 drops from 300 µs to 200 µs; the p99.9 however rises by 15 %."),
			line: 3, fig: "15", verdict: Unsupported},
		{name: "the pair's own clause is still checked", src: doc("# R", "", "p99 drops from 300 µs to 200 µs, a 15 % cut."),
			line: 3, fig: "15", verdict: ArithmeticError},
		// Columns of two variants and a case, units from the lead-in;
		// a lone "B" in a header is a name.
		{name: "a percentile pair of variant columns", src: tails("Y's scan p99 is 33 % lower than X's."), line: 12, fig: "33", verdict: Consistent},
		{name: "a misquoted cell of variant columns", src: tails("The read p99 drops from 415 µs to 320 µs on Y."), line: 12, fig: "320", verdict: Contradicted},
		// A figure is found where it is written, not inside another.
		{name: "a small percentage after a larger one", src: disks("Long writes are 23 % faster; long reads are about 3 % faster."),
			line: 18, fig: "3", verdict: Consistent},
		// A size over a latency percentile is no bandwidth.
		{name: "a rate beside a percentile column", src: brokers("Beta pushes 117 MiB/s with 8 KiB messages."), line: 14, fig: "117", verdict: Unverifiable},
		{name: "a bandwidth over a time per operation still slips", src: doc("# R", "", "## Sizes", "", "| Page | v1 | v2 |", "|---|--:|--:|",
			"| long page (2.40 MB) | 9.6 ms | 4.80 ms |", "", "On the long page v2 does 477 MB/s."), line: 9, fig: "477", verdict: ArithmeticError},
		// A reduction of a rate the pair shows falling.
		{name: "a cut of a falling rate", src: doc("# R", "", "Fan-out cuts the publish rate by 40 % (50,000 to 30,000 msg/s)."),
			line: 3, fig: "40", verdict: Consistent},
		{name: "a cut of a falling rate on the wrong base", src: doc("# R", "", "Fan-out cuts the publish rate by 67 % (50,000 to 30,000 msg/s)."),
			line: 3, fig: "67", verdict: ArithmeticError},
		// Rows of a scaling table named by their key.
		{name: "a cut between two node counts", src: scaling("Doubling from 8 to 16 nodes saves 200 s, a 40.0 % cut in run time.", "80.0 %"),
			line: 12, fig: "40.0", verdict: Consistent},
		{name: "a saving between two node counts", src: scaling("Doubling from 8 to 16 nodes saves 200 s, a 40.0 % cut in run time.", "80.0 %"),
			line: 12, fig: "200", verdict: Consistent},
		{name: "a cut taken from another row", src: scaling("Moving from 4 to 8 nodes cut run time by 69 %.", "80.0 %"),
			line: 12, fig: "69", verdict: MixesRows},
		{name: "a speed-up between node counts off", src: scaling("Going from 4 to 16 nodes gave a 3.5× speed-up.", "80.0 %"),
			line: 12, fig: "3.5", verdict: ArithmeticError},
		{name: "a clause naming another column is not the time's", src: scaling("Going from 8 to 16 nodes costs 20 % more node-hours.", "80.0 %"),
			line: 12, fig: "20", verdict: Consistent},
		// Two settings a sentence moves between are no measurement to
		// misquote; a measured pair in such a sentence still is.
		{name: "node counts of two sentences are not a misquote", src: scaling("Efficiency falls by 14.8 points from 4 to 8 nodes and by a\n"+
			"further 13.3 points from 8 to 16.\n\nQuadrupling from 4 to 16 nodes gave a 2.8× speed-up.", "80.0 %"), line: 13, fig: "8", verdict: Unverifiable},
		{name: "a measured pair beside the settings is still misquoted", src: doc("# R", "", "## Solve", "", "| Stage | Before | After |", "|---|--:|--:|",
			"| solve | 512 s | 304 s |", "", "Going from 8 to 16 nodes took the solve from 512 s to 340 s."), line: 9, fig: "340", verdict: Contradicted},
		// Speed-up and efficiency recomputed from the times.
		{name: "an efficiency the times give", src: scaling("See above.", "80.0 %"), line: 9, fig: "80.0", verdict: Unverifiable},
		{name: "an efficiency the times do not give", src: scaling("See above.", "75.0 %"), line: 9, fig: "75.0", verdict: ArithmeticError},
		{name: "the other cells of its row stay listed", src: scaling("See above.", "75.0 %"), line: 9, fig: "3.20", verdict: Unverifiable},
		// A second figure whose words run on to the next line.
		{name: "a time per day is not a conversion of a total", src: doc("# R", "", "A year at 8 nodes is 365 × 2.0 node-hours = 730 node-hours, about 900 s",
			"per simulated day."), line: 3, fig: "900", verdict: Unverifiable},
		// A byte rate restated in another unit.
		{name: "a byte rate in decimal units", src: doc("# R", "", "That is 1,000 MiB/s of small writes, or 1.05 GB/s in decimal units."),
			line: 3, fig: "1.05", verdict: Consistent},
		{name: "a byte rate converted backwards", src: doc("# R", "", "That is 1,000 MiB/s of small writes, or 0.95 GB/s in decimal units."),
			line: 3, fig: "0.95", verdict: ArithmeticError},
		// A comparison without an order may misquote either figure.
		{name: "a misquote in an unordered comparison", src: disks("Long writes: 2,850 MB/s against X's 2,150 MB/s."),
			line: 18, fig: "2,850", verdict: Contradicted},
		// The figures of a pair that other lines confirm are not the
		// ratio's error.
		{name: "a wrong ratio of confirmed figures", src: brokers("p99 at 1 KiB fell from 50 ms to 10 ms, a 70 % reduction."),
			line: 14, fig: "70", verdict: ArithmeticError},
		{name: "the confirmed figures of a wrong ratio", src: brokers("p99 at 1 KiB fell from 50 ms to 10 ms, a 70 % reduction."),
			line: 14, fig: "50", verdict: Consistent},
		{name: "an unconfirmed figure stays with its ratio", src: brokers("p99 at 1 KiB fell from 50 ms to 12 ms, a 70 % reduction."),
			line: 14, fig: "12", verdict: ArithmeticError},
		// "p99.9" is not "p99"; variants after a case of figures.
		{name: "a p99 change is not a p99.9 one", src: brokers("At 8 KiB Beta's p99 is 40 % lower than Alpha's."),
			line: 14, fig: "40", verdict: MixesRows},
		{name: "a p99 change the p99 column gives", src: brokers("At 8 KiB Beta's p99 is 50 % lower than Alpha's."),
			line: 14, fig: "50", verdict: Consistent},
		// Factors of a baseline named after them.
		{name: "a multiple of what another managed", src: brokers("In bytes, Beta pushes 117 MiB/s at 8 KiB, 1.5× what Alpha managed."),
			line: 14, fig: "1.5", verdict: Consistent},
		{name: "a multiple of another row than the named", src: brokers("In bytes, Beta pushes 117 MiB/s at 8 KiB, 3.0× what Alpha managed."),
			line: 14, fig: "3.0", verdict: MixesRows},
		{name: "times a named baseline", src: brokers("At 1 KiB Beta moved 2.5 times Alpha's messages per second."),
			line: 14, fig: "2.5", verdict: Consistent},
		// A time per one thing times a count of them is a total.
		{name: "a total of a time per step over the steps", src: doc("# R", "", "- The exchange takes 2.5 ms per step. At 2.5 ms per step and",
			"  7,200 steps it costs 18 s per simulated day."), line: 4, fig: "18", verdict: Consistent},
		{name: "a total of a time per step in the wrong unit", src: doc("# R", "", "- The exchange takes 2.5 ms per step. At 2.5 ms per step and",
			"  7,200 steps it costs 18 min per simulated day."), line: 4, fig: "18", verdict: ArithmeticError},
		{name: "a total of other things is not the product", src: doc("# R", "", "At 2.5 ms per step and 7,200 requests it costs 18 min a day."),
			line: 3, fig: "18", verdict: Unverifiable},
		// A change that names the thing that changed is not another
		// pair's ratio.
		{name: "a fold increase of another noun", src: doc("# R", "", "The large grid needs 6.0 times as many node-hours (9.0 against 1.5),",
			"in line with the 4.0-fold increase in grid points."), line: 4, fig: "4.0", verdict: Unverifiable},
		{name: "the factor of the pair itself", src: doc("# R", "", "The large grid needs 6.0 times as many node-hours (9.0 against 1.5)."),
			line: 3, fig: "6.0", verdict: Consistent},
	})
}

// TestVariantGroups checks the column groups of two variants and a case:
// each case under both variants, the first written before.
func TestVariantGroups(t *testing.T) {
	olds, news := variantGroups([]string{"P", "A, reads", "B, reads", "A, scans", "B, scans"})
	if len(olds) != 2 || olds[0] != 1 || news[0] != 2 || olds[1] != 3 || news[1] != 4 {
		t.Errorf("variantGroups: %v %v, want [1 3] [2 4]", olds, news)
	}
	for _, h := range [][]string{
		{"P", "A, reads", "B, scans"},                         // no case under both
		{"P", "A, reads", "B, reads", "C, reads"},             // three variants
		{"P", "Before (ms)", "After (ms)"},                    // no variants
		{"P", "B, reads", "A, reads", "A, scans", "B, scans"}, // order differs
	} {
		if o, n := variantGroups(h); o != nil || n != nil {
			t.Errorf("variantGroups(%q) = %v %v, want none", h, o, n)
		}
	}
}

// TestIndexFigure checks that a figure is found where it is written, not
// as the digits of another.
func TestIndexFigure(t *testing.T) {
	for _, tc := range []struct {
		s, text string
		want    int
	}{
		{"writes are 32 % faster; reads are 3 % faster", "3", 34},
		{"1.3 ms and 3 ms", "3", 11},
		{"from 13,000 to 3,000", "3,000", 15},
		{"no such figure", "7", -1},
		{"x7 y", "x7", 0},
	} {
		if got := indexFigure(tc.s, tc.text); got != tc.want {
			t.Errorf("indexFigure(%q, %q) = %d, want %d", tc.s, tc.text, got, tc.want)
		}
	}
}
