package claims

import (
	"strings"
	"testing"
)

// The thirty-third round's rules (testdata/labels/README.md, "Thirty-
// third round"). Each test has, written for the test, an error of the
// shape its rule must catch (or the alarm it must not raise) and a
// consistent text of the same shape; with the rule's const off, its case
// fails.

// parserJMHRuns is a log parser's JMH output pasted once per release.
// FACTOR is replaced by each case.
const parserJMHRuns = `# Log parser 3.0

## Benchmarks

### 2.9

` + "```" + `
Benchmark                        (lines)   Mode  Cnt        Score       Error   Units
ParseBench.tokenize                  N/A  thrpt   10   812345.500 ±  9012.100   ops/s
ParseBench.index                    1000   avgt   10     2210.400 ±    31.000   ns/op
` + "```" + `

### 3.0

` + "```" + `
Benchmark                        (lines)   Mode  Cnt        Score       Error   Units
ParseBench.tokenize                  N/A  thrpt   10  1949630.200 ± 20011.300   ops/s
ParseBench.index                    1000   avgt   10     1105.200 ±    14.000   ns/op
` + "```" + `

Tokenizing is FACTOR faster in 3.0.
`

// TestThirtyThirdRoundJMHRunPairs checks that a JMH benchmark stated in
// two blocks of output (two releases) makes a pair of the two runs (const
// jmhRunPairs): a factor in prose that only the two runs give is
// checked against them.
func TestThirtyThirdRoundJMHRunPairs(t *testing.T) {
	runs := func(f string) string { return strings.Replace(parserJMHRuns, "FACTOR", f, 1) }
	// 1,949,630.2 / 812,345.5 = 2.40.
	consistentAt(t, runs("2.40x"), 21, "2.40")
	alarmAt(t, runs("3.10x"), 21, "3.10")
}

// kioskDevices is a ticket kiosk's render time per model, and a
// conclusion stating the range of the speed-ups. RANGE is replaced by
// each case.
const kioskDevices = `# Kiosk renderer

## Devices

| model    | 1.x (ms) | 2.0 (ms) | speed-up |
|----------|---------:|---------:|---------:|
| K10      | 2,250    | 500      | 4.5x     |
| K20      | 1,560    | 400      | 3.9x     |
| K30      | 960      | 300      | 3.2x     |

## Conclusion

Release 2.0 renders a ticket RANGE faster on every kiosk: 2,250 → 500 ms on the K10,
1,560 → 400 ms on the K20 and 960 → 300 ms on the K30.
`

// TestThirtyThirdRoundRangeEndsTo checks that each end of a range of
// factors written with "to" is the change of one row (const rangeEndsTo):
// not an arithmetic error against the first pair of its sentence when a
// row gives it, still an alarm when no row does.
func TestThirtyThirdRoundRangeEndsTo(t *testing.T) {
	rng := func(r string) string { return strings.Replace(kioskDevices, "RANGE", r, 1) }
	// 960 / 300 = 3.2, 2,250 / 500 = 4.5; the first pair gives 4.5.
	consistentAt(t, rng("3.2x to 4.5x"), 13, "3.2")
	alarmAt(t, rng("2.6x to 4.5x"), 13, "2.6")
}

// schedulerSweep is a job scheduler's benchstat comparison at two queue
// sizes and a sentence comparing v1 at the two sizes. AT1K is replaced
// by each case.
const schedulerSweep = `# Scheduler v2

## Benchmarks

` + "```" + `
                  │   v1.txt    │               v2.txt                │
                  │   sec/op    │   sec/op     vs base                │
Plan/jobs=1k-8      40.62µ ± 1%   20.31µ ± 2%  -50.00% (p=0.000 n=10)
Plan/jobs=10k-8     203.1µ ± 1%   50.77µ ± 1%  -75.00% (p=0.000 n=10)
geomean             90.83µ        32.11µ       -64.65%
` + "```" + `

At 1k jobs v2 is AT1K; the fixed cost of a plan dominates.

The v1 cost per plan grows by 5.0x from 1k to 10k jobs (40.62 µs → 203.1 µs).
`

