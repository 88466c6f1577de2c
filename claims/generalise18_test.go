package claims

import "testing"

// TestEighteenthRound checks the rules of the eighteenth round
// (testdata/labels/README.md, "Eighteenth round"): a claim the reader
// called unverifiable is checked against what it restates — the same
// amount over another period, the table cell a summary quotes, the
// figure another summary gives for one subject. Each rule is shown on
// text written for the test, with the error it catches and a consistent
// claim of the same shape that must stay consistent.
func TestEighteenthRound(t *testing.T) {
	// One section of text.
	para := func(title string, text ...string) string {
		return doc(append([]string{"# R", "", "## " + title, ""}, text...)...)
	}
	// Two summaries and a detail that confirms one figure.
	summaries := func(tldr, concl string) string {
		return para("TL;DR", tldr, "", "## Soak test", "",
			"```", "result: max sustained = 41200 rps (p99 <= 8ms)", "```", "",
			"At the 30,000 RPS peak a node runs at 30,000 / 41,200 = 72.8 % of its tested limit.", "",
			"## Conclusion", "", concl)
	}
	// A summary above a table of months.
	months := func(summary string) string {
		return para("Summary", summary, "", "## Months", "",
			"| Month | Requests | Failed | Availability |", "|---|---:|---:|---:|",
			"| April | 210.0 million | 42,000 | 99.980 % |", "| May | 190.0 million | 95,000 | 99.950 % |",
			"| **Q2** | 400.0 million | 137,000 | 99.966 % |", "")
	}
	runVerdictCases(t, []verdictCase{
		// 1. An amount restated per another period: the earlier figure
		// over the later one's period.
		{name: "a day's amount called a month's", src: para("Impact", "The change brings about $12,400 of extra revenue per day, or roughly $86,800 per month."),
			line: 5, fig: "86,800", verdict: ArithmeticError},
		{name: "a day's amount restated per month", src: para("Impact", "The change brings about $12,400 of extra revenue per day, or roughly $372,000 per month."),
			line: 5, fig: "372,000", verdict: Consistent},
		{name: "a rate per second called a day's amount", src: para("Cache", "The 2,500 QPS cut in origin fetches is about 150,000 fewer fetches per day."),
			line: 5, fig: "150,000", verdict: ArithmeticError},
		{name: "a rate per second restated per day", src: para("Cache", "The 2,500 QPS cut in origin fetches is about 216 million fewer fetches per day."),
			line: 5, fig: "216 million", verdict: Consistent},
		{name: "a month's count over a day", src: para("Traffic", "April's 260 million requests correspond to an average of about 3,010 requests per second."),
			line: 5, fig: "3,010", verdict: ArithmeticError},
		{name: "a month's count over the month", src: para("Traffic", "April's 260 million requests correspond to an average of about 100 requests per second."),
			line: 5, fig: "100", verdict: Consistent},
		{name: "a month's amount restated per year on the next line, wrong", src: para("Cost", "- Cost: 6.2 cores × 730 h at our blended rate ≈ $410 per month, or about", "  $6,100 a year."),
			line: 6, fig: "6,100", verdict: ArithmeticError},
		{name: "a month's amount restated per year on the next line", src: para("Cost", "- Cost: 6.2 cores × 730 h at our blended rate ≈ $410 per month, or about", "  $4,990 a year."),
			line: 6, fig: "4,990", verdict: Consistent},
		{name: "a rate per minute taken as per second", src: para("Volume", "The pipeline averages 52,000 events/s at peak, which works out to roughly 74.9 million events per day."),
			line: 5, fig: "74.9 million", verdict: ArithmeticError},
		{name: "a month's count over a month of 30 days", src: para("Traffic", "July's 259.2 million requests correspond to an average of about 100 requests per second."),
			line: 5, fig: "100", verdict: Unverifiable},
		{name: "a month's amount repeated as a day's", src: para("Egress",
			"At our price the saving is $2,340 a month, or about $28k a year. That is 4.2 TB less", "egress, or about $2,340, every day."),
			line: 6, fig: "2,340", verdict: ArithmeticError},
		{name: "a month's amount repeated as a month's", src: para("Egress",
			"At our price the saving is $2,340 a month, or about $28k a year. That is 4.2 TB less", "egress, or about $2,340, every month."),
			line: 6, fig: "2,340", verdict: Unverifiable},
		{name: "a verb links two figures off by no period", src: para("Traffic", "The 2,500 QPS cut in origin fetches is about 90 million fewer fetches per day."),
			line: 5, fig: "90 million", verdict: Unverifiable},
		// 2. A summary's figure that names one row and one column of a
		// table restates that cell.
		{name: "a summary misquoting a cell", src: months("Q2 closed at 99.962 % availability against a 99.9 % objective."),
			line: 5, fig: "99.962", verdict: Contradicted},
		{name: "a summary quoting a cell", src: months("Q2 closed at 99.966 % availability against a 99.9 % objective."),
			line: 5, fig: "99.966", verdict: Unverifiable},
		{name: "the objective beside it names no cell", src: months("Q2 closed at 99.962 % availability against a 99.9 % objective."),
			line: 5, fig: "99.9", verdict: Unverifiable},
		{name: "a summary naming no row", src: months("The service closed at 99.962 % availability against a 99.9 % objective."),
			line: 5, fig: "99.962", verdict: Unverifiable},
		// 3. Two summaries of one subject: the one the detail confirms
		// stands, the other is contradicted.
		{name: "a TL;DR the detail does not confirm", src: summaries(
			"- Each node now sustains 44,500 RPS before the p99 crosses 8 ms.",
			"A single node sustains 41,200 RPS within the 8 ms p99 objective."),
			line: 5, fig: "44,500", verdict: Contradicted},
		{name: "the conclusion the detail confirms", src: summaries(
			"- Each node now sustains 44,500 RPS before the p99 crosses 8 ms.",
			"A single node sustains 41,200 RPS within the 8 ms p99 objective."),
			line: 17, fig: "41,200", verdict: Unverifiable},
		{name: "two summaries that agree", src: summaries(
			"- Each node now sustains 41,200 RPS before the p99 crosses 8 ms.",
			"A single node sustains 41,200 RPS within the 8 ms p99 objective."),
			line: 5, fig: "41,200", verdict: Unverifiable},
		{name: "two summaries neither of which the detail confirms", src: summaries(
			"- Each node now sustains 44,500 RPS before the p99 crosses 8 ms.",
			"A single node sustains 43,900 RPS within the 8 ms p99 objective."),
			line: 5, fig: "44,500", verdict: Unverifiable},
		{name: "a percentage starting its line, its words on the line before", src: para("Summary", "- Treatment converted at 2.55 % against 2.40 % for control, a relative lift of",
			"  +6.25 % (+0.15 percentage points).", "", "## Detail", "",
			"The difference is 0.15 pp, a 6.25 % relative lift.", "", "## Conclusion", "",
			"The treatment's +6.8 % relative conversion lift is worth shipping."),
			line: 14, fig: "6.8", verdict: Contradicted},
		// 4. A percentage after a noun of change ("a rise of", "a drop
		// of") is a change of its sentence's pair.
		{name: "a rise of, right", src: para("Latency", "The p75 went from 200 ms to 250 ms, a rise of 25 %."),
			line: 5, fig: "25", verdict: Consistent},
		{name: "a rise of, wrong", src: para("Latency", "The p75 went from 200 ms to 250 ms, a rise of 40 %."),
			line: 5, fig: "40", verdict: ArithmeticError},
	})
}

// TestEighteenthRoundReversedClause checks that a figure whose text is
// first found inside another ("0" in "00") gets an empty clause, not a
// reversed one (a fuzz input that panicked the seventeenth-round reader).
func TestEighteenthRoundReversedClause(t *testing.T) {
	extract(t, "00. 0% Better 1x")
}
