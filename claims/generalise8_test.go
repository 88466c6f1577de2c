package claims

import "testing"

// TestEighthRound checks the rules of the eighth round (testdata/labels/
// README.md, "Eighth round"): a baseline row named by a column header, a
// table of two columns and their change, rates in percent before and
// after, a pair split as "from X" / "to Y" across two lines, a rate
// label's "per second", statistics columns of one distribution, and the
// clause that decides which row a restated figure is about — each with a
// case it must still catch where the rule can pass an error.
func TestEighthRound(t *testing.T) {
	table := func(cells ...string) []string {
		return append([]string{"# R", "", "## Configurations", "",
			"| Config | Throughput (tok/s) | × vs A | TTFT p50 | TTFT p99 |",
			"|--------|-------------------:|-------:|---------:|---------:|",
			"| A      | 1,840              | 1.00×  | 312 ms   | 1,210 ms |"}, cells...)
	}
	runVerdictCases(t, []verdictCase{
		{
			name: "a factor against the baseline row a header names",
			src:  doc(table("| B      | 4,120              | 2.24×  | 288 ms   | 980 ms   |")...),
			line: 8, fig: "2.24", verdict: Consistent,
		},
		{
			// 4,120 / 1,840 is 2.24, not 2.6; no column of row B gives 2.6.
			name: "a factor against the baseline row a header names, wrong",
			src:  doc(table("| B      | 4,120              | 2.6×   | 288 ms   | 980 ms   |")...),
			line: 8, fig: "2.6", verdict: ArithmeticError,
		},
		{
			name: "two columns and their change",
			src: doc("# R", "", "## Quality", "",
				"| Metric     | fp16 | int8 | Δ      |",
				"|------------|-----:|-----:|-------:|",
				"| Perplexity | 5.82 | 5.87 | +0.9 % |"),
			line: 7, fig: "0.9", verdict: Consistent,
		},
		{
			name: "two columns and their change, wrong",
			src: doc("# R", "", "## Quality", "",
				"| Metric     | fp16 | int8 | Δ      |",
				"|------------|-----:|-----:|-------:|",
				"| Perplexity | 5.82 | 5.87 | +4.9 % |"),
			line: 7, fig: "4.9", verdict: ArithmeticError,
		},
		{
			name: "a rate in percent before and after",
			src:  doc("# R", "", "## Errors", "", "The 5xx rate fell from 0.31 % to 0.07 %, 4.4× fewer failed requests."),
			line: 5, fig: "4.4", verdict: Consistent,
		},
		{
			name: "a rate in percent before and after, wrong",
			src:  doc("# R", "", "## Errors", "", "The 5xx rate fell from 0.31 % to 0.07 %, 2.4× fewer failed requests."),
			line: 5, fig: "2.4", verdict: ArithmeticError,
		},
		{
			// 12 % to 9 % is 3 points, or 25 % relative: either reading.
			name: "a change of a rate in percentage points",
			src:  doc("# R", "", "## Errors", "", "Errors fell from 12 % to 9 %, 3 % fewer."),
			line: 5, fig: "3", verdict: Consistent,
		},
		{
			name: "a change of a rate in percentage points, wrong",
			src:  doc("# R", "", "## Errors", "", "Errors fell from 12 % to 9 %, 5 % fewer."),
			line: 5, fig: "5", verdict: ArithmeticError,
		},
		{
			name: "a rate table row restated in relative terms elsewhere",
			src: doc("# R", "", "## Errors", "",
				"| Metric   | Before | After  |",
				"|----------|-------:|-------:|",
				"| 5xx rate | 0.31 % | 0.07 % |",
				"",
				"The 5xx rate is down 77 % in relative terms."),
			line: 9, fig: "77", verdict: Consistent,
		},
		{
			name: "from X at a line's end, to Y at the next line's start",
			src:  doc("# R", "", "## Size", "", "The binary also shrank, from 412 KiB", "to 389 KiB (−5.6 %), as the generic path is gone."),
			line: 6, fig: "5.6", verdict: Consistent,
		},
		{
			name: "from X at a line's end, to Y at the next line's start, wrong",
			src:  doc("# R", "", "## Size", "", "The binary also shrank, from 412 KiB", "to 389 KiB (−9.6 %), as the generic path is gone."),
			line: 6, fig: "9.6", verdict: ArithmeticError,
		},
		{
			// The row label "per second" makes a rate, and the claim's
			// clause ("peak throughput"), not the other clause ("hosts"),
			// says which row it is about.
			name: "the clause of the figure picks the row",
			src: doc("# R", "", "## Summary", "",
				"- Peak throughput is up 19 % while the fleet shrank from 48 to 34 hosts.",
				"", "## Capacity", "",
				"| Metric                   | Before | After  | Δ       |",
				"|--------------------------|-------:|-------:|--------:|",
				"| Peak requests per second | 14,200 | 16,900 | +19.0 % |",
				"| Peak RPS per host        | 296    | 497    | +68 %   |"),
			line: 5, fig: "19", verdict: Consistent,
		},
	})

	// Two percentiles of one row are not a before and after pair for a
	// factor in the row: "1.00×" of the baseline row and a factor without
	// a baseline header are left unverifiable, not judged against p50/p99.
	rep := extract(t, doc("# R", "", "## Configurations", "",
		"| Config | Throughput (tok/s) | Speedup | TTFT p50 | TTFT p99 |",
		"|--------|-------------------:|--------:|---------:|---------:|",
		"| A      | 1,840              | 1.00×   | 312 ms   | 1,210 ms |",
		"| B      | 4,120              | 2.24×   | 288 ms   | 980 ms   |"))
	for _, c := range rep.Claims {
		if c.Verdict.Failed() {
			t.Errorf("line %d %q: %s (%s), want no alarm\n%s", c.Line, c.Claimed, c.Verdict, c.Detail, formatClaims(rep.Claims))
		}
	}
}
