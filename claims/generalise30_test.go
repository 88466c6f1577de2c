package claims

import (
	"strings"
	"testing"
)

// The thirtieth round's rules (testdata/labels/README.md, "Thirtieth
// round"). Each test has, written for the test, an error of the shape its
// rule must catch (or the alarm it must not raise) and a consistent text
// of the same shape; with the rule's const off, its case fails.

// TestThirtiethRoundJMHParamRows checks that JMH rows with a parameter
// column are variants of one another only at the same parameter value
// (const jmhParamRows): a sentence comparing the two methods at one size
// is checked against those rows, not contradicted by the other size's
// score.
func TestThirtiethRoundJMHParamRows(t *testing.T) {
	// 1 − 0.620 / 2.480 = 75 %.
	rightWrong(t, lexerReport, "PCT", 13, "75.0 %", "57.0 %")
}

// TestThirtiethRoundSameAmountNoPair checks that two figures of one unit
// joined by an equals sign or by ", or" are one amount, not the loose
// pair of a ratio beside them (const sameAmountNoPair): the ratio is
// checked against the table's pair.
func TestThirtiethRoundSameAmountNoPair(t *testing.T) {
	// 1 − 600 / 1,800 = 66.7 %; 10,800 s → 1,200 s would give 88.9 %.
	rightWrong(t, rebuildReport, "PCT", 11, "66.7 %", "45.0 %")
	// 300 / 100 = 3.00x; 200 minutes → 3 h 20 min would give 1x.
	rightWrong(t, settlementReport, "FACTOR", 11, "3.00x", "2.00x")
}

// TestThirtiethRoundOtherSubjectFar checks that a ratio two lines below
// a pair, with a clause naming another subject between them, is not
// checked against that pair (const otherSubjectFar); a ratio two lines
// below its pair with no other subject between is.
func TestThirtiethRoundOtherSubjectFar(t *testing.T) {
	src := func(between, factor string) string {
		return strings.NewReplacer("BETWEEN", between, "FACTOR", factor).Replace(`# Build pipeline

## Summary

The whole pipeline went from 1,200 s to 400 s
BETWEEN
FACTOR faster on the new runners.
`)
	}
	other := "; the docs step is twice as fast with the cache, and the link checker is"
	same := "once the cache is warm, which makes the whole run about"
	// The pipeline's 1,200 → 400 s gives 3.0x.
	noAlarmAt(t, src(other, "2.5 times"), 7, "2.5")
	noAlarmAt(t, src(same, "3.0 times"), 7, "3.0")
	alarmAt(t, src(same, "4.5 times"), 7, "4.5")
}

// TestThirtiethRoundNewSentenceSubject checks that a percentage in a
// sentence that opens with a subject of its own is not checked against
// the pair of the sentence before (const newSentenceSubject); one in a
// sentence that points back to it is.
func TestThirtiethRoundNewSentenceSubject(t *testing.T) {
	src := func(opener, pct string) string {
		return strings.NewReplacer("OPENER", opener, "PCT", pct).Replace(`# Database load

## Server

The server's CPU fell from 24.0 to 12.0 cores, 12.0 cores less.
OPENER (PCT) since the same rows are written.
`)
	}
	noAlarmAt(t, src("Log volume is almost unchanged", "−5.0 %"), 6, "5.0")
	noAlarmAt(t, src("That is a large drop", "−50.0 %"), 6, "50.0")
	alarmAt(t, src("That is a large drop", "−25.0 %"), 6, "25.0")
}

// TestThirtiethRoundRowSavingDifference checks that a figure after a
// verb of saving, in a sentence naming a table row by a word, is that
// row's difference (const rowSavingDifference).
func TestThirtiethRoundRowSavingDifference(t *testing.T) {
	// 41 − 21 = 20 minutes.
	rightWrong(t, closeReport, "SAVED", 12, "20 minutes", "26 minutes")
}

// TestThirtiethRoundEnvironmentCost checks that a line labelled like a
// machine's description that computes a price is read (const
// environmentCost): its totals over periods are checked.
func TestThirtiethRoundEnvironmentCost(t *testing.T) {
	// $48.00 × 30 = $1,440.
	rightWrong(t, oneSection("Cost", "- CPU: 50 cores × $0.040 = $2.000 an hour, $48.00 a day, $MONTH a month (30 days)."), "MONTH", 5, "1,440", "14,400")
}

// TestThirtiethRoundListedRatioLead checks that the last ratio of a list
// joined by "and" is read with the list's words (const listedRatioLead):
// it rests on its own row, as the ratios before it do.
func TestThirtiethRoundListedRatioLead(t *testing.T) {
	// 20.0 / 10.0 = 2.00.
	rightWrong(t, decoderReport, "FACTOR", 18, "2.00x", "3.00x")
}

// TestThirtiethRoundMixedNotAlone checks that a sentence's pair taking
// one row's before figure and another row's after figure mixes the rows
// also when that after figure is written on its own elsewhere (const
// mixedNotAlone, a part of mixedSidesAnyPair).
func TestThirtiethRoundMixedNotAlone(t *testing.T) {
	src := func(after, factor string) string {
		return strings.NewReplacer("AFTER", after, "FACTOR", factor).Replace(`# Aligner

## Kernel

| read length | scalar (µs) | striped (µs) |
|---|--:|--:|
| 100 bp | 6.000 | 1.500 |
| 150 bp | 9.000 | 2.250 |

The 100 bp case takes 1.500 µs per alignment.

At 150 bp an alignment now takes AFTER instead of 9.000 µs, FACTOR times less.
`)
	}
	noAlarmAt(t, src("2.250 µs", "4.0"), 12, "4.0")
	alarmAt(t, src("1.500 µs", "6.0"), 12, "6.0")
}

