package claims

import "testing"

// oneSection returns a report of one section titled title whose text
// starts on line 5.
func oneSection(title string, text ...string) string {
	return doc(append([]string{"# R", "", "## " + title, ""}, text...)...)
}

// TestNineteenthRound checks the rules of the nineteenth round
// (testdata/labels/README.md, "Nineteenth round"): a size, byte rate or
// time that two figures of its sentence give as a product or quotient,
// with a unit misread in it; a sentence that compares a result with what
// was expected is no projection; "N times longer" is a factor. Each rule
// is shown on text written for the test, with the error it catches and a
// consistent claim of the same shape that must not be alarmed.
func TestNineteenthRound(t *testing.T) {
	runVerdictCases(t, []verdictCase{
		// 1. A size spread over a count, stated each.
		{name: "a size each a prefix off", src: oneSection("Export", "The nightly export writes 2.4 TB across 12,000 files, about 200 KB each."),
			line: 5, fig: "200", verdict: ArithmeticError},
		{name: "a size each", src: oneSection("Export", "The nightly export writes 2.4 TB across 12,000 files, about 200 MB each."),
			line: 5, fig: "200", verdict: Consistent},
		// 2. A count of things times a size, a binary unit taken as a
		// decimal one.
		{name: "a count times a size, MiB over 1,000", src: oneSection("Shards", "Each shard holds 640 MiB, so 8 shards take 5.12 GiB."),
			line: 5, fig: "5.12", verdict: ArithmeticError},
		{name: "a count times a size", src: oneSection("Shards", "Each shard holds 640 MiB, so 8 shards take 5.0 GiB."),
			line: 5, fig: "5.0", verdict: Consistent},
		// 3. A rate of things times a size each: bytes written as bits.
		{name: "a rate times a size, bytes as bits", src: oneSection("Logs", "The service emits 3.5 million events per second at 240 B each, or 840 Mbit/s of log traffic."),
			line: 5, fig: "840", verdict: ArithmeticError},
		{name: "a rate times a size", src: oneSection("Logs", "The service emits 3.5 million events per second at 240 B each, or 840 MB/s of log traffic."),
			line: 5, fig: "840", verdict: Consistent},
		// 4. A size over a time: a decimal rate written in a binary unit.
		{name: "a size over a time, MB/s as MiB/s", src: oneSection("Upload", "A 6 MiB snapshot uploads in 48 ms, i.e. at 131 MiB/s."),
			line: 5, fig: "131", verdict: ArithmeticError},
		{name: "a size over a time", src: oneSection("Upload", "A 6 MiB snapshot uploads in 48 ms, i.e. at 131 MB/s."),
			line: 5, fig: "131", verdict: Consistent},
		// 5. One operand in the sentence before.
		{name: "an operand of the sentence before, wrong", src: oneSection("Memory", "Per-worker RSS is 612 MiB after the fix. With 8 workers a pod needs 4.9 GiB."),
			line: 5, fig: "4.9", verdict: ArithmeticError},
		{name: "an operand of the sentence before", src: oneSection("Memory", "Per-worker RSS is 612 MiB after the fix. With 8 workers a pod needs 4.8 GiB."),
			line: 5, fig: "4.8", verdict: Consistent},
		// 6. An amount per day: a count times a size per day, GB
		// written as GiB.
		{name: "a daily size times a count, GB as GiB", src: oneSection("Disk", "Clients write 450 GB per day. With a write amplification of 12, the drive absorbs 5,400 GiB per day."),
			line: 5, fig: "5,400", verdict: ArithmeticError},
		{name: "a daily size times a count", src: oneSection("Disk", "Clients write 450 GB per day. With a write amplification of 12, the drive absorbs 5,400 GB per day."),
			line: 5, fig: "5,400", verdict: Consistent},
		// 6b. A rate of things per minute times a size each, over a day:
		// a minute's rate taken per second.
		{name: "a rate per minute times a size, per day, a minute for a second", src: oneSection("WAL", "Each insert writes 2.1 KB more WAL. At 1,150 inserts per minute that is about 209 GB of extra WAL per day."),
			line: 5, fig: "209", verdict: ArithmeticError},
		{name: "a rate per minute times a size, per day", src: oneSection("WAL", "Each insert writes 2.1 KB more WAL. At 1,150 inserts per minute that is about 3.48 GB of extra WAL per day."),
			line: 5, fig: "3.48", verdict: Consistent},
		// 6c. A figure beside an expression that holds is checked on
		// its own.
		{name: "a figure beside a conversion, a prefix off", src: oneSection("Ingest", "The fleet ingests 2.4 million points per second. At 1.32 bytes a point the tier grows by 3.17 MiB/s, 273.7 GB per day (254.9 GiB)."),
			line: 5, fig: "3.17", verdict: ArithmeticError},
		{name: "a figure beside a conversion", src: oneSection("Ingest", "The fleet ingests 2.4 million points per second. At 1.32 bytes a point the tier grows by 3.02 MiB/s, 273.7 GB per day (254.9 GiB)."),
			line: 5, fig: "3.02", verdict: Consistent},
		// 7. A product a projection writes: its unit slip is an error;
		// a product that holds stays a projection.
		{name: "a projection's product a prefix off", src: oneSection("Fleet impact (projection)", "- Garbage: 1,500 B/op less × 2.0 M/s ≈ 3.0 MB/s less allocation."),
			line: 5, fig: "3.0", verdict: ArithmeticError},
		{name: "a projection's product", src: oneSection("Fleet impact (projection)", "- Garbage: 1,500 B/op less × 2.0 M/s ≈ 3.0 GB/s less allocation."),
			line: 5, fig: "3.0", verdict: Unverifiable},
		// 8. Figures of a sentence that no product gives either way.
		{name: "sizes no product gives", src: oneSection("Nodes", "Each of the 12 nodes has 64 GiB of RAM, and the cache uses 9.3 GiB."),
			line: 5, fig: "9.3", verdict: Unverifiable},
		// 9. A result compared with what was expected is a measurement.
		{name: "a result against an expectation, wrong", src: oneSection("Latency", "The p50 fell from 40 ms to 30 ms, a 35 % cut, more than the 5 ms we expected."),
			line: 5, fig: "35", verdict: ArithmeticError},
		{name: "a result against an expectation", src: oneSection("Latency", "The p50 fell from 40 ms to 30 ms, a 25 % cut, more than the 5 ms we had expected."),
			line: 5, fig: "25", verdict: Consistent},
		{name: "an expectation stays a projection", src: oneSection("Latency", "We expect the p50 to fall from 40 ms to 30 ms, a 25 % cut."),
			line: 5, fig: "25", verdict: Unverifiable},
		// 10. "N times longer" is a factor.
		{name: "times longer, wrong", src: oneSection("Retention", "Retention grows from 30 days to 400 days, 10.3 times longer."),
			line: 5, fig: "10.3", verdict: ArithmeticError},
		{name: "times longer", src: oneSection("Retention", "Retention grows from 30 days to 400 days, 13.3 times longer."),
			line: 5, fig: "13.3", verdict: Consistent},
	})
}