// TestThirtyThirdRoundSettingStepPairs checks that a pair written right
// after a step between two settings ("from 1k to 10k jobs (40.62 µs →
// 203.1 µs)") is one variant at two settings (const settingStepPairs):
// a sentence quoting the 1k row's pair of variants does not misquote it
// (nor it them), and a sentence that misquotes the row is still an
// alarm (on the misquoted figure).
func TestThirtyThirdRoundSettingStepPairs(t *testing.T) {
	at := func(s string) string { return strings.Replace(schedulerSweep, "AT1K", s, 1) }
	// 40.62 / 20.31 = 2.00.
	consistentAt(t, at("2.00x faster (40.62 µs → 20.31 µs)"), 13, "2.00")
	consistentAt(t, at("2.00x faster (40.62 µs → 20.31 µs)"), 15, "5.0")
	// The misquoted figure carries the alarm: the factor holds with the
	// row's 20.31 µs (forty-sixth round, ratioOnSlippedSide).
	alarmAt(t, at("2.00x faster (40.62 µs → 23.11 µs)"), 13, "23.11")
}

// cacheAlloc is a cache's allocation per lookup before and after, and a
// sentence totalling the old allocation at a peak rate. TOTAL is
// replaced by each case.
const cacheAlloc = `# Cache 4.0

## Summary

- Allocation per lookup: 640 KiB → 96 KiB (−85 %).

## At peak

The west region peaks at 2,000 lookups/s. At 2,000 lookups/s and the old path's 640 KiB per
lookup, the cache allocated about TOTAL in that region at peak.
`

// TestThirtyThirdRoundTotalSentenceOperand checks that a rate total whose
// sentence writes its size per operation is that size times the rate,
// not the saving of the report's pair (const totalSentenceOperand): 640
// KiB × 2,000/s = 1,250 MiB/s, not (640 − 96) KiB × 2,000/s; a total
// that neither gives is still an alarm.
func TestThirtyThirdRoundTotalSentenceOperand(t *testing.T) {
	tot := func(s string) string { return strings.Replace(cacheAlloc, "TOTAL", s, 1) }
	consistentAt(t, tot("1,250 MiB/s"), 10, "1,250")
	alarmAt(t, tot("1,450 MiB/s"), 10, "1,450")
}

// printIndex is a print archive's index before and after, and a
// sentence putting the fall the other way. MORE is replaced by each
// case.
const printIndex = `# Print archive

## Index

The index shrank from 120 GiB to 48 GiB for the same jobs, 60 % less.
Put the other way, the old index needed MORE % more space than the new one.
`

// TestThirtyThirdRoundNeededMoreBase checks that "the old X needed N %
// more than the new one" is old/new − 1 (const neededMoreBase): 120 /
// 48 − 1 = 150 %, consistent; 60 %, the fall on the old base, an
// arithmetic error.
func TestThirtyThirdRoundNeededMoreBase(t *testing.T) {
	more := func(s string) string { return strings.Replace(printIndex, "MORE", s, 1) }
	consistentAt(t, more("150"), 6, "150")
	alarmAt(t, more("60"), 6, "60")
}

// tileEncoder is a tile encoder's times per input size, and a sentence
// quoting them rounded. PAIR is replaced by each case.
const tileEncoder = `# Tile encoder

## Results

| input  | v1 (ms) | v2 (ms) | change  |
|--------|--------:|--------:|--------:|
| small  | 41.27   | 10.13   | −75.5 % |
| large  | 98.84   | 23.69   | −76.0 % |

For small inputs the encode time went PAIR.
`

// TestThirtyThirdRoundMixedRounded checks the twenty-sixth round's
// mixedRounded, switched on this round: a sentence's pair whose before
// figure is one row's and whose after figure is another row's, written
// rounded (23.7 ms for 23.69), mixes rows; the row's own after figure,
// rounded, does not.
func TestThirtyThirdRoundMixedRounded(t *testing.T) {
	pair := func(s string) string { return strings.Replace(tileEncoder, "PAIR", s, 1) }
	// 41.27 → 10.13 is −75.5 %; 41.27 → 23.69 is −42.6 %.
	consistentAt(t, pair("from 41.3 ms to 10.1 ms (−75.5 %)"), 10, "75.5")
	alarmAt(t, pair("from 41.3 ms to 23.7 ms (−42.6 %)"), 10, "42.6")
}

// plannerLatency is a query planner's percentiles, old and new columns
// of each, and a sentence quoting one row. PAIR is replaced by each case.
const plannerLatency = `# Query planner

## Latency

| workload  | old p50 | new p50 | old p95 | new p95 |
|-----------|--------:|--------:|--------:|--------:|
| reporting | 48.2 ms | 6.4 ms  | 131 ms  | 17.9 ms |
| lookups   | 3.1 ms  | 1.2 ms  | 9.7 ms  | 3.3 ms  |

For reporting, the p95 falls PAIR.
`

