package claims

import "testing"

// The forty-sixth round's rules (testdata/labels/README.md, "Forty-sixth
// round"). Each test has, written for the test, a text of the shape its
// rule reads and a near miss that must keep its verdict; with the rule's
// const off, its cases fail.

// TestFortySixthRoundRatioOnSlippedPrefix checks that a percentage whose
// line writes one figure in the wrong prefix ("costs 41.2 ns instead of
// 97.8 µs" where the benchmark output gives 41.2µ) is read against the
// output's figure and holds, while the slipped figure keeps the
// contradiction the prefix-slip check gives it (const
// ratioOnMisquotedSide); a percentage that holds with neither keeps its
// alarm.
func TestFortySixthRoundRatioOnSlippedPrefix(t *testing.T) {
	src := func(pct string) string {
		return doc("# Geofence matcher", "", "## Results", "",
			"```",
			"                   │   old.txt   │              new.txt               │",
			"                   │   sec/op    │   sec/op     vs base               │",
			"Contains/fences=2k-8   97.8µ ± 1%   41.2µ ± 2%  -57.87% (p=0.000 n=10)",
			"```",
			"",
			"With two thousand fences each lookup now costs 41.2 ns instead of 97.8 µs, "+pct+" less time per lookup.")
	}
	noAlarmAt(t, src("57.9 %"), 11, "57.9")
	alarmAt(t, src("57.9 %"), 11, "41.2")
	alarmAt(t, src("64.5 %"), 11, "64.5")
}
