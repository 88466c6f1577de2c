package claims

import (
	"testing"
)

// The forty-third round's rules (testdata/labels/README.md, "Forty-third
// round"). Each test has, written for the test, an error of the shape its
// rule must catch (or the alarm it must not raise) and a consistent text
// of the same shape; with the rule's const off, its case fails.

// TestFortyThirdRoundQuotientOfFigures checks that a factor of prose that
// no pair gives but that is the quotient of a figure on its line and
// another figure of the same quantity in the report ("at the evening
// rate of 250 jobs/s, the queue drains 12.8 times faster than work
// arrives" after a drain at 3,200 jobs/s) raises no alarm (const
// quotientOfFigures), that a factor no two figures give keeps its alarm,
// and that a figure written as a side of a pair ("from 9.0 s to 1.5 s, is
// 4.2x faster") does not lend it its quotient.
func TestFortyThirdRoundQuotientOfFigures(t *testing.T) {
	src := func(fig string) string {
		return doc("# Print queue", "", "## Drain", "",
			"| | before | after | change |",
			"|---|--:|--:|--:|",
			"| drain time | 9 min 10 s | 2 min 5 s | −77.3 % |",
			"| throughput | 700 jobs/s | 3,200 jobs/s | 4.57x |",
			"",
			"The drain now runs at 3,200 jobs/s.",
			"",
			"At the evening rate of 250 jobs/s, the queue drains "+fig+" times faster than work arrives.")
	}
	noAlarmAt(t, src("12.8"), 12, "12.8")
	alarmAt(t, src("17.3"), 12, "17.3")
	pair := func(fig string) string {
		return doc("# Print queue", "", "## Spool", "",
			"| stage | before | after |",
			"|---|--:|--:|",
			"| spool | 9.0 s | 1.5 s |",
			"| render | 6.3 s | 2.1 s |",
			"",
			"The spool stage, from 9.0 s to",
			"1.5 s, is "+fig+"x faster; render is 3.0x faster.")
	}
	alarmAt(t, pair("4.2"), 11, "4.2")
	noAlarmAt(t, pair("6.0"), 11, "6.0")
}

// TestFortyThirdRoundJMHThrptUnits checks that JMH's throughput scores in
// ops/ms are read (const jmhThrptUnits), and that the same method printed
// again in one block, one run per thread count under its own header, is
// not a variant of the first run: the prose pair of the 8-thread runs is
// consistent with its factor, not contradicted by the 1-thread row, and
// a wrong factor of that pair is still caught.
func TestFortyThirdRoundJMHThrptUnits(t *testing.T) {
	src := func(factor string) string {
		return doc("# Tile index", "", "## Lookups", "",
			"```",
			"# v2, -t 1",
			"Benchmark                 Mode  Cnt     Score    Error   Units",
			"TileBench.lookup         thrpt   10   311.406 ±  4.120  ops/ms",
			"# v2, -t 8",
			"Benchmark                 Mode  Cnt     Score    Error   Units",
			"TileBench.lookup         thrpt   10  1905.772 ± 40.318  ops/ms",
			"```",
			"",
			"With 8 threads, lookups rise from 311 to",
			"1,906 ops/ms ("+factor+").")
	}
	rep := extract(t, src("6.1x"))
	claimAt(t, rep, 8, "311.406")
	noAlarmAt(t, src("6.1x"), 15, "6.1")
	alarmAt(t, src("7.4x"), 15, "7.4")
}

// TestFortyThirdRoundQuotientOfBlockRuns checks that a factor with no
// figure beside it that is the quotient of two runs in the output block
// right above its paragraph ("v2 gets 6.1x its single-thread
// throughput" after JMH runs at 1 and 8 threads) raises no alarm (const
// quotientOfBlockRuns), and that a factor no two of those figures give
// keeps its alarm.
func TestFortyThirdRoundQuotientOfBlockRuns(t *testing.T) {
	src := func(factor string) string {
		return doc("# Tile index", "", "## Benchmarks", "",
			"| stage | v1 | v2 |",
			"|---|--:|--:|",
			"| decode | 12.40 µs | 3.10 µs |",
			"",
			"The lookup runs:", "",
			"```",
			"# v2, -t 1",
			"Benchmark                 Mode  Cnt     Score    Error   Units",
			"TileBench.lookup         thrpt   10   311.406 ±  4.120  ops/ms",
			"# v2, -t 8",
			"Benchmark                 Mode  Cnt     Score    Error   Units",
			"TileBench.lookup         thrpt   10  1905.772 ± 40.318  ops/ms",
			"```",
			"",
			"Lock striping shows at 8 threads: v2 gets",
			factor+" its single-thread throughput.")
	}
	noAlarmAt(t, src("6.12x"), 21, "6.12")
	alarmAt(t, src("5.12x"), 21, "5.12")
}

// TestFortyThirdRoundQuotientOnLine checks that a factor that is the
// quotient of two figures of its sentence, wrapped from the line before
// ("8 workers render 1,540 tiles per ms" / "instead of 412, 3.7x"),
// raises no alarm (const quotientOnLine), and that a factor those figures
// do not give keeps its alarm.
func TestFortyThirdRoundQuotientOnLine(t *testing.T) {
	src := func(factor string) string {
		return doc("# Tile renderer", "", "## Rendering", "",
			"| stage | v1 | v2 |",
			"|---|--:|--:|",
			"| rasterise | 12.40 ms | 3.10 ms |",
			"",
			"Rendering overall, in the load test:", "",
			"Sharded queues let 8 workers render 1,540 tiles per ms",
			"instead of 412, "+factor+".")
	}
	noAlarmAt(t, src("3.7x"), 12, "3.7")
	alarmAt(t, src("4.7x"), 12, "4.7")
}
