package claims

import (
	"testing"
)

// The forty-first round's rules (testdata/labels/README.md, "Forty-first
// round"). Each test has, written for the test, an error of the shape its
// rule must catch (or the alarm it must not raise) and a consistent text
// of the same shape; with the rule's const off, its case fails.

// TestFortyFirstRoundProjectedPeriodScaled checks that a monthly total in
// a sentence read as a projection ("would have burned …. The saving, 12.4
// core-hours per day, is about N core-hours a month") is checked against the daily amount it
// scales (const projectedPeriodScaled): a total ten times off is an
// arithmetic error, the right one raises no alarm.
func TestFortyFirstRoundProjectedPeriodScaled(t *testing.T) {
	src := func(total string) string {
		return doc("# Tile renderer", "", "## Fleet", "",
			"The old renderer would have burned 61,200 core-seconds a day. The saving, 12.4 core-hours per day, is about "+total+" core-hours a month.")
	}
	alarmAt(t, src("3,720"), 5, "3,720")
	noAlarmAt(t, src("372"), 5, "372")
}

// compareOutput is compare.py's table for a tile encoder, written for the
// tests of the forty-first round.
func compareOutput() []string {
	return []string{"```",
		"Comparing build-old/encode_bench to build-new/encode_bench",
		"Benchmark                      Time        CPU    Time Old   Time New    CPU Old    CPU New",
		"--------------------------------------------------------------------------------------------",
		"BM_EncodeTile/size:512      -0.6412    -0.6410     9120344    3272379    9118020    3273400",
		"BM_EncodeTile/size:2048     -0.7204    -0.7203    38870112   10868183   38862004   10869991",
		"OVERALL_GEOMEAN             -0.6826    -0.6826           0          0          0          0",
		"```"}
}

// TestFortyFirstRoundCompareChangeRestated checks that a change compare.py
// prints, quoted in prose as written ("the benchmark row shows −0.7204"),
// is read as a figure restating that row (const compareChangeRestated),
// and that a signed fraction no row writes is not taken.
func TestFortyFirstRoundCompareChangeRestated(t *testing.T) {
	lines := append([]string{"# Tile encoder", "", "## Encode", ""}, compareOutput()...)
	src := func(frac string) string {
		return doc(append(lines, "", "The 2048 tile encodes in 10.9 ms instead of 38.9 ms; the benchmark row shows", frac+", the largest change of the table.")...)
	}
	consistentAt(t, src("−0.7204"), 15, "−0.7204")
	if c := findClaim(extract(t, src("−0.7402")), 15, "−0.7402"); c != nil {
		t.Fatalf("line 15: %q %s (%s), want no claim", c.Claimed, c.Verdict, c.Detail)
	}
}

// TestFortyFirstRoundGeomeanAbbrevSentence checks that a factor written
// after "i.e." in a sentence naming the geometric mean is checked
// against compare.py's OVERALL_GEOMEAN row (const geomeanAbbrevSentence):
// 1 / (1 − 0.6826) = 3.15×; a factor the row does not give is left to the
// other checks, and the right one raises no alarm.
func TestFortyFirstRoundGeomeanAbbrevSentence(t *testing.T) {
	lines := append([]string{"# Tile encoder", "", "## Encode", ""}, compareOutput()...)
	src := func(factor string) string {
		return doc(append(lines, "", "The geometric mean over both sizes is −0.6826, i.e. "+factor+"× faster.")...)
	}
	consistentAt(t, src("3.15"), 14, "3.15")
}

// TestFortyFirstRoundLeftOff keeps the cases of the rules the forty-first
// round measured and left off (each helped its origin set only); they run
// when their const is on.
func TestFortyFirstRoundLeftOff(t *testing.T) {
	t.Run("expressionOwnSentence", func(t *testing.T) {
		if !expressionOwnSentence {
			t.Skip("expressionOwnSentence is off (testdata/labels/README.md, \"Forty-first round\")")
		}
		src := doc("# Tile renderer", "", "## CPU", "",
			"Together 31.2 CPU-hours on the busiest day. At the edge (4.1 ms × 61.5 million) the saving is",
			"252,150 CPU-seconds, 70.0 CPU-hours.")
		noAlarmAt(t, src, 5, "31.2")
	})
	t.Run("scaledThatIsLead", func(t *testing.T) {
		if !scaledThatIsLead {
			t.Skip("scaledThatIsLead is off (testdata/labels/README.md, \"Forty-first round\")")
		}
		src := func(total string) string {
			return doc("# Tile renderer", "", "## CPU", "",
				"- Saving: 2,400,000 tiles × 51.3 ms = 123,120 CPU-seconds, **34.2 CPU-hours per day**.", "",
				"That is "+total+" CPU-hours over a 30-day month.")
		}
		alarmAt(t, src("10,260"), 7, "10,260")
		noAlarmAt(t, src("1,026"), 7, "1,026")
	})
}

