package claims

import (
	"slices"
	"testing"
)

// The forty-fourth round's rules (testdata/labels/README.md, "Forty-fourth
// round"). Each test has, written for the test, an error of the shape its
// rule must catch and a text of the same shape that must stay unalarmed;
// with the rule's const off, its alarm cases fail.

// stated fails unless a claim of line states fig and has no error
// verdict: a near miss must be read, and read as fine.
func stated(t *testing.T, src string, line int, fig string) {
	t.Helper()
	claimAt(t, extract(t, src), line, fig)
	noAlarmAt(t, src, line, fig)
}

// TestFortyFourthRoundConversionWrongWay checks that a size restated in
// the other system of byte units with its digits multiplied by the
// prefix's factor where they should be divided ("19.6 TB a year, that
// is 21.6 TiB"), or divided where they should be multiplied ("48.0 GiB,
// which the vendor bills as 44.7 GB"), is an arithmetic error (const
// conversionWrongWay); that the right conversions stay consistent; and
// that two amounts of two things whose digits happen to stand in that
// ratio ("… and the replicas 21.6 TiB") raise nothing.
func TestFortyFourthRoundConversionWrongWay(t *testing.T) {
	yearly := func(tail string) string {
		return doc("# Map tile archive", "", "## Storage", "",
			"Rendering at zoom 17 adds 53.7 GB of tiles a night to the archive.",
			"Kept for a year, the tiles come to 19.6 TB, that is "+tail+" of disk in the rack.")
	}
	alarmAt(t, yearly("21.6 TiB"), 6, "21.6")
	stated(t, yearly("17.8 TiB"), 6, "17.8")

	heap := func(tail string) string {
		return doc("# Map tile archive", "", "## Memory", "",
			"After compaction the tile index takes 48.0 GiB, which the cloud bill lists as "+tail+" of memory.")
	}
	alarmAt(t, heap("44.7 GB"), 5, "44.7")
	stated(t, heap("51.5 GB"), 5, "51.5")

	two := doc("# Map tile archive", "", "## Storage", "",
		"Kept for a year, the primary copy holds 19.6 TB and the replicas 21.6 TiB of disk in the rack.")
	noAlarmAt(t, two, 5, "21.6")
}

// TestFortyFourthRoundScaledOverOwnSentence checks that a day's total
// listed after an hour's amount ("2.35 TB an hour and 56.4 TiB a day")
// is checked against it when the next sentence opens with an over phrase
// of its own ("Over a 30-day month …", const scaledOverOwnSentence): a
// unit slipped in the total is an arithmetic error, the right total
// stays consistent.
func TestFortyFourthRoundScaledOverOwnSentence(t *testing.T) {
	src := func(total string) string {
		return doc("# Sensor relay", "", "## Egress", "",
			"Batching trims each frame, so the relay forwards 2.35 TB an hour and "+total+" a day. Over a 30-day month",
			"the cold archive keeps what is left after deduplication.")
	}
	alarmAt(t, src("56.4 TiB"), 5, "56.4")
	stated(t, src("56.4 TB"), 5, "56.4")
}

// TestFortyFourthRoundScaledOverAfterComma checks that a month's total
// linked to a day's amount by a comma after words about it, with the
// number of days stated after the total ("41.7 GB of scratch space a
// day, 1.25 TiB over a 30-day month"), is checked as that total (const
// scaledOverAfterComma): the unit slipped is an arithmetic error, the
// right conversion of the total stays consistent.
func TestFortyFourthRoundScaledOverAfterComma(t *testing.T) {
	src := func(total string) string {
		return doc("# Sensor relay", "", "## Scratch space", "",
			"The streaming encoder spares 41.7 GB of scratch space a day, "+total+" over a 30-day month.")
	}
	alarmAt(t, src("1.25 TiB"), 5, "1.25")
	stated(t, src("1.14 TiB"), 5, "1.14")
	stated(t, src("1.25 TB"), 5, "1.25")
}

