package claims

import (
	"strings"
	"testing"
)

// The thirty-fifth round's rules (testdata/labels/README.md, "Thirty-
// fifth round"). Each test has, written for the test, an error of the
// shape its rule must catch (or the alarm it must not raise) and a
// consistent text of the same shape; with the rule's const off, its case
// fails.

// TestThirtyFifthRoundPeriodOtherNoun checks that a count per period
// restating the figure before it in its sentence is read as the same
// count over another period only when both count one thing (const
// periodOtherNoun): "orders a day … row writes a day" are two counts.
func TestThirtyFifthRoundPeriodOtherNoun(t *testing.T) {
	src := func(s string) string {
		return doc("# Order store", "", "## Write load", "", "Each order is written four times on its way to the archive.", s)
	}
	// 52 million orders × 4 writes = 208 million writes: another count.
	noAlarmAt(t, src("At 52 million orders a day that is roughly 208 million row writes a day."), 6, "208 million")
	// The same count over a month: 52 million × 30 = 1.56 billion.
	noAlarmAt(t, src("At 52 million orders a day that is roughly 1.56 billion orders a month."), 6, "1.56 billion")
	alarmAt(t, src("At 52 million orders a day that is roughly 15.6 billion orders a month."), 6, "15.6 billion")
}

// parserJump is a parser's benchmark in nanoseconds and a sentence
// restating its after figure, the before figure written after "from" or
// "instead of". SENTENCE is replaced by each case.
const parserJump = `# Parser

## Benchmarks

| benchmark | before (ns) | after (ns) |
|---|--:|--:|
| parse/doc | 750,112 ns | 240,036 ns |

SENTENCE
`

// TestThirtyFifthRoundPrefixJumpBefore checks that a time whose prefix
// slipped is found on the after side when the before side is written
// after it ("… from 750.1 µs", "… instead of 750.1 µs"), and the before
// figure keeps no alarm (const prefixJumpBefore).
func TestThirtyFifthRoundPrefixJumpBefore(t *testing.T) {
	for _, form := range []string{"A document now parses in AFTER, down 68.0 % from 750.1 µs.", "Parsing takes AFTER instead of 750.1 µs per document."} {
		src := func(after string) string {
			return strings.ReplaceAll(parserJump, "SENTENCE", strings.ReplaceAll(form, "AFTER", after))
		}
		alarmAt(t, src("240.0 ns"), 9, "240.0")
		noAlarmAt(t, src("240.0 ns"), 9, "750.1")
		noAlarmAt(t, src("240.0 µs"), 9, "240.0")
		noAlarmAt(t, src("240.0 µs"), 9, "750.1")
	}
}

// encoderSuite is an encoder's benchmark table of three cases and a
// sentence giving the largest speed-up of the suite as "up to" a factor.
// FACTOR is replaced by each case.
const encoderSuite = `# Encoder

## Benchmarks

| case | before | after |
|---|--:|--:|
| small frame | 12.0 µs | 8.0 µs |
| medium frame | 96.0 µs | 40.0 µs |
| large frame | 930 µs | 310 µs |

Across the suite the encoder is up to FACTOR faster.
`

// TestThirtyFifthRoundUpToFactor checks that "up to" a factor beyond the
// largest change of the report's measured pairs is unsupported, and one
// the largest reaches is not (const upToFactor, left off since the
// twenty-sixth round, on from this one).
func TestThirtyFifthRoundUpToFactor(t *testing.T) {
	src := func(f string) string { return strings.ReplaceAll(encoderSuite, "FACTOR", f) }
	// The largest change: 930 / 310 = 3.0x.
	alarmAt(t, src("5.2x"), 11, "5.2")
	noAlarmAt(t, src("3.0x"), 11, "3.0")
}

// tapeArchive is a table of a backup's stored volume per codec with a
// change column, and a conclusion restating one change in words that
// name no measured quantity. CUT is replaced by each case.
const tapeArchive = `# Backup codecs

## Volume

| codec | GB per night | vs zstd |
|---|--:|--:|
| lz4 | 9.40 | +42.4 % |
| brotli | 5.05 | −23.5 % |
| zstd | 6.60 | — |

## Conclusion

| tape library | before | after |
|---|--:|--:|
| tapes per week | 14 | 9 |

The gain is CUT less tape, 480 GB a month.
`

// TestThirtyFifthRoundCountedRestated checks that a percentage naming
// no measured quantity ("CUT less tape") that restates, as written, a
// change the report states with its pair is that restatement (const
// countedRestated, left off since the twenty-ninth round, on from this
// one), and one the report states nowhere is still unsupported.
func TestThirtyFifthRoundCountedRestated(t *testing.T) {
	src := func(cut string) string { return strings.ReplaceAll(tapeArchive, "CUT", cut) }
	noAlarmAt(t, src("23.5 %"), 17, "23.5")
	alarmAt(t, src("27.5 %"), 17, "27.5")
}