// TestFortyFirstRoundHyperfineSpread checks that the spread hyperfine's
// summary prints with a factor, and the factor with its spread restated
// in prose before a line break, are figures of the report checked
// against the two runs' means and standard deviations (const
// hyperfineSpread): 96.8 / 24.1 = 4.017, × √((2.4/96.8)² + (0.9/24.1)²) =
// 0.18. A spread the runs do not give is left out.
func TestFortyFirstRoundHyperfineSpread(t *testing.T) {
	src := func(spread string) string {
		return doc("# Tile renderer", "", "## Whole run", "",
			"The full render now takes 24.1 s instead of 96.8 s, 4.02 ± "+spread, "times faster.", "",
			"```",
			"Benchmark 1: render-old --zoom 14",
			"  Time (mean ± σ):     96.812 s ±  2.401 s    [User: 380.1 s, System: 4.2 s]",
			"",
			"Benchmark 2: render-new --zoom 14",
			"  Time (mean ± σ):     24.104 s ±  0.902 s    [User: 91.7 s, System: 3.1 s]",
			"",
			"Summary",
			"  render-new --zoom 14 ran",
			"    4.02 ± "+spread+" times faster than render-old --zoom 14",
			"```")
	}
	consistentAt(t, src("0.18"), 5, "4.02")
	consistentAt(t, src("0.18"), 17, "±0.18")
	if c := findClaim(extract(t, src("0.81")), 17, "±0.81"); c != nil {
		t.Fatalf("line 17: %q %s (%s), want no claim", c.Claimed, c.Verdict, c.Detail)
	}
}

// TestFortyFirstRoundPerItemColumn checks that the cells of a table's
// "per <item>" column are read as another column's figure of the row
// divided by the row's count (const perItemColumn): consistent when the
// row gives them, left unverifiable (no alarm) when not.
func TestFortyFirstRoundPerItemColumn(t *testing.T) {
	src := func(cell string) string {
		return doc("# Tile renderer", "", "## Batches", "",
			"| Tiles | old (ms) | new (ms) | Speed-up | new per tile (ms) |",
			"|--:|--:|--:|--:|--:|",
			"| 4 | 52.0 | 20.4 | 2.55x | 5.10 |",
			"| 16 | 190.2 | 66.1 | 2.88x | "+cell+" |",
			"| 64 | 742.5 | 250.9 | 2.96x | 3.92 |")
	}
	consistentAt(t, src("4.13"), 8, "4.13")
	noAlarmAt(t, src("4.31"), 8, "4.31")
	consistentAt(t, src("4.13"), 9, "3.92")
}

// TestFortyFirstRoundHyperfineMarkdown checks that the Relative cells of
// hyperfine's --export-markdown table are figures checked against its
// means and deviations (const hyperfineMarkdown): 3.105 / 1.204 = 2.58,
// ± 2.58 × √((0.031/3.105)² + (0.012/1.204)²) = 0.04; a cell its means do
// not give raises no alarm.
func TestFortyFirstRoundHyperfineMarkdown(t *testing.T) {
	src := func(rel string) string {
		return doc("# Tile renderer", "", "## Commands", "",
			"| Command | Mean [s] | Min [s] | Max [s] | Relative |",
			"|:---|---:|---:|---:|---:|",
			"| `render --fast z14` | 1.204 ± 0.012 | 1.188 | 1.230 | 1.00 |",
			"| `render --full z14` | 3.105 ± 0.031 | 3.062 | 3.161 | "+rel+" |")
	}
	consistentAt(t, src("2.58 ± 0.04"), 8, "2.58")
	noAlarmAt(t, src("2.85 ± 0.04"), 8, "2.85")
}
