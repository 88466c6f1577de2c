package claims

import "testing"

// The fifty-third round's rules (testdata/labels/README.md, "Fifty-third
// round"). Each test has, written for the test, a text of the shape its
// rule reads and a near miss that must keep its verdict; with the rule's
// const off, its cases fail.

// TestFiftyThirdRoundFactorInTable checks that a summary factor which
// rounds a factor printed in a results table is not called unsupported,
// and that a summary factor no row prints keeps its alarm (const
// factorInTableHeld).
func TestFiftyThirdRoundFactorInTable(t *testing.T) {
	src := func(claim string) string {
		return doc("# Glacier melt gauge archive", "", "## Summary", "",
			claim, "",
			"Packing one day of readings now takes far less time than before.", "",
			"## Results", "",
			"| Benchmark | main (old) | new | speed-up | time saved |",
			"|---|--:|--:|--:|--:|",
			"| pack/small | 2.314 ms | 611.0 µs | 3.79x | 73.6 % |",
			"| pack/medium | 5.882 ms | 940.6 µs | 6.25x | 84.0 % |",
			"| pack/large | 14.07 ms | 1.706 ms | 8.25x | 87.9 % |", "",
			"## Conclusions", "",
			"- The nightly archive job went from 41.0 s to 9.5 s.")
	}
	for _, tc := range []struct {
		claim, fig string
		alarm      bool
	}{
		{"- The archive packs the largest days 8.2x faster, the smallest 3.8x faster.", "8.2", false},
		{"- The archive packs the largest days 8.2x faster, the smallest 3.8x faster.", "3.8", false},
		// 5.1x is printed by no row.
		{"- The archive packs the largest days 5.1x faster than the old packer did.", "5.1", true},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 5, tc.fig)
		if tc.alarm && c.Verdict != Unsupported {
			t.Errorf("%s: %s %s (%s), want unsupported", tc.claim, tc.fig, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s %s (%s), want no alarm", tc.claim, tc.fig, c.Verdict, c.Detail)
		}
	}
}

// TestFiftyThirdRoundK6TransferRate checks that the byte rate k6 prints
// beside the bytes a run received is not recomputed over a request's
// time, and that a byte rate of prose over the same figures still is
// (const k6TransferRateHeld).
func TestFiftyThirdRoundK6TransferRate(t *testing.T) {
	src := doc("# Harbour crane telemetry feed", "", "## Load test", "",
		"```",
		"     data_received..................: 7.3 GB  12 MB/s",
		"     data_sent......................: 301 MB  501 kB/s",
		"     http_reqs......................: 812004 1353.3/s",
		"```", "",
		"| statistic | old | new |",
		"|---|--:|--:|",
		"| median | 88.1 ms | 31.6 ms |",
		"| max | 1.52 s | 608.3 ms |", "",
		"Replaying the 7.3 GB archive took the new build 608.3 ms, about 12 MB/s.")
	r := extract(t, src)
	if c := claimAt(t, r, 6, "12"); c.Verdict.Failed() {
		t.Errorf("12 MB/s on k6's data_received line: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
	// The same rate in prose is still a size over a time, a prefix slipped.
	if c := claimAt(t, r, 16, "12"); !c.Verdict.Failed() {
		t.Errorf("12 MB/s of prose: %s (%s), want an alarm", c.Verdict, c.Detail)
	}
}

// TestFiftyThirdRoundPerfCounterChange checks that a percentage of prose
// restating the change of a perf stat counter between two pasted runs is
// not called unsupported, and that a percentage the counts do not give
// keeps its alarm (const perfCounterChangeHeld).
func TestFiftyThirdRoundPerfCounterChange(t *testing.T) {
	src := func(claim string) string {
		return doc("# Seismic trace decimator", "", "## Decimating one day", "",
			"Before:", "", "```",
			" Performance counter stats for './decimate --day 212':", "",
			"         48,210.55 msec task-clock                #    3.902 CPUs utilized",
			"   162,114,902,331      cycles                    #    3.363 GHz",
			"   301,877,240,118      instructions              #    1.86  insn per cycle", "",
			"      12.355102214 seconds time elapsed",
			"```", "", "After:", "", "```",
			" Performance counter stats for './decimate --day 212':", "",
			"         19,734.20 msec task-clock                #    3.881 CPUs utilized",
			"    66,020,417,893      cycles                    #    3.345 GHz",
			"   139,402,106,552      instructions              #    2.11  insn per cycle", "",
			"       5.084777120 seconds time elapsed",
			"```", "",
			"The day now decimates in 5.08 s instead of 12.36 s.", "",
			claim)
	}
	for _, tc := range []struct {
		claim, fig string
		alarm      bool
	}{
		// 1 − 66.02/162.11 = 59.3 %.
		{"Fewer cycles were spent: they fell by 59.3 % over the day.", "59.3", false},
		// 1 − 139.40/301.88 = 53.8 %, not 48.8 %.
		{"Fewer instructions were retired: they fell by 48.8 % over the day.", "48.8", true},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 31, tc.fig)
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an alarm", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}