// TestThirtyThirdRoundMixedSameRow checks the twenty-sixth round's
// mixedSameRow, switched on this round: a sentence's pair whose before
// figure is one column pair's and whose after figure is another column
// pair's of the same row (the p95 before, the p50 after) mixes them.
func TestThirtyThirdRoundMixedSameRow(t *testing.T) {
	pair := func(s string) string { return strings.Replace(plannerLatency, "PAIR", s, 1) }
	// 131 → 17.9 is −86.3 %; 131 → 6.4 (the p50 after) is −95.1 %.
	consistentAt(t, pair("from 131 ms to 17.9 ms (−86.3 %)"), 10, "86.3")
	alarmAt(t, pair("from 131 ms to 6.4 ms (−95.1 %)"), 10, "95.1")
}

// gatewaySoak is a gateway's soak test, the new rate first and the old
// after "against … before". FACTOR is replaced by each case.
const gatewaySoak = `# Gateway 2.0

## Load test

The new build served 9,640 requests/s in the two-hour staging soak test, against 3,856 before, FACTOR the
throughput of 1.9.
`

// TestThirtyThirdRoundAgainstBefore checks the thirty-first round's
// againstBefore, switched on this round: "A in <where it was measured>,
// against B before" is a pair, the new figure first.
func TestThirtyThirdRoundAgainstBefore(t *testing.T) {
	soak := func(s string) string { return strings.Replace(gatewaySoak, "FACTOR", s, 1) }
	// 9,640 / 3,856 = 2.5.
	consistentAt(t, soak("2.5x"), 5, "2.5")
	alarmAt(t, soak("3.1x"), 5, "3.1")
}

// ledgerExport is an export job's summary, a pair whose "instead of"
// opens the line after the new figure, and the results table.
const ledgerExport = `# Export job

## Summary

The nightly export of the ledger now finishes in NEW h
instead of 4.58 h.

## Results

| | 3.1 | 3.2 | change |
|---|--:|--:|--:|
| export wall time (h) | 4.58 | 2.57 | −43.9 % |
`

// TestThirtyThirdRoundInsteadOfAcrossBreak checks the twenty-ninth
// round's insteadOfAcrossBreak, switched on this round: "finishes in 2.75
// h" / "instead of 4.58 h" is a pair across the line break; the summary
// restating the table's 4.58 h is supported, its 2.75 h for the table's
// 2.57 h contradicted.
func TestThirtyThirdRoundInsteadOfAcrossBreak(t *testing.T) {
	exp := func(s string) string { return strings.Replace(ledgerExport, "NEW", s, 1) }
	noAlarmAt(t, exp("2.57"), 6, "4.58")
	alarmAt(t, exp("2.75"), 5, "2.75")
	// The pair read across the break is split: its quoted figure
	// supported by the table, on its own line.
	consistentAt(t, exp("2.75"), 6, "4.58")
}

// syncBattery is a sync client's battery table and a paragraph whose
// first sentence writes a pair of wake-up counts. DRAIN is replaced by
// each case.
const syncBattery = `# Sync client 6.0

## Battery

| metric | 5.9 | 6.0 | change |
|---|--:|--:|--:|
| background data (MB/day) | 41.2 | 13.3 | −67.7 % |
| overnight drain (%) | 8.2 | 3.5 | −57.3 % |

Overnight the client woke the radio 496 times on 5.9 against 112 on 6.0. Background data fell by 67.7 %
and overnight battery drain by DRAIN.
`

// TestThirtyThirdRoundOtherSentencePair checks the twenty-eighth round's
// otherSentencePair, switched on this round: a percentage of a sentence
// that starts after a pair (the wake-ups) is not that pair's; the table
// row its words name gives it. A percentage the sentence's own pair
// does not give is still an alarm.
func TestThirtyThirdRoundOtherSentencePair(t *testing.T) {
	drain := func(s string) string { return strings.Replace(syncBattery, "DRAIN", s, 1) }
	consistentAt(t, drain("57.3 %"), 11, "57.3")
	alarmAt(t, drain("57.3 %, while the wake-ups fell from 496 to 112, 71 % fewer"), 11, "71")
}
