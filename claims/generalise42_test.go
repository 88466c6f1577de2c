package claims

import (
	"testing"
)

// The forty-second round's rules (testdata/labels/README.md, "Forty-second
// round"). Each test has, written for the test, an error of the shape its
// rule must catch (or the alarm it must not raise) and a consistent text
// of the same shape; with the rule's const off, its case fails.

// TestFortySecondRoundPrefixSlipTwoDigits checks that a figure of two
// significant digits written with a decimal point, restating a table's
// time with the unit's prefix off by a thousand ("stays at 4.7 µs"
// against 4.716 ms), is contradicted (const prefixSlipTwoDigits), that the
// right unit raises no alarm, and that a whole number of two digits is
// not read.
func TestFortySecondRoundPrefixSlipTwoDigits(t *testing.T) {
	src := func(fig string) string {
		return doc("# Label printer", "", "## Rendering", "",
			"| stage | before (ms) | after (ms) |",
			"|---|--:|--:|",
			"| rasterise | 4.716 | 4.702 |",
			"| dither | 31.80 | 12.40 |",
			"",
			"## Notes",
			"",
			"The rasterise stage, which lays out the label, stays at "+fig+" per label and was not touched.")
	}
	alarmAt(t, src("4.7 µs"), 12, "4.7")
	noAlarmAt(t, src("4.7 ms"), 12, "4.7")
	noAlarmAt(t, src("47 s"), 12, "47")
}

// TestFortySecondRoundPrefixSlipBinary checks that a size restating a
// table's figure with the same digits but the prefix of the other system
// ("96.4 TiB" for the table's 96.4 TB, which is 87.7 TiB) is contradicted
// (const prefixSlipBinary), and that the right conversion raises no
// alarm.
func TestFortySecondRoundPrefixSlipBinary(t *testing.T) {
	src := func(fig string) string {
		return doc("# Tile archive", "", "## Storage", "",
			"| | old | new |",
			"|---|--:|--:|",
			"| archive per year | 140.2 TB | 96.4 TB |",
			"",
			"The storage vendor bills the archive in TiB: the new archive per year is "+fig+".")
	}
	alarmAt(t, src("96.4 TiB"), 9, "96.4")
	noAlarmAt(t, src("87.7 TiB"), 9, "87.7")
}

// TestFortySecondRoundPairSideRestated checks that a summary's before →
// after pair restating a detailed pair with its figure before as written
// and another figure after ("31.8 ms → 14.2 ms" against "12,400 µs
// instead of 31,804 µs") has its figure after contradicted (const
// pairSideRestated), and that the right figure raises no alarm.
func TestFortySecondRoundPairSideRestated(t *testing.T) {
	src := func(after string) string {
		return doc("# Label printer", "", "## Summary", "",
			"- Dither, 512-dot labels (the widest we print): 31.8 ms → "+after+" (−61.0 %).",
			"",
			"## Microbenchmarks", "",
			"At 512 dots the dither pass takes 12,400 µs instead of 31,804 µs.")
	}
	alarmAt(t, src("14.2 ms"), 5, "14.2")
	noAlarmAt(t, src("12.4 ms"), 5, "12.4")
}

// TestFortySecondRoundSlipFromNamedRowRounded checks that a figure of
// prose that a slip of the pen makes from a table cell of the row its
// clause names, as the figure's digits round the cell ("the dither stage
// now takes 113 ms" against the dither row's 131.40: 131 with two digits
// swapped), is contradicted (const slipFromNamedRowRounded), and that the
// cell rounded raises no alarm.
func TestFortySecondRoundSlipFromNamedRowRounded(t *testing.T) {
	src := func(fig string) string {
		return doc("# Label printer", "", "## Stages", "",
			"| stage | labels | before (ms) | after (ms) |",
			"|---|--:|--:|--:|",
			"| raster | 50 | 48.911 | 1.932 |",
			"| raster | 5,000 | 9,790.2 | 201.77 |",
			"| dither | 50 | 22.406 | 0.912 |",
			"| dither | 5,000 | 4,471.9 | 131.40 |",
			"",
			"## Notes",
			"",
			"The raster stage is 25.3x faster at 50 labels, and at a full roll the dither stage now",
			"takes "+fig+" ms.")
	}
	alarmAt(t, src("113"), 15, "113")
	noAlarmAt(t, src("131"), 15, "131")
}
