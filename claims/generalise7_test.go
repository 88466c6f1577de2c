package claims

import "testing"

// TestSeventhRound checks the rules of the seventh round (testdata/labels/
// README.md, "Seventh round"): amounts per period, money, counted
// resources and word multipliers are figures of the report, and an amount
// restated over another period on its line is recomputed — with, for each
// rule that can pass an error, a case it must still catch.
func TestSeventhRound(t *testing.T) {
	runVerdictCases(t, []verdictCase{
		{
			name: "a byte rate restated per day",
			src:  doc("# R", "", "## Network", "", "Ingress is 655 MB/s, which is 56.6 TB/day."),
			line: 5, fig: "56.6", verdict: Consistent,
		},
		{
			// 655 MB/s × 86,400 s is 56.6 TB, not GB: a metric prefix
			// misread.
			name: "a byte rate restated per day, a unit slip",
			src:  doc("# R", "", "## Network", "", "Ingress is 655 MB/s, which is 56.6 GB/day."),
			line: 5, fig: "56.6", verdict: ArithmeticError,
		},
		{
			// A month is 30 days or a twelfth of a year: both readings.
			name: "money per day restated per month",
			src:  doc("# R", "", "## Cost", "", "Replication costs about $2,265 a day, roughly $68k a month."),
			line: 5, fig: "68k", verdict: Consistent,
		},
		{
			name: "money per month restated per year",
			src:  doc("# R", "", "## Cost", "", "The change saves $294 per month, $3,528 per year."),
			line: 5, fig: "3,528", verdict: Consistent,
		},
		{
			name: "money per month restated per year, wrong",
			src:  doc("# R", "", "## Cost", "", "The change saves $294 per month, $4,100 per year."),
			line: 5, fig: "4,100", verdict: ArithmeticError,
		},
		{
			name: "a request rate restated per hour with a word multiplier",
			src:  doc("# R", "", "## Load", "", "Traffic is 3,100 req/s, or 11.16 million requests an hour."),
			line: 5, fig: "11.16 million", verdict: Consistent,
		},
		{
			name: "a rate per minute restated per day in parentheses",
			src:  doc("# R", "", "## Growth", "", "The table grows by about 1,150 rows per minute (1.66 M per day)."),
			line: 5, fig: "1.66M", verdict: Consistent,
		},
	})

	// One amount over two periods is no before and after pair, and a
	// pair of counted resources says nothing of another subject's ratio.
	rep := extract(t, doc("# R", "", "## Cost", "",
		"- CPU per request fell 40 %, so the deployment went from 24 pods to 16.",
		"- Row loading saved 1,773 samples (−25 %).",
		"- Retiring 8 of 24 pods (−33 %) saves about $1,120 a month, roughly $13.5k a year."))
	for _, c := range rep.Claims {
		if c.Verdict.Failed() {
			t.Errorf("line %d %q: %s (%s), want no alarm\n%s", c.Line, c.Claimed, c.Verdict, c.Detail, formatClaims(rep.Claims))
		}
	}
	if c := claimAt(t, rep, 7, "13.5k"); c.Verdict != Consistent {
		t.Errorf("line 7 %q: %s (%s), want consistent", c.Claimed, c.Verdict, c.Detail)
	}

	// A machine's cores are its environment; a fleet's are a figure.
	if rep := extract(t, doc("# R", "", "It runs on 8 cores with 32GB RAM.")); len(rep.Claims) != 0 {
		t.Errorf("machine description: got claims\n%s", formatClaims(rep.Claims))
	}
	claimAt(t, extract(t, doc("# R", "", "## Capacity", "", "The service needs 36 cores at peak.")), 5, "36")
}