// TestThirtiethRoundPairLineFigures checks that on a line whose only
// claim is a before → after pair, a figure with a unit no pair takes is
// read as a figure of its own (const pairLineFigures), and a difference
// so read is checked.
func TestThirtiethRoundPairLineFigures(t *testing.T) {
	src := func(text string) string { return oneSection("Memory", text) }
	// 14.2 − 9.6 = 4.6 GiB.
	claimAt(t, extract(t, src("Each node now gives back 4.6 GiB to the page cache (RSS 14.2 GiB → 9.6 GiB).")), 5, "4.6")
	noAlarmAt(t, src("Each node now uses 4.6 GiB less (RSS 14.2 GiB → 9.6 GiB)."), 5, "4.6")
	alarmAt(t, src("Each node now uses 6.4 GiB less (RSS 14.2 GiB → 9.6 GiB)."), 5, "6.4")
}

// TestThirtiethRoundDownToPair checks that "N units down to M" is a pair
// in order (const downToPair), the bare later figure taking the earlier
// one's unit: a percentage beside it is checked against it.
func TestThirtiethRoundDownToPair(t *testing.T) {
	// 1 − 8 / 20 = 60 % as time saved, 150 % as throughput gained.
	rightWrong(t, oneSection("Export", "Report export is PCT faster, 20 minutes down to 8."), "PCT", 5, "60 %", "35 %")
}

// lexerReport is TestThirtiethRoundJMHParamRows's report, its percentage marked PCT.
const lexerReport = `# Tokenizer

## Microbenchmarks

~~~
Benchmark                 (bytes)  Mode  Cnt    Score    Error  Units
LexBench.table               4096  avgt   10    2.480 ±  0.021  ms/op
LexBench.table              65536  avgt   10   39.900 ±  0.310  ms/op
LexBench.vector              4096  avgt   10    0.620 ±  0.006  ms/op
LexBench.vector             65536  avgt   10    9.700 ±  0.090  ms/op
~~~

For 4,096 bytes the vector lexer takes 0.620 ms against 2.480 ms, PCT less time.
`

// closeReport is TestThirtiethRoundRowSavingDifference's report, its saving marked SAVED.
const closeReport = `# Month-end close

## Phases

Elapsed minutes per phase:

| phase | old | new |
|---|--:|--:|
| ledger posting | 41 | 21 |
| report export | 18 | 8 |

Posting saves SAVED thanks to the batched writes.
`

// decoderReport is TestThirtiethRoundListedRatioLead's report, its factor marked FACTOR.
const decoderReport = `# Event decoder

## Decode

| event size | reflective (µs) | generated (µs) |
|---|--:|--:|
| small | 3.00 | 1.20 |
| medium | 8.00 | 3.20 |
| large | 20.0 | 10.0 |

## Throughput

Ingest is fast now: it went from 160,000 to 410,000 events per second.

## Summary

The three event sizes all improve by 50 % or more: 60.0 % for small events, 60.0 % for medium
ones and 50.0 % for large ones. In speed terms the generated decoder is 2.50x, 2.50x and FACTOR as
fast.
`

// rebuildReport is TestThirtiethRoundSameAmountNoPair's report of a
// product, its percentage marked PCT.
const rebuildReport = `# Image rebuild

## One image

| step | before | after |
|---|--:|--:|
| layer build | 1,800 s | 600 s |

## Nightly

Each layer build is PCT faster, so the time saved per night is 9 × 1,200 s = 10,800 s.
`

// settlementReport is TestThirtiethRoundSameAmountNoPair's report of a
// restated amount, its factor marked FACTOR.
const settlementReport = `# Settlement batch

## Stages

| stage | before (min) | after (min) |
|---|--:|--:|
| **total** | **300** | **100** |

## Effect

The batch is FACTOR shorter: 200 minutes, or 3 h 20 min, saved every night.
`

// TestThirtiethRoundJMHSecondaryRows checks that JMH's rows of a
// profiler's secondary result ("Bench.method:·gc.alloc.rate.norm") are
// read as rows of their method, paired with the other methods' same
// result (const jmhSecondaryRows): a factor of allocation is checked
// against them.
func TestThirtiethRoundJMHSecondaryRows(t *testing.T) {
	// 524,288 B / 65,536 B = 8.0x.
	rightWrong(t, allocReport, "FACTOR", 13, "8.0x", "5.0x")
}

// allocReport is TestThirtiethRoundJMHSecondaryRows's report, its factor
// marked FACTOR.
const allocReport = `# Tokenizer allocation

## With the GC profiler

~~~
Benchmark                               Mode  Cnt       Score     Error  Units
LexBench.table                          avgt   10       2.480 ±   0.021  ms/op
LexBench.table:·gc.alloc.rate.norm      avgt   10  524288.000 ±   0.001   B/op
LexBench.vector                         avgt   10       0.620 ±   0.006  ms/op
LexBench.vector:·gc.alloc.rate.norm     avgt   10   65536.000 ±   0.001   B/op
~~~

Per call the vector lexer needs FACTOR less memory than the table lexer.
`
