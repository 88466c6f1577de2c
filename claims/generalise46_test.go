package claims

import "testing"

// The forty-sixth round's rules (testdata/labels/README.md, "Forty-sixth
// round"). Each test has, written for the test, a text of the shape its
// rule reads and a near miss that must keep its verdict; with the rule's
// const off, its cases fail.

// TestFortySixthRoundRatioOnSlippedSide checks that a factor whose own
// line misquotes one figure ("now runs in 27.4 s instead of 58.3 s" where
// the stage table totals 23.7 s) is consistent when the table's figure
// gives it, and that the misquoted figure carries the alarm instead
// (const ratioOnSlippedSide); that a factor no figure gives keeps its
// arithmetic error; and that the line quoting the table is left alone.
func TestFortySixthRoundRatioOnSlippedSide(t *testing.T) {
	src := func(line string) string {
		return doc("# Nightly settlement", "", "## Stages", "",
			"| stage | before | after |",
			"|---|--:|--:|",
			"| load ledgers | 21.9 s | 9.8 s |",
			"| net positions | 36.4 s | 13.9 s |",
			"| total | 58.3 s | 23.7 s |",
			"",
			"## Summary",
			"",
			line)
	}
	slipped := src("The nightly settlement now runs in 27.4 s instead of 58.3 s, 2.46x faster.")
	noAlarmAt(t, slipped, 13, "2.46")
	alarmAt(t, slipped, 13, "27.4")

	// A factor that neither the line's figures nor the table's give.
	wrong := src("The nightly settlement now runs in 27.4 s instead of 58.3 s, 2.91x faster.")
	alarmAt(t, wrong, 13, "2.91")

	// The line quoting the table.
	right := src("The nightly settlement now runs in 23.7 s instead of 58.3 s, 2.46x faster.")
	stated(t, right, 13, "2.46")
	stated(t, right, 13, "23.7")
}

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

// TestFortySixthRoundRowOfOtherSetting checks that a factor whose
// sentence names one setting ("4096-byte frames") while one figure of its
// pair is stated only on the row of another setting (the 256-byte row's
// 301.7 ns) mixes rows, the borrowed figure with it (const
// rowOfOtherSetting); that the same sentence with both figures of the
// named setting stays consistent; and that a sentence comparing two
// settings on purpose (how the time grows from one to the other) is left
// alone.
func TestFortySixthRoundRowOfOtherSetting(t *testing.T) {
	src := func(line string) string {
		return doc("# Frame codec", "", "## Decode", "",
			"| codec | frame bytes | decode |",
			"|---|--:|--:|",
			"| v1 | 256 | 812.4 ns |",
			"| v2 | 256 | 301.7 ns |",
			"| v1 | 4096 | 9,406.2 ns |",
			"| v2 | 4096 | 2,118.9 ns |",
			"",
			line)
	}
	mixed := src("On 4096-byte frames v2 decodes in 301.7 ns instead of 9,406.2 ns, 31.2x faster.")
	alarmAt(t, mixed, 12, "31.2")
	alarmAt(t, mixed, 12, "301.7")
	noAlarmAt(t, mixed, 12, "9,406.2")

	right := src("On 4096-byte frames v2 decodes in 2,118.9 ns instead of 9,406.2 ns, 4.44x faster.")
	stated(t, right, 12, "4.44")

	growth := src("From 256 to 4096 bytes the v2 decode grows 7.02x (301.7 ns → 2,118.9 ns).")
	noAlarmAt(t, growth, 12, "7.02")
}

// TestFortySixthRoundDifferenceOnSlippedSide checks that a difference
// whose line misquotes one of its figures ("takes 17.97 s against 61.82
// s, 42.05 s less" where the table gives 19.77 s) is consistent when the
// table's figure gives it, the misquoted figure alarmed instead (const
// differenceOnSlippedSide), and that a difference neither figure gives
// keeps its arithmetic error.
func TestFortySixthRoundDifferenceOnSlippedSide(t *testing.T) {
	src := func(diff string) string {
		return doc("# Archive packer", "", "## Wall time", "",
			"| build | mean wall time |",
			"|---|--:|",
			"| old packer | 61.82 s |",
			"| new packer | 19.77 s |",
			"",
			"On the full archive the new packer takes 17.97 s against 61.82 s, "+diff+" less.")
	}
	noAlarmAt(t, src("42.05 s"), 10, "42.05")
	alarmAt(t, src("42.05 s"), 10, "17.97")
	alarmAt(t, src("40.10 s"), 10, "40.10")
}

