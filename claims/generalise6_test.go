package claims

import (
	"strings"
	"testing"
)

// TestSixthRound checks the rules of the sixth round (testdata/labels/
// README.md, "Sixth round"), each with a case the reader got wrong before
// it and, where the rule can hide an error, a case it must still catch.
func TestSixthRound(t *testing.T) {
	const groups = "| benchmark | old time | new time | Δ time | old B/op | new B/op | Δ B/op | old allocs | new allocs | Δ allocs |\n" +
		"|---|---|---|---|---|---|---|---|---|---|\n" +
		"| Encode/small | 1,842 ns | 1,104 ns | −40.1 % | 1,024 B | 384 B | −62.5 % | 9 | 3 | %s |"
	const benchstat = "```\ngoos: linux\npkg: example.com/x\n" +
		"                 │   main.txt   │              new.txt                │\n" +
		"                 │    sec/op    │    sec/op     vs base               │\n" +
		"Encode/small-4     1.842µ ± 1%   1.104µ ± 1%  %a (p=0.000 n=10)\n" +
		"Ship/1000recs-4    3.710m ± 2%   2.180m ± 2%  -41.24% (p=0.000 n=10)\n" +
		"geomean            82.67µ        49.06µ       -40.66%\n\n" +
		"                 │   main.txt   │              new.txt                │\n" +
		"                 │     B/s      │      B/s      vs base               │\n" +
		"Compress/4KiB-4   101.2Mi ± 2%   178.4Mi ± 1%  %b (p=0.000 n=10)\n```"
	const criterion = "### main\n\n```\ndecode/64         time:   [66.902 µs 67.210 µs 67.544 µs]\n" +
		"                  thrpt:  [947.53 Kelem/s 952.24 Kelem/s 956.62 Kelem/s]\n" +
		"ack               time:   [88.104 ns 88.517 ns 88.961 ns]\n```\n\n### branch\n\n```\n" +
		"decode/64         time:   [41.215 µs 41.388 µs 41.571 µs]\n" +
		"                  thrpt:  [1.5395 Melem/s 1.5463 Melem/s 1.5528 Melem/s]\n" +
		"           change:\n" +
		"                  time:   [-38.912% %s -37.871%] (p = 0.00 < 0.05)\n" +
		"                  thrpt:  [+60.976% +62.390% +63.722%]\n" +
		"                  Performance has improved.\n" +
		"ack               time:   [90.652 ns 91.083 ns 91.544 ns]\n" +
		"           change:        [+2.1042% +2.8989% +3.6330%] (p = 0.00 < 0.05)\n" +
		"                  Performance has regressed.\n```"
	const jmh = "```\nBenchmark                          Mode  Cnt       Score      Error  Units\n" +
		"PriceRowMapperBench.reflective     avgt   25       4.812 ±    0.061  us/op\n" +
		"PriceRowMapperBench.generated      avgt   25       1.377 ±    0.018  us/op\n```"
	const load = "Latencies in milliseconds, measured at the client.\n\n" +
		"| rate (req/s) | build  | p50  | p95  | p99   | max   |\n" +
		"|--------------|--------|------|------|-------|-------|\n" +
		"| 500          | before | 8.4  | 19.7 | 31.2  | 88    |\n" +
		"| 500          | after  | 5.1  | 11.3 | 17.6  | 61    |\n" +
		"| 1,000        | before | 9.8  | 27.5 | 48.9  | 141   |\n" +
		"| 1,000        | after  | 5.6  | 13.0 | 21.4  | 74    |"
	tests := []verdictCase{
		{
			// Each Δ column belongs to the before/after group it follows:
			// Δ allocs is 9 → 3, not the time columns' 1,842 → 1,104.
			name: "a delta column of the third of three column groups",
			src:  doc("# R", "", "## Benchmarks", "", strings.Replace(groups, "%s", "−66.7 %", 1)),
			line: 7, fig: "66.7", verdict: Consistent,
		},
		{
			name: "a delta column of the third of three column groups, wrong",
			src:  doc("# R", "", "## Benchmarks", "", strings.Replace(groups, "%s", "−75.0 %", 1)),
			line: 7, fig: "75.0", verdict: ArithmeticError,
		},
		{
			// benchstat's current format: │ rules, the unit in the header
			// row, figures with a bare prefix ("1.842µ").
			name: "a delta of benchstat's current format",
			src:  doc("# R", "", "## Runs", "", strings.NewReplacer("%a", "-40.07%", "%b", "+76.26%").Replace(benchstat)),
			line: 10, fig: "40.07", verdict: Consistent,
		},
		{
			name: "a delta of benchstat's current format, wrong",
			src:  doc("# R", "", "## Runs", "", strings.NewReplacer("%a", "-30.07%", "%b", "+76.26%").Replace(benchstat)),
			line: 10, fig: "30.07", verdict: ArithmeticError,
		},
		{
			// "101.2Mi" under "B/s" is 101.2 MiB/s.
			name: "a throughput delta of benchstat's current format, binary prefixes",
			src:  doc("# R", "", "## Runs", "", strings.NewReplacer("%a", "-40.07%", "%b", "+76.26%").Replace(benchstat)),
			line: 16, fig: "76.26", verdict: Consistent,
		},
		{
			// criterion: the middle of "time: [lo mid hi]" is the
			// estimate, a "change:" interval rests on the baseline's
			// estimate and this run's.
			name: "criterion's change interval against its two runs",
			src:  doc("# R", "", "## Criterion", "", strings.Replace(criterion, "%s", "-38.420%", 1)),
			line: 19, fig: "38.420", verdict: Consistent,
		},
		{
			name: "criterion's change interval against its two runs, wrong",
			src:  doc("# R", "", "## Criterion", "", strings.Replace(criterion, "%s", "-28.420%", 1)),
			line: 19, fig: "28.420", verdict: ArithmeticError,
		},
		{
			// A restatement in prose of a criterion change rests on the
			// two runs' estimates of the benchmark it names.
			name: "a regression restated in prose from criterion's runs",
			src: doc("# R", "", "## Criterion", "", strings.Replace(criterion, "%s", "-38.420%", 1), "",
				"## Notes", "", "`ack` got 2.9 % slower; it is off the hot path."),
			line: 29, fig: "2.9", verdict: Consistent,
		},
		{
			// "MiB/s" is a rate, not an amount of memory.
			name: "a throughput gain over binary byte rates",
			src:  doc("# R", "", "## Summary", "", "- Replay throughput at 256-span batches is up 58 % (184.6 → 291.3 MiB/s)."),
			line: 5, fig: "58", verdict: Consistent,
		},
		{
			// JMH rows of one class and mode are variants of one
			// benchmark: a factor restated in a summary rests on them.
			name: "a factor in a summary resting on two JMH variants",
			src:  doc("# R", "", "## Summary", "", "* Row mapping is 3.5x faster in isolation (JMH).", "", "## JMH", "", jmh),
			line: 5, fig: "3.5", verdict: Consistent,
		},
		{
			name: "a factor in a summary resting on two JMH variants, wrong",
			src:  doc("# R", "", "## Summary", "", "* Row mapping is 2.5x faster in isolation (JMH).", "", "## JMH", "", jmh),
			line: 5, fig: "2.5", verdict: Unsupported,
		},
		{
			// "X against Y": a pair, as "X vs Y" is.
			name: "a factor beside X against Y",
			src:  doc("# R", "", "## Mapper", "", "The generated mapper takes 1.377 µs per row against 4.812 µs, so it is 3.5x faster and saves 3.4 µs per row."),
			line: 5, fig: "3.5", verdict: Consistent,
		},
		{
			name: "a factor beside X against Y, wrong",
			src:  doc("# R", "", "## Mapper", "", "The generated mapper takes 1.377 µs per row against 4.812 µs, so it is 4.5x faster and saves 3.4 µs per row."),
			line: 5, fig: "4.5", verdict: ArithmeticError,
		},
		{
			// "8.75 → 9 pods" rounds a count up; it is no pair for the
			// percentage beside it, which rests on the report's pairs.
			name: "a count rounded by an arrow is no pair",
			src: doc("# R", "", "## Pods", "", "Peak pod count drops from 20 to 11.", "", "## Cost", "",
				"After, 8.75 → 9 pods plus 2 spare = 11, i.e. 45 % fewer pods."),
			line: 9, fig: "45", verdict: Consistent,
		},
		{
			name: "a count rounded by an arrow is no pair, wrong",
			src: doc("# R", "", "## Pods", "", "Peak pod count drops from 20 to 11.", "", "## Cost", "",
				"After, 8.75 → 9 pods plus 2 spare = 11, i.e. 55 % fewer pods."),
			line: 9, fig: "55", verdict: Unsupported,
		},
		{
			// "p99 at 1,000 req/s", "the 2,000 req/s step": rates that set
			// the scenario are no pair for a ratio of latencies.
			name: "rates that set the scenario are no pair",
			src:  doc("# R", "", "## Conclusion", "", "Latency at 1,000 req/s is 56 % lower, the 2,000 req/s step shows more."),
			line: 5, fig: "56", verdict: Unverifiable,
		},
		{
			// A saving a summary restates as written from the body, where
			// it is derived from a count, is not unsupported.
			name: "a saving restated from another section",
			src: doc("# R", "", "## Summary", "", "* Row mapping is 3.5x faster (JMH), saving about 137 µs per quote request.", "",
				"## Detail", "", "Serialising a quote takes 5.48 µs → 4.03 µs.", "",
				"A page maps 40 rows, so the change is worth roughly 137 µs of CPU per request."),
			line: 5, fig: "137", verdict: Unverifiable,
		},
		{
			// A column of sides ("build": before, after) pairs the rows
			// of one rate; the unit of the percentile columns is the one
			// the text above names; "median" is the p50.
			name: "a difference from a table with a column of sides",
			src:  doc("# R", "", "## Load", "", load, "", "At 500 req/s the median improves by 3.3 ms and p99 by 13.6 ms."),
			line: 14, fig: "3.3", verdict: Consistent,
		},
		{
			// "X instead of Y": the new figure first, so the change is
			// the cut from Y to X, not a rise.
			name: "a pair written X instead of Y",
			src:  doc("# R", "", "## Decode", "", "Per span that is 647 ns instead of 1.05 µs, a 38 % cut."),
			line: 5, fig: "38", verdict: Consistent,
		},
		{
			name: "a pair written X instead of Y, read the wrong way round",
			src:  doc("# R", "", "## Decode", "", "Per span that is 647 ns instead of 1.05 µs, 62 % more time."),
			line: 5, fig: "62", verdict: ArithmeticError,
		},
		{
			// A ratio that names the max column rests on it, not on the
			// p95 column of the same row that happens to give it.
			name: "another column of the row is no support",
			src: doc("# R", "", "## Load", "", load, "",
				"At 1,000 req/s p95 is 52 % lower; the worst request also gets better, with max latency", "down 52 %."),
			line: 15, fig: "52", verdict: Unsupported,
		},
	}
	runVerdictCases(t, tests)
}

// TestScenarioRateNotRecomputed checks that a rate that sets the
// scenario of a measurement ("the 2,000 req/s step") is not recomputed
// as one over a time per operation of its block.
func TestScenarioRateNotRecomputed(t *testing.T) {
	rep := extract(t, doc("# R", "", "## Load", "",
		"The 2,000 req/s step is where the old build fell over: its p99 of 212 ms is 6.3x the new build's 33.5 ms, and",
		"the slowest request went from 1.48 s to 129 ms."))
	if claimAt(t, rep, 5, "2,000") == nil {
		t.Fatal("no claim of the rate")
	}
	noAlarm(t, rep, 5)
}