// TestNineteenthRoundPercentLonger checks that a percentage "longer" is
// not made a change by the word (its pair may be lines away): it raises
// no alarm.
func TestNineteenthRoundPercentLonger(t *testing.T) {
	src := doc("# R", "", "## Battery", "", "- Old firmware: 1,180 days.", "- New firmware: 2,250 days.", "",
		"A pack now lasts 1.91 times the life, 91 % longer.")
	rep := extract(t, src)
	for _, c := range rep.Claims {
		if c.Verdict.Failed() {
			t.Errorf("line %d %q: %s (%s), want no alarm\n%s", c.Line, c.Claimed, c.Verdict, c.Detail, formatClaims(rep.Claims))
		}
	}
}

// TestNineteenthRoundRestated checks the rules of the nineteenth round
// that compare a figure with the rest of the report: a figure one slip
// of the pen away from a figure two other lines write; a ratio that its
// clause's row does not give while that row mixed with a sibling row
// does, though a pair of another table happens to give it.
func TestNineteenthRoundRestated(t *testing.T) {
	steps := func(summary string) string {
		return doc("# R", "", "## Summary", "", summary, "", "## Results", "",
			"| Config | Step time |", "|---|--:|", "| old | 656 ms |", "| new | 216 ms |", "",
			"The new configuration reaches a step time of 216 ms on the same data.")
	}
	suite := func(claim string) string {
		return doc("# R", "", "## Latency", "", "| Query class | Old engine | New engine |", "|---|--:|--:|",
			"| Dashboard query p50 | 4.8 s | 1.9 s |", "| Ad-hoc query p50 | 38.5 s | 14.2 s |", "", "## Benchmark suite", "",
			"| Query group | Queries | Before (s) | After (s) |", "|---|--:|--:|--:|", "| Reporting queries | 20 | 412 | 131 |",
			"| Join-heavy queries | 25 | 655 | 208 |", "| Window functions | 25 | 498 | 240 |", "", claim)
	}
	// A broker comparison of 1 KiB messages; evidence, a line, stands
	// at line 5 (its lines joined by "\n"), the claim after it.
	brokers := func(evidence, claim string) string {
		lines := []string{"# R", "", "## Brokers", "", "Both brokers ran 1 KiB messages at 40,000 msg/s."}
		if evidence != "" {
			lines = append(lines, "", evidence)
		}
		return doc(append(lines, "", claim)...)
	}
	runVerdictCases(t, []verdictCase{
		// 1. Two neighbouring digits swapped.
		{name: "two digits swapped", src: steps("- Step time at batch 512 drops from 656 ms to 261 ms."),
			line: 5, fig: "261", verdict: Contradicted},
		{name: "one digit changed", src: steps("- Step time at batch 512 is now 226 ms."),
			line: 5, fig: "226", verdict: Contradicted},
		{name: "the figure as the report writes it", src: steps("- Step time at batch 512 is now 216 ms."),
			line: 5, fig: "216", verdict: Unverifiable},
		{name: "a figure far from any other", src: steps("- Step time at batch 64 is now 96.1 ms."),
			line: 5, fig: "96.1", verdict: Unverifiable},
		{name: "a change, not a level", src: steps("- Step time grew by 261 ms on the old cards."),
			line: 5, fig: "261", verdict: Unverifiable},
		// 3. A ratio of memory in a report that states no memory figure
		// (a message size is none); one that a line or a table of
		// sizes measures is left to the other checks.
		{name: "memory no figure measures", src: brokers("", "B uses 38.4 % less memory per stream than A."),
			line: 7, fig: "38.4", verdict: Unsupported},
		{name: "memory a line measures", src: brokers("Memory per stream: 12.1 MiB on A, 7.45 MiB on B.", "B uses 38.4 % less memory per stream than A."),
			line: 9, fig: "38.4", verdict: Unverifiable},
		{name: "memory a table of sizes measures", src: brokers("| Broker | Peak per stream (MiB) |\n|---|--:|\n| A | 910 |", "B uses 38.4 % less memory per stream than A."),
			line: 11, fig: "38.4", verdict: Unverifiable},
		// 2. A row mixed with its sibling before a pair elsewhere.
		{name: "a row's figure over its sibling's", src: suite("Reporting and join-heavy queries both run about 3.1× faster. Window functions gain less, at 2.4×, as the new engine spills."),
			line: 18, fig: "2.4", verdict: MixesRows},
		{name: "a row's own pair", src: suite("Reporting and join-heavy queries both run about 3.1× faster. Window functions gain less, at 2.1×, as the new engine spills."),
			line: 18, fig: "2.1", verdict: Consistent},
	})
}

