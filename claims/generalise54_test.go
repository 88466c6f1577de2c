package claims

import "testing"

// The fifty-fourth round's rules (testdata/labels/README.md, "Fifty-fourth
// round"). Each test has, written for the test, a text of the shape its
// rule reads and a near miss that must keep its verdict; with the rule's
// const off, its cases fail.

// TestFiftyFourthRoundPerfCounterSpaced checks that a percentage naming
// a perf stat event in words ("cache misses" for branch-misses) is read
// against that event's counts, and that a percentage the counts do not
// give keeps its alarm (const perfCounterSpacedName).
func TestFiftyFourthRoundPerfCounterSpaced(t *testing.T) {
	src := func(claim string) string {
		return doc("# Tram signal log compactor", "", "## One week of logs", "",
			"Old build:", "", "```",
			" Performance counter stats for './compact week-47.log':", "",
			"          9,412.80 msec task-clock                #    0.998 CPUs utilized",
			"    35,118,204,667      cycles                    #    3.731 GHz",
			"       512,336,020      branch-misses", "",
			"       9.431277105 seconds time elapsed",
			"```", "", "New build:", "", "```",
			" Performance counter stats for './compact week-47.log':", "",
			"          4,006.15 msec task-clock                #    0.997 CPUs utilized",
			"    14,930,551,209      cycles                    #    3.727 GHz",
			"       133,207,964      branch-misses", "",
			"       4.018223470 seconds time elapsed",
			"```", "",
			"A week of logs now compacts in 4.02 s where it took 9.43 s.", "",
			"Cache misses fell from 61.0 M to 12.2 M, an 80.0 % drop.",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		alarm      bool
	}{
		// 1 − 133.21/512.34 = 74.0 %.
		{"Branch misses fell by 74.0 % once the table was packed.", "74.0", false},
		// 70.2 % is no counter's change.
		{"Branch misses fell by 70.2 % once the table was packed.", "70.2", true},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 32, tc.fig)
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an alarm", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftyFourthRoundBenchstatGeomean checks that a summary percentage
// or factor naming the geometric mean is read against benchstat's
// geomean row, contradicted when it gives another change, and that one
// restating the row keeps its verdict (const benchstatGeomeanRestated).
func TestFiftyFourthRoundBenchstatGeomean(t *testing.T) {
	src := func(claim string) string {
		return doc("# Snowmelt runoff forecaster", "", "## Summary", "",
			claim, "",
			"## Benchmarks", "", "```",
			"                  │   old.txt    │               new.txt               │",
			"                  │    sec/op    │   sec/op     vs base                │",
			"Route/basin-4       88.40µ ± 1%   31.02µ ± 2%  -64.91% (p=0.000 n=8)",
			"Route/reach-4       4.212m ± 2%   1.988m ± 1%  -52.80% (p=0.000 n=8)",
			"Smooth-4            912.0n ± 1%   402.5n ± 1%  -55.87% (p=0.000 n=8)",
			"geomean             69.68µ        27.03µ       -61.20%",
			"```")
	}
	for _, tc := range []struct {
		claim, fig string
		alarm      bool
	}{
		// The row says −61.20 %; 55 % is no reading of it (one row's
		// 55.87 % rounds to 56).
		{"- Across the three benchmarks the geometric mean time per operation fell by 55 %.", "55", true},
		// 1 / (1 − 0.612) = 2.58x, not 3.1x.
		{"- By the benchstat geomean the forecaster runs 3.1x faster.", "3.1", true},
		{"- Across the three benchmarks the geometric mean time per operation fell by 61.2 %.", "61.2", false},
		{"- By the benchstat geomean the forecaster runs 2.6x faster.", "2.6", false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 5, tc.fig)
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an alarm", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftyFourthRoundAllocsRatio checks that a factor of allocation
// counts no allocs/op pair of the report gives is unsupported, and that
// one a pair gives keeps its verdict (const allocsRatioNoPair).
func TestFiftyFourthRoundAllocsRatio(t *testing.T) {
	src := func(claim string) string {
		return doc("# Lighthouse lamp scheduler", "", "## Allocations", "",
			"```",
			"                │   before.txt   │              after.txt               │",
			"                │   allocs/op    │  allocs/op   vs base                 │",
			"Plan/coast-4        12.00 ± 0%      3.000 ± 0%  -75.00% (p=0.000 n=8)",
			"Plan/estuary-4      28.00 ± 0%      7.000 ± 0%  -75.00% (p=0.000 n=8)",
			"Rotate-4            6.000 ± 0%      2.000 ± 0%  -66.67% (p=0.000 n=8)",
			"```", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		alarm      bool
	}{
		// 12/3 = 28/7 = 4x, 6/2 = 3x: no pair gives 7x.
		{"The planner reuses its buffers now, and its allocations per plan are 7x lower.", "7", true},
		{"The planner reuses its buffers now, and its allocations per plan are 4x lower.", "4", false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 13, tc.fig)
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an alarm", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftyFourthRoundSectionCases checks that two benchmark lines of a
// section that are cases of one benchmark (two input sizes) are not read
// as a before and an after for a ratio of the section with no pair of
// its own, and that two lines whose names mark the sides still are
// (const sectionCasesNoPair).
func TestFiftyFourthRoundSectionCases(t *testing.T) {
	src := func(small, large, claim string) string {
		return doc("# Ferry manifest validator", "", "## Micro-benchmarks", "",
			"| Benchmark | v1 | v2 |", "|---|--:|--:|", "| Checksum | 2.31 µs | 1.21 µs |", "",
			"Two lines of the new run, for reference:", "", "```",
			"BenchmarkValidate/"+small+"-4     1000     1204331 ns/op",
			"BenchmarkValidate/"+large+"-4       20    80512200 ns/op",
			"```", "",
			claim)
	}
	for _, tc := range []struct {
		small, large, claim, fig string
		alarm                    bool
	}{
		// 1k and 64k are sizes: the lines are no pair for 1.9x, which
		// the table's row gives (2.31 / 1.21 = 1.91x).
		{"1k", "64k", "Checksum checks got 1.9x faster once the table moved into the loop.", "1.9", false},
		{"1k", "64k", "Checksum checks got 1.9x faster (−47.4 %) once the table moved into the loop.", "47.4", false},
		// old and new mark the sides: 1,204,331 / 633,860 = 1.90x, not 2.5x.
		{"old", "new", "Checksum checks got 2.5x faster once the table moved into the loop.", "2.5", true},
	} {
		s := src(tc.small, tc.large, tc.claim)
		if tc.small == "old" {
			s = doc("# Ferry manifest validator", "", "## Micro-benchmarks", "",
				"| Benchmark | v1 | v2 |", "|---|--:|--:|", "| Checksum | 2.31 µs | 1.21 µs |", "",
				"Two lines, before and after:", "", "```",
				"BenchmarkValidate/old-4     1000     1204331 ns/op",
				"BenchmarkValidate/new-4     2000      633860 ns/op",
				"```", "",
				tc.claim)
		}
		c := claimAt(t, extract(t, s), 16, tc.fig)
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s/%s %s: %s (%s), want an alarm", tc.small, tc.large, tc.claim, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s/%s %s: %s (%s), want no alarm", tc.small, tc.large, tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftyFourthRoundDifferenceNoSide checks that two figures each
// stated as a change ("down 12 ms", "down 150 ms") are not read as the
// before and after of a factor beside them, and that a pair joined by
// "from … to" still is (const differenceBeforeNoSide).
func TestFiftyFourthRoundDifferenceNoSide(t *testing.T) {
	src := func(claim string) string {
		return doc("# Canal lock queue planner", "", "## Production", "",
			"| Metric | Before | After |",
			"|---|--:|--:|",
			"| Plan latency p50 | 31 ms | 19 ms |",
			"| Plan latency p99 | 250 ms | 100 ms |", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		alarm      bool
	}{
		// 250 / 100 = 2.5x; 150 ms → 12 ms is no pair.
		{"The p50 is down 12 ms, and the p99 is down 150 ms, a 2.5x better tail.", "2.5", false},
		// 250 / 100 = 2.5x, not 3.5x.
		{"The p99 went from 250 ms to 100 ms, a 3.5x better tail.", "3.5", true},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 10, tc.fig)
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an alarm", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftyFourthRoundSignedPercentPrinted checks that a signed
// percentage of prose that rounds a signed change printed in benchstat's
// output is not called unsupported, and that one no row prints keeps its
// alarm (const percentInTableHeld).
func TestFiftyFourthRoundSignedPercentPrinted(t *testing.T) {
	src := func(claim string) string {
		return doc("# Orchard frost relay", "", "## Micro-benchmarks", "",
			"```",
			"                    │    a.txt     │               b.txt                │",
			"                    │    sec/op    │   sec/op     vs base               │",
			"Relay/field-4         36.10m ± 2%   9.020m ± 1%  -75.01% (p=0.000 n=10)",
			"Relay/valley-4        1.204 ± 3%    281.3m ± 2%  -76.64% (p=0.000 n=10)",
			"geomean               208.5m        50.37m       -75.84%",
			"",
			"                    │    a.txt      │               b.txt                │",
			"                    │     B/op      │     B/op      vs base              │",
			"Relay/field-4         12.00Mi ± 0%   2.400Mi ± 0%  -80.00% (p=0.000 n=10)",
			"Relay/valley-4        402.0Mi ± 0%   75.50Mi ± 0%  -81.22% (p=0.000 n=10)",
			"```", "",
			"The field relay now takes 9.02 ms, down from 36.10 ms.",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		alarm      bool
	}{
		{"Memory use dropped by roughly four fifths on both sizes (−80.0 % and −81.2 %).", "81.2", false},
		// No row prints a change of −83.2 %.
		{"Memory use dropped by roughly four fifths on both sizes (−80.0 % and −83.2 %).", "83.2", true},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 19, tc.fig)
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an alarm", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftyFourthRoundK6Quote checks that a percentile of prose that
// quotes a k6 summary is not contradicted by a production table's
// figure of the same name, and that one the summary does not print
// keeps its alarm (const k6QuoteHeld).
func TestFiftyFourthRoundK6Quote(t *testing.T) {
	src := func(claim string) string {
		return doc("# Ferry berth booking API", "", "## Summary", "",
			claim, "",
			"## Load test", "", "```",
			"     http_req_duration..............: avg=22.10ms min=3.02ms med=18.44ms max=611.0ms p(90)=35.7ms p(95)=41.18ms",
			"     http_reqs......................: 904112 1506.85/s",
			"```", "",
			"## Production", "",
			"| Metric | v3 | v4 |",
			"|---|--:|--:|",
			"| Booking p95 | 163 ms | 55 ms |",
			"| Booking p50 | 60 ms | 21 ms |")
	}
	for _, tc := range []struct {
		claim, fig string
		alarm      bool
	}{
		{"- Under k6 the booking call held 1,500 requests a second with a p95 of 41.2 ms.", "41.2", false},
		// k6 prints no p95 of 47.5 ms.
		{"- Under k6 the booking call held 1,500 requests a second with a p95 of 47.5 ms.", "47.5", true},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 5, tc.fig)
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an alarm", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftyFourthRoundK6PairLaterFirst checks that a k6 percentile pair
// written new figure first ("a p95 of A instead of B") is read against
// the summaries, contradicted when the new run prints another figure,
// and that a pair both runs print keeps its verdict (const
// k6PairLaterFirst).
func TestFiftyFourthRoundK6PairLaterFirst(t *testing.T) {
	src := func(claim string) string {
		return doc("# Beehive scale gateway", "", "## Load test", "",
			"Old gateway:", "", "```",
			"     http_req_duration..............: avg=52.30ms min=6.10ms med=44.02ms max=1.92s p(90)=71.6ms p(95)=88.02ms",
			"     http_reqs......................: 401220 668.70/s",
			"```", "", "New gateway:", "", "```",
			"     http_req_duration..............: avg=19.80ms min=2.75ms med=15.11ms max=530.4ms p(90)=27.2ms p(95)=33.91ms",
			"     http_reqs......................: 702950 1171.58/s",
			"```", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		alarm      bool
	}{
		// The new run prints p(95)=33.91ms, not 30.1 ms.
		{"On the gateway, k6 shows 1.75x the throughput with a p95 of 30.1 ms instead of 88.0 ms.", "30.1", true},
		{"On the gateway, k6 shows 1.75x the throughput with a p95 of 33.9 ms instead of 88.0 ms.", "33.9", false},
	} {
		r := extract(t, src(tc.claim))
		failed := false
		for _, c := range r.Claims {
			if c.Line == 19 && c.Verdict.Failed() {
				failed = true
			}
		}
		if failed != tc.alarm {
			t.Errorf("%s: alarm %v, want %v\n%s", tc.claim, failed, tc.alarm, formatClaims(r.Claims))
		}
	}
}

// TestFiftyFourthRoundIncreaseOverSmaller checks that a percentage of
// increase is held by the figures of its sentence over the smaller one
// only, an alarm when it is their difference over the larger, and that
// the right increase keeps no alarm (const increaseOverSmallerOnly).
func TestFiftyFourthRoundIncreaseOverSmaller(t *testing.T) {
	src := func(claim string) string {
		return doc("# Tidal turbine telemetry packer", "", "## Throughput", "",
			"| Benchmark | old | new |",
			"|---|--:|--:|",
			"| pack/day | 8.412 ms | 3.350 ms |", "",
			"For one day of samples the old packer ran at 120.0 MiB/s and the new",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		alarm      bool
	}{
		// (300 − 120) / 300 = 60 %: over the larger, the wrong base.
		{"one at 300.0 MiB/s, a 60.0 % increase in throughput.", "60.0", true},
		// (300 − 120) / 120 = 150 %.
		{"one at 300.0 MiB/s, a 150.0 % increase in throughput.", "150.0", false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 10, tc.fig)
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an alarm", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftyFourthRoundPerfCounterFactor checks that a factor of prose
// naming a perf stat event is read against that event's counts in the
// pasted runs, unsupported when their quotient does not give it, and
// that one they give is not alarmed (const perfCounterFactor).
func TestFiftyFourthRoundPerfCounterFactor(t *testing.T) {
	src := func(claim string) string {
		return doc("# Weather radio decoder", "", "## Counters", "",
			"```",
			" Performance counter stats for './decode-v2 storm.wav':", "",
			"     8,804,112,930      cycles",
			"    20,155,402,118      instructions", "",
			" Performance counter stats for './decode-v3 storm.wav':", "",
			"     3,120,553,207      cycles",
			"     5,902,771,460      instructions",
			"```", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		alarm      bool
	}{
		// 20,155 / 5,903 = 3.41x, not 4.3x.
		{"Decoding a storm bulletin retires 4.3x fewer instructions than before.", "4.3", true},
		{"Decoding a storm bulletin retires 3.4x fewer instructions than before.", "3.4", false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 17, tc.fig)
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an alarm", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftyFourthRoundCriterionOwnChange checks that criterion's own
// change line is not called unsupported by an unrelated pair of prose,
// and that a change of prose no pair gives keeps its alarm (const
// criterionChangeOwn).
func TestFiftyFourthRoundCriterionOwnChange(t *testing.T) {
	r := extract(t, doc("# Peat bog sensor uplink", "", "## Criterion", "",
		"```",
		"frame/pack              time:   [211.40 µs 212.75 µs 214.20 µs]",
		"                 change:",
		"                        time:   [-71.911% -71.640% -71.370%] (p = 0.00 < 0.05)",
		"                        Performance has improved.",
		"```", "",
		"Packing a frame of the bog sensors went from 655.1 µs to 498.0 µs on the old gateway.",
		"Packing a frame of the bog sensors is 55.2 % faster on the new gateway."))
	if c := claimAt(t, r, 8, "71.640"); c.Verdict.Failed() {
		t.Errorf("criterion's -71.640%%: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
	// 1 − 498.0/655.1 = 24.0 %, not 55.2 %.
	if c := claimAt(t, r, 13, "55.2"); !c.Verdict.Failed() {
		t.Errorf("55.2 %% of prose: %s (%s), want an alarm", c.Verdict, c.Detail)
	}
}

// TestFiftyFourthRoundCountedNoun checks that a percentage of fewer
// instructions is not checked against the pair of times beside it, and
// that a percentage of less time against that pair keeps its alarm
// (const countedNounNotTimes).
func TestFiftyFourthRoundCountedNoun(t *testing.T) {
	for _, tc := range []struct {
		claim, next string
		alarm       bool
	}{
		{"The nightly index rebuild takes 4.10 s instead of 12.80 s with 45 % fewer", "instructions retired.", false},
		// 1 − 4.10/12.80 = 68 %, not 45 %.
		{"The nightly index rebuild takes 4.10 s instead of 12.80 s, 45 % less", "time overall.", true},
	} {
		r := extract(t, doc("# Lighthouse beacon registry", "", "## Rebuild", "", tc.claim, tc.next))
		c := claimAt(t, r, 5, "45")
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an alarm", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}
