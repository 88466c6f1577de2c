package claims

import (
	"slices"
	"strings"
	"testing"
)

// doc joins lines into a report, so that a case's line numbers are the
// 1-based indexes of its lines.
func doc(lines ...string) string { return strings.Join(lines, "\n") + "\n" }

// noAlarm fails when a claim of line fails.
func noAlarm(t *testing.T, rep *Report, line int) {
	t.Helper()
	for _, c := range rep.Claims {
		if c.Line == line && c.Verdict.Failed() {
			t.Errorf("line %d: %q %s (%s), want no alarm", line, c.Claimed, c.Verdict, c.Detail)
		}
	}
}

// TestFifthRound checks the rules of the fifth round (testdata/labels/
// README.md, "Fifth round"), each with a case the reader got wrong before
// it and, where the rule can hide an error, a case it must still catch.
func TestFifthRound(t *testing.T) {
	const runs = "```\n# before (main)\nBenchmarkShip-8   2103   569812 ns/op   48211 B/op   402 allocs/op\n" +
		"# after (PR 1)\nBenchmarkShip-8   5326   224917 ns/op    9870 B/op    37 allocs/op\n```"
	const benchstat = "```\nname        old time/op    new time/op    delta\nEncode-8    1.84µs ± 2%    0.61µs ± 1%   -66.85%  (p=0.000 n=10+10)\n\n" +
		"name        old allocs/op  new allocs/op  delta\nEncode-8     14.0 ± 0%       2.0 ± 0%   %s  (p=0.000 n=10+10)\n```"
	const slab = "| metric | before | after | change |\n|---|--:|--:|--:|\n| SET throughput | 2.41 M op/s | 3.37 M op/s | +40 % |\n" +
		"| SET mean latency | 3,310 ns | 2,370 ns | -28.4 % |\n| SET p99 latency | 18.7 µs | 9.4 µs | -49.7 % |"
	const twoLoads = "| metric | before | after |\n|---|--:|--:|\n| p99 | 41.3 ms | 17.9 ms |\n\n## At 3,000 req/s\n\n" +
		"| metric | before | after |\n|---|--:|--:|\n| p99 | 96.4 ms | 27.5 ms |"
	tests := []verdictCase{
		{
			// A comment line in a block of output names the side of the
			// runs below it: the after run is no restatement of the before.
			name: "runs under # before and # after in one block",
			src:  doc("# R", "", "## End-to-end", "", runs, "", "The end-to-end benchmark is 2.53x faster."),
			line: 12, fig: "2.53", verdict: Consistent,
		},
		{
			// benchstat prints allocation counts without a unit; the
			// header names it.
			name: "bare counts under old allocs/op",
			src:  doc("# R", "", "## Micro", "", strings.Replace(benchstat, "%s", "-85.71%", 1)),
			line: 10, fig: "85.71", verdict: Consistent,
		},
		{
			name: "bare counts under old allocs/op, wrong",
			src:  doc("# R", "", "## Micro", "", strings.Replace(benchstat, "%s", "-75.00%", 1)),
			line: 10, fig: "75.00", verdict: ArithmeticError,
		},
		{
			// "goes from" / "212 allocations to 9": the pair opened on
			// the line before.
			name: "a factor beside a pair opened by from on the line before",
			src:  doc("# R", "", "## Allocations", "", "A 64-record flush goes from", "212 allocations to 9, a 23.6x reduction."),
			line: 6, fig: "23.6", verdict: Consistent,
		},
		{
			name: "a factor beside a pair opened by from on the line before, wrong",
			src:  doc("# R", "", "## Allocations", "", "A 64-record flush goes from", "212 allocations to 9, a 30.0x reduction."),
			line: 6, fig: "30.0", verdict: ArithmeticError,
		},
		{
			// "2.41 M op/s": a prefix written apart; "rises" is an
			// increase, of a rate a gain.
			name: "throughput rises, figures with a prefix apart",
			src:  doc("# R", "", "## Summary", "", slab, "", "In short: SET throughput rises by 40 %."),
			line: 11, fig: "40", verdict: Consistent,
		},
		{
			name: "X before and Y after, across a line break",
			src: doc("# R", "", "## Capacity", "", "Raising the rate until p99 crossed 50 ms gave 2,350 req/s per pod",
				"before and 3,480 req/s after, 48 % more."),
			line: 6, fig: "48", verdict: Consistent,
		},
		{
			// "from 1,113 ns to" / "439 ns": a pair across a line break,
			// and a saving on the pair's line is a claim of its own.
			name: "a saving beside a pair that runs across lines",
			src:  doc("# R", "", "## Cost", "", "CPU per record falls from 1,113 ns to", "439 ns, a saving of 674 ns per record."),
			line: 6, fig: "674", verdict: Consistent,
		},
		{
			name: "a saving beside a pair that runs across lines, wrong",
			src:  doc("# R", "", "## Cost", "", "CPU per record falls from 1,113 ns to", "439 ns, a saving of 774 ns per record."),
			line: 6, fig: "774", verdict: Unsupported,
		},
		{
			// A measure named nowhere else with a figure.
			name: "GC pause named only by the claim",
			src: doc("# R", "", "## Latency", "", "| percentile | before | after |", "|---|--:|--:|", "| p50 | 11.6 ms | 4.3 ms |", "",
				"GC pause time on the agents fell by 37 %."),
			line: 9, fig: "37", verdict: Unsupported,
		},
		{
			name: "a time improved by a difference, wrong",
			src: doc("# R", "", "## Latency", "", "| metric | before | after |", "|---|--:|--:|", "| p99.9 | 118 ms | 46 ms |", "",
				"## Conclusion", "", "The p99.9 latency improved by 62 ms."),
			line: 11, fig: "62", verdict: Unsupported,
		},
		{
			name: "a quotient's result",
			src:  doc("# R", "", "## Pods", "", "At the peak that means 40,000 / 2,350 → 18 pods before and 40,000 / 3,480 → 12 pods after."),
			line: 5, fig: "18", verdict: Consistent,
		},
		{
			name: "a quotient's result, wrong",
			src:  doc("# R", "", "## Pods", "", "At the peak that means 40,000 / 2,350 → 16 pods before."),
			line: 5, fig: "16", verdict: ArithmeticError,
		},
		{
			// A percentile's ratio against the rows naming that
			// percentile: the before of one table with the after of
			// another (two load levels) mixes them.
			name: "a percentile from two tables",
			src:  doc("# R", "", "## At 2,000 req/s", "", twoLoads, "", "## Summary", "", "- p99 latency down 81 %."),
			line: 17, fig: "81", verdict: MixesRows,
		},
		{
			name: "a percentile from its own row",
			src:  doc("# R", "", "## At 2,000 req/s", "", twoLoads, "", "## Summary", "", "- p99 latency down 57 %."),
			line: 17, fig: "57", verdict: Consistent,
		},
		{
			// Both figures as the table writes them, a prefix away.
			name: "a pair restated in another unit",
			src:  doc("# R", "", "## Summary", "", slab, "", "## Conclusion", "", "Slabs cut the SET p99 from 18.7 ms to 9.4 ms."),
			line: 13, fig: "18.7", verdict: Contradicted,
		},
		{
			name: "a pair restated in its own unit",
			src:  doc("# R", "", "## Summary", "", slab, "", "## Conclusion", "", "Slabs cut the SET p99 from 18.7 µs to 9.4 µs."),
			line: 13, fig: "18.7", verdict: Unverifiable,
		},
	}
	runVerdictCases(t, tests)
}

