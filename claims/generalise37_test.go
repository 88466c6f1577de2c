package claims

import (
	"testing"
)

// The thirty-seventh round's rules (testdata/labels/README.md, "Thirty-
// seventh round"). Each test has, written for the test, an error of the
// shape its rule must catch (or the alarm it must not raise) and a
// consistent text of the same shape; with the rule's const off, its case
// fails.

// slipDoc is a report whose summary and detail state one pair of times,
// and whose Google Benchmark output prints them in µs.
func slipDoc(summary, detail string) string {
	return doc("# Resampler", "", "## Summary", "",
		summary, "",
		"## Benchmarks", "",
		"```",
		"Benchmark                        Time             CPU   Iterations",
		"-------------------------------------------------------------------",
		"BM_ResamplePolyphase_median     305 us          305 us         2290",
		"BM_ResampleFFT_median          18.2 us         18.2 us        38441",
		"```", "",
		"## Cost per trace", "",
		detail)
}

// TestThirtySeventhRoundSlipWitnessedByOutput checks that a summary pair
// that the benchmark output prints as written is not contradicted by a
// detail line a metric prefix away (const slipWitnessedByOutput), and that
// the detail line is (const slipOtherAgainstOutput).
func TestThirtySeventhRoundSlipWitnessedByOutput(t *testing.T) {
	summary := "On the hot code path of each call, resampling takes 18.2 µs instead of 305 µs, a 16.8x speed-up."
	slipped := slipDoc(summary, "The hot code path costs 18.2 ns per call instead of 305 ns.")
	noAlarmAt(t, slipped, 5, "16.8")
	alarmAt(t, slipped, 18, "18.2")
	good := slipDoc(summary, "The hot code path costs 18.2 µs per call instead of 305 µs.")
	noAlarmAt(t, good, 5, "16.8")
	noAlarmAt(t, good, 18, "18.2")
}

// TestThirtySeventhRoundLooseTimes checks that "N times as long" and "N
// times the <noun> of" are read as factors (const looseTimes): confirmed
// by a pair of the report, consistent; confirmed by none, no alarm; given
// otherwise by its own line's pair, still an arithmetic error.
func TestThirtySeventhRoundLooseTimes(t *testing.T) {
	src := func(line string) string {
		return doc("# Crawl index", "", "## Corpora", "",
			"| corpus | documents | build time |",
			"|---|--:|--:|",
			"| small | 1,200 | 14.0 s |",
			"| large | 15,000 | 203.0 s |", "",
			line)
	}
	good := "The large corpus has 12.5 times the documents of the small one, and its build takes 14.5 times as long."
	cs := extract(t, src(good))
	claimAt(t, cs, 10, "12.5")
	claimAt(t, cs, 10, "14.5")
	noAlarmAt(t, src(good), 10, "12.5")
	noAlarmAt(t, src(good), 10, "14.5")
	// A factor no pair gives: left unverifiable.
	noAlarmAt(t, src("Merging the shards takes 3.5 times as long as splitting them."), 10, "3.5")
	// Its own line's pair gives another factor: an arithmetic error.
	alarmAt(t, src("The large corpus has 11.5 times the documents of the small one (1,200 → 15,000)."), 10, "11.5")
}

// TestThirtySeventhRoundGeomeanRow checks that a percentage or factor
// naming the geometric mean is read against compare.py's OVERALL_GEOMEAN
// row (const geomeanRow): consistent when the row gives it, and not
// confirmed when it does not.
func TestThirtySeventhRoundGeomeanRow(t *testing.T) {
	src := func(line string) string {
		return doc("# Tokenizer", "", "## Microbenchmarks", "",
			"```",
			"Comparing old.json to new.json",
			"Benchmark                 Time             CPU      Time Old      Time New       CPU Old       CPU New",
			"------------------------------------------------------------------------------------------------------",
			"BM_Split/short          -0.6120         -0.6118           512           199           511           199",
			"BM_Split/long           -0.7010         -0.7011          9840          2942          9835          2940",
			"OVERALL_GEOMEAN         -0.6594         -0.6594             0             0             0             0",
			"```", "",
			line)
	}
	good := src("Over both benchmarks the geometric mean time fell by 65.9 %, a 2.94x speed-up.")
	rep := extract(t, good)
	for _, fig := range []string{"65.9", "2.94"} {
		if c := claimAt(t, rep, 14, fig); c.Verdict != Consistent {
			t.Errorf("line 14: %q %s (%s), want consistent", c.Claimed, c.Verdict, c.Detail)
		}
	}
	bad := extract(t, src("Over both benchmarks the geometric mean time fell by 71.9 %, a 3.56x speed-up."))
	for _, fig := range []string{"71.9", "3.56"} {
		if c := claimAt(t, bad, 14, fig); c.Verdict == Consistent {
			t.Errorf("line 14: %q %s (%s), want not consistent", c.Claimed, c.Verdict, c.Detail)
		}
	}
}

