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