// TestNineteenthRoundFigures checks the figures the nineteenth round
// reads: "N times" before a reference figure, a resource's seconds
// ("CPU-seconds"), and the arithmetic a projection writes with a unit
// misread.
func TestNineteenthRoundFigures(t *testing.T) {
	runVerdictCases(t, []verdictCase{
		{name: "times a reference, its rates' multiple", src: oneSection("Capacity", "The fix took the api from 412 to 655 requests per second per pod, 1.59 times the previous ceiling."),
			line: 5, fig: "1.59", verdict: Consistent},
		{name: "times a reference, wrong", src: oneSection("Capacity", "The fix took the api from 412 to 655 requests per second per pod, 1.75 times the previous ceiling."),
			line: 5, fig: "1.75", verdict: ArithmeticError},
		{name: "times a median, its pair beside it", src: oneSection("Radio", "- Median downlink: 211.5 Mbit/s on SA against 38.6 Mbit/s on LTE,", "  5.48 times the LTE median."),
			line: 6, fig: "5.48", verdict: Consistent},
		{name: "CPU-seconds per day", src: oneSection("Impact", "The saving is about 0.573 CPU-seconds per second, or roughly", "49,500 CPU-seconds per day."),
			line: 6, fig: "49,500", verdict: Consistent},
		{name: "CPU-seconds per day in hours, a minute for an hour", src: oneSection("Impact", "The saving is about 0.573 CPU-seconds per second, or roughly", "49,500 CPU-seconds, 825 CPU-hours per day."),
			line: 6, fig: "825", verdict: ArithmeticError},
		{name: "a projection's total a period off", src: oneSection("Expected impact", "The saving should be about 0.573 CPU-seconds per second, or roughly", "49,500 CPU-seconds, 825 CPU-hours per day."),
			line: 6, fig: "825", verdict: ArithmeticError},
		{name: "a projection's total", src: oneSection("Expected impact", "The saving should be about 0.573 CPU-seconds per second, or roughly", "49,500 CPU-seconds per day."),
			line: 6, fig: "49,500", verdict: Unverifiable},
	})
}
