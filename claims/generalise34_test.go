package claims

import (
	"slices"
	"strings"
	"testing"
)

// The thirty-fourth round's rules (testdata/labels/README.md, "Thirty-
// fourth round"). Each test has, written for the test, an error of the
// shape its rule must catch (or the alarm it must not raise) and a
// consistent text of the same shape; with the rule's const off, its case
// fails.

// buildFarmMonth is a build farm's saving per day, restated over a month
// in the sentence after it and over a year across a line break. MONTH
// and YEAR are replaced by each case.
const buildFarmMonth = `# Build farm cache

## Savings

The remote cache saves 52.4 agent-hours per weekday. Over a 22-weekday month that is about MONTH
agent-hours a month.

Each runner idles 3.2 hours a day, or roughly YEAR a year.
`

// TestThirtyFourthRoundPeriodScaledTotal checks that an amount over a
// month or a year restating the amount over a day before it is that
// amount times the days the sentence names, or a calendar's (const
// periodScaledTotal).
func TestThirtyFourthRoundPeriodScaledTotal(t *testing.T) {
	farm := func(month, year string) string {
		return strings.NewReplacer("MONTH", month, "YEAR", year).Replace(buildFarmMonth)
	}
	// 52.4 × 22 = 1,152.8; 3.2 h × 250 to 366 days = 800 to 1,171 h.
	consistentAt(t, farm("1,153", "1,170 hours"), 5, "1,153")
	alarmAt(t, farm("11,530", "1,170 hours"), 5, "11,530")
	consistentAt(t, farm("1,153", "1,170 hours"), 8, "1,170")
	alarmAt(t, farm("1,153", "117 hours"), 8, "117")
}

// TestThirtyFourthRoundPeriodScaledForms checks the other forms of a
// total over a longer period (const periodScaledTotal): after a comma
// with the number of periods stated, after "and", in the sentence that
// opens "Over a 30-day month", and in a list of periods where an
// earlier amount than the nearest gives it.
func TestThirtyFourthRoundPeriodScaledForms(t *testing.T) {
	src := func(s string) string { return doc("# Render farm", "", "## Cost", "", s) }
	// 18.5 × 21 = 388.5.
	consistentAt(t, src("The farm idles 18.5 node-hours per working day, 388 node-hours over the month's 21 working days."), 5, "388")
	alarmAt(t, src("The farm idles 18.5 node-hours per working day, 555 node-hours over the month's 21 working days."), 5, "555")
	// $212.40 × 12 = $2,548.80.
	consistentAt(t, src("Licences cost $212.40 a month and $2,549 a year."), 5, "2,549")
	alarmAt(t, src("Licences cost $212.40 a month and $637 a year."), 5, "637")
	// 96.5 h × 30 = 2,895 h.
	consistentAt(t, src("Encoding takes 96.5 CPU-hours a day. Over a 30-day month that comes to 2,895 CPU-hours."), 5, "2,895")
	alarmAt(t, src("Encoding takes 96.5 CPU-hours a day. Over a 30-day month that comes to 289.5 CPU-hours."), 5, "289.5")
	// $12 × 365 = $4,380 a year, though $3,600 a month is wrong: no
	// alarm on the year.
	unverifiable := func(s string, line int, fig string) {
		t.Helper()
		rep := extract(t, s)
		if c := claimAt(t, rep, line, fig); c.Verdict.Failed() {
			t.Fatalf("line %d: %q %s (%s), want no alarm\n%s", line, c.Claimed, c.Verdict, c.Detail, formatClaims(rep.Claims))
		}
	}
	unverifiable(src("Spare nodes cost $0.50 an hour, $12 a day, $3,600 a month and about $4,380 a year."), 5, "4,380")
	alarmAt(t, src("Spare nodes cost $0.50 an hour, $12 a day, $360 a month and about $43,800 a year."), 5, "43,800")
}

// TestThirtyFourthRoundConversionAtBreak checks that an amount ending a
// line, then ", or" and the amount in another unit at the start of the
// next, is a conversion (const conversionAtBreak).
func TestThirtyFourthRoundConversionAtBreak(t *testing.T) {
	src := func(s string) string {
		return doc("# Spinner time", "", "## Users", "", "Across 52,000 users the cache removes 0.8 s per load × 450,000 loads = 360,000 s,", s)
	}
	// 360,000 s = 100 hours.
	consistentAt(t, src("or 100 hours a day of waiting."), 6, "100")
	alarmAt(t, src("or 10 hours a day of waiting."), 6, "10")
}