// TestFifthRoundNoAlarm checks lines the reader cried wolf on before the
// fifth round.
func TestFifthRoundNoAlarm(t *testing.T) {
	const slab = "| metric | before | after | change |\n|---|--:|--:|--:|\n| SET throughput | 2.41 M op/s | 3.37 M op/s | +40 % |\n" +
		"| SET mean latency | 3,310 ns | 2,370 ns | -28.4 % |\n| SET p99 latency | 18.7 µs | 9.4 µs | -49.7 % |"
	tests := []struct {
		name string
		src  string
		line int
	}{
		{
			// The pair of a later clause, running on to the next line,
			// names its own subject: not the ratio's.
			name: "a ratio beside a later clause's pair",
			src: doc("# R", "", "## Summary", "", slab, "", "## Conclusion", "", "Slabs make SETs 40 % faster in throughput terms, cut the SET p99",
				"from 18.7 µs to 9.4 µs and bring RSS down."),
			line: 13,
		},
		{
			name: "the after run under # after is not the before run restated",
			src: doc("# R", "", "## End-to-end", "", "```", "# before (main)",
				"BenchmarkShip-8   2103   569812 ns/op   48211 B/op   402 allocs/op", "# after (PR 1)",
				"BenchmarkShip-8   5326   224917 ns/op    9870 B/op    37 allocs/op", "```"),
			line: 9,
		},
		{
			// A percentile or an SLO is no time per operation: its
			// inverse is no rate.
			name: "a rate beside an SLO",
			src:  doc("# R", "", "## Summary", "", "It serves about 40k req/s at peak and its p99 had drifted above the 50 ms SLO."),
			line: 5,
		},
		{
			name: "a parenthesis naming another thing is no conversion",
			src:  doc("# R", "", "## Method", "", "The benchmark replays a 2 GiB capture of logs (mean record size 180 B)."),
			line: 5,
		},
		{
			name: "a quotient's arrow is no before and after",
			src:  doc("# R", "", "## Pods", "", "That means 40,000 / 2,350 → 18 pods before and 40,000 / 3,480 → 12 pods after, a 33 % reduction in pods."),
			line: 5,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			noAlarm(t, extract(t, tc.src), tc.line)
		})
	}
}

