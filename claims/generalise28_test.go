package claims

import "testing"

// The twenty-eighth round's rules (testdata/labels/README.md,
// "Twenty-eighth round"). Each test has, written for the test, an error
// of the shape its rule must catch (or the alarm it must not raise) and a
// consistent text of the same shape; with the rule's const off, its case
// fails.

// TestTwentyEighthRoundCompareRowChange checks that a row of Google
// Benchmark's compare.py output is read (const compareRowChange): its
// time change is extracted and checked against the row's old and new
// times, a wrong one is an error, a right one is not, and a sentence's
// factor rests on the row's pair.
func TestTwentyEighthRoundCompareRowChange(t *testing.T) {
	src := func(change string) string {
		return doc("# Packet parser", "", "## Results", "",
			"```",
			"Comparing old/bench_parse to new/bench_parse",
			"Benchmark                      Time       CPU    Time Old    Time New     CPU Old     CPU New",
			"--------------------------------------------------------------------------------------------",
			"BM_ParseHeader/512          "+change+"   -0.5499        8000        3600        7998        3599",
			"OVERALL_GEOMEAN             -0.5500   -0.5499           0           0           0           0",
			"```", "",
			"Header parsing at 512 bytes is 2.22x faster than before.")
	}
	rep := extract(t, src("-0.5500"))
	c := findClaim(rep, 9, "-0.5500")
	if c == nil {
		t.Fatalf("line 9: the change -0.5500 is not extracted\n%s", formatClaims(rep.Claims))
	}
	if c.Verdict != Consistent {
		t.Fatalf("line 9: %q %s (%s), want consistent", c.Claimed, c.Verdict, c.Detail)
	}
	noAlarmAt(t, src("-0.5500"), 13, "2.22")
	// 8000 → 3600 is −55 %, not −45 %.
	alarmAt(t, src("-0.4500"), 9, "-0.4500")
}

// TestTwentyEighthRoundSettingPairRows checks a factor beside a pair of
// settings the report sweeps (const settingPairRows): the factor is the
// multiple of the two benchmark rows the settings name, not the
// settings', so the right ones are not alarmed (also the second of the
// line), and one no column of the rows gives stays an error.
func TestTwentyEighthRoundSettingPairRows(t *testing.T) {
	src := func(first string) string {
		return doc("# Query fan-out", "", "## Scaling", "",
			"```",
			"Benchmark                  Time             CPU   Iterations",
			"-------------------------------------------------------------",
			"BM_FanOut/16            41200 ns        41150 ns        17000",
			"BM_FanOut/32            79900 ns        79810 ns         8800",
			"BM_FanOut/64           161000 ns       160900 ns         4350",
			"```", "",
			"The fan-out cost roughly doubles per doubling: "+first+" from 16 to 32 and 2.02x from 32 to 64.")
	}
	// 79,900 / 41,200 = 1.94; 161,000 / 79,900 = 2.02.
	noAlarmAt(t, src("1.94x"), 13, "1.94")
	noAlarmAt(t, src("1.94x"), 13, "2.02")
	alarmAt(t, src("1.49x"), 13, "1.49")
}

// TestTwentyEighthRoundFallOverWhole checks that a fall of more than
// 100 % is an error even with no pair to check it against (const
// fallOverWhole), while a fall under the whole and a speed gained over
// 100 % are not alarmed.
func TestTwentyEighthRoundFallOverWhole(t *testing.T) {
	src := func(claim string) string {
		return doc("# Ingest queue", "", "## Stalls", "",
			"The flusher now runs every 2 s, and "+claim+".", "",
			"The flusher now runs every 2 s, and GC pauses fell by 41.2 %.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a fall over the whole", src: src("GC pauses fell by 412 %"), line: 5, fig: "412", verdict: ArithmeticError},
	})
	noAlarmAt(t, src("GC pauses fell by 41.2 %"), 5, "41.2")
	noAlarmAt(t, src("the flusher is 412 % faster"), 5, "412")
}

// TestTwentyEighthRoundDecimalHours checks that a time in hours with
// decimals is read (const decimalHours), so that the factor beside it is
// checked: a wrong one is an error, a right one is not.
func TestTwentyEighthRoundDecimalHours(t *testing.T) {
	src := func(factor string) string {
		return doc("# Backup window", "", "## Result", "",
			"A full backup of the archive tier now finishes in 2.75 h instead of 4.58 h, "+factor+" faster.")
	}
	// 4.58 / 2.75 = 1.67.
	noAlarmAt(t, src("1.67x"), 5, "1.67")
	alarmAt(t, src("1.85x"), 5, "1.85")
}
