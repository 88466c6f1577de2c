package claims

import (
	"strings"
	"testing"
)

// TestNinthRound checks the rules of the ninth round (testdata/labels/
// README.md, "Ninth round"), each on text written for it, with a case it
// must still catch where the rule could pass an error.
func TestNinthRound(t *testing.T) {
	// Two tables of one set of row labels under two headings: cold and
	// warm start per phone.
	twoTables := func(warmRow string) string {
		return doc("# R", "", "## Cold start", "",
			"| Phone       | Before (ms) | After (ms) |",
			"|-------------|------------:|-----------:|",
			"| Alpha One   | 900         | 640        |",
			"| Bravo Two   | 1,400       | 1,010      |",
			"", "## Warm start", "",
			"| Phone       | After (ms) | Before (ms) | Speed-up |",
			"|-------------|-----------:|------------:|---------:|",
			"| Alpha One   | 205        | 270         | 1.32×    |",
			warmRow)
	}
	// A stage table with its unit in parentheses and a column of savings.
	stages := func(row string) string {
		return doc("# R", "", "## Stages", "",
			"| Stage  | Before (min) | After (min) | Saved (min) | Change   |",
			"|--------|-------------:|------------:|------------:|---------:|",
			"| Fetch  | 5.0          | 2.0         | 3.0         | −60.0 %  |",
			row)
	}
	// A table of two rates in percent and their change in points.
	rates := func(cell string) string {
		return doc("# R", "", "## Field", "",
			"| Metric        | 4.0   | 4.1   | Change |",
			"|---------------|------:|------:|-------:|",
			"| Crash rate    | 6.2 % | 4.0 % | "+cell+" |")
	}
	runVerdictCases(t, []verdictCase{
		{
			// Bravo's warm figures differ from its cold ones, as every
			// row of the two tables does: two measures, not a figure
			// restated.
			name: "two tables of the same rows under two headings",
			src:  twoTables("| Bravo Two   | 330        | 445         | 1.35×    |"),
			line: 15, fig: "1.35", verdict: Consistent,
		},
		{
			name: "two tables of the same rows under two headings, a wrong factor",
			src:  twoTables("| Bravo Two   | 330        | 445         | 1.55×    |"),
			line: 15, fig: "1.55", verdict: ArithmeticError,
		},
		{
			// A summary table that restates the detail table agrees on one
			// row and changes another: still a contradiction.
			name: "a summary table restating a detail table with one figure changed",
			src: doc("# R", "", "## Detail", "",
				"| Phone     | Before (ms) | After (ms) |",
				"|-----------|------------:|-----------:|",
				"| Alpha One | 900         | 640        |",
				"| Bravo Two | 1,400       | 1,010      |",
				"", "## Summary", "",
				"| Phone     | Before (ms) | After (ms) | Speed-up |",
				"|-----------|------------:|-----------:|---------:|",
				"| Alpha One | 900         | 640        | 1.41×    |",
				"| Bravo Two | 1,400       | 1,120      | 1.25×    |"),
			line: 15, fig: "1.25", verdict: Contradicted,
		},
		{
			// The subject of a difference is named after its figure, on
			// the next line of the paragraph.
			name: "a difference whose subject follows it across a line break",
			src: twoTables("| Bravo Two   | 330        | 445         | 1.35×    |") + doc("",
				"The phones gain little in absolute terms, 65 ms on the",
				"Alpha One and 115 ms on the Bravo Two, as they were fast already."),
			line: 17, fig: "65", verdict: Consistent,
		},
		{
			name: "a difference whose subject follows it across a line break, wrong",
			src: twoTables("| Bravo Two   | 330        | 445         | 1.35×    |") + doc("",
				"The phones gain little in absolute terms, 85 ms on the",
				"Alpha One and 115 ms on the Bravo Two, as they were fast already."),
			line: 17, fig: "85", verdict: Unsupported,
		},
		{
			// "(min)" in a header is the unit of the column: the claim
			// rests on the row's minutes; 5.0/2.0 − 1 is 150 %.
			name: "a column unit in parentheses",
			src:  stages("| Build  | 8.0          | 4.0         | 4.0         | −50.0 %  |") + doc("", "The build is 100 % faster now."),
			line: 10, fig: "100", verdict: Ambiguous,
		},
		{
			name: "a column of savings against its row's pair",
			src:  stages("| Build  | 8.0          | 4.0         | 4.0         | −50.0 %  |"),
			line: 8, fig: "4.0", verdict: Consistent,
		},
		{
			name: "a column of savings against its row's pair, wrong",
			src:  stages("| Build  | 8.0          | 4.0         | 3.0         | −50.0 %  |"),
			line: 8, fig: "3.0", verdict: ArithmeticError,
		},
		{
			name: "a column of changes in points",
			src:  rates("−2.2 pp"),
			line: 7, fig: "2.2", verdict: Consistent,
		},
		{
			name: "a column of changes in points, wrong",
			src:  rates("−3.2 pp"),
			line: 7, fig: "3.2", verdict: ArithmeticError,
		},
		{
			name: "a period after the second figure of a pair covers both",
			src:  doc("# R", "", "## Load", "", "Queue reads fell from 80.0 M to 50.0 M a day, 37.5 % fewer."),
			line: 5, fig: "37.5", verdict: Consistent,
		},
		{
			name: "a period after the second figure of a pair covers both, wrong",
			src:  doc("# R", "", "## Load", "", "Queue reads fell from 80.0 M to 50.0 M a day, 47.5 % fewer."),
			line: 5, fig: "47.5", verdict: ArithmeticError,
		},
		{
			// "(X to Y a day)" after a factor is its pair; "grew" makes a
			// count's factor new/old.
			name: "a growth factor and its pair in parentheses",
			src:  doc("# R", "", "## Load", "", "Cache misses grew 3.0× (40.0 M to 120.0 M a day) during the outage."),
			line: 5, fig: "3.0", verdict: Consistent,
		},
		{
			name: "a growth factor and its pair in parentheses, wrong",
			src:  doc("# R", "", "## Load", "", "Cache misses grew 4.0× (40.0 M to 120.0 M a day) during the outage."),
			line: 5, fig: "4.0", verdict: ArithmeticError,
		},
		{
			// A multiplier in words on the next line completes the figure
			// that ends this one.
			name: "a multiplier at the start of the next line",
			src:  doc("# R", "", "## Volume", "", "The week held as much traffic (8.00 billion against 8.40", "billion, 5 % more), so the rest is cache."),
			line: 6, fig: "5", verdict: Consistent,
		},
		{
			name: "a multiplier at the start of the next line, wrong",
			src:  doc("# R", "", "## Volume", "", "The week held as much traffic (8.00 billion against 8.40", "billion, 9 % more), so the rest is cache."),
			line: 6, fig: "9", verdict: ArithmeticError,
		},
		{
			// No figure of CPU time anywhere.
			name: "a ratio about CPU time that no figure measures",
			src: doc("# R", "", "## Build", "",
				"| Stage | Before (min) | After (min) |", "|-------|------:|------:|", "| Build | 20.0  | 8.0   |",
				"", "The cache also cut the CPU time of the build by 70 %."),
			line: 9, fig: "70", verdict: Unsupported,
		},
		{
			name: "seconds restated in hours",
			src:  doc("# R", "", "## Worth", "", "It gives back 1.08 million seconds, about 300 hours, every day."),
			line: 5, fig: "300", verdict: Consistent,
		},
		{
			// Divided by 60 once: minutes written as hours.
			name: "seconds restated in hours, divided by 60 only",
			src:  doc("# R", "", "## Worth", "", "It gives back 1.08 million seconds, about 18,000 hours, every day."),
			line: 5, fig: "18,000", verdict: ArithmeticError,
		},
		{
			name: "seconds restated in hours across a line break, divided by 60 only",
			src:  doc("# R", "", "## Worth", "", "It gives back 1.08 million seconds, about 18,000", "hours, to the people who use it every day."),
			line: 5, fig: "18,000", verdict: ArithmeticError,
		},
		{
			// 43.2 TB a day is 0.5 GB/s, or 4 Gbit/s.
			name: "an amount a day restated as a steady rate in bits",
			src:  doc("# R", "", "## Egress", "", "The origin sent 43.2 TB a day to the edge, a sustained 4.0 Gbit/s."),
			line: 5, fig: "4.0", verdict: Consistent,
		},
		{
			name: "an amount a day restated as a steady rate, bytes written as bits",
			src:  doc("# R", "", "## Egress", "", "The origin sent 43.2 TB a day to the edge, a sustained 0.50 Gbit/s."),
			line: 5, fig: "0.50", verdict: ArithmeticError,
		},
		{
			// 11.0 TB is 10.0 TiB.
			name: "an amount a day restated in binary units in parentheses",
			src:  doc("# R", "", "## Egress", "", "The bucket counted 11.0 TB a day (10.0 TiB) before the change."),
			line: 5, fig: "10.0", verdict: Consistent,
		},
		{
			// 11.0 / 1.024 = 10.7: one step of 1,024 where four are due.
			name: "an amount restated in binary units across a line break, one step of 1,024",
			src:  doc("# R", "", "## Egress", "", "The bucket counted 52.0 TiB a day, against 11.0 TB", "a day (10.7 TiB) the week before."),
			line: 6, fig: "10.7", verdict: ArithmeticError,
		},
		{
			name: "minutes in prose and a factor in words",
			src:  doc("# R", "", "## Waiting", "", "- p90 wait: 6.0 min before, 1.5 min after, 4.0 times shorter;"),
			line: 5, fig: "4.0", verdict: Consistent,
		},
		{
			name: "minutes in prose and a factor in words, wrong",
			src:  doc("# R", "", "## Waiting", "", "- p90 wait: 6.0 min before, 1.5 min after, 5.0 times shorter;"),
			line: 5, fig: "5.0", verdict: ArithmeticError,
		},
		{
			// The pair is the elapsed time's; the factor is the critical
			// path's, a subject of its own.
			name: "a pair followed by a clause with another subject",
			src: doc("# R", "", "## Build", "", "The elapsed time went from 18.0 to 6.0 minutes and the critical path",
				"became 4.0 times shorter.", "", "The critical path went from 12.0 s to 3.0 s."),
			line: 6, fig: "4.0", verdict: Consistent,
		},
		{
			name: "a pair and the factor of its own clause on the next line, wrong",
			src:  doc("# R", "", "## Build", "", "The elapsed time went from 18.0 to 6.0 minutes, which is", "4.0 times shorter."),
			line: 6, fig: "4.0", verdict: ArithmeticError,
		},
	})

	// A wrong percentage in a table row is the claim's error, not its
	// row's before and after figures: no failing claim states them.
	rep := extract(t, stages("| Build  | 8.0          | 4.0         | 4.0         | −60.0 %  |"))
	if c := claimAt(t, rep, 8, "60.0"); c.Verdict != ArithmeticError {
		t.Errorf("line 8: %q %s (%s), want arithmetic-error", c.Claimed, c.Verdict, c.Detail)
	}
	for _, c := range rep.Claims {
		for _, n := range c.Numbers {
			if c.Verdict.Failed() && (n.Text == "8.0" || n.Text == "4.0") {
				t.Errorf("line %d %q: %s states the row's figure %s", c.Line, c.Claimed, c.Verdict, n.Text)
			}
		}
	}

	// The cells of a table without before and after columns are figures
	// of their own (shares, counts), extracted and left unverifiable.
	rep = extract(t, doc("# R", "", "## Mix", "",
		"| Phone | Share of starts | Starts a day |",
		"|-------|----------------:|-------------:|",
		"| Alpha | 35 %            | 1.2 M        |",
		"| Bravo | 65 %            | 2.2 M        |"))
	for _, fig := range []string{"35", "1.2M", "65"} {
		line := 7
		if fig == "65" {
			line = 8
		}
		if c := claimAt(t, rep, line, fig); c.Verdict != Unverifiable {
			t.Errorf("line %d: %q %s (%s), want unverifiable", line, c.Claimed, c.Verdict, c.Detail)
		}
	}

	// A total in hours beside a pair of minutes is of another scale: no
	// "closest pair" alarm.
	rep = extract(t, doc("# R", "", "## Runners", "",
		"The pipeline went from 40.0 min to 15.0 min.", "",
		"Together that is 900.5 runner-hours saved per working day."))
	for _, c := range rep.Claims {
		if c.Verdict.Failed() {
			t.Errorf("line %d %q: %s (%s), want no alarm\n%s", c.Line, c.Claimed, c.Verdict, c.Detail, formatClaims(rep.Claims))
		}
	}
	if !strings.Contains(formatClaims(rep.Claims), "900.5") {
		t.Errorf("900.5 runner-hours not extracted:\n%s", formatClaims(rep.Claims))
	}
}

