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

// rightWrong checks report with marker replaced by a right figure (no
// alarm on the claim of line that states it) and by a wrong one (an
// alarm); each is written with its unit, and found by its number.
func rightWrong(t *testing.T, report, marker string, line int, right, wrong string) {
	t.Helper()
	num := func(s string) string { return strings.Fields(strings.TrimRight(s, "x"))[0] }
	noAlarmAt(t, strings.ReplaceAll(report, marker, right), line, num(right))
	alarmAt(t, strings.ReplaceAll(report, marker, wrong), line, num(wrong))
}

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

// TestTwentyNinthRoundVersionRows checks that a table whose rows are
// labelled by releases compares them (const versionRows): the older
// release's row is the baseline of the newer one, column by column, so a
// change stated beside the table is checked against it: a wrong one is
// an error, a right one is not.
func TestTwentyNinthRoundVersionRows(t *testing.T) {
	src := func(pct, diff string) string {
		return strings.NewReplacer("PCT", pct, "DIFF", diff).Replace(`# Tile server

## Rendering

Rendering a zoom-14 tile from the vector cache, per release:

| release | tiles/s per core | p99 render (ms) |
|---|--:|--:|
| 3.7 | 220 | 48.0 |
| 3.8 | 310 | 31.5 |

The p99 render fell by PCT and is DIFF shorter.
`)
	}
	// 48.0 → 31.5 ms is 34.4 % less, 16.5 ms shorter.
	ok := src("34.4 %", "16.5 ms")
	noAlarmAt(t, ok, 12, "34.4")
	noAlarmAt(t, ok, 12, "16.5")
	alarmAt(t, src("43.4 %", "16.5 ms"), 12, "43.4")
	alarmAt(t, src("34.4 %", "19.5 ms"), 12, "19.5")
}

// TestTwentyNinthRoundOwnProductFirst checks that a byte rate its
// sentence computes from its own figures is judged by that product
// (const ownProductFirst), not called a slip of a size over an unrelated
// time of the report; a product that does not give it is still an error.
func TestTwentyNinthRoundOwnProductFirst(t *testing.T) {
	src := func(rate string) string {
		return strings.ReplaceAll(`# Telemetry uplink

## Encode phases

| phase | old (ms) | new (ms) |
|---|--:|--:|
| frame encode | 2.00 | 1.10 |
| frame send | 1.00 | 0.70 |

## Uplink

- frame path: 50 frames/s × 400 B = 20 kB/s per probe (RATE).
`, "RATE", rate)
	}
	// 50 × 400 B = 20 kB/s = 160 kbit/s; 20 KB over the frame send's
	// 1.00 ms would be 160 Mbit/s, a thousand times more.
	noAlarmAt(t, src("160 kbit/s"), 12, "160")
	alarmAt(t, src("20.0 kbit/s"), 12, "20.0")
}

// TestTwentyNinthRoundClauseFromLineBefore checks that a ratio whose
// clause begins on the line before ("(tokenizing" / "is 4.0x faster)")
// is read with the words written there (const clauseFromLineBefore): it
// rests on the pair they name, in another section, rather than being
// called unsupported by its own section's pair; a factor that pair does
// not give is still an error.
func TestTwentyNinthRoundClauseFromLineBefore(t *testing.T) {
	// 12.0 / 3.0 = 4.0.
	rightWrong(t, parserReport, "FACTOR", 14, "4.0x", "2.5x")
}

// TestTwentyNinthRoundColumnFitNoSides checks that two cells of a
// column of a table with a column of sides (before / after rows) do not
// support a percentage its clause names by the column (const
// columnFitNoSides): the table's pairs are a before and an after row of
// one key, not two "after" rows of different loads.
func TestTwentyNinthRoundColumnFitNoSides(t *testing.T) {
	// 160 → 100 is 37.5 % lower; 60 % is 40 / 100 of two "after" rows.
	rightWrong(t, consumerReport, "PCT", 14, "37.5 %", "60 %")
}

// parserReport is TestTwentyNinthRoundClauseFromLineBefore's report, its
// factor FACTOR.
const parserReport = `# Parser release

## Stages

| stage | old (ms) | new (ms) |
|---|--:|--:|
| tokenizing | 12.0 | 3.0 |
| tree building | 20.0 | 16.0 |

## Summary

The whole parse now takes 19.0 ms instead of 32.0 ms.
Most of the gain comes from the new lexer (tokenizing
is FACTOR faster); tree building barely moved.
`