// TestThirtyFourthRoundLengthUnits checks that distances in metres and
// kilometres are figures (const lengthUnits): a percentage is checked
// against a pair of them, and "1.204m" stays benchstat's milliseconds.
func TestThirtyFourthRoundLengthUnits(t *testing.T) {
	src := func(pct string) string {
		return doc("# Robot routes", "", "## Replay", "", "The mean route per order falls from 248.0 m to 186.0 m, a "+pct+" reduction.")
	}
	// 1 − 186 / 248 = 25.0 %.
	consistentAt(t, src("25.0 %"), 5, "25.0")
	alarmAt(t, src("33.3 %"), 5, "33.3")
	rep := extract(t, doc("# R", "", "## Replay", "", "The fleet drove 412.5 km less a day."))
	if c := claimAt(t, rep, 5, "412.5"); c.Numbers[0].Quantity != Length {
		t.Fatalf("412.5 km read as %s", c.Numbers[0].Quantity)
	}
}

// packingWalk is a packing floor's walk per pack by hall, with prose
// restating the loft hall's pair. PCT is replaced by each case.
const packingWalk = `# Packing

## Walk

| hall | packs | old route + 2-opt (m/pack) | new route (m/pack) | saved (m/pack) | change |
|---|---:|---:|---:|---:|---:|
| Dry (D01–D20) | 20,100 | 350 | 290 | 60 | −17.1 % |
| Frozen (F01–F08) | 6,400 | 240 | 210 | 30 | −12.5 % |
| Loft (L01–L10) | 4,100 | 460 | 340 | 120 | −26.1 % |

The dry hall gains 60 m a pack, a 17.1 % cut. The frozen hall gains least, 30 m or 12.5 %,
because its aisles are short. The loft gains
most in relative terms: walk per pack there fell by PCT, from 460 m to 340 m, because its
single cross-aisle makes the old route wasteful.

Loft routes are still longer than dry ones (340 m against 290 m).
`

// TestThirtyFourthRoundPairOperandsApart checks that the pair of a
// percentage that does not hold is split from its alarm when other
// lines write its figures (const pairOperandsApart): the alarm stays on
// the percentage.
func TestThirtyFourthRoundPairOperandsApart(t *testing.T) {
	src := func(pct string) string { return strings.Replace(packingWalk, "PCT", pct, 1) }
	noAlarm := func(s string, line int, fig string) {
		t.Helper()
		rep := extract(t, s)
		for _, c := range rep.Claims {
			if c.Line == line && c.Verdict.Failed() && slices.ContainsFunc(c.Numbers, func(n Number) bool { return n.Text == fig }) {
				t.Fatalf("line %d: %q %s (%s), want no alarm on %s\n%s", line, c.Claimed, c.Verdict, c.Detail, fig, formatClaims(rep.Claims))
			}
		}
	}
	// (460 − 340) / 340 = 35.3 %, on the after figure's base; the cut is
	// 26.1 %.
	alarmAt(t, src("35.3 %"), 13, "35.3")
	noAlarm(src("35.3 %"), 13, "460")
	consistentAt(t, src("26.1 %"), 13, "26.1")
}

// TestThirtyFourthRoundPrefixSlipsRounded checks that a figure of prose
// restating, a thousand times off, a time the report writes elsewhere
// is contradicted also when its sources differ only beyond its rounding
// (const prefixSlipsRounded).
func TestThirtyFourthRoundPrefixSlipsRounded(t *testing.T) {
	noAlarm := func(s string, line int, fig string) {
		t.Helper()
		rep := extract(t, s)
		if c := claimAt(t, rep, line, fig); c.Verdict.Failed() {
			t.Fatalf("line %d: %q %s (%s), want no alarm\n%s", line, c.Claimed, c.Verdict, c.Detail, formatClaims(rep.Claims))
		}
	}
	rounded := func(s string) string {
		return doc("# Encoder", "", "## Benchmarks", "", "| benchmark | ns/op |", "|---|--:|", "| Encode/256 | 2,402,115 |", "| Encode/256-noasm | 2,401,870 |", "",
			"Encoding 256 frames takes 2.4 ms.", "", "## Summary", "", s)
	}
	alarmAt(t, rounded("Encoding 256 frames now takes 2.40 µs."), 14, "2.40")
	noAlarm(rounded("Encoding 256 frames now takes 2.40 ms."), 14, "2.40")
}