// TestNinthRoundQuotesAndMoney checks the ninth round's rules for
// summaries that misquote a table in another unit, and for money
// computed from a unit price or as a net amount, each with the error it
// must catch.
func TestNinthRoundQuotesAndMoney(t *testing.T) {
	table := doc("", "## Cold start", "",
		"| Phone     | Before (ms) | After (ms) |",
		"|-----------|------------:|-----------:|",
		"| Delta Six | 1,436       | 972        |")
	runVerdictCases(t, []verdictCase{
		{
			name: "a summary quoting a table row in seconds",
			src:  doc("# R", "", "- On the Delta Six it is now 0.97 s, down from 1.44 s.") + table,
			line: 3, fig: "0.97", verdict: Unverifiable,
		},
		{
			// 972 ms is 0.97 s; 1.44 s quotes 1,436 ms as written.
			name: "a summary quoting one figure of a table row in seconds and changing the other",
			src:  doc("# R", "", "- On the Delta Six it is now 0.99 s, down from 1.44 s.") + table,
			line: 3, fig: "0.99", verdict: Contradicted,
		},
		{
			name: "a summary quoting one figure of a table row, the quoted figure",
			src:  doc("# R", "", "- On the Delta Six it is now 0.99 s, down from 1.44 s.") + table,
			line: 3, fig: "1.44", verdict: Consistent,
		},
		{
			// 12,000 h × 60 × $0.02 = $14,400.
			name: "an amount priced per minute",
			src:  doc("# R", "", "## Cost", "", "We save 12,000 runner-hours a month. At $0.02 per runner-minute that is $14,400 a month."),
			line: 5, fig: "14,400", verdict: Consistent,
		},
		{
			name: "an amount priced per minute, the 60 left out",
			src:  doc("# R", "", "## Cost", "", "We save 12,000 runner-hours a month. At $0.02 per runner-minute that is $240 a month."),
			line: 5, fig: "240", verdict: ArithmeticError,
		},
		{
			name: "a net amount",
			src: doc("# R", "", "## Money", "",
				"- saving: $6,000 a month;", "- the new tier's fee: $1,500 a month;", "- net saving: $4,500 a month."),
			line: 7, fig: "4,500", verdict: Consistent,
		},
		{
			name: "a net amount, wrong",
			src: doc("# R", "", "## Money", "",
				"- saving: $6,000 a month;", "- the new tier's fee: $1,500 a month;", "- net saving: $5,500 a month."),
			line: 7, fig: "5,500", verdict: ArithmeticError,
		},
	})
}

