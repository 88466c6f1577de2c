package claims

import "testing"

// The fifty-first round's rules (testdata/labels/README.md, "Fifty-first
// round"). Each test has, written for the test, a text of the shape its
// rule reads and a near miss that must keep its verdict; with the rule's
// const off, its cases fail.

// TestFiftyFirstRoundRateOfOneCoreOff checks that a count per second one
// core is said to reach at a time per operation, which one over the time
// does not give, is an arithmetic error — with no "per <item>" after the
// time, with a scale word, and wrapped onto the next line — and that
// rates the time gives keep their verdicts (const rateOfOneCoreOff).
func TestFiftyFirstRoundRateOfOneCoreOff(t *testing.T) {
	src := func(claim string) string {
		return doc("# Glacier meltwater logger", "", "## Single-core cost", "",
			"The resampler now takes 3.2 µs per meltwater sample, down from 7.9 µs.", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		line       int
		bad        bool
	}{
		{"At 3.2 µs a single core now resamples roughly 95,000 meltwater samples per second.", "95,000", 7, true},
		{"At 3.2 µs a single core now resamples roughly 312,000 meltwater samples per second.", "312,000", 7, false},
		{"At 3.2 µs per sample one thread would handle about 3.1 million samples a second.", "3.1 million", 7, true},
		{"At 3.2 µs per sample one thread would handle about 0.31 million samples a second.", "0.31 million", 7, false},
		{"At 3.2 µs per sample, one worker process reaches about\n31,000 meltwater samples a second on the old hosts.", "31,000", 8, true},
		// A batch: the rate counts the readings of a batch of 16, not
		// what one time gives.
		{"At 3.2 µs per batch of 16 readings one core stores about 5 million readings a second.", "5 million", 7, false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), tc.line, tc.fig)
		if tc.bad && c.Verdict != ArithmeticError {
			t.Errorf("%s: %s (%s), want arithmetic-error", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.bad && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftyFirstRoundYearOf360Days checks that a yearly amount of 360
// times the daily amount before it, in prose and in a period table, is
// an arithmetic error when the report states no 360-day year, and that
// a year of 365 days, a stated 360-day year, a year after a hedged
// daily amount and twelve months of unstated length keep their
// verdicts (const yearOf360Days).
func TestFiftyFirstRoundYearOf360Days(t *testing.T) {
	src := func(claim string) string {
		return doc("# Ferry ticket gate", "", "## Running cost", "",
			"Nine gate controllers fewer run on the harbour hosts.", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		bad        bool
	}{
		{"Each saves $1.46 a day, so the fleet saves $13.14 a day and $4,730.40 a year.", "4,730.40", true},
		{"Each saves $1.46 a day, so the fleet saves $13.14 a day and $4,796.10 a year.", "4,796.10", false},
		{"Over a 360-day booking year the fleet saves $13.14 a day and $4,730.40 a year.", "4,730.40", false},
		{"The fleet saves $394.20 a month (about $13.14 a day) and $4,730.40 a year.", "4,730.40", false},
		// Twelve months of unstated length make a year; twelve 30-day
		// months make 360 days.
		{"The fleet saves $13.14 a day, $394.20 a month and $4,730.40 a year.", "4,730.40", false},
		{"The fleet saves $13.14 a day, $394.20 per 30-day month and $4,730.40 a year.", "4,730.40", true},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 7, tc.fig)
		if tc.bad && c.Verdict != ArithmeticError {
			t.Errorf("%s: %s (%s), want arithmetic-error", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.bad && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
	table := func(year string) string {
		return doc("# Ferry ticket gate", "", "## Running cost", "",
			"| Period | Saving |", "|---|--:|", "| Day | $13.14 |", "| Year | "+year+" |")
	}
	if c := claimAt(t, extract(t, table("$4,730.40")), 8, "4,730.40"); c.Verdict != ArithmeticError {
		t.Errorf("table year $4,730.40: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, table("$4,796.10")), 8, "4,796.10"); c.Verdict.Failed() {
		t.Errorf("table year $4,796.10: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFiftyFirstRoundConversionWrongWayRates checks that a byte rate
// restated in the other system of units the wrong way (MiB/s divided by
// 1.048576 to give MB/s) is an arithmetic error, and that the right
// conversion and a second rate of another thing keep their verdicts
// (const conversionWrongWayRates).
func TestFiftyFirstRoundConversionWrongWayRates(t *testing.T) {
	src := func(claim string) string {
		return doc("# Herbarium scan indexer", "", "## Throughput", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		bad        bool
	}{
		{"The sheet decoder sustains 212.40 MiB/s, roughly 202.6 MB/s.", "202.6", true},
		{"212.40 MiB/s on the folio sheets is about 202.6 MB/s.", "202.6", true},
		{"212.40 MiB/s on the folio sheets is about 222.7 MB/s.", "222.7", false},
		{"The sheet decoder sustains 212.40 MiB/s, roughly 222.7 MB/s.", "222.7", false},
		{"The sheet decoder sustains 212.40 MiB/s while the label reader manages 202.6 MB/s.", "202.6", false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 5, tc.fig)
		if tc.bad && c.Verdict != ArithmeticError {
			t.Errorf("%s: %s (%s), want arithmetic-error", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.bad && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftyFirstRoundTenfoldUnitPeriod checks that a yearly amount ten
// times the daily amount before it, both written with the period taken
// into their unit ("$3.15 a day"), is an arithmetic error, and that the
// right total keeps its verdict (const tenfoldUnitPeriod).
func TestFiftyFirstRoundTenfoldUnitPeriod(t *testing.T) {
	src := func(year string) string {
		return doc("# Allotment water relays", "", "## Cost", "",
			"Switching off the spare relays saved $3.15 a day, $94.50 a month (30 days) and",
			year+" a year.")
	}
	if c := claimAt(t, extract(t, src("$11,498")), 6, "11,498"); c.Verdict != ArithmeticError {
		t.Errorf("$11,498 a year: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("$1,150")), 6, "1,150"); c.Verdict.Failed() {
		t.Errorf("$1,150 a year: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFiftyFirstRoundPairAfterOtherRowCounts checks that a pair of bare
// counts quoting benchstat's allocations, whose figure after is another
// row's, mixes rows (the figure after and the percentage), that its
// figure before keeps no alarm, and that the row's own pair keeps its
// verdict (consts pairAfterOtherRowCounts and benchstatPrefixStep).
func TestFiftyFirstRoundPairAfterOtherRowCounts(t *testing.T) {
	src := func(claim string) string {
		return doc("# Seed vault index sorter", "", "## Allocations", "",
			"```",
			"goos: linux",
			"goarch: amd64",
			"                   │   old.txt   │               new.txt               │",
			"                   │  allocs/op  │  allocs/op   vs base                │",
			"Sort/keys=200-8      1.452k ± 0%   0.031k ± 0%  -97.86% (p=0.000 n=10)",
			"Sort/keys=2k-8       14.52k ± 0%   0.318k ± 0%  -97.81% (p=0.000 n=10)",
			"Sort/keys=20k-8      145.1k ± 0%   2.907k ± 0%  -98.00% (p=0.000 n=10)",
			"```",
			"",
			"Sorting allocates far less than before at every size. Allocations per sort at 2k",
			"keys fall from "+claim+", and at 20k keys from 145.1k to",
			"2.907k, 50x fewer.")
	}
	rep := extract(t, src("14,523 to 2,907, an 80.0 % cut"))
	for _, fig := range []string{"2,907", "80.0"} {
		if c := claimAt(t, rep, 16, fig); c.Verdict != MixesRows {
			t.Errorf("%s: %s (%s), want mixes-rows", fig, c.Verdict, c.Detail)
		}
	}
	if c := claimAt(t, rep, 16, "14,523"); c.Verdict.Failed() {
		t.Errorf("14,523: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("14,523 to 318, a 97.8 % cut")), 16, "97.8"); c.Verdict.Failed() {
		t.Errorf("97.8 %%: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFiftyFirstRoundPairSidePrefixSlip checks that a before → after pair
// of prose quoting a table row with the figure after a thousand times
// off (its unit's prefix slipped) is contradicted on that figure, that
// the figure before keeps its verdict, and that the pair quoted in the
// table's unit keeps no alarm (const pairSidePrefixSlip).
func TestFiftyFirstRoundPairSidePrefixSlip(t *testing.T) {
	src := func(claim string) string {
		return doc("# Weather balloon frame parser", "", "## Parsing", "",
			"| Step | 2.1 | 2.2 | Speed-up |", "|---|--:|--:|--:|",
			"| `check_frame` | 83.17 us | 27.41 us | 3.03x |",
			"| `pack_frame` | 12.40 us | 9.92 us | 1.25x |", "",
			claim)
	}
	rep := extract(t, src("Checking a frame now takes 27.4 ms instead of 83.2."))
	if c := claimAt(t, rep, 10, "27.4"); c.Verdict != Contradicted {
		t.Errorf("27.4 ms: %s (%s), want contradicted", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 10, "83.2"); c.Verdict.Failed() {
		t.Errorf("83.2: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("Checking a frame now takes 27.4 µs instead of 83.2.")), 10, "27.4"); c.Verdict.Failed() {
		t.Errorf("27.4 µs: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFiftyFirstRoundQuotientHalfStepAtFigure checks that a time written
// as a quotient in seconds, followed by more words on its line, is read
// at the rounding of its operands (consistent), and that one off by more
// than that stays an arithmetic error (const quotientHalfStepAtFigure).
func TestFiftyFirstRoundQuotientHalfStepAtFigure(t *testing.T) {
	src := func(result string) string {
		return doc("# Harbour crane dispatcher", "", "## Load test", "",
			"With 40 virtual users and no pause, 187.3 req/s puts one request cycle at 40 / 187.3 = "+result+" ms on average, close to the 213 ms reported.")
	}
	// 40 / 187.35 = 213.50 ms, 40 / 187.25 = 213.62 ms.
	if c := claimAt(t, extract(t, src("213.5")), 5, "213.5"); c.Verdict != Consistent {
		t.Errorf("213.5 ms: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("231.5")), 5, "231.5"); c.Verdict != ArithmeticError {
		t.Errorf("231.5 ms: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
}

// TestFiftyFirstRoundPairOperandsWrapped checks that a factor its wrapped
// pair does not give stays an arithmetic error while the pair's figure
// on its line, written in the tool's output too, is split from it and
// keeps no alarm (const pairOperandsWrapped).
func TestFiftyFirstRoundPairOperandsWrapped(t *testing.T) {
	src := doc("# Tide table compiler", "", "## End to end", "",
		"```",
		"Benchmark 1: tidec-1.4 compile harbours.toml",
		"  Time (mean ± σ):     31.406 s ±  0.212 s    [User: 30.911 s, System: 0.402 s]",
		"",
		"Benchmark 2: tidec-1.5 compile harbours.toml",
		"  Time (mean ± σ):     12.880 s ±  0.095 s    [User: 12.514 s, System: 0.318 s]",
		"```",
		"",
		"- For the whole harbour list, hyperfine measures 12.880 s against",
		"  31.406 s: the new compiler is 2.9x faster end to end.")
	rep := extract(t, src)
	if c := claimAt(t, rep, 14, "2.9"); c.Verdict != ArithmeticError {
		t.Errorf("2.9x: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 14, "31.406"); c.Verdict.Failed() {
		t.Errorf("31.406 s: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFiftyFirstRoundConversionSystemOfBytes checks that a count of bytes
// restated in MiB with the MB digits, words between, is an arithmetic
// error, and that the MiB figure the bytes give keeps no alarm (const
// conversionSystemOfBytes).
func TestFiftyFirstRoundConversionSystemOfBytes(t *testing.T) {
	src := func(mib string) string {
		return doc("# Hydrophone buffer", "", "## Memory", "",
			"Ten minutes of audio at 40 kHz is 48,000,000 bytes of `i16` samples, i.e. "+mib+" MiB per channel.")
	}
	if c := claimAt(t, extract(t, src("48.00")), 5, "48.00"); c.Verdict != ArithmeticError {
		t.Errorf("48.00 MiB: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("45.78")), 5, "45.78"); c.Verdict.Failed() {
		t.Errorf("45.78 MiB: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}
