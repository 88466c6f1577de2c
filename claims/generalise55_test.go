package claims

import "testing"

// The fifty-fifth round's rules (testdata/labels/README.md, "Fifty-fifth
// round"). Each test has, written for the test, a text of the shape its
// rule reads and a near miss that must keep its verdict; with the rule's
// const off, its cases fail.

// TestFiftyFifthRoundDifferenceOwnSentence checks that a difference
// whose own sentence names the pair it subtracts is held by that pair,
// though a summary line gives another after figure, and that one the
// sentence's pair does not give keeps its alarm (const
// differenceOwnSentence).
func TestFiftyFifthRoundDifferenceOwnSentence(t *testing.T) {
	src := func(claim string) string {
		return doc("# Glacier melt gauge uplink", "", "## Summary", "",
			"- Upload p99 went from 640.0 ms to 212.0 ms.", "",
			"## Field trial", "",
			"Over the ten-day trial the uplink stayed within its radio budget.",
			claim, "231.5 ms, on the hill station.")
	}
	for _, tc := range []struct {
		claim, fig string
		alarm      bool
	}{
		// 640.0 − 231.5 = 408.5 ms, the sentence's own pair, wrapped.
		{"Upload p99 dropped by 408.5 ms, from 640.0 ms to", "408.5", false},
		// 640.0 − 231.5 = 408.5 ms, not 420.5 ms; nor does 640.0 − 212.0 give it.
		{"Upload p99 dropped by 420.5 ms, from 640.0 ms to", "420.5", true},
	} {
		c := claimAt(t, extract(t, src(tc.claim)), 10, tc.fig)
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an alarm", tc.claim, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.claim, c.Verdict, c.Detail)
		}
	}
}

// TestFiftyFifthRoundSlippedSideOwnClaim checks that a time ending the
// line before a factor, which benchstat prints otherwise, is
// contradicted when the printed time makes the factor hold, and the
// factor consistent; and that a factor no printed time gives keeps its
// alarm (const slippedSideOwnClaim).
func TestFiftyFifthRoundSlippedSideOwnClaim(t *testing.T) {
	src := func(factor string) string {
		return doc("# Map tile rasteriser", "", "## Highlights", "",
			"- Coastline tiles now render in 3.18 µs, down from",
			"  9.412 µs, a "+factor+" speed-up.", "",
			"## benchstat", "", "```",
			"                   │   before.txt   │              after.txt              │",
			"                   │     sec/op     │   sec/op     vs base                │",
			"RenderTile/coast-8    9.412µ ± 1%   3.127µ ± 2%  -66.78% (p=0.000 n=10)",
			"RenderTile/inland-8   4.306µ ± 1%   1.950µ ± 1%  -54.71% (p=0.000 n=10)",
			"```")
	}
	// 9.412 / 3.127 = 3.01: the line before misquotes 3.127 µs as 3.18 µs.
	rep := extract(t, src("3.01x"))
	if c := claimAt(t, rep, 6, "3.01"); c.Verdict.Failed() {
		t.Errorf("3.01x: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 5, "3.18"); c.Verdict != Contradicted {
		t.Errorf("3.18 µs: %s (%s), want contradicted", c.Verdict, c.Detail)
	}
	// 3.35x: neither 3.18 µs nor 3.127 µs gives it.
	rep = extract(t, src("3.35x"))
	if c := claimAt(t, rep, 6, "3.35"); !c.Verdict.Failed() {
		t.Errorf("3.35x: %s (%s), want an alarm", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 5, "3.18"); c.Verdict.Failed() {
		t.Errorf("3.18 µs beside 3.35x: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
}

// TestFiftyFifthRoundMoneyNotCountDifference checks that a saving in
// money beside a pair of counts (cores) is not recomputed as the counts'
// difference, and that a saving of cores beside it keeps its check
// (const moneyNotCountDifference).
func TestFiftyFifthRoundMoneyNotCountDifference(t *testing.T) {
	src := func(line string) string {
		return doc("# Map tile rasteriser", "", "## Fleet", "",
			"- The render farm shrank from 24 to 9 cores in production, saving",
			line, "")
	}
	// $12.80 a day is 15 cores times a price the text does not give.
	rep := extract(t, src("  $12.80 a day on the provider bill."))
	if c := claimAt(t, rep, 6, "12.80"); c.Verdict.Failed() {
		t.Errorf("$12.80 beside 24 and 9 cores: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
	// 24 − 9 = 15 cores, not 13.
	rep = extract(t, src("  13 cores a day on the provider bill."))
	if c := claimAt(t, rep, 6, "13"); !c.Verdict.Failed() {
		t.Errorf("13 cores beside 24 and 9 cores: %s (%s), want an alarm", c.Verdict, c.Detail)
	}
}

// TestFiftyFifthRoundDifferenceOfPrintedPair checks that a saving a
// table row's pair gives is consistent though the closest pair of its
// subject is a later sentence's, and that a saving no printed pair gives
// stays unsupported (const differenceOfPrintedPair).
func TestFiftyFifthRoundDifferenceOfPrintedPair(t *testing.T) {
	src := func(saving string) string {
		return doc("# Ledger export encoder", "", "## Results", "",
			"| Benchmark | v2 median | v3 median | Speed-up |",
			"|---|--:|--:|--:|",
			"| encode/w8 | 912.4 ns | 568.4 ns | 1.61x |",
			"| encode/w16 | 8.412 µs | 5.207 µs | 1.62x |", "",
			"### Notes", "",
			"The W-8 encode saves 344.0 ns per record. The W-16 encode saves "+saving+" per",
			"record, 38.1 % of its old time.", "",
			"The W-16 record encode went from 8.412 µs to 568.4 ns, a 14.8x gain.")
	}
	for _, tc := range []struct {
		saving, fig string
		alarm       bool
	}{
		// 8.412 − 5.207 = 3.205 µs, the table's encode/w16 row.
		{"3.205 µs", "3.205", false},
		// 3.502 µs: no pair of the report gives it.
		{"3.502 µs", "3.502", true},
	} {
		c := claimAt(t, extract(t, src(tc.saving)), 12, tc.fig)
		if tc.alarm && !c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want an alarm", tc.saving, c.Verdict, c.Detail)
		}
		if !tc.alarm && c.Verdict.Failed() {
			t.Errorf("%s: %s (%s), want no alarm", tc.saving, c.Verdict, c.Detail)
		}
	}
}