// TestNinthRoundExtraction checks the figures the ninth round reads that
// the reader skipped before: percentage points, counts written with
// thousands separators, two rates in percent with what the first is a
// share of between them, a pair split after "to" whose period follows the
// second figure.
func TestNinthRoundExtraction(t *testing.T) {
	rates := doc("# R", "", "## Field", "", "The crash rate fell from 6.2 % to 4.0 % of sessions.", "")
	runVerdictCases(t, []verdictCase{
		{
			name: "a change in points against a pair of rates",
			src:  rates + doc("The crash rate fell by 2.2 points."),
			line: 7, fig: "2.2", verdict: Consistent,
		},
		{
			// No pair gives it, but a rate the reader did not pair is no
			// error: unverifiable, never consistent.
			name: "a change in points that no pair gives",
			src:  rates + doc("The crash rate fell by 3.2 points."),
			line: 7, fig: "3.2", verdict: Unverifiable,
		},
		{
			name: "two rates with what the first is a share of between them",
			src:  doc("# R", "", "## Cache", "", "Misses went from 5.0 % of requests to 20.0 %, 4.0× more."),
			line: 5, fig: "4.0", verdict: Consistent,
		},
		{
			name: "two rates with what the first is a share of between them, wrong",
			src:  doc("# R", "", "## Cache", "", "Misses went from 5.0 % of requests to 20.0 %, 3.0× more."),
			line: 5, fig: "3.0", verdict: ArithmeticError,
		},
		{
			name: "a pair split after to, its period after the second figure",
			src:  doc("# R", "", "## Egress", "", "Egress went from 20.0 TB to", "5.0 TB a day, 75 % less."),
			line: 6, fig: "75", verdict: Consistent,
		},
		{
			name: "a pair split after to, its period after the second figure, wrong",
			src:  doc("# R", "", "## Egress", "", "Egress went from 20.0 TB to", "5.0 TB a day, 65 % less."),
			line: 6, fig: "65", verdict: ArithmeticError,
		},
	})

	// Counts with thousands separators are figures; a round one, an
	// operand of a product and a short count in program output are not.
	rep := extract(t, doc("# R", "", "## Build", "",
		"Of the 15,310 actions, 13,905 were cache hits, out of 10,000 planned (64 ns × 12,345).", "",
		"```", "hits     12,129,280,183", "misses   4,242", "total    18,336", "median   2,130.4", "```"))
	got := formatClaims(rep.Claims)
	for _, fig := range []string{"15,310", "13,905", "12,129,280,183", "18,336", "2,130.4"} {
		if !strings.Contains(got, fig) {
			t.Errorf("%s not extracted:\n%s", fig, got)
		}
	}
	for _, fig := range []string{"10,000", "12,345", "4,242"} {
		if strings.Contains(got, fig) {
			t.Errorf("%s extracted, want it left out:\n%s", fig, got)
		}
	}

	// A column of differences in a unit the reader does not know, and a
	// bare change of two rates (relative or in points?), are not checked
	// against the row's pair: no alarm.
	rep = extract(t, doc("# R", "", "## Shards", "",
		"| Shard | Before (ms) | After (ms) | Saved (runner-hours) |",
		"|-------|------------:|-----------:|---------------------:|",
		"| eu-1  | 120         | 95         | 12.5                 |",
		"", "| Region | Error rate before | Error rate after | Change |",
		"|--------|------------------:|-----------------:|-------:|",
		"| EU     | 0.40 %            | 0.25 %           | −37    |"))
	for _, c := range rep.Claims {
		if c.Verdict.Failed() {
			t.Errorf("line %d %q: %s (%s), want no alarm", c.Line, c.Claimed, c.Verdict, c.Detail)
		}
	}
}

