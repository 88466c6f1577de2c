package claims

import (
	"strings"
	"testing"
)

// The twenty-ninth round's rules (testdata/labels/README.md,
// "Twenty-ninth round"). Each test has, written for the test, an error
// of the shape its rule must catch (or the alarm it must not raise) and a
// consistent text of the same shape; with the rule's const off, its case
// fails.

// TestTwentyNinthRoundCriterionNameOwnLine checks that a benchmark id
// criterion prints on a line of its own names the estimates under it
// (const criterionNameOwnLine): each change is checked against its own
// benchmark's baseline and new estimates, so the right ones are not
// alarmed and a wrong one is.
func TestTwentyNinthRoundCriterionNameOwnLine(t *testing.T) {
	src := func(second string) string {
		return "# Image decoder\n\n## Benchmarks\n" + strings.ReplaceAll(`
Saved baseline (cargo bench -- --save-baseline before):

~~~
decode/progressive/large-photo
                        time:   [12.410 ms 12.500 ms 12.590 ms]
decode/baseline/small-thumbnail
                        time:   [401.20 µs 404.00 µs 406.90 µs]
~~~

With the new Huffman tables (cargo bench -- --baseline before):

~~~
decode/progressive/large-photo
                        time:   [9.9100 ms 10.000 ms 10.090 ms]
                        change: [-20.700% -20.000% -19.300%] (p = 0.00 < 0.05)
                        Performance has improved.
decode/baseline/small-thumbnail
                        time:   [300.10 µs 303.00 µs 305.80 µs]
                        change: [SECOND] (p = 0.00 < 0.05)
                        Performance has improved.
~~~
`, "SECOND", second)
	}
	// 12.5 → 10.0 ms is −20 %; 404 → 303 µs is −25 %.
	ok := src("-25.700% -25.000% -24.300%")
	noAlarmAt(t, ok, 19, "20.000")
	noAlarmAt(t, ok, 23, "25.000")
	alarmAt(t, src("-35.700% -35.000% -34.300%"), 23, "35.000")
}

// TestTwentyNinthRoundCriterionThrptChange checks that criterion's change
// of throughput is checked against the change of time printed above it
// (const criterionThrptChange), with no baseline run pasted: 1/(1+t) − 1
// of the time change t; a throughput change that does not follow from
// it is an error.
func TestTwentyNinthRoundCriterionThrptChange(t *testing.T) {
	src := func(thrpt string) string {
		return "# Checksum kernel\n\n## Benchmarks\n" + strings.ReplaceAll(`
Compared with the saved baseline of the scalar loop:

~~~
crc32/4096              time:   [1.1590 µs 1.1620 µs 1.1650 µs]
                        thrpt:  [3.2744 GiB/s 3.2828 GiB/s 3.2913 GiB/s]
                 change:
                        time:   [-37.640% -37.500% -37.360%] (p = 0.00 < 0.05)
                        thrpt:  [THRPT]
                        Performance has improved.
~~~
`, "THRPT", thrpt)
	}
	// 1 / (1 − 0.375) − 1 = +60 %.
	noAlarmAt(t, src("+59.642% +60.000% +60.359%"), 12, "60.000")
	alarmAt(t, src("+36.642% +37.500% +38.359%"), 12, "37.500")
}
