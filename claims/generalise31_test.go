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
