package claims

import (
	"strings"
	"testing"
)

// The thirty-first round's rules (testdata/labels/README.md, "Thirty-
// first round"). Each test has, written for the test, an error of the
// shape its rule must catch (or the alarm it must not raise) and a
// consistent text of the same shape; with the rule's const off, its case
// fails.

// tokenizerPytest is a tokenizer's pytest-benchmark comparison: the saved
// run 0003_base against the current one, in microseconds, OPS in Kops/s.
// OPSNOW, RATIO and SAVING are replaced by each case.
const tokenizerPytest = `# Tokenizer

## Results

` + "```" + `
------------------------------------------------- benchmark 'corpus=news': 2 tests -------------------------------------------------
Name (time in us)                       Min                 Max                Mean            StdDev            Median               IQR       Outliers  OPS (Kops/s)         Rounds  Iterations
----------------------------------------------------------------------------------------------------------------------------------------
test_tokenize[news] (NOW)          20.0000 (1.0)       40.0000 (1.0)       25.0000 (1.0)      2.0000 (1.0)      24.0000 (1.0)      1.0000 (1.0)       100;200  OPSNOW (1.0)        40000           1
test_tokenize[news] (0003_base)    50.0000 (2.50)     100.0000 (2.50)      80.0000 (RATIO)      5.0000 (2.50)     78.0000 (3.25)     3.0000 (3.00)       50;90   12.5000 (0.31)        12500           1
----------------------------------------------------------------------------------------------------------------------------------------
` + "```" + `

For news articles each call of the new tokenizer saves SAVING µs.
`

// TestThirtyFirstRoundPytestBenchRows checks that pytest-benchmark's
// table is read (const pytestBenchRows): the OPS column is the inverse of
// the mean, the mean's ratio in brackets is the row's mean over the
// column's best, and the means are a pair of the report that a saving in
// prose is checked against.
func TestThirtyFirstRoundPytestBenchRows(t *testing.T) {
	src := func(ops, ratio, saving string) string {
		return strings.NewReplacer("OPSNOW", ops, "RATIO", ratio, "SAVING", saving).Replace(tokenizerPytest)
	}
	// 1 / 25 µs = 40 Kops/s.
	noAlarmAt(t, src("40.0000", "3.20", "55.0"), 9, "40.0000")
	alarmAt(t, src("4.0000", "3.20", "55.0"), 9, "4.0000")
	// 80 / 25 = 3.20.
	noAlarmAt(t, src("40.0000", "3.20", "55.0"), 10, "3.20")
	alarmAt(t, src("40.0000", "2.30", "55.0"), 10, "2.30")
	// 80 − 25 = 55 µs.
	noAlarmAt(t, src("40.0000", "3.20", "55.0"), 14, "55.0")
	alarmAt(t, src("40.0000", "3.20", "45.0"), 14, "45.0")
}

// consistentAt fails unless the claim of line with figure fig is found
// and consistent.
func consistentAt(t *testing.T, src string, line int, fig string) {
	t.Helper()
	rep := extract(t, src)
	if c := claimAt(t, rep, line, fig); c.Verdict != Consistent {
		t.Fatalf("line %d: %q %s (%s), want consistent\n%s", line, c.Claimed, c.Verdict, c.Detail, formatClaims(rep.Claims))
	}
}

// TestThirtyFirstRoundFactorRangeTo checks that the low end of a range of
// factors written with "to" is a factor of its own, checked against the
// rows (const factorRangeTo), with a unit on each end or on the high end
// only; "from 1.5x to 2.0x" stays two levels of a factor.
func TestThirtyFirstRoundFactorRangeTo(t *testing.T) {
	src := func(rng string) string {
		return strings.ReplaceAll(`# Hash join

## Results

| input | old (ms) | new (ms) |
|---|--:|--:|
| small | 45 | 30 |
| large | 80 | 40 |

The new join is RANGE faster than the old one (1.50x on small inputs, 2.00x on large ones).
`, "RANGE", rng)
	}
	// 45 / 30 = 1.50x, 80 / 40 = 2.00x.
	consistentAt(t, src("1.50x to 2.00x"), 10, "1.50")
	consistentAt(t, src("1.5 to 2.0 times"), 10, "1.5")
	// A range of levels is no claim of a factor.
	rep := extract(t, src("going from 1.5x to 2.0x"))
	if c := findClaim(rep, 10, "1.5"); c != nil && c.Kind == Speedup {
		t.Fatalf("from 1.5x to 2.0x: %q read as a factor\n%s", c.Claimed, formatClaims(rep.Claims))
	}
}

// TestThirtyFirstRoundPricedSentenceAmounts checks that a price times
// another amount of its sentence than the last (the amount per night
// before the month's total, or the amount a day over the money's month)
// makes the money consistent when the last does not give it (const
// pricedSentenceAmounts); money no amount gives stays an error.
func TestThirtyFirstRoundPricedSentenceAmounts(t *testing.T) {
	night := func(money string) string {
		return doc("# Nightly batch", "", "## Cost", "",
			"The new plan saves 3.5 node-hours per night, 105 node-hours over a 30-night month. At $2.00 per node-hour that is "+money+" per night.")
	}
	// 3.5 × $2.00 = $7.00; 105 × $2.00 = $210.
	noAlarmAt(t, night("$7.00"), 5, "7.00")
	alarmAt(t, night("$9.00"), 5, "9.00")
	// 40.0 × 30 × $0.05 = $60.00 a month; the month's total is written
	// wrong (1,100 CPU-hours, not 1,200), and it is priced last.
	month := func(money string) string {
		return doc("# Render fleet", "", "## Cost", "",
			"The saving is 40.0 CPU-hours a day, or 1,100 CPU-hours over a 30-day month.",
			"At $0.0500 per CPU-hour the saving is "+money+" a month.")
	}
	noAlarmAt(t, month("$60.00"), 6, "60.00")
	alarmAt(t, month("$70.00"), 6, "70.00")
}

// TestThirtyFirstRoundRateBatchTime checks that a time on a line that
// counts several of a rate's items, or states a time per batch, is not
// the time per item the rate is one over (const rateBatchTime); a time
// per item still checks the rate.
func TestThirtyFirstRoundRateBatchTime(t *testing.T) {
	src := func(rate, last string) string {
		return doc("# Event writer", "", "## Batches", "",
			"With batching the writer levels off at about "+rate+" events/s on one connection.",
			"At 5,000 events the batch takes 120.0 ms.", last)
	}
	// 1 / 120 ms = 8.3/s is no rate of events: no alarm.
	noAlarmAt(t, src("25,000", "Smaller batches help less."), 5, "25,000")
	// A time per event still checks it: 1 / 40 µs = 25,000/s.
	noAlarmAt(t, src("25,000", "A single event takes 40 µs when written on its own."), 5, "25,000")
	alarmAt(t, src("2,500", "A single event takes 40 µs when written on its own."), 5, "2,500")
}
