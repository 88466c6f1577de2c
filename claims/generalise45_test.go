package claims

import "testing"

// The forty-fifth round's rules (testdata/labels/README.md, "Forty-fifth
// round"). Each test has, written for the test, an error of the shape its
// rule must catch and a text of the same shape that must stay unalarmed;
// with the rule's const off, its alarm cases fail.

// TestFortyFifthRoundPrefixSlipCamelCase checks that a level restated a
// thousand times too large ("costs 587 µs" for JMH's 0.587 us/op) is
// caught when the only name the source line gives is a camel-case method
// name ("RouteBench.routeLookup", const prefixSlipWiderReach), and that
// the right unit stays unalarmed.
func TestFortyFifthRoundPrefixSlipCamelCase(t *testing.T) {
	src := func(fig string) string {
		return doc("# Fare router", "", "## Lookup", "",
			"```",
			"Benchmark                 (zones)  Mode  Cnt  Score    Error  Units",
			"RouteBench.routeLookup       4096  avgt   10  0.587 ±  0.012  us/op",
			"```",
			"",
			"With four thousand zones loaded, a route lookup costs "+fig+" on one core.")
	}
	alarmAt(t, src("587 µs"), 10, "587")
	stated(t, src("587 ns"), 10, "587")
}

// TestFortyFifthRoundPrefixSlipParagraphWords checks that a level whose
// sentence names its subject by a pronoun for the sentence before ("they
// now take 38.4 ns" of the bulk inserts a table names) is read against
// the table's 38.4 µs through the paragraph's words (const
// prefixSlipWiderReach), and that the right unit stays unalarmed.
func TestFortyFifthRoundPrefixSlipParagraphWords(t *testing.T) {
	src := func(fig string) string {
		return doc("# Ledger writer", "", "## Inserts", "",
			"| path | before | after |",
			"|---|--:|--:|",
			"| single insert | 9.71 µs | 6.02 µs |",
			"| bulk insert | 112.6 µs | 38.4 µs |",
			"",
			"Bulk inserts gain the most from the shared prepared statement. With the statement cached,",
			"they now take "+fig+" per batch of sixty-four rows.")
	}
	alarmAt(t, src("38.4 ns"), 11, "38.4")
	stated(t, src("38.4 µs"), 11, "38.4")

	// The same digits in a paragraph that shares no name with the
	// table: another level, not a restatement.
	other := doc("# Ledger writer", "", "## Inserts", "",
		"| path | before | after |",
		"|---|--:|--:|",
		"| single insert | 9.71 µs | 6.02 µs |",
		"| bulk insert | 112.6 µs | 38.4 µs |",
		"",
		"## Health checks",
		"",
		"The readiness probe answers in 112.6 ns on an idle pod.")
	noAlarmAt(t, other, 12, "112.6")
}

// TestFortyFifthRoundPrefixSlipCoarseSource checks that a source written
// to fewer digits than the figure ("about 0.9 ms" in a plan) does not
// stand beside the benchmark's 862.0µ as a second value and spare the
// figure ("finishes in 862 ns", const prefixSlipWiderReach); the right
// unit stays unalarmed.
func TestFortyFifthRoundPrefixSlipCoarseSource(t *testing.T) {
	src := func(fig string) string {
		return doc("# Tile compactor", "", "## Results", "",
			"```",
			"                   │   old.txt   │              new.txt               │",
			"                   │   sec/op    │   sec/op     vs base               │",
			"Compact/tiles=4k-8    2.113m ± 1%   862.0µ ± 2%  -59.21% (p=0.000 n=10)",
			"```",
			"",
			"The 4k-tile compaction now finishes in "+fig+" where it took 2.113 ms.",
			"",
			"## Plan",
			"",
			"The next release should bring the 4k-tile compaction to about 0.9 ms on the old build machines.")
	}
	alarmAt(t, src("862 ns"), 11, "862")
	stated(t, src("862 µs"), 11, "862")
}

