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
