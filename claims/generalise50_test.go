package claims

import "testing"

// The fiftieth round's rules (testdata/labels/README.md, "Fiftieth
// round"). Each test has, written for the test, a text of the shape its
// rule reads and a near miss that must keep its verdict; with the rule's
// const off, its cases fail.

// TestFiftiethRoundEquationResultOff checks that the stated result of a
// product written out with an equals sign, which the two figures do not
// give, is an arithmetic error, and that one they give, and one ending a
// longer chain, keep their verdicts (const equationResultOff).
func TestFiftiethRoundEquationResultOff(t *testing.T) {
	src := func(year string) string {
		return doc("# Lighthouse lamp scheduler", "", "## Running cost", "",
			"The lamp controllers run on shared hosts at $0.031 per host-hour.", "",
			"- Hosts released: 9 − 4 = 5.",
			"- Per day: 5 × 24 × $0.031 = $3.72.",
			"- Per year: "+year)
	}
	if c := claimAt(t, extract(t, src("$3.72 × 365 = $13,578.")), 9, "13,578"); c.Verdict != ArithmeticError {
		t.Errorf("$13,578: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("$3.72 × 365 = $1,357.80.")), 9, "1,357.80"); c.Verdict.Failed() {
		t.Errorf("$1,357.80: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
	// The last step of a chain: 5 × 24 × $0.031 is not 24 × $0.031.
	if c := claimAt(t, extract(t, src("$3.72 × 365 = $1,357.80.")), 8, "3.72"); c.Verdict.Failed() {
		t.Errorf("$3.72: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFiftiethRoundPeriodDayCountOff checks that a weekly total of six
// days of the daily amount before it, and a total over a stated 30-day
// month of 31 days, are arithmetic errors, and that totals of seven or
// five days a week and of thirty days keep their verdicts (const
// periodDayCountOff).
func TestFiftiethRoundPeriodDayCountOff(t *testing.T) {
	src := func(week, month string) string {
		return doc("# Orchard frost alarm", "", "## Cost of the sensor relay", "",
			"- Relay hosts freed: 12 − 5 = 7, at $0.035 per host-hour.",
			"- Per day: 7 × 24 × $0.035 = $5.88; per week "+week+".",
			"- Per 30-day month: "+month+".")
	}
	rep := extract(t, src("$35.28", "$182.28"))
	if c := claimAt(t, rep, 6, "35.28"); c.Verdict != ArithmeticError {
		t.Errorf("$35.28 a week: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 7, "182.28"); c.Verdict != ArithmeticError {
		t.Errorf("$182.28 a 30-day month: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
	for _, week := range []string{"$41.16", "$29.40"} {
		rep := extract(t, src(week, "$176.40"))
		if c := claimAt(t, rep, 6, week[1:]); c.Verdict.Failed() {
			t.Errorf("%s a week: %s (%s), want no alarm", week, c.Verdict, c.Detail)
		}
		if c := claimAt(t, rep, 7, "176.40"); c.Verdict.Failed() {
			t.Errorf("$176.40 a 30-day month: %s (%s), want no alarm", c.Verdict, c.Detail)
		}
	}
}

// TestFiftiethRoundPricedAmountOfScale checks that a latency in
// milliseconds before a price per core-hour is not read as the amount
// priced (the money keeps no alarm), and that an amount in hours still
// is (a wrong sum stays an arithmetic error) (const
// pricedAmountOfScale).
func TestFiftiethRoundPricedAmountOfScale(t *testing.T) {
	src := func(claim string) string {
		return doc("# Canal lock telemetry", "", "## Production", "",
			claim)
	}
	if c := claimAt(t, extract(t, src("The p99 of a gate reading fell from 40.2 ms to 12.5 ms and the pool shrank by 50 cores. At $0.05 per core-hour that is $60.00 a day.")), 5, "60.00"); c.Verdict.Failed() {
		t.Errorf("$60.00 a day: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("The nightly rebuild used 1,200 core-hours. At $0.05 per core-hour that is $90 a night.")), 5, "90"); c.Verdict != ArithmeticError {
		t.Errorf("$90 for 1,200 core-hours: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
}

// TestFiftiethRoundPercentileFromSourceMixed checks that a p99.9
// credited to a table that prints p50 and p99 only is unsupported when
// its sentence also states a percentage, the percentage keeping its
// verdict, and that a p99 the table prints stays clear (const
// percentileFromSourceMixed).
func TestFiftiethRoundPercentileFromSourceMixed(t *testing.T) {
	src := func(claim string) string {
		return doc("# Seed vault inventory", "", "## Production", "",
			"| Metric | Before | After |",
			"|---|---:|---:|",
			"| Lookup p50 | 2.10 ms | 0.80 ms |",
			"| Lookup p99 | 9.40 ms | 3.20 ms |",
			"",
			claim)
	}
	rep := extract(t, src("Lookups now use 4.5 % of the frame; the table puts the p99.9 at 5.1 ms."))
	if c := claimAt(t, rep, 10, "5.1"); c.Verdict != Unsupported {
		t.Errorf("p99.9 5.1 ms: %s (%s), want unsupported", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 10, "4.5"); c.Verdict.Failed() {
		t.Errorf("4.5 %%: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
	rep = extract(t, src("Lookups now use 4.5 % of the frame; the table puts the p99 at 3.20 ms."))
	if c := claimAt(t, rep, 10, "3.20"); c.Verdict.Failed() {
		t.Errorf("p99 3.20 ms: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFiftiethRoundDifferenceOfNamedRowOff checks that a difference
// stated for a benchmark row its sentence names, which the row's pair
// does not give but nearly does, is an arithmetic error, and that the
// right difference and a difference naming no row keep their verdicts
// (const differenceOfNamedRowOff).
func TestFiftiethRoundDifferenceOfNamedRowOff(t *testing.T) {
	src := func(claim string) string {
		return doc("# Bell tower carillon scheduler", "", "## Results", "",
			"```",
			"goos: linux",
			"goarch: amd64",
			"                    │   old.txt   │               new.txt               │",
			"                    │   sec/op    │   sec/op     vs base                │",
			"RenderPeal/short-8    88.10µ ± 1%   41.30µ ± 2%  -53.12% (p=0.000 n=10)",
			"RenderPeal/long-8     702.4µ ± 2%   298.6µ ± 1%  -57.49% (p=0.000 n=10)",
			"```",
			"",
			"Longer peals gain more: 2.35x on the long case. "+claim)
	}
	if c := claimAt(t, extract(t, src("The long render is down 413.8 µs per peal.")), 14, "413.8"); c.Verdict != ArithmeticError {
		t.Errorf("down 413.8 µs: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("The long render is down 403.8 µs per peal.")), 14, "403.8"); c.Verdict.Failed() {
		t.Errorf("down 403.8 µs: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("The nightly backup is down 413.8 µs per file.")), 14, "413.8"); c.Verdict.Failed() {
		t.Errorf("backup down 413.8 µs: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFiftiethRoundPointsOfPairOff checks that a change in points that
// the two rates of its own sentence do not give, but nearly do, is an
// arithmetic error, and that the right change keeps its verdict (const
// pointsOfPairOff).
func TestFiftiethRoundPointsOfPairOff(t *testing.T) {
	src := func(claim string) string {
		return doc("# Weather balloon telemetry", "", "## Counters", "",
			"The decoder now stalls less often: the frame drop rate fell from 7.40 % to 2.15 % of frames, "+claim)
	}
	if c := claimAt(t, extract(t, src("5.05 points.")), 5, "5.05"); c.Verdict != ArithmeticError {
		t.Errorf("5.05 points: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("5.25 points.")), 5, "5.25"); c.Verdict.Failed() {
		t.Errorf("5.25 points: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}
