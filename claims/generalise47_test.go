package claims

import "testing"

// The forty-seventh round's rules (testdata/labels/README.md,
// "Forty-seventh round"). Each test has, written for the test, a text of
// the shape its rule reads and a near miss that must keep its verdict;
// with the rule's const off, its cases fail.

// TestFortySeventhRoundCriterionTimeLevel checks that criterion's time
// estimate of a benchmark the report pastes no earlier run of is read as
// a level (its middle figure, whether the name shares the line or sits
// on the line above), with no alarm, and that its interval's bounds stay
// no figures (const criterionTimeLevel).
func TestFortySeventhRoundCriterionTimeLevel(t *testing.T) {
	src := doc("# Glacier melt model", "", "## Criterion", "",
		"```",
		"melt/hourly_step        time:   [2.4107 ms 2.4263 ms 2.4431 ms]",
		"melt/daily_aggregate_with_snowpack",
		"                        time:   [17.802 ms 17.915 ms 18.047 ms]",
		"```")
	stated(t, src, 6, "2.4263")
	stated(t, src, 8, "17.915")
	if c := findClaim(extract(t, src), 8, "17.802"); c != nil {
		t.Errorf("line 8: the interval's lower bound read as a figure: %q", c.Claimed)
	}
}

// TestFortySeventhRoundPerfStatRates checks that perf stat's rate of a
// counter ("# 51.240 M/sec") is read as the counter over its run's task
// clock, consistent when it is, and never recomputed as one over the
// elapsed time (const perfStatRates); that a second run pasted in the
// same fence has its clock read against its own counters; and that a
// rate its counters do not give is left unverifiable, not alarmed.
func TestFortySeventhRoundPerfStatRates(t *testing.T) {
	src := func(rate string) string {
		return doc("# Tide gauge filter", "", "## perf stat", "",
			"```",
			" Performance counter stats for './filter-old day.bin':",
			"",
			"          8,000.00 msec task-clock                #    1.000 CPUs utilized",
			"       409,920,000      cache-references          #   "+rate+" M/sec",
			"    24,800,000,000      cycles                    #    3.100 GHz",
			"",
			"       8.004112093 seconds time elapsed",
			"",
			" Performance counter stats for './filter-new day.bin':",
			"",
			"          2,000.00 msec task-clock                #    1.000 CPUs utilized",
			"        61,000,000      cache-references          #   30.500 M/sec",
			"     6,400,000,000      cycles                    #    3.200 GHz",
			"",
			"       2.001380551 seconds time elapsed",
			"```")
	}
	rep := extract(t, src("51.240"))
	if c := claimAt(t, rep, 9, "51.240"); c.Verdict != Consistent {
		t.Errorf("51.240 M/sec: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 17, "30.500"); c.Verdict != Consistent {
		t.Errorf("30.500 M/sec: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 18, "3.200"); c.Verdict != Consistent {
		t.Errorf("3.200 GHz of the second run: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	stated(t, src("15.240"), 9, "15.240")
}

// TestFortySeventhRoundRatePerItemWrapped checks that a rate whose
// sentence states the time per item on the line before ("At 81.2 µs
// per" / "parcel one sorter thread labels about 1,230 parcels a second")
// is one over that time: ten times off an arithmetic error, at its
// rounding consistent (const ratePerItemWrapped); and that a bare figure
// of another subject later on the line is left alone.
func TestFortySeventhRoundRatePerItemWrapped(t *testing.T) {
	src := func(rate string) string {
		return doc("# Parcel sorter", "", "## Labelling", "",
			"Printing moved off the hot path, and labelling got cheaper. At 81.2 µs per",
			"parcel one sorter thread labels about "+rate+" parcels a second, where the old code managed 4,900.")
	}
	alarmAt(t, src("1,230"), 6, "1,230")
	stated(t, src("12,300"), 6, "12,300")
	noAlarmAt(t, src("12,300"), 6, "4,900")
}

// TestFortySeventhRoundMonthOfThirtyDays checks that a yearly amount
// after a monthly one, both from one daily amount over a 30-day month
// and a 365-day year ("$1,215 a month and $14,780 a year"), is
// consistent (const monthOfThirtyDays), and that a year neither twelve
// months nor 365/30 of them give keeps its alarm.
func TestFortySeventhRoundMonthOfThirtyDays(t *testing.T) {
	src := func(year string) string {
		return doc("# Lighthouse telemetry", "", "## Cost", "",
			"- Retiring the two relay hosts saves $1,215 a month and",
			"  "+year+" a year.")
	}
	stated(t, src("$14,780"), 6, "14,780")
	alarmAt(t, src("$15,400"), 6, "15,400")
}

// TestFortySeventhRoundWordFactors checks that factors and shares
// written in words ("halved", "three times the", "by a quarter") are
// read as claims of their line (const wordFactors): consistent when two
// figures of their sentence give them, else unverifiable and never
// alarmed; and that a part named by a share ("the first half of the
// run", "by half a second") is no claim.
func TestFortySeventhRoundWordFactors(t *testing.T) {
	src := doc("# Orchard irrigation planner", "", "## Results", "",
		"The solver's p99 halved (612 ms to 301 ms), and the planner now plans",
		"three times the fields it did per hour. Memory shrank by a quarter, from 2.4 GiB to 1.8 GiB.",
		"Overnight runs use twice as many workers.",
		"In the first half of the run the solver waits; the warm-up dropped by half a second.")
	rep := extract(t, src)
	for _, w := range []struct {
		line    int
		fig     string
		verdict Verdict
	}{
		{5, "halved", Consistent},
		{6, "three times", Unverifiable},
		{6, "a quarter", Consistent},
		{7, "twice", Unverifiable},
	} {
		if c := claimAt(t, rep, w.line, w.fig); c.Verdict != w.verdict {
			t.Errorf("line %d %q: %s (%s), want %s", w.line, w.fig, c.Verdict, c.Detail, w.verdict)
		}
	}
	if c := findClaim(rep, 8, "half"); c != nil {
		t.Errorf("line 8: %q read as a share", c.Claimed)
	}
}

// TestFortySeventhRoundDifferencePrefixSlip checks that a saving whose
// own subtraction ("(8.310 µs − 2.650 µs)") or a pair of the report gives
// it only a thousand times off ("5.66 ns", "5.66 ms cheaper") is a unit
// slip (const differencePrefixSlip), and that the right saving, and a
// saving no difference gives at all, raise nothing.
func TestFortySeventhRoundDifferencePrefixSlip(t *testing.T) {
	paren := func(fig string) string {
		return doc("# Bell tower scheduler", "", "## Results", "",
			"Short peals save "+fig+" each (8.310 µs − 2.650 µs), which the night rota will notice.")
	}
	alarmAt(t, paren("5.66 ns"), 5, "5.66")
	stated(t, paren("5.66 µs"), 5, "5.66")

	table := func(fig string) string {
		return doc("# Bell tower scheduler", "", "## Results", "",
			"| peal | before | after |",
			"|---|--:|--:|",
			"| long | 8.310 µs | 2.650 µs |",
			"",
			"Per long peal the scheduler is now "+fig+" cheaper, and the rota builds on time.")
	}
	alarmAt(t, table("5.66 ms"), 9, "5.66")
	stated(t, table("5.66 µs"), 9, "5.66")
	noAlarmAt(t, table("4.21 ms"), 9, "4.21")
}

// TestFortySeventhRoundRowNamedByDown checks that a time after "is down"
// ("the p95 is down 4.2 ms", also with the sentence wrapped right before
// the figure) is read against the table row its words name (const
// rowNamedByDown): the row's difference miscomputed is an arithmetic
// error, the right one consistent.
func TestFortySeventhRoundRowNamedByDown(t *testing.T) {
	src := func(line1, line2 string) string {
		return doc("# Ferry booking", "", "## Latency", "",
			"| metric | before | after |",
			"|---|--:|--:|",
			"| p95 | 18.4 ms | 12.9 ms |",
			"| p50 | 6.1 ms | 4.0 ms |",
			"",
			line1,
			line2)
	}
	alarmAt(t, src("Holding a seat is quicker: the p95 is down 4.5 ms on the same load.", ""), 10, "4.5")
	stated(t, src("Holding a seat is quicker: the p95 is down 5.5 ms on the same load.", ""), 10, "5.5")
	alarmAt(t, src("Holding a seat is quicker at the rush hour, and the p95 is down", "4.5 ms on the same load."), 11, "4.5")
	stated(t, src("Holding a seat is quicker at the rush hour, and the p95 is down", "5.5 ms on the same load."), 11, "5.5")
}

// TestFortySeventhRoundBdnFactorRows checks that a factor two rows of a
// BenchmarkDotNet table give, rows whose setting values the sentence
// names ("at 256 stops", "from 8 to 256 stops"), is consistent (const
// bdnFactorRows), and that a factor no two rows give keeps its alarm
// (the sentence's own 8 → 256 gives 32x, not 41.5x).
func TestFortySeventhRoundBdnFactorRows(t *testing.T) {
	src := func(line string) string {
		return doc("# Tram timetable merger", "", "## Results", "",
			"```",
			"| Method  | Stops | Mean        | Error    | StdDev   | Ratio | Allocated | Alloc Ratio |",
			"|-------- |------ |------------:|---------:|---------:|------:|----------:|------------:|",
			"| MergeV1 | 8     |    912.0 ns |  7.10 ns |  6.64 ns |  1.00 |     480 B |        1.00 |",
			"| MergeV2 | 8     |    402.5 ns |  3.02 ns |  2.82 ns |  0.44 |      64 B |        0.13 |",
			"| MergeV1 | 256   | 24,310.0 ns | 190.4 ns | 178.1 ns |  1.00 |   8,240 B |        1.00 |",
			"| MergeV2 | 256   |  6,115.2 ns |  41.7 ns |  39.0 ns |  0.25 |      64 B |        0.01 |",
			"```",
			"",
			line)
	}
	noAlarmAt(t, src("At 256 stops the new merger is 3.98x faster, and V1 grows 26.7x from 8 to 256 stops."), 14, "3.98")
	noAlarmAt(t, src("At 256 stops the new merger is 3.98x faster, and V1 grows 26.7x from 8 to 256 stops."), 14, "26.7")
	alarmAt(t, src("At 256 stops the new merger is 3.98x faster, and V1 grows 41.5x from 8 to 256 stops."), 14, "41.5")
}

// TestFortySeventhRoundListChainTotals checks that a list item carrying
// the computation of the items above on ("- × 30 days = $1,260 a month"
// after "… = $4.20 a day") is checked as the product of the chain's
// result and its factor (const listChainTotals): ten times off an
// arithmetic error, right consistent, also when it multiplies the
// chain's first item rather than the one right above.
func TestFortySeventhRoundListChainTotals(t *testing.T) {
	src := func(month string) string {
		return doc("# Weather station uplink", "", "## Cost", "",
			"- 12 modems × 24 h × $0.0146 = $4.20 a day",
			"- × 30 days = "+month+" a month",
			"- × 365 days = $1,533 a year")
	}
	alarmAt(t, src("$1,260"), 6, "1,260")
	stated(t, src("$126"), 6, "126")
	stated(t, src("$126"), 7, "1,533")
}

// TestFortySeventhRoundTimesFactors checks that a factor in digits
// before "times" or "×" with no comparative after it ("the new index
// 9.9 times.", "41.3 times the scan", "a 16× compression of") is a claim
// of its line (const timesFactors), consistent when its sentence's
// figures give it, else unverifiable and never alarmed; and that a count
// of repetitions, a product and a count of parts are not read.
func TestFortySeventhRoundTimesFactors(t *testing.T) {
	src := doc("# Seed bank catalogue", "", "## Results", "",
		"Ten times the accessions cost the old index 10.4 times as much and the new index 9.9 times.",
		"Each record is 64 B on disk, a 16× compression of the 1,024 B source row.",
		"The importer retried 14 times, and the box has 2 × Xeon CPUs at 7 × $0.12 an hour.")
	rep := extract(t, src)
	if c := claimAt(t, rep, 5, "9.9"); c.Verdict.Failed() {
		t.Errorf("9.9 times: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 6, "16"); c.Verdict != Consistent {
		t.Errorf("16×: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	for _, f := range []string{"14", "2", "7"} {
		if c := findClaim(rep, 7, f); c != nil && c.Kind == Speedup {
			t.Errorf("line 7: %q read as a factor", c.Claimed)
		}
	}
}

// TestFortySeventhRoundCountOfTotal checks that a part of a total in
// prose ("retire 12 of 40 brokers") is a claim of its line (const
// countOfTotal), consistent when the report states the total and what
// is left (40 → 28 brokers), else unverifiable and never alarmed.
func TestFortySeventhRoundCountOfTotal(t *testing.T) {
	src := func(part string) string {
		return doc("# Tide gauge brokers", "", "## Fleet", "",
			"| | before | after |",
			"|---|--:|--:|",
			"| brokers | 40 | 28 |",
			"",
			"The new codec let us retire "+part+" of 40 brokers.")
	}
	if c := claimAt(t, extract(t, src("12")), 9, "12"); c.Verdict != Consistent {
		t.Errorf("12 of 40: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("15")), 9, "15"); c.Verdict != Unverifiable {
		t.Errorf("15 of 40: %s (%s), want unverifiable", c.Verdict, c.Detail)
	}
}

// TestFortySeventhRoundK6RunPairs checks that the rates of one k6
// counter in two summaries pasted one after the other are a pair
// (const k6RunPairs): "62 % more requests" is consistent with 402.5/s →
// 652.0/s, and a percentage that pair does not give is not.
func TestFortySeventhRoundK6RunPairs(t *testing.T) {
	src := func(pct string) string {
		return doc("# Parking permit API", "", "## Load test", "",
			"Before:", "",
			"```",
			"     http_reqs......................: 120750  402.5/s",
			"```",
			"",
			"After:", "",
			"```",
			"     http_reqs......................: 195600  652.0/s",
			"```",
			"",
			"The same three pods now serve "+pct+" more requests.")
	}
	if c := claimAt(t, extract(t, src("62 %")), 17, "62"); c.Verdict != Consistent {
		t.Errorf("62 %%: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("85 %")), 17, "85"); c.Verdict == Consistent {
		t.Errorf("85 %%: consistent (%s), want no support from the pair", c.Detail)
	}
}

// TestFortySeventhRoundPeriodTotalTenfold checks that a total over a
// month or a year ten times off the amount its paragraph states over a
// day, linked by a semicolon or a list item, is an arithmetic error
// (const periodTotalTenfold); that the right total raises nothing; and
// that a total of another thing with the same digits is left alone.
func TestFortySeventhRoundPeriodTotalTenfold(t *testing.T) {
	src := func(month string) string {
		return doc("# Glacier camera uploads", "", "## Storage", "",
			"The cameras upload 38.2 GB a day across the valley; roughly "+month+" a month.")
	}
	alarmAt(t, src("11,460 GB"), 5, "11,460")
	stated(t, src("1,146 GB"), 5, "1,146")
	noAlarmAt(t, src("11,460 files"), 5, "11,460")

	list := func(month string) string {
		return doc("# Glacier camera uploads", "", "## Compute", "",
			"- 5.1 ms × 40 million frames = 204,000 CPU-seconds a day, about 56.7 core-hours per day;",
			"- over a 30-day month that is about "+month+" core-hours.")
	}
	alarmAt(t, list("17,010"), 6, "17,010")
	stated(t, list("1,701"), 6, "1,701")
}

// TestFortySeventhRoundPValueRestated checks that a p-value of prose is
// a claim (const pValueRestated): consistent when the pasted output
// prints it, unverifiable (never alarmed) when it does not.
func TestFortySeventhRoundPValueRestated(t *testing.T) {
	src := func(p string) string {
		return doc("# Hive scale firmware", "", "## Criterion", "",
			"```",
			"weigh/filter            time:   [1.2041 µs 1.2107 µs 1.2180 µs]",
			"                 change:",
			"                        time:   [-0.9120% +0.2014% +1.3302%] (p = 0.74 > 0.05)",
			"```",
			"",
			"The filter is unchanged within noise (p = "+p+").")
	}
	if c := claimAt(t, extract(t, src("0.74")), 11, "0.74"); c.Verdict != Consistent {
		t.Errorf("p = 0.74: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("0.47")), 11, "0.47"); c.Verdict != Unverifiable {
		t.Errorf("p = 0.47: %s (%s), want unverifiable", c.Verdict, c.Detail)
	}
}

// TestFortySeventhRoundPeriodTableRows checks that amounts per period
// restated after a table of period rows are read against the rows (const
// periodTableRows): the month's row confirms "about $980 a month" even
// though the week before it is wrong, and the week, which the day's row
// times seven does not give, is an arithmetic error; a right week is
// consistent.
func TestFortySeventhRoundPeriodTableRows(t *testing.T) {
	src := func(week string) string {
		return doc("# Ferry ticket kiosks", "", "## Cost", "",
			"| Period | Kiosks retired | Saving |",
			"|--------|---------------:|-------:|",
			"| Day    |             14 | $32.60 |",
			"| Month (30 d) |       14 | $978.00 |",
			"| Year (365 d) |       14 | $11,899.00 |",
			"",
			"That is roughly "+week+" a week, or about $980 a month.")
	}
	alarmAt(t, src("$261"), 11, "261")
	noAlarmAt(t, src("$261"), 11, "980")
	stated(t, src("$228"), 11, "228")
}
