package claims

import (
	"testing"
)

// The fortieth round's rules (testdata/labels/README.md, "Fortieth
// round"). Each test has, written for the test, an error of the shape its
// rule must catch (or the alarm it must not raise) and a consistent text
// of the same shape; with the rule's const off, its case fails.

// TestFortiethRoundMisquoteProseWords checks that a summary's pair that
// shares a figure with a detail sentence's pair in another section, the
// two lines sharing two subject words though the detail's own clause
// names none ("are 2.7 times faster (63 to 23 minutes,"), is a misquote
// when its other figure differs (const misquoteProseWords); the same pair
// quoted right raises no alarm.
func TestFortiethRoundMisquoteProseWords(t *testing.T) {
	src := func(after string) string {
		return doc("# Archive tiles", "", "## Summary", "",
			"Backfill runs went from 63 to "+after+" minutes and tile posting from 40 to 22 minutes.", "",
			"## Backfill", "",
			"4.2 Backfill runs reuse the tile cache and are 2.7 times faster (63 to 23 minutes,",
			"−63.5 %). Posting saves 18 minutes thanks to batching.")
	}
	alarmAt(t, src("21"), 5, "21")
	noAlarmAt(t, src("23"), 5, "23")
	noAlarmAt(t, src("21"), 9, "2.7")
}

// TestFortiethRoundPreviousNotTitle checks that the document's title is
// not read as a section keeping earlier results because of its words
// ("Plant historian: …"): a summary's pair that rounds a table row's old
// figure and misquotes its new one is caught (const previousNotTitle),
// and the pair quoted right raises no alarm.
func TestFortiethRoundPreviousNotTitle(t *testing.T) {
	src := func(after string) string {
		return doc("# Plant historian: block store for sensor tags", "", "## Summary", "",
			"The shift-report trend query goes from 31.4 ms to "+after+" ms on the new blocks.", "",
			"## Results", "",
			"| query | old | new |",
			"|---|--:|--:|",
			"| shift-report trend query | 31.42 ms | 7.26 ms |")
	}
	alarmAt(t, src("7.62"), 5, "7.62")
	noAlarmAt(t, src("7.26"), 5, "7.26")
}

// TestFortiethRoundRoundedPrefixApart checks that a sentence's per-item
// figure whose digits round a table's per-batch figure, a metric prefix
// away ("7.26 µs against 31.4 ns" beside the row's 31.42 µs → 7.263 µs), is
// not called a rounded misquote of it (const roundedPrefixApart); a
// figure whose digits differ still is.
func TestFortiethRoundRoundedPrefixApart(t *testing.T) {
	if !roundedPrefixApart {
		t.Skip("roundedPrefixApart is off (testdata/labels/README.md, \"Forty-first round\")")
	}
	src := func(before string) string {
		return doc("# Plant historian: block store for sensor tags", "", "## Append", "",
			"| benchmark | old | new |",
			"|---|--:|--:|",
			"| append batch of 1k tags | 31.42 µs | 7.263 µs |", "",
			"## Per tag", "",
			"Per tag, the append batch of 1k tags now costs 7.26 µs against "+before+" before.")
	}
	noAlarmAt(t, src("31.4 ns"), 11, "31.4")
	alarmAt(t, src("33.8 µs"), 11, "33.8")
}