// TestFortySixthRoundRateTimePerPeriod checks that a time written per a
// period ("8.1 ms of CPU per second") is not read as the time of one
// operation under a rate beside it (const rateTimePerPeriod), and that a
// rate one over a time per operation of its sentence is still checked.
func TestFortySixthRoundRateTimePerPeriod(t *testing.T) {
	share := doc("# Badge reader", "", "## Load", "",
		"At the morning peak of 2,150 badge reads/s the validator spends about 8.1 ms of CPU per second on parsing.")
	noAlarmAt(t, share, 5, "2,150")

	perOp := doc("# Badge reader", "", "## Load", "",
		"Each badge read takes 8.1 ms of CPU, so one core manages about 2,150 badge reads/s.")
	alarmAt(t, perOp, 5, "2,150")
}

// TestFortySixthRoundRateQuoted checks that a rate of prose written as a
// benchmark's output states it ("v1 manages 418.206 ops/ms" of JMH's
// throughput line) is a quotation, not recomputed from a time of another
// sentence (const rateQuoted); a rate that the output does not state is
// still recomputed.
func TestFortySixthRoundRateQuoted(t *testing.T) {
	src := func(rate string) string {
		return doc("# Seat map", "", "## Contended", "",
			"```",
			"Benchmark                      Mode  Cnt      Score     Error   Units",
			"SeatBench.reserveV1Contended  thrpt   25    418.206 ±  12.114  ops/ms",
			"SeatBench.reserveV2Contended  thrpt   25   9120.775 ± 140.502  ops/ms",
			"```",
			"",
			"Under contention v1 manages "+rate+" and v2 far more.",
			"One uncontended v2 reservation takes 96.31 ns, about 10,383 ops/ms on a thread.")
	}
	noAlarmAt(t, src("418.206 ops/ms"), 11, "418.206")
	alarmAt(t, src("418.306 ops/ms"), 11, "418.306")
}

// TestFortySixthRoundK6Counters checks that k6's counter lines ("count
// rate/s") and a rate metric's passes and fails ("✓ N ✗ M") are read as
// figures (const k6Counters), without an alarm against the block's
// request times; and that a line of another shape (a trend) is read as
// before.
func TestFortySixthRoundK6Counters(t *testing.T) {
	src := doc("# Ticket scanner", "", "## Load test", "",
		"```",
		"     checks.........................: 99.98%  ✓ 1204330     ✗ 241",
		"     http_req_duration..............: avg=4.12ms   min=0.88ms  med=3.70ms  max=211.4ms p(90)=6.31ms p(95)=8.02ms",
		"     http_reqs......................: 602285  1673.0/s",
		"```")
	stated(t, src, 6, "1204330")
	stated(t, src, 6, "241")
	stated(t, src, 8, "602285")
	stated(t, src, 8, "1673.0")
	noAlarmAt(t, src, 7, "4.12")
}

// TestFortySixthRoundPerfStatRatios checks that perf stat's clock ("#
// 3.512 GHz") and instructions per cycle ("# 1.87 insn per cycle") are
// read as figures and recomputed from the block's counters and task
// clock (const perfStatRatios), and that a ratio the counters do not give
// is left unverifiable, not alarmed (perf's own output).
func TestFortySixthRoundPerfStatRatios(t *testing.T) {
	src := func(ghz string) string {
		return doc("# Log shipper", "", "## perf stat", "",
			"```",
			" Performance counter stats for './shipper --replay day.log':",
			"",
			"         20,000.00 msec task-clock                       #    1.950 CPUs utilized",
			"    70,240,000,000      cycles                           #    "+ghz+" GHz",
			"   131,348,800,000      instructions                     #    1.87  insn per cycle",
			"```")
	}
	rep := extract(t, src("3.512"))
	if c := claimAt(t, rep, 9, "3.512"); c.Verdict != Consistent {
		t.Errorf("3.512 GHz: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 10, "1.87"); c.Verdict != Consistent {
		t.Errorf("1.87 insn per cycle: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	stated(t, src("3.215"), 9, "3.215")
}

// TestFortySixthRoundBdnRatioCells checks that BenchmarkDotNet's Ratio
// and Alloc Ratio cells are read and recomputed from the row and its
// baseline row (const bdnRatioCells), and that a cell its row does not
// give is left unverifiable, not alarmed (the tool's output).
func TestFortySixthRoundBdnRatioCells(t *testing.T) {
	src := func(ratio string) string {
		return doc("# Fare parser", "", "## Results", "",
			"```",
			"| Method  | Mean       | Error    | StdDev   | Ratio | Allocated | Alloc Ratio |",
			"|-------- |-----------:|---------:|---------:|------:|----------:|------------:|",
			"| ParseV1 | 2,410.0 ns | 18.20 ns | 17.02 ns |  1.00 |     880 B |        1.00 |",
			"| ParseV2 |   612.4 ns |  4.11 ns |  3.85 ns |  "+ratio+" |      64 B |        0.07 |",
			"```")
	}
	rep := extract(t, src("0.25"))
	if c := claimAt(t, rep, 9, "0.25"); c.Verdict != Consistent {
		t.Errorf("0.25: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	stated(t, src("0.52"), 9, "0.52")
}