// TestNinthRoundWrappedMisquote checks that a sentence's pair wrapped
// onto the next line ("from 41 s to" / "9.5 s") is compared with a table
// row as a pair on one line is, the row's unit read from its label
// ("(s)").
func TestNinthRoundWrappedMisquote(t *testing.T) {
	src := func(after string) string {
		return doc("# R", "", "## Summary", "",
			"- The expansion did what we wanted: consumer lag p99 dropped from 52 s to",
			"  "+after+" s, and the backlog cleared.",
			"", "## Detail", "",
			"| Metric               | Q2 | Q3  | Δ       |",
			"|----------------------|---:|----:|--------:|",
			"| Consumer lag p99 (s) | 52 | 6.5 | −87.5 % |")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a wrapped pair quoting a table row", src: src("6.5"), line: 6, fig: "6.5", verdict: Unverifiable},
		{name: "a wrapped pair quoting one figure of a table row and changing the other", src: src("8.5"), line: 6, fig: "8.5", verdict: Contradicted},
	})
}

// TestNinthRoundSubjects checks that a pair starting its line is about
// what the sentence's line before names, and that a mean over rows is not
// called unsupported by its closest pair.
func TestNinthRoundSubjects(t *testing.T) {
	body := func(summary string) string {
		return doc("# R", "", "## Summary", "", summary, "", "## Impact", "",
			"The misses went up, so queue reads grew 2.5×",
			"(40.0 M to 100.0 M a day). The disks were busy all week.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a summary factor whose pair starts a line of the body", src: body("- Queue reads grew 2.5× during the incident."),
			line: 5, fig: "2.5", verdict: Consistent},
		{name: "a summary factor whose pair starts a line of the body, wrong", src: body("- Queue reads grew 3.5× during the incident."),
			line: 5, fig: "3.5", verdict: Unsupported},
	})
	rep := extract(t, doc("# R", "", "## Summary", "",
		"Latency improves too: the geometric-mean p99 is 12.0 % lower.", "", "## Workloads", "",
		"- **A.** p99 falls from 2.00 ms to 1.60 ms.", "- **B.** p99 falls from 900 µs to 850 µs."))
	if c := claimAt(t, rep, 5, "12.0"); c.Verdict.Failed() {
		t.Errorf("line 5: %q %s (%s), want no alarm", c.Claimed, c.Verdict, c.Detail)
	}
}

// TestNinthRoundSideHeaders checks that headers naming the sides decide
// a table's orientation wherever its columns stand.
func TestNinthRoundSideHeaders(t *testing.T) {
	table := func(h1, h2, factor string) string {
		return doc("# R", "", "## Runs", "",
			"| Case | "+h1+" | "+h2+" | Speed-up |",
			"|------|------:|------:|---------:|",
			"| Parse | 300 | 400 | "+factor+" |")
	}
	runVerdictCases(t, []verdictCase{
		{name: "candidate before baseline", src: table("Candidate (ms)", "Baseline (ms)", "1.33×"), line: 7, fig: "1.33", verdict: Consistent},
		{name: "now before was", src: table("Now (ms)", "Was (ms)", "1.33×"), line: 7, fig: "1.33", verdict: Consistent},
		{name: "now before was, wrong", src: table("Now (ms)", "Was (ms)", "1.53×"), line: 7, fig: "1.53", verdict: ArithmeticError},
	})
}
