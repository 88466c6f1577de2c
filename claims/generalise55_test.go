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

// TestFiftyFifthRoundRatioOfPrintedPair checks that a factor called
// unsupported against a closest pair of prose is consistent when a pair
// compare.py prints gives it, and that one no printed pair gives stays
// unsupported (const ratioOfPrintedPair). The alarm is set by hand: the
// closest pair search that raises it in a report hangs on the subject
// words of many lines, which a short text does not reproduce.
func TestFiftyFifthRoundRatioOfPrintedPair(t *testing.T) {
	for _, tc := range []struct {
		fig  string
		want Verdict
	}{
		// 402600 / 169200 = 2.38: compare.py's BM_Overlap/8192 row.
		{"2.38", Consistent},
		// 2.83x: no printed pair gives it.
		{"2.83", Unsupported},
	} {
		src := doc("# Berth schedule solver", "", "## Microbenchmarks", "",
			"Old build:", "", "```",
			"Benchmark                          Time             CPU   Iterations",
			"------------------------------------------------------------------",
			"BM_Overlap/1024                 41200 ns        41180 ns        16990",
			"BM_Overlap/8192                402600 ns       402450 ns         1739",
			"```", "", "compare.py:", "", "```",
			"Comparing old/berth.json to new/berth.json",
			"Benchmark                        Time             CPU      Time Old      Time New       CPU Old       CPU New",
			"---------------------------------------------------------------------------------------------------------------",
			"BM_Overlap/1024               -0.5121         -0.5122         41200         20100         41180         20090",
			"BM_Overlap/8192               -0.5797         -0.5798        402600        169200        402450        169110",
			"```", "", "### What the numbers say", "",
			"The overlap check gains more the more berths a port has: "+tc.fig+"x at 8,192 berths.",
			"Checks per second at 1,024 berths rose from 24.9 M/s to 51.0 M/s.")
		x := readToFacts("t.md", src)
		x.crossCheck()
		c := claimAt(t, x.rep, 26, tc.fig)
		c.Verdict, c.Arithmetic = Unsupported, Unsupported
		c.Cross = &Cross{Reason: ClosestPair, Lines: []int{27, 27}, Operands: []Number{
			{Text: "24.9", Value: 24.9, High: 24.9, Unit: "M/s", Quantity: Throughput},
			{Text: "51.0", Value: 51.0, High: 51.0, Unit: "M/s", Quantity: Throughput}}}
		x.holdRatiosOfPrintedPairs()
		if c.Verdict != tc.want {
			t.Errorf("%sx: %s (%s), want %s", tc.fig, c.Verdict, c.Detail, tc.want)
		}
	}
}

// TestFiftyFifthRoundDifferenceSlipOfPrintedPair checks that a saving a
// benchstat row gives in ns, written in µs and left unverifiable, is a
// unit slip, and that the same saving written in ns stays as it was
// (const differenceSlipOfPrintedPair). The earlier verdict is reset by
// hand: in a short text the reader's own difference check already sees
// the slip, in a long report (several rows, a percentage before the
// saving) it did not.
func TestFiftyFifthRoundDifferenceSlipOfPrintedPair(t *testing.T) {
	for _, tc := range []struct {
		unit string
		want Verdict
	}{
		// 512.0 − 194.0 = 318 ns, written as µs.
		{"µs less", ArithmeticError},
		// The same, with the share of the old time beside it.
		{"µs less, 62.1 % of its old time", ArithmeticError},
		// 318 ns: the row's own difference.
		{"ns less", Unverifiable},
	} {
		src := doc("# Ferry ticket scanner", "", "## benchstat", "", "```",
			"                 │   old.txt   │              new.txt               │",
			"                 │   sec/op    │   sec/op     vs base               │",
			"DecodeQR-8         512.0n ± 1%   194.0n ± 2%  -62.11% (p=0.000 n=10)",
			"DecodeAztec-8      1.204µ ± 1%   611.0n ± 1%  -49.25% (p=0.000 n=10)",
			"```", "", "## Reading it", "",
			"`DecodeQR` on its own is 62 % faster, and each pass now costs 318 "+tc.unit+".")
		x := readToFacts("t.md", src)
		c := claimAt(t, x.rep, 14, "318")
		c.Verdict, c.Arithmetic, c.Cross = Unverifiable, Unverifiable, nil
		x.slipDifferencesOfPrintedPairs()
		c = claimAt(t, x.rep, 14, "318")
		if c.Verdict != tc.want {
			t.Errorf("318 %s: %s (%s), want %s", tc.unit, c.Verdict, c.Detail, tc.want)
		}
	}
}
