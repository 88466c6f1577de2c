package claims

import (
	"testing"
)

// TestEleventhRound checks the rules of the eleventh round (testdata/
// labels/README.md, "Eleventh round"), each on text written for the test,
// with a case it must still catch where the rule can pass an error.
func TestEleventhRound(t *testing.T) {
	profiles := func(claim string) string {
		return doc("# R", "", "## Profiles", "",
			"| Profile | Reads/s | Spill size | p95 scan |",
			"|---|---|---|---|",
			"| eager | 50,000 | 2.00 | 300 µs |",
			"| lazy | 40,000 | 2.40 | 420 µs |",
			"", claim)
	}
	runVerdictCases(t, []verdictCase{
		{
			// A signed figure is a change, never a side of a pair: the
			// 15 % is not 60 → 460 req/s.
			name: "a signed change beside a figure is no pair",
			src:  doc("# R", "", "## Hosts", "", "Node B now serves 460 req/s per host (+60 req/s, +15 %) after the upgrade."),
			line: 5, fig: "15", verdict: Unverifiable,
		},
		{
			// Two figures in different units that no word joins are two
			// measures, not a before and an after of the factor.
			name: "two measures in different units are no pair",
			src:  doc("# R", "", "## Profile X", "", "Profile X: WAF 7.0, 1.9× lower, disk life 9.1 years, but scans slow down (p95 scan 840 µs)."),
			line: 5, fig: "1.9", verdict: Unverifiable,
		},
		{
			// The pair in parentheses is the nearer claim's, in its clause.
			name: "a pair of a later clause is its own claim's",
			src:  doc("# R", "", "## Batching", "", "Batch mode sends 40.0 % fewer packets, but needs 25 % more buffer (buffer factor 2.50 vs 2.00)."),
			line: 5, fig: "40.0", verdict: Unverifiable,
		},
		{
			name: "a pair of a later clause is its own claim's, that claim checked",
			src:  doc("# R", "", "## Batching", "", "Batch mode sends 40.0 % fewer packets, but needs 35 % more buffer (buffer factor 2.50 vs 2.00)."),
			line: 5, fig: "35", verdict: ArithmeticError,
		},
		{
			// "request latency" names a measure of its own after the
			// pair's clause; the claim listed after it is not the pair's
			// either.
			name: "a clause that names its own measure after a pair",
			src:  doc("# R", "", "## Queue", "", "Queue wait went from 90 ms to 30 ms, request latency −20 %, and 12 % more capacity per node."),
			line: 5, fig: "20", verdict: Unverifiable,
		},
		{
			name: "a claim listed after another claim of a pair's sentence",
			src:  doc("# R", "", "## Queue", "", "Queue wait went from 90 ms to 30 ms, request latency −20 %, and 12 % more capacity per node."),
			line: 5, fig: "12", verdict: Unverifiable,
		},
		{
			// A clause that names no measure still rests on the pair
			// before it.
			name: "a clause that names no measure takes the pair, wrong",
			src:  doc("# R", "", "## Queue", "", "Queue depth went from 90 ms to 30 ms, 50 % lower."),
			line: 5, fig: "50", verdict: ArithmeticError,
		},
		{
			// Cells of a column the claim's clause names, in a table that
			// compares profiles: 1 − 40,000/50,000 = 20 %.
			name: "a ratio resting on two cells of the column it names",
			src:  profiles("Against eager, lazy serves 20 % fewer reads per second."),
			line: 10, fig: "20", verdict: Consistent,
		},
		{
			// No pair of spill sizes is stated; the closest pair of the
			// report is of times, which is no evidence about space.
			name: "an alarm needs a pair of the measure the claim names",
			src: doc("# R", "", "## Spill", "", "The new planner needs 12 % more spill space.", "",
				"## Latency", "", "Planner latency went from 300 µs to 420 µs."),
			line: 5, fig: "12", verdict: Unverifiable,
		},
		{
			name: "an alarm needs a pair of the measure the claim names, the measure named",
			src: doc("# R", "", "## Planner", "", "Planner latency went from 300 µs to 420 µs.", "",
				"## Summary", "", "The planner's latency is 70 % higher."),
			line: 9, fig: "70", verdict: Unsupported,
		},
		{
			// Two labelled items, the second with its change in
			// parentheses: a before and an after.
			name: "a change after the second of two labelled items",
			src:  doc("# R", "", "## Pooling", "", "- Pool off: 1,200 req/s per host", "- Pool on: 1,380 req/s per host (+15 %)"),
			line: 6, fig: "15", verdict: Consistent,
		},
		{
			name: "a change after the second of two labelled items, wrong",
			src:  doc("# R", "", "## Pooling", "", "- Pool off: 1,200 req/s per host", "- Pool on: 1,380 req/s per host (+18 %)"),
			line: 6, fig: "18", verdict: ArithmeticError,
		},
		{
			// A longer lifetime is the gain: new/old − 1.
			name: "a gain of a lifetime",
			src:  doc("# R", "", "## Battery", "", "The new duty cycle extends battery life from 3.0 years to 4.5 years, a 50 % gain."),
			line: 5, fig: "50", verdict: Consistent,
		},
		{
			name: "a gain of a lifetime, wrong",
			src:  doc("# R", "", "## Battery", "", "The new duty cycle extends battery life from 3.0 years to 4.5 years, a 60 % gain."),
			line: 5, fig: "60", verdict: ArithmeticError,
		},
		{
			// The factors before a quotient are the dividend's.
			name: "a product divided",
			src:  doc("# R", "", "## Capacity", "", "At peak we need 90,000 × 1.2 / 2,000 = 54 pods."),
			line: 5, fig: "54", verdict: Consistent,
		},
		{
			name: "a product divided, wrong",
			src:  doc("# R", "", "## Capacity", "", "At peak we need 90,000 × 1.2 / 2,000 = 45 pods."),
			line: 5, fig: "45", verdict: ArithmeticError,
		},
		{
			// A signed change of a rate is the rate's: throughput lost,
			// which the reader still calls ambiguous (as time added it
			// is 11.1 %), never an error.
			name: "a signed change of a rate",
			src:  doc("# R", "", "## Rates", "", "Throughput went from 2,000 ops/s to 1,800 ops/s (−10 %)."),
			line: 5, fig: "10", verdict: Ambiguous,
		},
		{
			name: "a signed change of a rate, wrong",
			src:  doc("# R", "", "## Rates", "", "Throughput went from 2,000 ops/s to 1,800 ops/s (−20 %)."),
			line: 5, fig: "20", verdict: ArithmeticError,
		},
		{
			// "−X % throughput" in a row: the sign says the rate fell
			// (as a loss of throughput it holds; as time added it is
			// 11.1 %, so the reader says ambiguous, never an error).
			name: "a signed change of throughput in a row",
			src: doc("# R", "", "## Bench", "", "| Benchmark | A | B | B vs A |", "|---|---|---|---|",
				"| scan | 2,000 ops/s | 1,800 ops/s | −10.0 % throughput |"),
			line: 7, fig: "10.0", verdict: Ambiguous,
		},
		{
			name: "a signed change of throughput in a row, wrong",
			src: doc("# R", "", "## Bench", "", "| Benchmark | A | B | B vs A |", "|---|---|---|---|",
				"| scan | 2,000 ops/s | 1,800 ops/s | −16.0 % throughput |"),
			line: 7, fig: "16.0", verdict: ArithmeticError,
		},
		{
			// A restatement in parentheses inside "from X to Y".
			name: "a pair around a restatement in parentheses",
			src:  doc("# R", "", "## Scans", "", "Scanned data fell from 10.0 TB (9.09 TiB) to 8.0 TB (7.28 TiB) a night, −20 %."),
			line: 5, fig: "20", verdict: Consistent,
		},
		{
			name: "a pair around a restatement in parentheses, wrong",
			src:  doc("# R", "", "## Scans", "", "Scanned data fell from 10.0 TB (9.09 TiB) to 8.0 TB (7.28 TiB) a night, −25 %."),
			line: 5, fig: "25", verdict: ArithmeticError,
		},
		{
			// 10.0 TB is 9.09 TiB; 11.0 multiplies by 1.0995.
			name: "a size restated wrongly in parentheses",
			src:  doc("# R", "", "## Scans", "", "Scanned data fell from 10.0 TB (11.0 TiB) to 8.0 TB a night."),
			line: 5, fig: "11.0", verdict: ArithmeticError,
		},
		{
			// p99.9 is no p99: no figure of the report measures it.
			name: "a ratio about a percentile with a decimal",
			src: doc("# R", "", "## Reads", "", "| Build | p99 read |", "|---|---|", "| old | 400 µs |", "| new | 380 µs |", "",
				"The change also cuts p99.9 read latency by 15 %."),
			line: 10, fig: "15", verdict: Unsupported,
		},
		{
			// "64 MiB target files" is a setting, not a projection.
			name: "a target that a figure sets",
			src:  doc("# R", "", "## Compaction", "", "With 64 MiB target files the p99 falls from 200 ms to 150 ms, 25 % lower."),
			line: 5, fig: "25", verdict: Consistent,
		},
		{
			name: "a target that a figure sets, wrong",
			src:  doc("# R", "", "## Compaction", "", "With 64 MiB target files the p99 falls from 200 ms to 150 ms, 35 % lower."),
			line: 5, fig: "35", verdict: ArithmeticError,
		},
		{
			// What both figures are per may follow the first.
			name: "a rate restated per hour",
			src:  doc("# R", "", "## Allocation", "", "Allocation runs at 1.5 GB/s per pod, that is 5,400 GB per hour per pod."),
			line: 5, fig: "5,400", verdict: Consistent,
		},
		{
			name: "a rate restated per hour, off by 60",
			src:  doc("# R", "", "## Allocation", "", "Allocation runs at 1.5 GB/s per pod, that is 90 GB per hour per pod."),
			line: 5, fig: "90", verdict: ArithmeticError,
		},
		{
			// The row the sentence names, and the column its verb names:
			// 50.0 MB/s × 86,400 s = 4.32 TB a day.
			name: "an amount a day from a row's rate",
			src: doc("# R", "", "## Disks", "", "| Profile | Disk writes |", "|---|---|", "| fast | 50.0 MB/s |", "| slow | 20.0 MB/s |", "",
				"The fast profile writes 4.32 TB a day to each disk."),
			line: 10, fig: "4.32", verdict: Consistent,
		},
		{
			// 180 GB is one hour of 50 MB/s.
			name: "an amount a day from a row's rate, an hour's",
			src: doc("# R", "", "## Disks", "", "| Profile | Disk writes |", "|---|---|", "| fast | 50.0 MB/s |", "| slow | 20.0 MB/s |", "",
				"The fast profile writes 180 GB a day to each disk."),
			line: 10, fig: "180", verdict: ArithmeticError,
		},
		{
			// A figure stated elsewhere in MiB/s only, restated in MB/s.
			name: "a binary figure restated as decimal",
			src: doc("# R", "", "## Disk", "", "```", "write: IOPS=128k, BW=500MiB/s (524MB/s)", "```", "",
				"So the disk sustains 500 MB/s of random writes."),
			line: 9, fig: "500", verdict: ArithmeticError,
		},
		{
			name: "a decimal figure restated as decimal",
			src: doc("# R", "", "## Disk", "", "```", "write: IOPS=128k, BW=500MiB/s (524MB/s)", "```", "",
				"So the disk sustains 524 MB/s of random writes."),
			line: 9, fig: "524", verdict: Unverifiable,
		},
		{
			// A job's run of minutes is no time per operation: no rate
			// is one over it.
			name: "a rate beside the minutes a job runs",
			src: doc("# R", "", "## Throughput", "",
				"The job handles 1.8 billion rows a night; at 50 min that is 600,000 rows/s."),
			line: 5, fig: "600,000", verdict: Unverifiable,
		},
		{
			// A time per operation still gives its rate.
			name: "a rate beside a time per operation, wrong",
			src: doc("# R", "", "## Throughput", "",
				"Each parse takes 2.0 µs, so one core parses 900,000 rows/s."),
			line: 5, fig: "900,000", verdict: ArithmeticError,
		},
		{
			// "as often" counts events: a pair of latencies is no
			// evidence against it.
			name: "a frequency is no latency",
			src: doc("# R", "", "## Pauses", "", "The new collector pauses 3.1× as often.", "",
				"## Latency", "", "Pause latency went from 20 ms to 4 ms."),
			line: 5, fig: "3.1", verdict: Unverifiable,
		},
		{
			// A unit after a hyphenated modifier: the pair is of
			// minutes, and the difference is its old − new.
			name: "minutes after a compound modifier",
			src:  doc("# R", "", "## Runtime", "", "Summed over the jobs, runtime went from 300 to 220 worker-wall minutes, 80 minutes less."),
			line: 5, fig: "80", verdict: Consistent,
		},
		{
			name: "minutes after a compound modifier, wrong",
			src:  doc("# R", "", "## Runtime", "", "Summed over the jobs, runtime went from 300 to 220 worker-wall minutes, 60 minutes less."),
			line: 5, fig: "60", verdict: ArithmeticError,
		},
		{
			name: "a factor as fast",
			src:  doc("# R", "", "## Rows", "", "Row throughput rose from 300 rows/s to 600 rows/s, 2.0× as fast."),
			line: 5, fig: "2.0", verdict: Consistent,
		},
		{
			name: "a factor as fast, wrong",
			src:  doc("# R", "", "## Rows", "", "Row throughput rose from 300 rows/s to 600 rows/s, 3.0× as fast."),
			line: 5, fig: "3.0", verdict: ArithmeticError,
		},
		{
			// "that of" is new/old: 540 / 300 = 1.8.
			name: "a factor of that of",
			src:  doc("# R", "", "## Reads", "", "The lazy p99 went from 300 µs to 540 µs; it is 1.80× that of eager."),
			line: 5, fig: "1.80", verdict: Consistent,
		},
		{
			name: "a factor of that of, wrong",
			src:  doc("# R", "", "## Reads", "", "The lazy p99 went from 300 µs to 540 µs; it is 2.40× that of eager."),
			line: 5, fig: "2.40", verdict: ArithmeticError,
		},
	})
}