// TestFifthRoundReading checks the readings of single phrases and figures.
func TestFifthRoundReading(t *testing.T) {
	t.Run("a multiplier written apart", func(t *testing.T) {
		figs := scanFigures("2.41 M op/s")
		if len(figs) != 1 || figs[0].Value != 2.41e6 || figs[0].Quantity != Throughput {
			t.Fatalf("scanFigures(%q) = %+v, want one throughput of 2.41e6", "2.41 M op/s", figs)
		}
	})
	t.Run("the subject before a verb names the quantity", func(t *testing.T) {
		rep := extract(t, doc("# R", "", "Bytes allocated per batch fall by 79.5 %."))
		c := claimAt(t, rep, 3, "79.5")
		if c.Quantity != Memory {
			t.Fatalf("quantity %s, want memory", c.Quantity)
		}
	})
	t.Run("a bound on run-to-run spread is no change", func(t *testing.T) {
		rep := extract(t, doc("# R", "", "## Setup", "", "| metric | before | after |", "|---|--:|--:|", "| p99 | 18.7 µs | 9.4 µs |", "",
			"Run-to-run spread was below 2 % for throughput and below 6 % for p99."))
		for _, c := range rep.Claims {
			if c.Line == 9 && c.Kind == Percent {
				t.Fatalf("line 9: %s claim %q (%s), want none", c.Kind, c.Claimed, c.Verdict)
			}
		}
	})
	t.Run("a pair in parentheses is not the next sentence's", func(t *testing.T) {
		rep := extract(t, doc("# R", "", "## Summary", "", "jsv validates an order event in 3.02 µs (was 11.5 µs), catalog pages",
			"much faster. Compile cost went up 48%, which no caller notices."))
		c := claimAt(t, rep, 6, "48")
		if c.Pair != nil || c.Verdict == ArithmeticError {
			t.Fatalf("line 6: %q %s (%s) rests on %+v, want no pair", c.Claimed, c.Verdict, c.Detail, c.Pair)
		}
	})
	t.Run("a signed rate change rests on a pair of rates", func(t *testing.T) {
		rep := extract(t, doc("# R", "", "## Summary", "", "- CPU per request 212 µs → 143 µs", "- sustainable throughput per pod +48 %", "",
			"## Capacity", "", "The limit was 2,350 req/s before and 3,480 req/s after."))
		c := claimAt(t, rep, 6, "48")
		if c.Verdict != Consistent || c.Cross == nil || len(c.Cross.Operands) != 2 || !isCountRate(c.Cross.Operands[0]) {
			t.Fatalf("line 6: %q %s (%s), want consistent from the rates of line 10", c.Claimed, c.Verdict, c.Detail)
		}
	})
	t.Run("a pair in parentheses states the new figure first", func(t *testing.T) {
		rep := extract(t, doc("# R", "", "## Summary", "", "The p99 is 17.9 ms (was 41.3 ms) now."))
		c := claimAt(t, rep, 5, "41.3")
		if c.Pair == nil || c.Pair.Old.Text != "41.3" || c.Pair.New.Text != "17.9" {
			t.Fatalf("pair %+v, want 41.3 ms → 17.9 ms", c.Pair)
		}
	})
}

// TestLabelKeys checks how the label harness matches a label's figure to
// the figures of the claims of its line.
func TestLabelKeys(t *testing.T) {
	tests := []struct {
		fig  string
		want []string
	}{
		{"2.5x", []string{"2.5"}},
		{"-85.71%", []string{"85.71"}},
		{"1,113 ns", []string{"1113"}},
		{"~2.9-3.8x", []string{"2.9-3.8"}},
		{"4.8 ms → 3.1 ms", []string{"4.8", "3.1"}},
		{"18 pods to 12", []string{"18", "12"}},
		{"0.61 µs instead of 1.84 µs", []string{"0.61", "1.84"}},
		{"17.9 ms (was 41.3 ms)", []string{"17.9", "41.3"}},
		{"halved", []string{"halved"}},
	}
	for _, tc := range tests {
		if got := labelKeys(tc.fig); !slices.Equal(got, tc.want) {
			t.Errorf("labelKeys(%q) = %q, want %q", tc.fig, got, tc.want)
		}
	}
}
