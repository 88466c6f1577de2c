package claims

import "testing"

// The forty-ninth round's rules (testdata/labels/README.md,
// "Forty-ninth round"). Each test has, written for the test, a text of
// the shape its rule reads and a near miss that must keep its verdict;
// with the rule's const off, its cases fail.

// TestFortyNinthRoundRatePerSecondAsPeriod checks that a count per
// minute whose number is the load test's rate per second is a unit slip,
// and that a count per minute the rate gives (60 times it) stays clear
// (const ratePerSecondAsPeriod).
func TestFortyNinthRoundRatePerSecondAsPeriod(t *testing.T) {
	src := func(claim string) string {
		return doc("# Ferry booking gateway", "", "## Load test", "",
			"```",
			"     http_req_duration..............: avg=41.2ms min=8.1ms med=37.0ms max=310.4ms p(90)=66.3ms p(95)=81.9ms",
			"     http_reqs......................: 1281600 2136.0/s",
			"     iterations.....................: 1281600 2136.0/s",
			"```",
			"",
			claim)
	}
	if c := claimAt(t, extract(t, src("So a single gateway node handles 2,136 bookings a minute at the knee.")), 11, "2,136"); c.Verdict != ArithmeticError {
		t.Errorf("2,136 a minute: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("So a single gateway node handles 128,160 bookings a minute at the knee.")), 11, "128,160"); c.Verdict.Failed() {
		t.Errorf("128,160 a minute: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFortyNinthRoundPercentileFromSource checks that a p99 credited to
// a k6 summary whose trend lines print p(90) and p(95) only is
// unsupported, and that a p95 credited to it (printed there) keeps its
// verdict (const percentileFromSource).
func TestFortyNinthRoundPercentileFromSource(t *testing.T) {
	src := func(claim string) string {
		return doc("# Tide gauge relay", "", "## Soak test", "",
			"```",
			"     http_req_duration..............: avg=12.4ms min=2.2ms med=10.9ms max=96.0ms p(90)=19.8ms p(95)=24.1ms",
			"     http_reqs......................: 540000 900.0/s",
			"```",
			"",
			"Over the soak the relay never queued a reading; according to k6 the",
			claim)
	}
	if c := claimAt(t, extract(t, src("p99 of a relayed reading stayed at 31.5 ms.")), 11, "31.5"); c.Verdict != Unsupported {
		t.Errorf("p99 31.5 ms: %s (%s), want unsupported", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("p95 of a relayed reading stayed at 24.1 ms.")), 11, "24.1"); c.Verdict.Failed() {
		t.Errorf("p95 24.1 ms: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFortyNinthRoundSavedBesidePair checks that a table naming its two
// variants in its headers, with a saving and a factor column after them,
// reads each row's factor against the two variants, and that a factor no
// row's pair gives is then an error (const savedBesidePair).
func TestFortyNinthRoundSavedBesidePair(t *testing.T) {
	src := doc("# Tariff zone lookup", "", "## Per-batch times", "",
		"| Stops | Linear scan | Grid index | Saved | Speed-up |",
		"|---:|---:|---:|---:|---:|",
		"| 500 | 2,410.8 µs | 611.2 µs | 1,799.6 µs | 3.94x |",
		"| 5,000 | 24,902.5 µs | 5,870.1 µs | 19,032.4 µs | 5.10x |")
	rep := extract(t, src)
	if c := claimAt(t, rep, 7, "3.94"); c.Verdict != Consistent {
		t.Errorf("3.94x: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 8, "5.10"); !c.Verdict.Failed() {
		t.Errorf("5.10x: %s (%s), want an alarm (24,902.5 / 5,870.1 is 4.24x)", c.Verdict, c.Detail)
	}
}

// TestFortyNinthRoundK6PercentileRestated checks that a p95 in prose,
// beside the after run's rate, that the after summary prints as another
// figure is contradicted, and that the p95 it prints, so restated, is
// not (const k6PercentileRestated).
func TestFortyNinthRoundK6PercentileRestated(t *testing.T) {
	src := func(claim string) string {
		return doc("# Parking permit API", "", "## Load", "", "Before:", "",
			"```",
			"     http_req_duration..............: avg=88.1ms min=9.9ms med=70.4ms max=1.40s p(90)=151.7ms p(95)=196.5ms",
			"     http_reqs......................: 180000 300.0/s",
			"```",
			"", "After:", "",
			"```",
			"     http_req_duration..............: avg=30.6ms min=4.1ms med=25.2ms max=380.2ms p(90)=52.9ms p(95)=66.8ms",
			"     http_reqs......................: 522000 870.0/s",
			"```",
			"",
			claim)
	}
	if c := claimAt(t, extract(t, src("At 870.0 requests per second the permit lookups now answer with a p95 of 61.8 ms.")), 19, "61.8"); c.Verdict != Contradicted {
		t.Errorf("p95 61.8 ms: %s (%s), want contradicted", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("At 870.0 requests per second the permit lookups now answer with a p95 of 66.8 ms.")), 19, "66.8"); c.Verdict.Failed() {
		t.Errorf("p95 66.8 ms: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFortyNinthRoundPeriodWrapped checks that a rate whose "a second"
// is wrapped onto the next line is read as a rate and checked against
// the time per item before it, and that one the time gives keeps no
// alarm (const periodWrapped).
func TestFortyNinthRoundPeriodWrapped(t *testing.T) {
	src := func(rate string) string {
		return doc("# Hail radar tiles", "", "## Per tile", "",
			"At 4.0 µs per tile one worker can encode about "+rate+" tiles a",
			"second, which is more than the radar ever sends.")
	}
	if c := claimAt(t, extract(t, src("400,000")), 5, "400,000"); c.Verdict != ArithmeticError {
		t.Errorf("400,000 tiles a second: %s (%s), want arithmetic-error (1 / 4.0 µs is 250,000)", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("250,000")), 5, "250,000"); c.Verdict.Failed() {
		t.Errorf("250,000 tiles a second: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFortyNinthRoundPeriodCountOfTen checks that a yearly saving that
// is the month's saving times ten is an arithmetic error even when a
// daily amount before them gives it over some count of working days,
// and that the month's saving times twelve keeps no alarm (const
// periodCountOfTen).
func TestFortyNinthRoundPeriodCountOfTen(t *testing.T) {
	src := func(year string) string {
		return doc("# Ticket scanner fleet", "", "## Cost", "",
			"Retiring the two spare scanners saves $21.40 a day, $642.00 a month and "+year+" a year.")
	}
	if c := claimAt(t, extract(t, src("$6,420")), 5, "6,420"); c.Verdict != ArithmeticError {
		t.Errorf("$6,420 a year: %s (%s), want arithmetic-error", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("$7,704")), 5, "7,704"); c.Verdict.Failed() {
		t.Errorf("$7,704 a year: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFortyNinthRoundFactorAfterOwnPair checks that a factor written
// right after the two figures it divides is consistent with them, not
// called wrong on the next clause's pair, and that a factor its two
// figures do not give keeps its alarm (const factorAfterOwnPair).
func TestFortyNinthRoundFactorAfterOwnPair(t *testing.T) {
	src := doc("# Barcode label cache", "", "## Allocations", "",
		"Allocation counts moved the most: a short label now goes from 24 to 3",
		"allocations (8.0x fewer), a long one from 60 to 5, and a batch from 300 to 20, 12 times fewer.")
	rep := extract(t, src)
	if c := claimAt(t, rep, 6, "8.0"); c.Verdict != Consistent {
		t.Errorf("8.0x: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 6, "12"); !c.Verdict.Failed() {
		t.Errorf("12 times: %s (%s), want an alarm (300 / 20 is 15x)", c.Verdict, c.Detail)
	}
}

// TestFortyNinthRoundK6RequestFactor checks that a factor of requests
// served is read against the request rates of the k6 summaries, not the
// pair of its own line, and that one those rates do not give keeps its
// alarm (const k6RequestFactor).
func TestFortyNinthRoundK6RequestFactor(t *testing.T) {
	src := func(claim string) string {
		return doc("# Harbour berth planner", "", "## Load", "", "Before:", "",
			"```",
			"     http_req_duration..............: avg=52.0ms min=7.0ms med=44.1ms max=900.0ms p(90)=91.3ms p(95)=120.4ms",
			"     http_reqs......................: 240000 400.0/s",
			"```",
			"", "After:", "",
			"```",
			"     http_req_duration..............: avg=31.5ms min=5.2ms med=27.0ms max=510.7ms p(90)=55.1ms p(95)=70.2ms",
			"     http_reqs......................: 396000 660.0/s",
			"```",
			"",
			claim)
	}
	if c := claimAt(t, extract(t, src("Timeouts went from 40 to 33 while the planner served 1.65x as many requests.")), 19, "1.65"); c.Verdict != Consistent {
		t.Errorf("1.65x as many requests: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("Timeouts went from 40 to 33 while the planner served 1.85x as many requests.")), 19, "1.85"); !c.Verdict.Failed() {
		t.Errorf("1.85x as many requests: %s (%s), want an alarm", c.Verdict, c.Detail)
	}
}

// TestFortyNinthRoundPercentileRowRestated checks that a summary's p99
// pair, written across a line break, that keeps the table row's before
// figure (in another unit) and changes its after one is contradicted,
// and that the row's own pair restated keeps no alarm (const
// percentileRowRestated).
func TestFortyNinthRoundPercentileRowRestated(t *testing.T) {
	src := func(after string) string {
		return doc("# Pharmacy claim adjudication", "", "## Summary", "",
			"- In production a claim now clears in a median 66 ms and the p99 fell from 0.84 s",
			"  to "+after+".",
			"", "## Production", "",
			"| Metric | 2.3 (March) | 2.4 (April) | Change |",
			"|---|---:|---:|---:|",
			"| p99 | 840 ms | 310 ms | −63.1 % |",
			"| p50 | 120 ms | 66 ms | −45.0 % |")
	}
	if c := claimAt(t, extract(t, src("280 ms")), 6, "280"); c.Verdict != Contradicted {
		t.Errorf("p99 0.84 s → 280 ms: %s (%s), want contradicted", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("310 ms")), 6, "310"); c.Verdict.Failed() {
		t.Errorf("p99 0.84 s → 310 ms: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFortyNinthRoundPairSideOtherRow checks that a pair whose after
// figure is another row's, the row its sentence names, has its before
// figure called mixes-rows, and that when the sentence names the row of
// the before figure the before figure keeps no alarm (const
// pairSideOtherRow).
func TestFortyNinthRoundPairSideOtherRow(t *testing.T) {
	src := func(claim string) string {
		return doc("# Ferry manifest parser", "", "## Per manifest", "",
			"| Manifest | Before | After | Change |",
			"|---|---:|---:|---:|",
			"| coastal | 9.84 µs | 3.71 µs | −62.3 % |",
			"| ocean | 61.20 µs | 20.45 µs | −66.6 % |",
			"", claim)
	}
	if c := claimAt(t, extract(t, src("The coastal manifest went from 61.20 µs to 3.71 µs, a cut of 93.9 %.")), 10, "61.20"); c.Verdict != MixesRows {
		t.Errorf("61.20 µs: %s (%s), want mixes-rows", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("The ocean manifest went from 61.20 µs to 3.71 µs, a cut of 93.9 %.")), 10, "61.20"); c.Verdict.Failed() {
		t.Errorf("61.20 µs of the ocean row: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFortyNinthRoundMixedRatioSide checks that, of a pair whose
// percentage mixes two rows, the figure of the row its sentence does not
// name is mixes-rows too, and that the figure of the named row keeps no
// alarm (const mixedRatioSide). In this short text an older rule already
// marks the borrowed figure, so the test clears its verdict (as the
// longer reports of blind25, blind27, blind46 and blind49 left it) and
// runs the rule alone.
func TestFortyNinthRoundMixedRatioSide(t *testing.T) {
	src := doc("# Tide table compiler", "", "## Micro-benchmarks (criterion)", "",
		"```",
		"fit/harmonic/512x512",
		"                        time:   [29.88 ms 30.11 ms 30.35 ms]",
		"                 change:",
		"                        time:   [-38.02% -37.53% -37.01%] (p = 0.00 < 0.05)",
		"",
		"merge/gauges/9",
		"                        time:   [9.342 ms 9.401 ms 9.466 ms]",
		"                 change:",
		"                        time:   [-5.310% -4.790% -4.222%] (p = 0.00 < 0.05)",
		"```",
		"",
		"| Stage | 2.0 (mean) | 2.1 (mean) | Change | Factor |",
		"|---|---:|---:|---:|---:|",
		"| harmonic fit 512×512 | 48.20 ms | 30.11 ms | −37.5 % | 1.60x |",
		"| merge, 9 gauges | 9.874 ms | 9.401 ms | −4.8 % | 1.05x |",
		"",
		"Measured against the old code, the harmonic fit fell from 48.20 ms to 9.40 ms, 80 % less.")
	x := readToFacts("t", src)
	x.crossCheck()
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Line == 22 && c.Kind == Absolute {
			c.Cross, c.Verdict, c.Detail = nil, Consistent, ""
		}
	}
	x.markMixedRatioSides()
	if c := claimAt(t, x.rep, 22, "9.40"); c.Verdict != MixesRows {
		t.Errorf("9.40 ms: %s (%s), want mixes-rows", c.Verdict, c.Detail)
	}
	if c := claimAt(t, x.rep, 22, "48.20"); c.Verdict.Failed() {
		t.Errorf("48.20 ms: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFortyNinthRoundSavingOfLabelledRow checks that a saving in
// node-hours is the difference of the table row whose label names
// node-hours (its cells bare numbers), and that a saving that row does
// not give is not made consistent (const savingOfLabelledRow).
func TestFortyNinthRoundSavingOfLabelledRow(t *testing.T) {
	src := func(saving string) string {
		return doc("# Glacier survey mosaics", "", "## Per survey", "",
			"| Per survey | 3.1 | 3.2 |",
			"|---|---:|---:|",
			"| Mosaic wall time | 48.0 min | 19.5 min |",
			"| Node-hours for mosaicking | 6.40 | 2.60 |",
			"",
			"That is 28.5 minutes saved per survey and "+saving+" node-hours less compute.")
	}
	if c := claimAt(t, extract(t, src("3.8")), 10, "3.8"); c.Verdict != Consistent {
		t.Errorf("3.8 node-hours: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("5.1")), 10, "5.1"); c.Verdict == Consistent {
		t.Errorf("5.1 node-hours: %s (%s), want it not made consistent", c.Verdict, c.Detail)
	}
}