// TestThirtySeventhRoundRatePerItemTime checks that a count per second
// written in words is recomputed as one over the time per item its
// sentence states first (const ratePerItemTime), also in a projection.
func TestThirtySeventhRoundRatePerItemTime(t *testing.T) {
	src := func(line string) string {
		return doc("# Geocoder", "", "## Throughput", "", line)
	}
	good := src("At 61.5 µs per address, a single worker can geocode about 16,260 addresses a second.")
	if c := claimAt(t, extract(t, good), 5, "16,260"); c.Verdict != Consistent {
		t.Errorf("%q %s (%s), want consistent", c.Claimed, c.Verdict, c.Detail)
	}
	alarmAt(t, src("At 61.5 µs per address, a single worker can geocode about 1,626 addresses a second."), 5, "1,626")
	alarmAt(t, src("At 61.5 µs per address, a single worker could in theory geocode about 162,600 addresses a second."), 5, "162,600")
	// Workers multiply it: not one over the time.
	noAlarmAt(t, src("At 61.5 µs per address, 8 workers geocode about 130,000 addresses a second."), 5, "130,000")
}

// TestThirtySeventhRoundInverseUndirected checks that a factor whose
// words give no direction is consistent with its pair read either way
// (const inverseUndirected), while one that says "faster" is still held to
// its direction.
func TestThirtySeventhRoundInverseUndirected(t *testing.T) {
	src := func(line string) string {
		return doc("# Tiles", "", "## Render", "", line)
	}
	noAlarmAt(t, src("Time per tile fell from 31.0 ms to 5.0 ms, so a core now renders 6.2x as many tiles."), 5, "6.2")
	// Neither reading gives it.
	alarmAt(t, src("Time per tile fell from 31.0 ms to 5.0 ms, so a core now renders 7.2x as many tiles."), 5, "7.2")
	// Its words give the direction: held to it.
	alarmAt(t, src("Going from 2 to 16 layers makes the render 6.2x faster (31.0 → 192.2 ms)."), 5, "6.2")
}

// TestThirtySeventhRoundMinutesSeconds checks that a duration in minutes
// and seconds is one figure (const minutesSeconds): the factor and the
// difference beside it are checked against whole durations.
func TestThirtySeventhRoundMinutesSeconds(t *testing.T) {
	src := func(line string) string {
		return doc("# CI", "", "## Stages", "", line)
	}
	good := src("The test stage takes 12 min 30 s on the old runners against 5 min 0 s on the new ones, 2.5x faster and 7 min 30 s shorter.")
	rep := extract(t, good)
	claimAt(t, rep, 5, "7 min 30")
	noAlarmAt(t, good, 5, "2.5")
	alarmAt(t, src("The test stage takes 12 min 30 s on the old runners against 5 min 0 s on the new ones, 3.5x faster and 7 min 30 s shorter."), 5, "3.5")
}

// TestThirtySeventhRoundComparativeNoPair checks that a factor of fewer
// or less of things no pair counts is not called unsupported by a pair of
// times (const comparativeNoPair), while a factor of a time its sentence
// names still is.
func TestThirtySeventhRoundComparativeNoPair(t *testing.T) {
	src := func(line string) string {
		return doc("# Queue", "", "## Results", "",
			"| version | p50 | error rate |",
			"|---|---:|---:|",
			"| v2.0 (baseline) | 14.0 ms | 0.10 % |",
			"| v2.1 (incident) | 22.0 ms | 3.00 % |",
			"| v2.2 (fix) | 12.0 ms | 0.06 % |", "",
			"- During the incident p50 rose by 57 % (14.0 ms to 22.0 ms).",
			line)
	}
	noAlarmAt(t, src("- The error rate fell by 98 % from the incident peak, and is 50x lower than during the incident."), 12, "50")
	noAlarmAt(t, src("- The error rate rose from the baseline, and was 30x higher during the incident."), 12, "30")
	// A time its sentence names: still held to the times.
	alarmAt(t, src("- The p50 fell from the incident peak, and is 50x lower than during the incident."), 12, "50")
}