// TestFortyFourthRoundProductChain checks that a size written after the
// chain of three or more factors that gives it ("3,600 tiles × 256 ×
// 256 × 4 bytes = 943.7 MiB") is checked as their product (const
// productChain): the product's decimal megabytes written as MiB is an
// arithmetic error, the right unit is consistent, a count in words
// ("1.5 million × 520 bits") is read, and a chain whose product is
// another figure (one term of a sum) raises nothing.
func TestFortyFourthRoundProductChain(t *testing.T) {
	src := func(total string) string {
		return doc("# Tile cache", "", "## Memory", "",
			"A warm zoom level holds 3,600 tiles × 256 × 256 × 4 bytes = "+total+" of decoded pixels in each worker.")
	}
	alarmAt(t, src("943.7 MiB"), 5, "943.7")
	stated(t, src("943.7 MB"), 5, "943.7")
	stated(t, src("900.0 MiB"), 5, "900.0")

	bits := func(total string) string {
		return doc("# Tile cache", "", "## Bitmaps", "",
			"The dirty-tile bitmaps need 1.5 million × 520 bits = "+total+" across the cluster.")
	}
	alarmAt(t, bits("97.5 MiB"), 5, "97.5")
	stated(t, bits("97.5 MB"), 5, "97.5")

	sum := doc("# Tile cache", "", "## Disk", "",
		"Both tiers together: 2,000 tiles × 48 × 1.5 KB = 611.3 MB with the overview tier added.")
	noAlarmAt(t, sum, 5, "611.3")
}

// TestFortyFourthRoundPairAfterOtherRow checks that a prose pair whose
// figure before is one table row's and whose figure after is another
// row's ("the large archive went from 812 ms to 95 ms (−88.3 %)", 95 ms
// the small archive's new time) mixes rows (const pairAfterOtherRow): the
// change, whichever row the sentence names, and the row's own pair stays
// consistent.
func TestFortyFourthRoundPairAfterOtherRow(t *testing.T) {
	src := func(after, change string) string {
		return doc("# Archive unpacker", "", "## Unpacking", "",
			"| archive | v1 (ms) | v2 (ms) | change |",
			"|---|--:|--:|--:|",
			"| small | 230 | 95 | −58.7 % |",
			"| large | 812 | 140 | −82.8 % |",
			"",
			"Unpacking the large archive went from 812 ms to "+after+" ("+change+") once the index moved to the front.")
	}
	// The sentence names the small archive: its figure after is the
	// small row's own, and the figure before the borrowed one.
	small := doc("# Archive unpacker", "", "## Unpacking", "",
		"| archive | v1 (ms) | v2 (ms) | change |",
		"|---|--:|--:|--:|",
		"| small | 230 | 95 | −58.7 % |",
		"| large | 812 | 140 | −82.8 % |",
		"",
		"Unpacking the small archive went from 812 ms to 95 ms (−88.3 %) once the index moved to the front.")
	alarmAt(t, small, 10, "88.3")
	alarmAt(t, src("95 ms", "−88.3 %"), 10, "88.3")
	alarmAt(t, src("95 ms", "−88.3 %"), 10, "95")
	stated(t, src("140 ms", "−82.8 %"), 10, "82.8")
	stated(t, src("140 ms", "−82.8 %"), 10, "140")
}

// TestFortyFourthRoundMinutesShortM checks that a time written with "m"
// for its minutes and then its seconds ("2 m 30 s") is one figure of 150
// s (const minutesShortM): a table row's factor over it holds, a wrong
// one is still caught, and a plain "m" with no seconds after it is not
// read as minutes.
func TestFortyFourthRoundMinutesShortM(t *testing.T) {
	src := func(factor string) string {
		return doc("# Report exporter", "", "## Nightly export", "",
			"| stage | before | after | speed-up |",
			"|---|--:|--:|--:|",
			"| export | 2 m 30 s | 25.0 s | "+factor+" |",
			"| upload | 48.0 s | 16.0 s | 3.0x |")
	}
	stated(t, src("6.0x"), 7, "6.0")
	alarmAt(t, src("8.0x"), 7, "8.0")
	rep := extract(t, doc("# Report exporter", "", "The export bucket sits 40 m from the rack, 12 s away by cable."))
	for _, c := range rep.Claims {
		for _, n := range c.Numbers {
			if n.Text == "40" && n.Quantity == Time {
				t.Fatalf("40 m read as a time: %+v", n)
			}
		}
	}
}