// TestFortyFifthRoundRowDifferencePrefixSlip checks that a saving a
// sentence states for a table row it names, after another row's saving
// on its line ("Narrow scans save 2.527 µs each. Wide scans … saving
// 30.27 ns per query"), that the row's cells give only with the prefix a
// thousand times off (48.52 µs − 18.25 µs = 30.27 µs) is an arithmetic
// error (const rowDifferencePrefixSlip); the saving in the right unit is
// consistent, and one no pair of cells gives at any prefix stays
// unalarmed.
func TestFortyFifthRoundRowDifferencePrefixSlip(t *testing.T) {
	src := func(fig string) string {
		return doc("# Column store", "", "## Scans", "",
			"| scan | before | after |",
			"|---|--:|--:|",
			"| narrow | 3.904 µs | 1.377 µs |",
			"| wide | 48.52 µs | 18.25 µs |",
			"",
			"Narrow scans save 2.527 µs each. Wide scans run 62.4 % faster, saving "+fig+" per query, because",
			"the filter is vectorised.")
	}
	alarmAt(t, src("30.27 ns"), 10, "30.27")
	stated(t, src("30.27 µs"), 10, "30.27")
	noAlarmAt(t, src("12.80 ns"), 10, "12.80")
}

// TestFortyFifthRoundSavingRestatesSaving checks that a change restating,
// with the prefix slipped, a change the report writes elsewhere ("the
// batcher saves 7.316 µs per message" against a "saved" column's 7.316
// ms) is caught (const savingRestatesSaving), that the right unit stays
// unalarmed, and that a change is not read against a level of the same
// digits (a column of times after).
func TestFortyFifthRoundSavingRestatesSaving(t *testing.T) {
	src := func(head, fig string) string {
		return doc("# Message batcher", "", "## Batch sizes", "",
			"| batch | before | after | "+head+" |",
			"|---|--:|--:|--:|",
			"| 16 messages | 2.118 ms | 0.964 ms | 1.154 ms |",
			"| 256 messages | 11.402 ms | 4.086 ms | 7.316 ms |",
			"",
			"## Fleet",
			"",
			"At the 256-message size the batcher saves "+fig+" per message across the fleet of nine brokers.")
	}
	alarmAt(t, src("saved per batch", "7.316 µs"), 12, "7.316")
	stated(t, src("saved per batch", "7.316 ms"), 12, "7.316")
	noAlarmAt(t, src("p99 after", "7.316 µs"), 12, "7.316")
}

// TestFortyFifthRoundCriterionChangeOnPair checks that criterion's own
// change of time, printed against a saved baseline whose means the
// report gives in a table under other names ("solve_route/12" and the
// row "12 stops"), is consistent when the time estimate above it is the
// row's figure after and the row's change falls in criterion's interval
// (const criterionChangeOnPair; it was unsupported against a pair of
// counts of routes), and that a change no pair gives (output edited) is
// not made consistent.
func TestFortyFifthRoundCriterionChangeOnPair(t *testing.T) {
	src := func(change string) string {
		return doc("# Route solver", "", "## Solver, per route size", "",
			"Criterion output against the saved 2.1 baseline:",
			"",
			"```",
			"solve_route/12          time:   [1.1790 ms 1.1832 ms 1.1877 ms]",
			"                        change: ["+change+"] (p = 0.00 < 0.05)",
			"                        Performance has improved.",
			"```",
			"",
			"| route size | release 2.1 | release 2.2 |",
			"|---|--:|--:|",
			"| 12 stops | 2.614 ms | 1.183 ms |",
			"| 40 stops | 19.07 ms | 6.552 ms |",
			"",
			"## Dispatch",
			"",
			"| metric | before | after | change |",
			"|---|--:|--:|--:|",
			"| routes per dispatcher shift | 412 | 455 | +10.4 % |")
	}
	stated(t, src("-54.902% -54.736% -54.551%"), 9, "54.736")
	// A change no pair gives is not made consistent.
	if c := claimAt(t, extract(t, src("-31.902% -31.736% -31.551%")), 9, "31.736"); c.Verdict == Consistent {
		t.Fatalf("line 9: %q consistent (%s), want no pair to support it", c.Claimed, c.Detail)
	}
}

