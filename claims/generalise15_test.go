package claims

import (
	"strings"
	"testing"
)

// TestFifteenthRound checks the rules of the fifteenth round (testdata/
// labels/README.md, "Fifteenth round"), each on text written for the
// test: the false alarms each rule removes, the figures it reads, and for
// each rule that could pass an error a case it must still catch.
func TestFifteenthRound(t *testing.T) {
	// Two variants at two memory sizes, one table each.
	sizes := func(claim string) string {
		return doc("# R", "", "## Small", "",
			"| Variant | p50 (ms) | p99 (ms) |", "|---|---:|---:|",
			"| baseline | 1,000 | 2,000 |", "| fast | 400 | 900 |", "| tuned | 600 | 1,300 |",
			"", "## Large", "",
			"| Variant | p50 (ms) | p99 (ms) |", "|---|---:|---:|",
			"| baseline | 800 | 1,600 |", "| fast | 300 | 700 |", "| tuned | 500 | 1,100 |",
			"", claim)
	}
	// Nodes of a cluster, one row each.
	nodes := func(claim ...string) string {
		return doc(append([]string{"# R", "", "## Nodes", "",
			"| Node | zone | read rate (MB/s) | peak backlog (s) |", "|---|---|---:|---:|",
			"| node-x | z1 | 80 | 2,000 |", "| node-y | z2 (remote) | 76 | 2,500 |", "| node-z | z3 | 90 | 1,500 |",
			""}, claim...)...)
	}
	// A scaling table with rates and no times.
	scaling := func(claim string) string {
		return doc("# R", "", "## Scaling", "",
			"| Nodes | cluster items/s | per-node items/s | efficiency |", "|---:|---:|---:|---:|",
			"| 4 | 10,000 | 2,500 | 100 % |", "| 8 | 18,000 | 2,250 | 90.0 % |", "", claim)
	}
	runVerdictCases(t, []verdictCase{
		// 1. A pair of one list item, also when it runs over two lines of
		// that item, is not the next item's.
		{name: "a wrapped pair of an earlier item is not the next item's", src: doc("# R", "", "## Options", "",
			"- **Warm pool** cuts the p50 from 2,000 ms to 500 ms and the p99 from 4,000 ms to",
			"  1,200 ms.",
			"- **Lazy loading** is cheap to try and makes starts 20 % faster."), line: 7, fig: "20", verdict: Unverifiable},
		{name: "the item's own pair still decides", src: doc("# R", "", "## Options", "",
			"- **Warm pool** cuts the p50 from 2,000 ms to 500 ms and the p99 from 4,000 ms to",
			"  1,200 ms.",
			"- **Lazy loading** takes the p50 from 2,000 ms to 1,600 ms, 40 % faster."), line: 7, fig: "40", verdict: ArithmeticError},
		// 2. A claim's clause starts after the comma before its figure.
		{name: "a clause of its own after a speed-up", src: doc("# R", "", "## Speed", "",
			"| Config | items/s | step time |", "|---|---:|---:|", "| old | 1,000 | 803 ms |", "| new | 2,000 | 400 ms |", "",
			"End to end, 1,000 → 2,000 items/s is a 2.00× speed-up, and step time falls by 50.2 %."),
			line: 10, fig: "50.2", verdict: Consistent},
		// 3. A clause that costs money is not refuted by times.
		{name: "money named by the verb before the figure", src: doc("# R", "", "## Tail", "", "The p50 fell from 400 ms to 300 ms.", "",
			"## Cost", "", "The large box costs about 51 % more than the small one for a 100 ms better p50."),
			line: 9, fig: "51", verdict: Unverifiable},
		// 4. Rows of a scaling table named by their key, in a table of
		// rates; a clause's aside after a comma names no column.
		{name: "key rows of a table of rates", src: scaling("Going from 4 to 8 nodes gives 1.80× the throughput, a scaling efficiency of 90.0 %."),
			line: 10, fig: "1.80", verdict: Consistent},
		{name: "key rows of a table of rates, a wrong factor", src: scaling("Going from 4 to 8 nodes gives 2.10× the throughput, a scaling efficiency of 90.0 %."),
			line: 10, fig: "2.10", verdict: ArithmeticError},
		// 5. Two rows compared by name: the sentence ends at its full
		// stop, runs on to the next line, and names columns by
		// percentile; a bare factor is the multiple either way; a label
		// with a comma is named without it; an arrow names the baseline
		// first.
		{name: "the sentence of a row comparison ends at its full stop", src: nodes(
			"node-y is the only remote node; its read rate is 5.0 % below node-x's, and its peak backlog was 25.0 % higher. node-z, on",
			"newer hardware, read 12.5 % faster than node-x and peaked at 1,500 s."),
			line: 11, fig: "25.0", verdict: Consistent},
		{name: "a bare factor of two rows named by percentile", src: sizes("The fast p50 is 1.33× the tuned figures."),
			line: 19, fig: "1.33", verdict: Unverifiable},
		{name: "a bare factor of two rows, either way", src: doc("# R", "", "## Small", "",
			"| Variant | p50 (ms) | p99 (ms) |", "|---|---:|---:|", "| plain | 1,000 | 2,000 |", "| fast | 400 | 900 |", "| ref | 250 | 600 |",
			"", "- Still behind: the fast p50 is 1.60× and its p99 1.50× the ref figures."),
			line: 11, fig: "1.60", verdict: Consistent},
		{name: "a label with a comma and an arrow between rows", src: doc("# R", "", "## Speed", "",
			"| Configuration | items/s |", "|---|---:|", "| X1, bf16 | 1,000 |", "| X2, bf16 | 2,500 |", "",
			"The hardware alone (X1 bf16 → X2 bf16) gives 2.50×."), line: 10, fig: "2.50", verdict: Consistent},
		// 6. A sentence that writes the two figures of two tables as its
		// own pair compares them on purpose; rows of one table mixed in
		// the sentence's pair are still mixed.
		{name: "the line's own pair across two tables", src: doc("# R", "", "## Small", "",
			"| Variant | p99 | p50 |", "|---|---:|---:|", "| baseline | 2,000 ms | 1,000 ms |", "| fast | 900 ms | 400 ms |", "",
			"## Large", "", "| Variant | p50 (ms) | p99 (ms) |", "|---|---:|---:|", "| baseline | 800 | 1,600 |", "| fast | 300 | 700 |", "",
			"More memory helps. The baseline p50 drops 20.0 % (1,000 → 800 ms)."), line: 17, fig: "20.0", verdict: Consistent},
		{name: "rows of one table mixed in the line's own pair", src: doc("# R", "", "## Rows", "",
			"| Table size | QPS before | QPS after |", "|---|---:|---:|", "| 200 M rows | 610 | 2,000 |", "| 800 M rows | 290 | 2,980 |", "",
			"At 800 M rows it gives 4.9x more QPS per replica (610 → 2,980)."), line: 10, fig: "4.9", verdict: MixesRows},
		// 7. "X instead of Y" across a line break is a pair, new first.
		{name: "instead of across the line break", src: doc("# R", "", "## Throttle", "",
			"The throttle allows about 10,000 rows/s", "instead of 25,000, so the job runs 2.5× slower."), line: 6, fig: "2.5", verdict: Consistent},
		{name: "instead of across the line break, a wrong factor", src: doc("# R", "", "## Throttle", "",
			"The throttle allows about 10,000 rows/s", "instead of 25,000, so the job runs 3.5× slower."), line: 6, fig: "3.5", verdict: ArithmeticError},
		// 8. The closest pair of another section is no evidence when
		// two rows of a table of the claim's own section give it.
		{name: "the section's table gives it, the closest pair is elsewhere", src: doc("# R", "", "## Phases", "",
			"On the box, compute time fell from 600 ms to 200 ms.", "", "## Configurations", "",
			"| Configuration | items/s |", "|---|---:|", "| base box | 7,000 |", "| tuned box | 9,450 |", "",
			"The tuning makes the box run 35.0 % faster."), line: 14, fig: "35.0", verdict: Unverifiable},
		{name: "the closest pair of its own section still refutes", src: doc("# R", "", "## Configurations", "",
			"| Configuration | items/s |", "|---|---:|", "| base box | 7,000 |", "| tuned box | 9,450 |", "",
			"On the box, compute time fell from 600 ms to 200 ms.", "", "The tuning makes the box run 80.0 % faster."), line: 12, fig: "80.0", verdict: Unsupported},
		// 9. A multiple of a reference figure: its own line's two figures,
		// and no closest-pair alarm.
		{name: "a multiple of a baseline written on its line", src: doc("# R", "", "## Summary", "",
			"- Throughput: 9,460 items/s, 3.03× the old baseline of 3,120 items/s."), line: 5, fig: "3.03", verdict: Consistent},
		{name: "a wrong multiple of a baseline written on its line", src: doc("# R", "", "## Summary", "",
			"- Throughput: 9,460 items/s, 3.30× the old baseline of 3,120 items/s."), line: 5, fig: "3.30", verdict: ArithmeticError},
		{name: "a multiple of a reference the pairs do not name", src: doc("# R", "", "## Tail", "", "The p99 fell from 400 ms to 300 ms.", "",
			"## Sizes", "", "Small messages reach 1.86× the message rate of large ones."), line: 9, fig: "1.86", verdict: Unverifiable},
		// 10. "N % below X": against the reference written after it, on
		// the next line too; a row of another table makes it mixed.
		{name: "below a reference on the next line", src: doc("# R", "", "## Batch", "",
			"Per item inside a batch that is 4.24 µs, 33 % below a single",
			"call (6.31 µs), so callers should batch."), line: 5, fig: "33", verdict: Consistent},
		{name: "below a reference on the next line, wrong", src: doc("# R", "", "## Batch", "",
			"Per item inside a batch that is 4.24 µs, 45 % below a single",
			"call (6.31 µs), so callers should batch."), line: 5, fig: "45", verdict: ArithmeticError},
		{name: "below a baseline row of another table", src: sizes("In the large boxes the fast p50 of 300 ms is 70.0 % below baseline."),
			line: 19, fig: "70.0", verdict: MixesRows},
		{name: "below a baseline row of its own table", src: sizes("In the large boxes the fast p50 of 300 ms is 62.5 % below baseline."),
			line: 19, fig: "62.5", verdict: Consistent},
		// 11. Verbs of change with "by": lifts, trims.
		{name: "lifts by, wrong", src: doc("# R", "", "## Packing", "", "Packing lifts throughput by 21.9 % (3,120 → 3,710 items/s)."),
			line: 5, fig: "21.9", verdict: ArithmeticError},
		{name: "trims by", src: doc("# R", "", "## Tail", "", "The change trims the mean by 24.5 %, from 3,920 ms to 2,960 ms."),
			line: 5, fig: "24.5", verdict: Consistent},
		// 13-14. A duration in hours and minutes; a conversion inside a
		// projection is still arithmetic.
		{name: "hours and minutes restated in seconds", src: doc("# R", "", "## Job", "", "The job ran for 2 h 10 min (7,800 s)."),
			line: 5, fig: "7,800", verdict: Consistent},
		{name: "a conversion inside a projection", src: doc("# R", "", "## Drain", "",
			"The replica could drain 358,800 MB at 78 MB/s, which takes 4,600 s (46 min)."), line: 5, fig: "46", verdict: ArithmeticError},
		{name: "a right conversion inside a projection", src: doc("# R", "", "## Drain", "",
			"The replica could drain 358,800 MB at 78 MB/s, which takes 4,600 s (77 min)."), line: 5, fig: "4,600", verdict: Consistent},
		// 15. A figure listed beside a ratio still restates its row.
		{name: "a listed figure that misquotes its row", src: doc("# R", "", "## Load", "",
			"| | normal | during import |", "|---|---:|---:|", "| Log written (MB/s) | 20 | 150 |", "", "## Summary", "",
			"The import drove log writing on the primary", "to 135 MB/s, 6.8× its normal rate."), line: 12, fig: "135", verdict: Contradicted},
		{name: "a listed figure that quotes its row", src: doc("# R", "", "## Load", "",
			"| | normal | during import |", "|---|---:|---:|", "| Log written (MB/s) | 20 | 150 |", "", "## Summary", "",
			"The import drove log writing on the primary", "to 150 MB/s, 7.5× its normal rate."), line: 12, fig: "150", verdict: Unverifiable},
		// 17. Energy that no figure measures.
		{name: "energy no figure measures", src: doc("# R", "", "## Energy", "", "Per job, the new nodes draw 25.2 % less",
			"energy than the old ones."), line: 5, fig: "25.2", verdict: Unsupported},
		{name: "energy the report measures", src: doc("# R", "", "## Energy", "", "The old nodes used 410 kWh per job.", "",
			"Per job, the new nodes draw 25.2 % less", "energy than the old ones."), line: 7, fig: "25.2", verdict: Unverifiable},
		// 18. A speed is not supported by two levels in percent.
		{name: "a speed is no change of a level", src: doc("# R", "", "## Disk", "", "- node-x's disk showed iowait going from 12 % to 18 %.", "",
			"## Replay", "", "| Node | before (MB/s) | after (MB/s) |", "|---|---:|---:|", "| node-x | 96 | 131 |", "| node-y | 91 | 127 |",
			"| node-z | 104 | 139 |", "", "node-y, which suffered most, sped up by 52.7 %."), line: 15, fig: "52.7", verdict: MixesRows},
		// 19. An amount from a rate and a duration or period.
		{name: "a rate over a duration", src: doc("# R", "", "## Job", "", "In total the job wrote 41,000 rows/s for 2 h 10 min, about 320 M rows."),
			line: 5, fig: "320M", verdict: Consistent},
		{name: "a rate over a duration, wrong", src: doc("# R", "", "## Job", "", "In total the job wrote 41,000 rows/s for 2 h 10 min, about 287 M rows."),
			line: 5, fig: "287M", verdict: ArithmeticError},
		{name: "a rate over a day, an hour's amount", src: doc("# R", "", "## Tokens", "", "At 4.84 M tokens/s the pool processes about 17.4 B tokens a day."),
			line: 5, fig: "17.4", verdict: ArithmeticError},
		{name: "a rate over a day", src: doc("# R", "", "## Tokens", "", "At 4.84 M tokens/s the pool processes about 418 B tokens a day."),
			line: 5, fig: "418", verdict: Consistent},
		{name: "a peak rate over a duration", src: doc("# R", "", "## Load", "", "For 2 h 30 min, at a peak of 100 MB/s, we moved 500 GB."),
			line: 5, fig: "500", verdict: Unverifiable},
		{name: "a byte rate over a duration, wrong", src: doc("# R", "", "## Load", "", "For 2 h 30 min, at 100 MB/s, we moved 500 GB."),
			line: 5, fig: "500", verdict: ArithmeticError},
		{name: "a peak rate beside a day's amount", src: doc("# R", "", "## Load", "", "At a peak of 4,000 requests/s the service handled 120 M requests a day."),
			line: 5, fig: "120M", verdict: Unverifiable},
		// 21. A share restated in a summary with another value.
		{name: "a summary's share against the detail's", src: doc("# R", "", "## Summary", "", "Cold starts hit 3.1 % of invocations.", "",
			"## Cost", "", "- Cold starts: 10.9 M, i.e. 2.6 % of invocations."), line: 5, fig: "3.1", verdict: Contradicted},
		{name: "a summary's share as the detail's", src: doc("# R", "", "## Summary", "", "Cold starts hit 2.6 % of invocations.", "",
			"## Cost", "", "- Cold starts: 10.9 M, i.e. 2.6 % of invocations."), line: 5, fig: "2.6", verdict: Unverifiable},
		{name: "shares of other subjects", src: doc("# R", "", "## Summary", "", "Retries hit 3.1 % of invocations.", "",
			"## Cost", "", "- Cold starts: 10.9 M, i.e. 2.6 % of invocations."), line: 5, fig: "3.1", verdict: Unverifiable},
		// 22. How full a capacity is.
		{name: "a share of a capacity, GB over GiB", src: doc("# R", "", "## Backlog", "",
			"The backlog of 358.8 GB waited on the 400 GiB volume, which was 89.7 % full."), line: 5, fig: "89.7", verdict: ArithmeticError},
		{name: "a share of a capacity", src: doc("# R", "", "## Backlog", "",
			"The backlog of 358.8 GB waited on the 400 GiB volume, which was 83.5 % full."), line: 5, fig: "83.5", verdict: Consistent},
	})
}