// TestFortyFourthRoundPercentOverNewDirection checks that a percentage
// beside a difference that takes the pair's figure after as its base
// ("12.0 s slower, that is 60.0 % more time" of 32.0 s → 20.0 s read the
// other way) is caught when its words follow the pair's direction (const
// percentOverNew), and left alone when they go against it ("put the other
// way, the old merge took 60.0 % longer" of a time that fell: the old
// figure compared with the new one, whose base the new figure is; const
// percentOverNewDirection).
func TestFortyFourthRoundPercentOverNewDirection(t *testing.T) {
	src := func(before, after, sentence string) string {
		return doc("# Merge job", "", "## Timings", "",
			"| stage | before | after |",
			"|---|--:|--:|",
			"| merge | "+before+" | "+after+" |",
			"| index | 8.0 s | 7.5 s |",
			"",
			"## Notes",
			"",
			sentence)
	}
	alarmAt(t, src("20.0 s", "32.0 s", "Since the rewrite a run is 12.0 s slower, that is 37.5 % more time."), 12, "37.5")
	stated(t, src("20.0 s", "32.0 s", "Since the rewrite a run is 12.0 s slower, that is 60.0 % more time."), 12, "60.0")
	stated(t, src("32.0 s", "20.0 s", "Since the rewrite a run is 12.0 s faster; put the other way, the old code took 60.0 % longer."), 12, "60.0")
}

// TestFortyFourthRoundWrongBasePercent checks the twenty-eighth round's
// wrongBasePercent, switched on in this round with percentOverNew (the
// class of a percentage on the wrong base is now seen on blind27 and
// blind42): a rate's gain written as the difference over the new rate
// ("3,000 req/s instead of 1,200, a 60.0 % gain") is an arithmetic
// error, the gain over the old rate (150 %) is consistent.
func TestFortyFourthRoundWrongBasePercent(t *testing.T) {
	src := func(pct string) string {
		return doc("# Quote gateway", "", "## Throughput", "",
			"With pooled sockets the gateway sustains 3,000 req/s instead of 1,200, a "+pct+" gain.")
	}
	alarmAt(t, src("60.0 %"), 5, "60.0")
	stated(t, src("150 %"), 5, "150")
}

// TestFortyFourthRoundContradictionSparesOtherSide checks that a pair of
// prose contradicted on its figure after ("from 9.40 ms to 1.75 ms
// (5.4x)",
// the 32-shard row's new time being 1.57 ms) leaves its figure before,
// which the table states too, unalarmed (const
// contradictionSparesOtherSide), while the figure after keeps its alarm.
func TestFortyFourthRoundContradictionSparesOtherSide(t *testing.T) {
	src := doc("# Shard router", "", "## Lookup", "",
		"| shards | v1 | v2 |",
		"|---|--:|--:|",
		"| 8 | 2.35 ms | 0.61 ms |",
		"| 32 | 9.40 ms | 1.57 ms |",
		"",
		"With 32 shards the lookup now takes 1.57 ms.",
		"",
		"## Summary",
		"",
		"With 32 shards the lookup falls from 9.40 ms to 1.75 ms (5.4x).")
	alarmAt(t, src, 14, "1.75")
	rep := extract(t, src)
	for _, c := range rep.Claims {
		if c.Line == 14 && c.Verdict.Failed() && slices.ContainsFunc(c.Numbers, func(n Number) bool { return n.Text == "9.40" }) {
			t.Fatalf("line 14: 9.40 ms alarmed with %q (%s)", c.Claimed, c.Detail)
		}
	}
}

// TestFortyFourthRoundDifferenceByFrom checks that a change written after
// "by" and followed by its pair ("the drain rate grows by 1,280 jobs
// per second, from 2,350 to 3,450"; "p99 drops by 6.3 ms, from 14.8 ms to 8.5 ms
// (−42.6 %)", where the listed figure is checked after the line's
// figures are listed) is checked as the pair's difference (const
// differenceByFrom): a transposed or miscomputed change is an arithmetic
// error, the right one consistent.
func TestFortyFourthRoundDifferenceByFrom(t *testing.T) {
	src := func(change string) string {
		return doc("# Print spooler", "", "## Backlog", "",
			"After the fix the drain rate grows by "+change+" jobs per second, from 2,350 to 3,450, at the evening peak.")
	}
	alarmAt(t, src("1,280"), 5, "1,280")
	stated(t, src("1,100"), 5, "1,100")
	listed := func(change string) string {
		return doc("# Print spooler", "", "## Latency", "",
			"- the p99 drops by "+change+", from 14.8 ms to 8.5 ms (−42.6 %). spool writes stay as they were.")
	}
	alarmAt(t, listed("6.9 ms"), 5, "6.9")
	stated(t, listed("6.3 ms"), 5, "6.3")
}