// mirrorFetch is a package mirror's fetch times, cold and warm, in a
// table whose header names no unit. SENTENCE is replaced by each case.
const mirrorFetch = `# Mirror fetch times

## Results

Fetch time per package, in seconds, median of 20 runs:

| package | size | cold before | cold after | warm before | warm after |
|---|--:|--:|--:|--:|--:|
| tzdata | 1.2 MiB | 0.874 | 0.702 | 0.431 | 0.388 |
| llvm-toolchain | 2.1 GiB | 94.6 | 51.3 | 48.2 | 30.9 |

SENTENCE
`

// TestThirtyFourthRoundMixedBareCells checks that a sentence's pair that
// quotes a table's bare cells, before of one group and after of another
// (cold before, warm after), mixes rows (const mixedBareCells).
func TestThirtyFourthRoundMixedBareCells(t *testing.T) {
	src := func(s string) string { return strings.Replace(mirrorFetch, "SENTENCE", s, 1) }
	// 94.6 → 30.9 is −67.3 %: the cold before and the warm after.
	alarmAt(t, src("From where we started, the toolchain's fetch falls 67 %, from 94.6 s to 30.9 s."), 12, "67")
	// 94.6 → 51.3 is −45.8 %: the cold row's own pair.
	consistentAt(t, src("From where we started, the toolchain's fetch falls 46 %, from 94.6 s to 51.3 s."), 12, "46")
}

// mergeWall is an index build's production table and prose whose last
// factor's pair opens the next line. FACTOR is replaced by each case.
const mergeWall = `# Index build

## Production

| metric | old | new | change |
|---|---:|---:|---:|
| merge CPU per batch (s) | 5.20 | 0.52 | 10.0x less |
| merge CPU per shard (ms) | 8.40 | 0.93 | |
| merge wall time, p50 (s) | 1.26 | 0.18 | 7.0x |

Merge CPU per batch is down tenfold, from 5.20 s to 0.52 s, i.e. 8.40 ms of CPU per shard
before and 0.93 ms after. The p95 merge went from 3.12 s to 0.41 s, a 86.9 % reduction,
which removes the stall the operators kept reporting at 04:00. The p50 is FACTOR lower
(1.26 s → 0.18 s).
`

// TestThirtyFourthRoundParenPairNextLine checks that a factor ending
// its line rests on the pair that opens the next line in parentheses
// (const parenPairNextLine), not on the pair of the sentence before.
func TestThirtyFourthRoundParenPairNextLine(t *testing.T) {
	src := func(f string) string { return strings.Replace(mergeWall, "FACTOR", f, 1) }
	// 1.26 / 0.18 = 7.0; 8.40 / 0.93 = 9.03.
	consistentAt(t, src("7.0x"), 13, "7.0")
	alarmAt(t, src("5.0x"), 13, "5.0")
}

// TestThirtyFourthRoundOtherCurrencies checks that amounts in pounds
// and euros are money (const otherCurrencies): a monthly amount
// restating a daily one in pounds is checked as one in dollars is.
func TestThirtyFourthRoundOtherCurrencies(t *testing.T) {
	rep := extract(t, doc("# Cost", "", "## Savings", "", "The cluster costs €4,343 a month at €0.92 per node-hour."))
	c := claimAt(t, rep, 5, "4,343")
	if c.Numbers[0].Quantity != PerPeriod || c.Numbers[0].dim != "$" {
		t.Fatalf("€4,343 a month read as %s %q", c.Numbers[0].Quantity, c.Numbers[0].dim)
	}
	src := func(s string) string { return doc("# Cost", "", "## Savings", "", s) }
	// £418.50 × 30 = £12,555.
	consistentAt(t, src("The saving is £418.50 a day, or about £12,560 a month."), 5, "12,560")
	alarmAt(t, src("The saving is £418.50 a day, or about £125,600 a month."), 5, "125,600")
}