// TestFortyFifthRoundContradictionIsDifference checks that a time of
// prose the restatement check took for the level of a table row ("on
// the coastal grid the solve takes 96.4 s less", against the row's 128.9
// s) is consistent when it is the difference of that row's pair (128.9
// s → 32.5 s, const contradictionIsDifference), and that a figure which
// is neither the level nor the difference stays contradicted.
func TestFortyFifthRoundContradictionIsDifference(t *testing.T) {
	src := func(fig string) string {
		return doc("# Tide model", "", "## Solve times", "",
			"| grid | cells | release 3 (s) | release 4 (s) | speed-up |",
			"|---|--:|--:|--:|--:|",
			"| estuary | 210,000 | 8.82 | 2.61 | 3.38x |",
			"| coastal | 3,360,000 | 128.9 | 32.5 | 3.97x |",
			"",
			"The coastal grid gains the most from the sparse solver. On the coastal grid the solve takes "+fig,
			"less per run than it did with release 3.")
	}
	stated(t, src("96.4 s"), 10, "96.4")
	if c := claimAt(t, extract(t, src("61.7 s")), 10, "61.7"); c.Verdict == Consistent {
		t.Fatalf("line 10: %q consistent (%s), want no pair's difference to support it", c.Claimed, c.Detail)
	}
}

// TestFortyFifthRoundContradictionTableAgrees checks that of two
// sentences that disagree on a figure, the one that repeats the report's
// table ("Lanes now sort 1,487 parcels per hour instead of 1,210" and
// the row "parcels per lane-hour | 1,210 | 1,487") is not called
// contradicted (const contradictionTableAgrees), while the misquote,
// stated nowhere else (1,492), keeps its alarm.
func TestFortyFifthRoundContradictionTableAgrees(t *testing.T) {
	src := doc("# Parcel sorter", "", "## Summary", "",
		"The new induction logic lifts throughput: each lane now sorts 1,492 parcels per hour instead of 1,210.",
		"",
		"## Lane results", "",
		"| metric | before | after | change |",
		"|---|--:|--:|--:|",
		"| parcels per lane-hour | 1,210 | 1,487 | +22.9 % |",
		"| jams per shift | 4.1 | 3.8 | −7.3 % |",
		"",
		"## Conclusion", "",
		"Lanes now sort 1,487 parcels per hour instead of 1,210 (+22.9 %), with slightly fewer jams.")
	noAlarmAt(t, src, 16, "1,487")
	alarmAt(t, src, 5, "1,492")
}

// TestFortyFifthRoundSameQualifierRestated checks that a time restated
// in another unit with the same period after both ("46.8 node-seconds
// per deploy, or about 7.8 node-minutes per deploy", 0.78 with its point
// slipped) is an arithmetic error (const sameQualifierRestated), that
// the right restatement is consistent, and that a figure per another
// period (a week) is not read as its restatement.
func TestFortyFifthRoundSameQualifierRestated(t *testing.T) {
	src := func(tail string) string {
		return doc("# Image builder", "", "## Warm-up", "",
			"Prefetching the base layers trims the cache warm-up to 46.8 node-seconds per deploy, or about "+tail+".")
	}
	alarmAt(t, src("7.8 node-minutes per deploy"), 5, "7.8")
	stated(t, src("0.78 node-minutes per deploy"), 5, "0.78")
	noAlarmAt(t, src("7.8 node-minutes per week"), 5, "7.8")
}