// TestFifteenthRoundFigures checks the figures the fifteenth round reads
// and leaves: counts written with a multiplier, durations in hours and
// minutes, ranges with their dash as written, multiples of a reference,
// and not a bound or a round setting.
func TestFifteenthRoundFigures(t *testing.T) {
	src := doc("# R", "", "## Traffic", "",
		"- Invocations: 420 M in the month.",
		"- Up to 2 million of them are retried; batches of 10K.",
		"- The replicas replay 91–104 MB/s.",
		"- WAL rose to 142 MB/s, 7.9× its normal rate.",
		"- The import took 3 h 5 min.",
		"- The broker carried 2.7× the traffic with 4.3× headroom left.",
		"- The old p99 of 212 ms is 6.3x the new build's 33.5 ms.")
	rep := extract(t, src)
	claimAt(t, rep, 10, "2.7")
	claimAt(t, rep, 10, "4.3")
	if c := claimAt(t, rep, 11, "6.3"); c.Verdict != Consistent {
		t.Errorf("line 11: %q %s (%s), want consistent (212 / 33.5)", c.Claimed, c.Verdict, c.Detail)
	}
	claimAt(t, rep, 5, "420M")
	claimAt(t, rep, 7, "91–104")
	claimAt(t, rep, 8, "7.9")
	if c := claimAt(t, rep, 9, "3 h 5"); c.Numbers[0].mid() != 185*60e9 {
		t.Errorf("line 9: %q is %g ns, want 185 min", c.Claimed, c.Numbers[0].mid())
	}
	for _, c := range rep.Claims {
		if c.Line == 6 && len(c.Numbers) > 0 {
			t.Errorf("line 6: %q states %v, want no figure (a bound, a round size)", c.Claimed, c.Numbers)
		}
	}
	// A distance from a bound is no change.
	slo := extract(t, doc("# R", "", "## Tail", "", "The p99 stays 20 % below the SLO."))
	for _, c := range slo.Claims {
		if c.Kind == Percent {
			t.Errorf("line %d: %q read as a change, want none (a bound)", c.Line, c.Claimed)
		}
	}
	// Past inability is no projection.
	past := extract(t, doc("# R", "", "## Incident", "", "The replicas could not replay 124 MB/s of WAL."))
	if c := claimAt(t, past, 5, "124"); strings.Contains(c.Detail, "projection") {
		t.Errorf("line 5: %q %s (%s), want no projection", c.Claimed, c.Verdict, c.Detail)
	}
	// A bound is no restatement of a row's cell.
	bound := extract(t, doc("# R", "", "## Lab", "", "| Device | LCP after |", "|---|---:|", "| Phone A | 3.4 s |", "", "## Gate", "",
		"- Keep Phone A as the release gate; LCP must", "  stay under 3.5 s."))
	noAlarm(t, bound, 12)
}

// TestFifteenthRoundItems checks that a closest-pair alarm is not raised
// from a pair of another item of the claim's list whose emphasised lead
// names another subject, and is still raised from a pair of its own
// item's subject elsewhere.
func TestFifteenthRoundItems(t *testing.T) {
	other := extract(t, doc("# R", "", "## Options", "",
		"- **Warm pool** cuts the start from 1,800 ms to 400 ms.",
		"- **Lazy loading** is cheap and makes starts 33 % faster."))
	noAlarm(t, other, 6)
	same := extract(t, doc("# R", "", "## Options", "",
		"- **Lazy loading** cuts the start from 1,800 ms to 1,400 ms.", "",
		"## Summary", "",
		"- **Lazy loading** is cheap and makes starts 60 % faster."))
	if c := claimAt(t, same, 9, "60"); !c.Verdict.Failed() {
		t.Errorf("line 9: %q %s (%s), want an alarm", c.Claimed, c.Verdict, c.Detail)
	}
}