// consumerReport is TestTwentyNinthRoundColumnFitNoSides's report, its
// percentage PCT.
const consumerReport = `# Queue consumer

## Load test

Latencies in milliseconds:

| rate (msg/s) | build | p50 | max |
|---|---|--:|--:|
| 200 | before | 4.0 | 50 |
| 200 | after | 3.0 | 40 |
| 800 | before | 9.0 | 160 |
| 800 | after | 6.0 | 100 |

At 800 msg/s the median falls from 9.0 ms to 6.0 ms, and max latency is PCT lower.
`

// TestTwentyNinthRoundPeakReference checks that a factor of a peak ("N
// times the … peak") is read as a multiple of a reference figure (const
// peakReference): the figure before it over the peak's, a right one
// consistent, a wrong one an error.
func TestTwentyNinthRoundPeakReference(t *testing.T) {
	src := func(factor string) string {
		return doc("# Checkout API", "", "## Capacity", "",
			"After the connection-pool change the cluster serves 90,000 req/s, "+factor+" the Black Friday peak of 60,000 req/s.")
	}
	// 90,000 / 60,000 = 1.50.
	runVerdictCases(t, []verdictCase{
		{name: "right multiple", src: src("1.50 times"), line: 5, fig: "1.50", verdict: Consistent},
		{name: "wrong multiple", src: src("1.80 times"), line: 5, fig: "1.80", verdict: ArithmeticError},
	})
}

// TestTwentyNinthRoundVersionStatUnit checks that the columns of a
// table headed by a release and a statistic ("1.4 p50") take the unit
// the paragraph above gives its timings, written across a line break
// (const versionStatUnit): a summary quoting a cell in another unit is
// checked against it, a misquote contradicted, a right quote not.
func TestTwentyNinthRoundVersionStatUnit(t *testing.T) {
	// 18,600 µs is 18.6 ms.
	rightWrong(t, shaderReport, "BEFORE", 5, "18.6 ms", "16.8 ms")
}

// shaderReport is TestTwentyNinthRoundVersionStatUnit's report, its
// summary's before figure BEFORE.
const shaderReport = `# Shader cache

## Summary

- Opening the material editor now takes 4.2 ms instead of BEFORE (p50).

## Editor actions

Each action was repeated 200 times on the reference scene. Timings are in
microseconds, from input event to frame presented:

| action | scene | 1.4 p50 | 1.5 p50 | 1.4 p99 | 1.5 p99 |
|---|---|--:|--:|--:|--:|
| open material editor | forest | 18,600 | 4,200 | 25,100 | 6,900 |
| toggle wireframe | forest | 2,300 | 2,100 | 3,400 | 3,000 |
`

// TestTwentyNinthRoundConversionPastWords checks that an amount restated
// in another unit after a few words and ", or" is read as a conversion
// (const conversionPastWords), also when the amount ends the line
// before: the conversion done the wrong way is an error, the right one
// is not.
func TestTwentyNinthRoundConversionPastWords(t *testing.T) {
	// 80 TiB is 87.96 TB; 72.8 is 80 × 0.9095, the wrong way.
	rightWrong(t, archiveReport, "CONV", 5, "88.0 TB", "72.8 TB")
	// 6 × 1.92 TB = 11.52 TB is 10.48 TiB; 12.7 is 11.52 × 1.0995.
	rightWrong(t, archiveReport, "WRAP", 7, "10.5 TiB", "12.7 TiB")
}

// archiveReport is TestTwentyNinthRoundConversionPastWords's report, its
// conversions CONV and WRAP.
const archiveReport = `# Object archive

## Savings

Compaction moved the cold tier from 350 TiB to 270 TiB: 80 TiB reclaimed, or CONV.
The warm tier keeps its six 1.92 TB drives per node, which is 6 × 1.92 TB = 11.52 TB
of flash per node, or WRAP.
`

// TestTwentyNinthRoundReferenceApartPair checks that a multiple of a
// reference its words name is not judged by a pair another clause of
// its line writes (const referenceApartPair), while a multiple of a
// reference stated beside it still is.
func TestTwentyNinthRoundReferenceApartPair(t *testing.T) {
	src := func(tail string) string {
		return doc("# Render farm", "", "## Capacity", "",
			"We go from 12 to 8 hosts per rack: 8 × 5,000 = 40,000 frames/h, "+tail)
	}
	noAlarmAt(t, src("4.0x the weekly peak."), 5, "4.0")
	// 40,000 / 10,000 is 4.0x, not 5.0x.
	alarmAt(t, src("5.0x the baseline of 10,000 frames/h."), 5, "5.0")
}