// TestFortyFifthRoundExpectationDenied checks that a factor in a
// sentence saying the result was not expected ("a 4.0x gain that we did
// not expect") is read as a measurement, consistent with its pair (const
// expectationDenied; it was a projection, left unchecked against the
// rest of the report), while a sentence expecting the gain to come
// ("that we expect to hold") stays a projection.
func TestFortyFifthRoundExpectationDenied(t *testing.T) {
	src := func(tail string) string {
		return doc("# Feed parser", "", "## Parsing", "",
			"Parsing a full feed fell from 8.40 ms to 2.10 ms, a 4.0x gain "+tail+" from the streaming tokenizer.")
	}
	for _, tail := range []string{"that we did not expect", "that nobody had expected", "we never expected"} {
		if c := claimAt(t, extract(t, src(tail)), 5, "4.0"); c.Verdict != Consistent {
			t.Errorf("%q: %q %s (%s), want consistent", tail, c.Claimed, c.Verdict, c.Detail)
		}
	}
	if c := claimAt(t, extract(t, src("that we expect to hold in production")), 5, "4.0"); c.Verdict != Unverifiable {
		t.Errorf("a projection: %q %s (%s), want unverifiable", c.Claimed, c.Verdict, c.Detail)
	}
}

// TestFortyFifthRoundSlipRestatesChange checks that a change with two
// digits swapped from a change the report writes once ("the reconcile
// stage now saves 2,662.3 ms" against a column of savings' 2,626.3) is
// caught (const slipRestatesChange; the digit-slip check read levels
// only, and wanted the source on two lines), that the saving as written
// in the table stays unalarmed, and that a change is not read against a
// level with those digits (a column of times).
func TestFortyFifthRoundSlipRestatesChange(t *testing.T) {
	src := func(head, fig string) string {
		return doc("# Ledger close", "", "## Stages", "",
			"| stage | "+head+" |",
			"|---|--:|",
			"| reconcile | 2,626.3 |",
			"| post | 170.8 |",
			"",
			"The reconcile stage now saves "+fig+" per close, most of it in the index rebuild.")
	}
	alarmAt(t, src("saved per close (ms)", "2,662.3 ms"), 10, "2,662.3")
	noAlarmAt(t, src("saved per close (ms)", "2,626.3 ms"), 10, "2,626.3")
	noAlarmAt(t, src("time per close (ms)", "2,662.3 ms"), 10, "2,662.3")
}

// TestFortyFifthRoundRowNamedByChange checks that a change after a verb
// of change and "by" ("Cold start drops by 2.13 s") is checked against
// the table row its clause names by a word (const rowNamedByChange): a
// difference the row's cells do not give is an arithmetic error, the
// right one consistent, and a clause naming no row raises nothing.
func TestFortyFifthRoundRowNamedByChange(t *testing.T) {
	src := func(lead, fig string) string {
		return doc("# Mobile app", "", "## Launch", "",
			"| launch | 6.2 | 6.3 |",
			"|---|--:|--:|",
			"| cold start | 4.72 s | 2.41 s |",
			"| resume | 0.96 s | 0.88 s |",
			"",
			lead+" drops by "+fig+" with the lazy asset loader, and resume barely moves.")
	}
	alarmAt(t, src("Cold start", "2.13 s"), 10, "2.13")
	stated(t, src("Cold start", "2.31 s"), 10, "2.31")
	noAlarmAt(t, src("The splash screen", "2.13 s"), 10, "2.13")
}

// TestFortyFifthRoundRowNamedByPercentile checks that a change naming a
// table row by its latency percentile ("The p50 drops by 46 ms" and the
// row "p50 checkout | 212 ms | 148 ms") is checked against that row
// (const rowNamedByPercentile): 46 for 64 is an arithmetic error, 64
// consistent, and a percentile no row names (p95) raises nothing.
func TestFortyFifthRoundRowNamedByPercentile(t *testing.T) {
	src := func(pct, fig string) string {
		return doc("# Storefront", "", "## Latency in production", "",
			"| measure | June | July |",
			"|---|--:|--:|",
			"| p50 checkout | 212 ms | 148 ms |",
			"| p99 checkout | 890 ms | 410 ms |",
			"",
			"The "+pct+" drops by "+fig+" and the tail more than halves.")
	}
	alarmAt(t, src("p50", "46 ms"), 10, "46")
	stated(t, src("p50", "64 ms"), 10, "64")
	noAlarmAt(t, src("p95", "46 ms"), 10, "46")
}

