package claims

import "testing"

// The fifty-second round's rules (testdata/labels/README.md, "Fifty-second
// round"). Each test has, written for the test, a text of the shape its
// rule reads and a near miss that must keep its verdict; with the rule's
// const off, its cases fail.

// TestFiftySecondRoundK6PercentileRowsMixed checks that a change computed
// from one percentile of the first k6 run and another statistic of the
// second mixes rows, and that the change over the same percentile of both
// runs, and one whose figure after neither run prints, keep their
// verdicts (const k6PercentileRowsMixed).
func TestFiftySecondRoundK6PercentileRowsMixed(t *testing.T) {
	src := func(claim string) string {
		return doc("# Lighthouse beacon registry", "", "## Load test", "",
			"Old build:", "", "```",
			"     http_req_duration..............: avg=61.20ms min=8.31ms  med=52.4ms max=1.02s  p(90)=97.3ms  p(95)=131.8ms",
			"     http_reqs......................: 902114 1503.5/s",
			"```", "", "New build:", "", "```",
			"     http_req_duration..............: avg=24.05ms min=3.10ms  med=20.7ms max=311.6ms  p(90)=38.6ms  p(95)=49.9ms",
			"     http_reqs......................: 2217450 3695.7/s",
			"```", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		bad        bool
	}{
		// 38.6 ms is the new run's p(90); its p(95) is 49.9 ms.
		{"Under the same 90 virtual users the beacon lookup p95 went from 131.8 ms to 38.6 ms (−70.7 %).", "70.7", true},
		{"Under the same 90 virtual users the beacon lookup p95 went from 131.8 ms to 49.9 ms (−62.1 %).", "62.1", false},
		// 45.0 ms is printed by no run: not a row of another statistic.
		{"Under the same 90 virtual users the beacon lookup p95 went from 131.8 ms to 45.0 ms (−65.9 %).", "65.9", false},
		// The median of both runs.
		{"Under the same 90 virtual users the median lookup went from 52.4 ms to 20.7 ms (−60.5 %).", "60.5", false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 19, tc.fig)
		if tc.bad && c.Verdict != MixesRows {
			t.Errorf("%s: %s (%s), want mixes-rows", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.bad && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftySecondRoundFactorOffPairBefore checks that a factor written
// right after the pair it restates (with a percentage between, or bare
// figures) is an arithmetic error when their quotient does not give it,
// and that a factor the pair gives, one naming another quantity ("times
// the …") and one in another clause keep their
// verdicts (const factorOffPairBefore).
func TestFiftySecondRoundFactorOffPairBefore(t *testing.T) {
	src := func(claim string) string {
		return doc("# Orchard frost alarm relay", "", "## Memory", "",
			"The relay keeps one ring buffer per sensor mast.", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		bad        bool
	}{
		// 24,576 / 6,144 = 4.0.
		{"Bytes allocated per alarm sweep dropped from 24,576 B to 6,144 B, 75.0 % less, or 5.1x lower.", "5.1", true},
		{"Bytes allocated per alarm sweep dropped from 24,576 B to 6,144 B, 75.0 % less, or 4.0x lower.", "4.0", false},
		// Bare figures: 3.10 / 1.92 = 1.61.
		{"Instructions per cycle rose from 1.92 to 3.10, 2.4x higher than before.", "2.4", true},
		{"Instructions per cycle rose from 1.92 to 3.10, 1.6x higher than before.", "1.6", false},
		// Another quantity: the masts are not the factor's subject.
		{"Going from 16 to 32 masts gives 1.7 times the alarm throughput.", "1.7", false},
		// Another clause: the factor is of the relay's speed.
		{"Instructions per cycle rose from 1.92 to 3.10, and the relay is 2.4x faster overall.", "2.4", false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 7, tc.fig)
		if tc.bad && c.Verdict != ArithmeticError {
			t.Errorf("%s: %s (%s), want arithmetic-error", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.bad && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftySecondRoundFactorOffPercentBefore checks that a factor
// written right after the percentage of the same cut or rise is an
// arithmetic error when 1 / (1 − p) or 1 + p does not give it, and that a
// factor it gives and a factor of speed ("faster", read either way) keep
// their verdicts (const factorOffPercentBefore).
func TestFiftySecondRoundFactorOffPercentBefore(t *testing.T) {
	src := func(claim string) string {
		return doc("# Canal lock scheduler", "", "## Garbage", "",
			"The planner no longer copies the gate timetable per request.", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		bad        bool
	}{
		// A 75.2 % cut leaves 24.8 %: 4.03x fewer.
		{"Young-generation collections drop by three quarters (−75.2 %), 5.5x fewer per hour.", "5.5", true},
		{"Young-generation collections drop by three quarters (−75.2 %), 4.0x fewer per hour.", "4.0", false},
		// A rise of 140 % is 2.4x.
		{"Lock cycles planned per minute went up 140 % more, 3.1x higher at the evening peak.", "3.1", true},
		{"Lock cycles planned per minute went up 140 % more, 2.4x higher at the evening peak.", "2.4", false},
		{"Each plan is 68 % faster, 2.9x faster at the evening peak.", "2.9", false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 7, tc.fig)
		if tc.bad && c.Verdict != ArithmeticError {
			t.Errorf("%s: %s (%s), want arithmetic-error", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.bad && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftySecondRoundOneCoreRateTenth checks that a rate of one core a
// sixth over the rate its time gives is an arithmetic error, and that
// rates within a tenth keep their verdicts (const oneCoreRateTenth).
func TestFiftySecondRoundOneCoreRateTenth(t *testing.T) {
	src := func(claim string) string {
		return doc("# Peat bog sensor uplink", "", "## Per-core cost", "",
			"Framing a moisture reading now takes 2.5 µs, down from 6.1 µs.", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		bad        bool
	}{
		// 1 s / 2.5 µs = 400,000 a second.
		{"At 2.5 µs a single core now frames about 465,000 moisture readings per second.", "465,000", true},
		{"At 2.5 µs a single core now frames about 340,000 moisture readings per second.", "340,000", true},
		{"At 2.5 µs a single core now frames about 430,000 moisture readings per second.", "430,000", false},
		{"At 2.5 µs a single core now frames about 372,000 moisture readings per second.", "372,000", false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 7, tc.fig)
		if tc.bad && c.Verdict != ArithmeticError {
			t.Errorf("%s: %s (%s), want arithmetic-error", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.bad && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftySecondRoundK6PairWrapped checks that a pair of a percentile
// wrapped across two lines, whose figure after the second k6 run does not
// print for it, is contradicted, and that the pair the runs print keeps
// its verdict (const k6PairWrapped).
func TestFiftySecondRoundK6PairWrapped(t *testing.T) {
	src := func(after string) string {
		return doc("# Ferry berth booking API", "", "## Load test", "",
			"Before:", "", "```",
			"     http_req_duration..............: avg=90.4ms min=11.2ms med=80.6ms max=977.0ms p(90)=160.3ms p(95)=204.9ms",
			"```", "", "After:", "", "```",
			"     http_req_duration..............: avg=41.7ms min=5.9ms  med=36.2ms max=512.8ms p(90)=71.5ms  p(95)=88.6ms",
			"```", "",
			"With the berth index cached, the booking p95 under the same load went from 204.9 ms to",
			after+" on the second run.")
	}
	for _, tc := range []struct {
		after string
		bad   bool
	}{
		{"79.6 ms", true},
		{"88.6 ms", false},
	} {
		rep := extract(t, src(tc.after))
		c := claimAt(t, rep, 18, tc.after[:len(tc.after)-3])
		if tc.bad && c.Verdict != Contradicted {
			t.Errorf("%s: %s (%s), want contradicted", tc.after, c.Verdict, c.Detail)
		}
		if !tc.bad && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.after, c.Verdict, c.Detail)
		}
	}
}

// TestFiftySecondRoundRateOfCountOverTime checks that a rate said to
// follow from a count done in a time of its sentence is an arithmetic
// error when the count over the time does not give it, in both orders
// ("N things in T", "at T for N things"), and that the rate they give and
// a rate of something else keep their verdicts (const
// rateOfCountOverTime).
func TestFiftySecondRoundRateOfCountOverTime(t *testing.T) {
	src := func(claim string) string {
		return doc("# Beehive scale gateway", "", "## Throughput", "",
			"Weighing frames are now decoded in one pass.", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		bad        bool
	}{
		// 40,000 / 52.5 ms = 762,000 a second.
		{"The batch run decodes 40,000 weighing frames in 52.5 ms, which is 7.6 million frames per second.", "7.6 million", true},
		{"The batch run decodes 40,000 weighing frames in 52.5 ms, which is 0.76 million frames per second.", "0.76 million", false},
		// 96 / 21.40 s = 4.49 a second.
		{"At 21.40 s for 96 hives the gateway settles about 4.9 hives per second.", "4.9", true},
		{"At 21.40 s for 96 hives the gateway settles about 4.5 hives per second.", "4.5", false},
		// Batches are not the frames counted.
		{"The batch run decodes 40,000 weighing frames in 52.5 ms, so about 25 batches per second.", "25", false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 7, tc.fig)
		if tc.bad && c.Verdict != ArithmeticError {
			t.Errorf("%s: %s (%s), want arithmetic-error", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.bad && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftySecondRoundRatePrefixedElements checks that a rate of prose
// restating criterion's element throughput in millions per minute (the
// number per second with the period slipped) is a unit slip, and that
// the same rate per second and the rate per minute it gives keep their
// verdicts (const ratePrefixedElements).
func TestFiftySecondRoundRatePrefixedElements(t *testing.T) {
	src := func(claim string) string {
		return doc("# Tidal turbine telemetry packer", "", "## Throughput", "",
			"```",
			"pack/blade_samples      time:   [35.612 µs 35.701 µs 35.790 µs]",
			"                        thrpt:  [45.781 Melem/s 45.894 Melem/s 46.009 Melem/s]",
			"```", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		bad        bool
	}{
		{"The packer now folds about 46 million blade samples per minute on one core.", "46 million", true},
		{"The packer now folds about 46 million blade samples per second on one core.", "46 million", false},
		{"The packer now folds about 2,754 million blade samples per minute on one core.", "2,754 million", false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 10, tc.fig)
		if tc.bad && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an error", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.bad && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftySecondRoundPairAfterOtherRowAllocs checks that a change of
// allocation counts whose figure after is another benchstat row's (one
// digit each) mixes rows, and that the pair of one row keeps its verdict
// (const pairAfterOtherRowAllocs).
func TestFiftySecondRoundPairAfterOtherRowAllocs(t *testing.T) {
	src := func(claim string) string {
		return doc("# Weather radio decoder", "", "## Allocations", "",
			"```",
			"                  │  allocs/op  │ allocs/op   vs base                │",
			"Decode/bulletin-8     9.000 ± 0%   4.000 ± 0%  -55.56% (p=0.000 n=10)",
			"Decode/warning-8      6.000 ± 0%   2.000 ± 0%  -66.67% (p=0.000 n=10)",
			"```", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		bad        bool
	}{
		// 2 is the warning row's after; the bulletin row's is 4.
		{"Each decoded bulletin went from 9 to 2 allocations (−77.8 %) once the header buffer was reused.", "77.8", true},
		{"Each decoded bulletin went from 9 to 4 allocations (−55.6 %) once the header buffer was reused.", "55.6", false},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 11, tc.fig)
		if tc.bad && c.Verdict != MixesRows {
			t.Errorf("%s: %s (%s), want mixes-rows", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.bad && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}