// TestColumnFitWrong checks that two cells of a named column support only
// a claim they give: a wrong one is never made consistent by them.
func TestColumnFitWrong(t *testing.T) {
	src := doc("# R", "", "## Profiles", "",
		"| Profile | Reads/s | Spill size |",
		"|---|---|---|",
		"| eager | 50,000 | 2.00 |",
		"| lazy | 40,000 | 2.40 |",
		"", "Against eager, lazy serves 45 % fewer reads per second.")
	if c := claimAt(t, extract(t, src), 10, "45"); c.Verdict == Consistent || c.Verdict == Ambiguous {
		t.Errorf("line 10: %q %s (%s), want no support", c.Claimed, c.Verdict, c.Detail)
	}
}

// TestQuotedOperand checks that a ratio supported by a pair of another
// line also states the figure of its clause that quotes the pair in
// another unit.
func TestQuotedOperand(t *testing.T) {
	src := doc("# R", "", "## Lab", "",
		"| Device | Before | After |", "|---|---|---|", "| Desktop | 1,200 ms | 800 ms |", "",
		"## Summary", "", "Desktop load time is now 0.80 s, 1.50× faster than before.")
	c := claimAt(t, extract(t, src), 11, "0.80")
	if c.Verdict != Consistent {
		t.Errorf("line 11: %q %s (%s), want consistent", c.Claimed, c.Verdict, c.Detail)
	}
}