// TestFortyFifthRoundChangeCellOwnRow checks that a change cell of a
// throughput table ("| bulk load | ops/s | 81,400 | 97,700 | +20.0 % |")
// is not contradicted by the latency table's change for the same
// workload when its own row gives it (const changeCellOwnRow), and that
// a change cell its row does not give keeps its alarm.
func TestFortyFifthRoundChangeCellOwnRow(t *testing.T) {
	src := func(change string) string {
		return doc("# Column store", "", "## Ingest", "",
			"| workload | metric | v5 | v6 | change |",
			"|---|---|--:|--:|--:|",
			"| bulk load | ops/s | 81,400 | 97,700 | "+change+" |",
			"| trickle | ops/s | 12,050 | 13,900 | +15.4 % |",
			"",
			"| workload | p99 commit, v5 | p99 commit, v6 | change |",
			"|---|--:|--:|--:|",
			"| bulk load | 88 ms | 41 ms | −53.4 % |",
			"| trickle | 19 ms | 12 ms | −36.8 % |")
	}
	noAlarmAt(t, src("+20.0 %"), 7, "20.0")
	if c := claimAt(t, extract(t, src("+27.0 %")), 7, "27.0"); c.Verdict == Consistent {
		t.Fatalf("line 7: %q consistent (%s), want the row not to give it", c.Claimed, c.Detail)
	}
}

// TestFortyFifthRoundWrkCounts checks that wrk's total of requests and
// its mean rate per thread are read as figures (const wrkCounts) and
// are consistent with its "Requests/sec:" line over the run and the
// threads, and that a total the rate does not give is not made
// consistent.
func TestFortyFifthRoundWrkCounts(t *testing.T) {
	src := func(total string) string {
		return doc("# Fare gateway", "", "## Load test", "",
			"```",
			"Running 1m test @ http://fares.internal:9000/quote",
			"  8 threads and 400 connections",
			"  Thread Stats   Avg      Stdev     Max   +/- Stdev",
			"    Latency    14.02ms    6.31ms 190.44ms   77.10%",
			"    Req/Sec     3.56k   402.77     4.90k    70.35%",
			"  "+total+" requests in 1.00m, 301.12MB read",
			"Requests/sec:  28481.90",
			"Transfer/sec:      5.02MB",
			"```")
	}
	rep := extract(t, src("1708914"))
	for _, fig := range []string{"3.56k", "1708914"} {
		if c := claimAt(t, rep, map[string]int{"3.56k": 10, "1708914": 11}[fig], fig); c.Verdict != Consistent {
			t.Errorf("%s: %q %s (%s), want consistent", fig, c.Claimed, c.Verdict, c.Detail)
		}
	}
	if c := claimAt(t, extract(t, src("1208914")), 11, "1208914"); c.Verdict == Consistent {
		t.Errorf("1208914: %q consistent (%s), want the rate not to give it", c.Claimed, c.Detail)
	}
}

// TestFortyFifthRoundHedgeBeforeQuantity checks that the verb naming
// what a factor compares is read past a hedge ("allocates about 4.2x
// less", const hedgeBeforeQuantity): the claim is about allocations, not
// the time its clause's other words would give it; with no hedge the
// verb was read already.
func TestFortyFifthRoundHedgeBeforeQuantity(t *testing.T) {
	src := func(words string) string {
		return doc("# Message codec", "", "## Encoding", "",
			"With the pooled writer each message now "+words+" 4.2x less than before.")
	}
	for _, words := range []string{"allocates about", "allocates roughly", "allocates"} {
		if c := claimAt(t, extract(t, src(words)), 5, "4.2"); c.Quantity != Allocs {
			t.Errorf("%q: %q is about %s, want allocs", words, c.Claimed, c.Quantity)
		}
	}
}

// TestFortyFifthRoundLaterSubsectionNames checks that a claim on a
// section's own lines is not paired with the benchmarks of a subsection
// that starts after it (const laterSubsectionNames): "Large frames
// decode 75.0 % faster" rests on the table above it (24.0 µs → 6.0 µs),
// not on the checksum benchmarks below (1000 → 400 ns/op, 60 %); a
// claim inside the subsection still takes its benchmarks.
func TestFortyFifthRoundLaterSubsectionNames(t *testing.T) {
	src := doc("# Frame codec", "", "## Micro-benchmarks", "",
		"| frame | old | new |",
		"|---|--:|--:|",
		"| small | 2.10 µs | 0.70 µs |",
		"| large | 24.0 µs | 6.0 µs |",
		"",
		"Large frames decode 75.0 % faster with the table-driven decoder.",
		"",
		"### Checksum alone",
		"",
		"```",
		"BenchmarkSum/bytewise-8   \t 1000000\t      1000 ns/op",
		"BenchmarkSum/sliced-8     \t 5000000\t       400 ns/op",
		"```",
		"",
		"The sliced checksum is 60 % faster.")
	noAlarmAt(t, src, 10, "75.0")
	stated(t, src, 19, "60")
}

// TestFortyFifthRoundOperatingDaysYear checks that an amount a day
// scaled to a year in a paragraph that counts the year's working days
// ("the cluster runs on the 250 working days") is checked against that
// count (const operatingDaysYear): the total only the calendar's 365
// days give is an arithmetic error, the total over 250 days consistent.
func TestFortyFifthRoundOperatingDaysYear(t *testing.T) {
	src := func(fig string) string {
		return doc("# Compaction", "", "## Cost", "",
			"The nightly compaction now takes 96.4 s of CPU per day on each node. The cluster runs on the",
			"250 working days of the year; that comes to about "+fig+" hours of CPU per year.")
	}
	alarmAt(t, src("9.78"), 6, "9.78")
	stated(t, src("6.69"), 6, "6.69")
}

// TestFortyFifthRoundTotalOverCount checks that a time total whose
// sentence opens with the count it is over ("Across the 48 shards …")
// is checked against the time for one in the sentence before (14.6
// minutes a shard, const totalOverCount): a factor of ten off is an
// arithmetic error, the product consistent, and a total neither gives
// is left alone.
func TestFortyFifthRoundTotalOverCount(t *testing.T) {
	src := func(fig string) string {
		return doc("# Search cluster", "", "## Reindexing", "",
			"A full reindex of one shard now takes about 14.6 minutes of CPU on the new",
			"analyser. Across the 48 shards of the cluster that is about "+fig+" hours of CPU a night.")
	}
	alarmAt(t, src("116.8"), 6, "116.8")
	stated(t, src("11.7"), 6, "11.7")
	noAlarmAt(t, src("23.5"), 6, "23.5")
}

// TestFortyFifthRoundContradictionIsProduct checks that a size its line
// computes as a product ("2,800 lanes × 1,024 slots × 4 bytes = 11.5 MB
// per node") is not called contradicted by the 12 MiB per node a summary
// states for the route memory (const contradictionIsProduct), while a
// product that does not hold is not made consistent.
func TestFortyFifthRoundContradictionIsProduct(t *testing.T) {
	src := func(fig string) string {
		return doc("# Route table", "", "## Summary", "",
			"1. Lookups are 2.1x faster.",
			"2. Route memory per node fell from 31 MiB to 12 MiB.",
			"",
			"## Risks", "",
			"- The lane grid uses 2,800 lanes × 1,024 slots × 4 bytes = "+fig+" per node, about 10.9 MiB.")
	}
	noAlarmAt(t, src("11.5 MB"), 10, "11.5")
	if c := claimAt(t, extract(t, src("12.1 MB")), 10, "12.1"); c.Verdict == Consistent {
		t.Fatalf("line 10: %q consistent (%s), want the product not to give it", c.Claimed, c.Detail)
	}
}