// TestEleventhRoundFigures checks the figures the eleventh round reads:
// the first JMH variant's score, a tool's statistics lines and "NAME=182k"
// counters, and counts scaled in words with decimals; and what it leaves
// (a round bound in words, a counter on a command line).
func TestEleventhRoundFigures(t *testing.T) {
	src := doc("# R", "", "## JMH", "",
		"```",
		"Benchmark              Mode  Cnt    Score   Error  Units",
		"Codec.decodeFast       avgt   10  212.400 ± 3.100  us/op",
		"Codec.decodeSlow       avgt   10  318.900 ± 4.200  us/op",
		"```",
		"",
		"## Job stats",
		"",
		"```",
		"job-stats nightly_merge",
		"  rows_in               3,400,000,000",
		"  cpu_hours             812.0",
		"$ fio --name=rw --bs=4k --iodepth=32",
		"  write: IOPS=215k, BW=840MiB/s",
		"```",
		"",
		"The merge reads 6.8 billion rows a night; up to 2 million of them are retried.")
	rep := extract(t, src)
	for _, tc := range []struct {
		line int
		fig  string
	}{{7, "212.400"}, {15, "3,400,000,000"}, {16, "812.0"}, {18, "215k"}, {21, "6.8 billion"}} {
		claimAt(t, rep, tc.line, tc.fig)
	}
	for _, c := range rep.Claims {
		for _, n := range c.Numbers {
			if c.Line == 17 || c.Line == 21 && n.Text == "2 million" {
				t.Errorf("line %d: %q states %q, want no figure (a setting, a bound)", c.Line, c.Claimed, n.Text)
			}
		}
	}
}

// TestColumnFitNamed checks that a claim is not supported by another
// column than the one it names: "reads per second" names the "Reads/s"
// column, whose cells do not give 25 %; the "CPU" column that "at the
// same CPU budget" also names, whose cells happen to give it, is not the
// claim's.
func TestColumnFitNamed(t *testing.T) {
	src := doc("# R", "", "## Profiles", "",
		"| Profile | Reads/s | CPU |",
		"|---|---|---|",
		"| eager | 50,000 | 2.0 |",
		"| lazy | 40,000 | 1.5 |",
		"", "Against eager, lazy serves 25 % fewer reads per second at the same CPU budget.")
	if c := claimAt(t, extract(t, src), 10, "25"); c.Verdict == Consistent || c.Verdict == Ambiguous {
		t.Errorf("line 10: %q %s (%s), want no support from the CPU column", c.Claimed, c.Verdict, c.Detail)
	}
}
