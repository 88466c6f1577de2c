package claims

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func extract(t *testing.T, src string) *Report {
	t.Helper()
	rep, err := Extract("report.md", []byte(src), Options{})
	if err != nil {
		t.Fatalf("Extract: %v", err)
	}
	return rep
}

// only returns the one claim of kind k on line, failing otherwise.
func only(t *testing.T, rep *Report, line int, k Kind) *Claim {
	t.Helper()
	var found []*Claim
	for i := range rep.Claims {
		if c := &rep.Claims[i]; c.Line == line && c.Kind == k {
			found = append(found, c)
		}
	}
	if len(found) != 1 {
		t.Fatalf("line %d has %d %s claims, want 1; claims:\n%s", line, len(found), k, formatClaims(rep.Claims))
	}
	return found[0]
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func TestScanFigures(t *testing.T) {
	type fig struct {
		text      string
		value, hi float64
		unit      string
		q         Quantity
	}
	for _, tc := range []struct {
		in   string
		want []fig
	}{
		{"11x faster (785ns → 71ns per operation)", []fig{{"11", 11, 11, "x", Unknown}, {"785", 785, 785, "ns", Time}, {"71", 71, 71, "ns", Time}}},
		{"BenchmarkX 1,577,102 ns/op 667462 B/op", []fig{{"1,577,102", 1577102, 1577102, "ns/op", Time}, {"667462", 667462, 667462, "B/op", Memory}}},
		{"~75-100ns/op, 1 allocation", []fig{{"75-100", 75, 100, "ns/op", Time}, {"1", 1, 1, "allocs", Allocs}}},
		{"52K-161K allocations/second", []fig{{"52K-161K", 52e3, 161e3, "allocs/s", Throughput}}},
		{"1.93M allocations/second and 12.5 MB/s", []fig{{"1.93M", 1.93e6, 1.93e6, "allocs/s", Throughput}, {"12.5", 12.5, 12.5, "MB/s", Throughput}}},
		{"Sub-10µs latency, 105 us, 3.7 ms", []fig{{"10", 10, 10, "µs", Time}, {"105", 105, 105, "µs", Time}, {"3.7", 3.7, 3.7, "ms", Time}}},
		{"667 KB → 128 KB, 32 KiB", []fig{{"667", 667, 667, "KB", Memory}, {"128", 128, 128, "KB", Memory}, {"32", 32, 32, "KiB", Memory}}},
		// Numbers inside words, dates and hex are not figures.
		{"Opt10 x86 RFC1123 v2e 0x7f 2x2 64bit", nil},
		{"on 2025-01-19 at 12:30", []fig{{"2025", 2025, 2025, "", Unknown}}},
	} {
		got := scanFigures(tc.in)
		var gf []fig
		for _, f := range got {
			gf = append(gf, fig{f.Text, f.Value, f.High, f.Unit, f.Quantity})
		}
		if len(gf) != len(tc.want) {
			t.Errorf("scanFigures(%q) = %v, want %v", tc.in, gf, tc.want)
			continue
		}
		for i := range gf {
			w, g := tc.want[i], gf[i]
			if g.text != w.text || !near(g.value, w.value) || !near(g.hi, w.hi) || g.unit != w.unit || g.q != w.q {
				t.Errorf("scanFigures(%q)[%d] = %+v, want %+v", tc.in, i, g, w)
			}
		}
	}
}

func TestScanFiguresMarks(t *testing.T) {
	figs := scanFigures("Allocations: 17 (-11%), variance ±3%, ~296ns saved")
	if len(figs) != 4 {
		t.Fatalf("got %d figures, want 4: %+v", len(figs), figs)
	}
	if figs[1].sign != '-' || figs[1].Unit != "%" {
		t.Errorf("(-11%%): sign %q unit %q, want '-' and %%", figs[1].sign, figs[1].Unit)
	}
	if !figs[2].plusMinus {
		t.Errorf("±3%%: plusMinus not set")
	}
	if !figs[3].Approx {
		t.Errorf("~296ns: Approx not set")
	}
}

func TestFixMojibake(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Sub-10Î¼s latency", "Sub-10μs latency"},
		{"2% â†’ 0%", "2% → 0%"},
		{"Â±3% variance", "±3% variance"},
		{"Test 1 âœ…", "Test 1 ✅"},
		{"â”œâ”€ Minimum: 487ns", "├─ Minimum: 487ns"},
		// Real Latin-1 text stays.
		{"café naïve", "café naïve"},
		{"plain ascii", "plain ascii"},
	} {
		if got := fixMojibake(tc.in); got != tc.want {
			t.Errorf("fixMojibake(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestClaimForms(t *testing.T) {
	for _, tc := range []struct {
		line    string
		kind    Kind // 0: no claim
		q       Quantity
		ratio   float64 // NaN: none
		alt     float64 // NaN: one reading
		claimed string
	}{
		{"It is 11x faster now.", Speedup, Time, 1.0 / 11, math.NaN(), "11x faster"},
		{"The fix is 2x slower.", Speedup, Time, 2, math.NaN(), "2x slower"},
		{"We see 9x throughput.", Speedup, Throughput, 1.0 / 9, math.NaN(), "9x throughput"},
		{"It uses 43% less memory.", Percent, Memory, 0.57, math.NaN(), "43% less memory"},
		{"And 80% fewer allocations.", Percent, Allocs, 0.2, math.NaN(), "80% fewer allocations"},
		{"Parsing is 57% faster.", Percent, Time, 0.43, 1 / 1.57, "57% faster"},
		{"Decoding got 10% slower.", Percent, Time, 1.1, 1 / 0.9, "10% slower"},
		{"This reduces memory allocations by 11% per call.", Percent, Allocs, 0.89, math.NaN(), "reduces memory allocations by 11%"},
		{"Improvement: 35%", Percent, Unknown, 0.65, 1 / 1.35, "35%"},
		{"It makes 0 allocs/op.", ZeroAlloc, Allocs, math.NaN(), math.NaN(), "0 allocs/op"},
		{"The parser does zero allocations.", ZeroAlloc, Allocs, math.NaN(), math.NaN(), "zero allocations"},
		{"A 518ns average.", Absolute, Time, math.NaN(), math.NaN(), "518 ns"},
		{"from 9569 to 2775 ns/op", BeforeAfter, Time, 2775.0 / 9569, math.NaN(), "9569 ns/op → 2775 ns/op"},
		// Not claims.
		{"No pre-allocation was done.", 0, 0, 0, 0, ""},
		{"It runs on 8 cores with 32GB RAM.", 0, 0, 0, 0, ""},
		{"100% of the tests pass; failure rate: 0%.", 0, 0, 0, 0, ""},
		{`The README's "~42% faster" was an estimate of another tool.`, 0, 0, 0, 0, ""},
		{"Variance is ±3%.", 0, 0, 0, 0, ""},
		{"Use a 2x2 grid.", 0, 0, 0, 0, ""},
	} {
		rep := extract(t, tc.line)
		if tc.kind == 0 {
			if len(rep.Claims) != 0 {
				t.Errorf("%q: got claims\n%s, want none", tc.line, formatClaims(rep.Claims))
			}
			continue
		}
		if len(rep.Claims) != 1 {
			t.Errorf("%q: got %d claims\n%s, want 1", tc.line, len(rep.Claims), formatClaims(rep.Claims))
			continue
		}
		c := rep.Claims[0]
		if c.Kind != tc.kind || c.Claimed != tc.claimed {
			t.Errorf("%q: kind %s claimed %q, want %s %q", tc.line, c.Kind, c.Claimed, tc.kind, tc.claimed)
		}
		if tc.kind != Absolute && c.Quantity != canonical(tc.q) && !(tc.q == Unknown && c.Quantity == Unknown) {
			t.Errorf("%q: quantity %s, want %s", tc.line, c.Quantity, canonical(tc.q))
		}
		if !(math.IsNaN(tc.ratio) && math.IsNaN(c.Ratio)) && !near(c.Ratio, tc.ratio) {
			t.Errorf("%q: Ratio %v, want %v", tc.line, c.Ratio, tc.ratio)
		}
		if !(math.IsNaN(tc.alt) && math.IsNaN(c.AltRatio)) && !near(c.AltRatio, tc.alt) {
			t.Errorf("%q: AltRatio %v, want %v", tc.line, c.AltRatio, tc.alt)
		}
	}
}

func TestArithmetic(t *testing.T) {
	for _, tc := range []struct {
		src     string
		line    int
		kind    Kind
		want    Verdict
		reading string
		detail  string // a substring of Detail
	}{
		{"- 11x faster (785ns → 71ns per operation)", 1, Speedup, Consistent, "", "gives 11.1x"},
		{"- 12x faster (785ns → 71ns per operation)", 1, Speedup, ArithmeticError, "", "gives 11.1x, not 12x"},
		{"- 3.4x faster (9569ns → 2775ns)", 1, Speedup, Consistent, "", "3.45x"},
		// The table needs its header; with it, 4,078 → 453 is 88.9% less time.
		{"| Metric | Before | After | Improvement |\n|---|---|---|---|\n| Parallel | 4,078 ns/op | 453 ns/op | 89% faster |", 3, Percent, Consistent, "time", "88.9%"},
		{"Pool: 518ns (vs 716ns dynamic), 38% faster (716ns → 518ns)", 1, Percent, Ambiguous, "throughput", "ambiguous reading"},
		{"30% faster (716ns → 518ns)", 1, Percent, ArithmeticError, "", "27.7%"},
		{"3% faster (31,062 ns → 30,095 ns)", 1, Percent, Consistent, "both", "both readings agree"},
		{"80% less memory (667 KB → 128 KB)", 1, Percent, Consistent, "", "truncated"},
		{"81% less memory (667 KB → 128 KB)", 1, Percent, Consistent, "", "80.8%"},
		{"82% less memory (667 KB → 128 KB)", 1, Percent, ArithmeticError, "", "80.8%, not 82%"},
		{"100% reduction in allocations (5 → 0)", 1, Percent, Consistent, "", "100%"},
		{"44% fewer allocations (25 → 14)", 1, Percent, Consistent, "", "44%"},
		{"20% faster (430 ns → 605 ns)", 1, Percent, ArithmeticError, "", "change for the worse"},
		{"5% slower (100 ns → 105 ns)", 1, Percent, Consistent, "both", "5% as time added"},
		{"20% slower (100 ns → 120 ns)", 1, Percent, Consistent, "time", "throughput lost (1 − old/new) it would be 16.7%"},
		{"Dynamic: 1,003ns avg | Pool: 740ns avg | Improvement: 35%", 1, Percent, Ambiguous, "throughput", "read as an improvement"},
		// Ranges: each end against the figures' ends.
		{"- Before: ~75-100ns/op\n- After: ~26ns/op\n- Improvement: 2.9-3.8x faster", 3, Speedup, Consistent, "", "2.88x to 3.85x"},
		{"- Before: ~75-100ns/op\n- After: ~26ns/op\n- Improvement: 3.0-4.0x faster", 3, Speedup, ArithmeticError, "", "not 3.0-4.0x"},
		// The figures of the section's two benchmark lines.
		{"## Fix\n\n```\nBenchmarkA/old-8  100  5,167 ns/op\nBenchmarkA/new-8  100  2,165 ns/op\n```\n\nIt is 58% faster.", 8, Percent, Consistent, "time", "benchmark lines 4 and 5"},
		// Labelled figures under headings "Before" and "After".
		{"### Before\n- Allocations per call: 19\n### After\n- Allocations per call: 17 (-11%)", 4, Percent, Consistent, "", "19 → 17"},
		{"### Before\n- Allocations per call: 19\n### After\n- Allocations per call: 17 (-20%)", 4, Percent, ArithmeticError, "", "10.5%, not 20%"},
		{"| Method | Time | Allocs | Improvement |\n|---|---|---|---|\n| Old | 80 ns | 1 | baseline |\n| New | 18 ns | 2 | 0 allocs |", 4, ZeroAlloc, ArithmeticError, "", "figures give 2"},
	} {
		rep := extract(t, tc.src)
		c := only(t, rep, tc.line, tc.kind)
		if c.Arithmetic != tc.want || c.Reading != tc.reading || !strings.Contains(c.Detail, tc.detail) {
			t.Errorf("%q line %d: %s reading %q detail %q; want %s reading %q detail containing %q",
				tc.src, tc.line, c.Arithmetic, c.Reading, c.Detail, tc.want, tc.reading, tc.detail)
		}
	}
}

// TestArithmeticDigits checks that the tolerance follows the digits
// written: the same figures support a rounded claim and reject a more
// precise wrong one.
func TestArithmeticDigits(t *testing.T) {
	// 205.9 → 156.8 ns is 23.85% less time (23.80%-23.89% given the
	// figures' rounding).
	for _, tc := range []struct {
		claim string
		want  Verdict
	}{
		{"24%", Consistent}, {"23.9%", Consistent}, {"23.8%", Consistent}, {"23.5%", ArithmeticError}, {"25%", ArithmeticError},
	} {
		rep := extract(t, tc.claim+" faster (205.9 ns → 156.8 ns)")
		c := only(t, rep, 1, Percent)
		if c.Arithmetic != tc.want || c.Reading != "time" && tc.want == Consistent {
			t.Errorf("%s faster from 205.9 → 156.8 ns: %s (reading %q: %s), want %s", tc.claim, c.Arithmetic, c.Reading, c.Detail, tc.want)
		}
	}
}

func TestTables(t *testing.T) {
	src := `# Report

| Benchmark | Before | After |
| --- | --- | --- |
| BenchmarkParse | 4,039 ns | 1,276 ns |
| Memory | 704 B | 0 B |

| Level | Implementation | ns/op | allocs/op | vs Baseline |
| ----- | -------------- | ----- | --------- | ----------- |
| 1     | Standard       | 10,457 | 68       | baseline    |
| 2     | Fast           | 4,261  | 109      | 59% faster  |
| 3     | Pooled         | 1,264  | 0        | 90% faster, 0 allocs |

| Size | Linear (ns/op) | Binary (ns/op) | Improvement |
|------|----|----|----|
| 100 | 53.10 | 6.40 | 88% faster |
`
	rep := extract(t, src)
	row := only(t, rep, 5, TableRow)
	if row.Benchmark != "Parse" || !near(row.Ratio, 1276.0/4039) {
		t.Errorf("line 5: benchmark %q ratio %v, want Parse and %v", row.Benchmark, row.Ratio, 1276.0/4039)
	}
	if c := only(t, rep, 6, TableRow); c.Quantity != Memory || c.Ratio != 0 {
		t.Errorf("line 6: quantity %s ratio %v, want memory and 0", c.Quantity, c.Ratio)
	}
	if c := only(t, rep, 11, Percent); c.Arithmetic != Consistent || !strings.Contains(c.Detail, "baseline row on line 10") {
		t.Errorf("line 11: %s %q, want consistent against the baseline row", c.Arithmetic, c.Detail)
	}
	if c := only(t, rep, 12, Percent); c.Arithmetic != ArithmeticError || !strings.Contains(c.Detail, "87.9%") {
		t.Errorf("line 12: %s %q, want an arithmetic error giving 87.9%%", c.Arithmetic, c.Detail)
	}
	if c := only(t, rep, 12, ZeroAlloc); c.Arithmetic != Consistent {
		t.Errorf("line 12 zero-alloc: %s %q, want consistent", c.Arithmetic, c.Detail)
	}
	if c := only(t, rep, 16, Percent); c.Arithmetic != Consistent || c.Pair == nil || c.Pair.Old.Value != 53.10 {
		t.Errorf("line 16: %s %q, want consistent with old 53.10", c.Arithmetic, c.Detail)
	}
}

// TestBrokenTables checks that tables without a delimiter row, with
// missing or extra cells, or cut off, are read as well as they can be,
// with warnings and without panics.
func TestBrokenTables(t *testing.T) {
	src := `| Metric | Before | After | Improvement |
| Time | 100 ns | 50 ns | 50% faster |
| Memory | 64 B |
| Allocs | 4 | 2 | 50% fewer allocs | extra | cells |
|
| | | | |
|---|
| lonely
`
	rep := extract(t, src)
	if c := only(t, rep, 2, Percent); c.Arithmetic != Consistent {
		t.Errorf("line 2: %s %q, want consistent", c.Arithmetic, c.Detail)
	}
	if c := only(t, rep, 4, Percent); c.Arithmetic != Consistent {
		t.Errorf("line 4: %s %q, want consistent", c.Arithmetic, c.Detail)
	}
	var msgs []string
	for _, w := range rep.Warnings {
		msgs = append(msgs, w.Error())
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{"report.md:1: table has no delimiter row", "report.md:3: table row has 2 cells, the header has 4", "report.md:4: table row has 6 cells"} {
		if !strings.Contains(all, want) {
			t.Errorf("warnings %q lack %q", all, want)
		}
	}
}

func TestBenchmarkLines(t *testing.T) {
	src := "## Results\n\n```\n" +
		"BenchmarkTrim/before-8   730   1577102 ns/op   667462 B/op   3207 allocs/op\n" + // 4: Go format
		"BenchmarkTrim/after-8   5,217 ns/op   24 B/op   1 allocs/op\n" + // 5: edited
		"BenchmarkSplit/FormatETag\n" + // 6: name, then values
		"    43072441    26.00 ns/op    24 B/op    1 allocs/op\n" +
		"```\n\n```\n" +
		"Benchmark        ns/op    B/op   allocs/op  Improvement\n" + // 11: header
		"-----------------------------------------------------\n" +
		"BenchmarkStd     4,039    1,456  37         baseline\n" + // 13
		"BenchmarkFast    1,276    0      0          68% faster\n" + // 14
		"                                            100% fewer allocs\n" + // 15: continues 14
		"```\n"
	rep := extract(t, src)
	for _, tc := range []struct {
		line  int
		name  string
		first string
		n     int
	}{
		{4, "Trim/before", "1577102 ns/op", 3},
		{5, "Trim/after", "5,217 ns/op", 3},
		{6, "Split/FormatETag", "26.00 ns/op", 3},
		{13, "Std", "4,039 ns/op", 3},
		{14, "Fast", "1,276 ns/op", 3},
	} {
		c := only(t, rep, tc.line, BenchmarkLine)
		if c.Benchmark != tc.name || len(c.Numbers) != tc.n || c.Numbers[0].String() != tc.first {
			t.Errorf("line %d: %q %v, want %q with %d figures starting %q", tc.line, c.Benchmark, c.Numbers, tc.name, tc.n, tc.first)
		}
	}
	if c := only(t, rep, 14, Percent); c.Arithmetic != Consistent || c.Baseline != "Std" || c.Benchmark != "Fast" {
		t.Errorf("line 14: %s %s → %s (%s), want consistent Std → Fast", c.Arithmetic, c.Baseline, c.Benchmark, c.Detail)
	}
	if c := only(t, rep, 15, Percent); c.Arithmetic != Consistent || c.Quantity != Allocs {
		t.Errorf("line 15: %s %s (%s), want consistent allocs", c.Arithmetic, c.Quantity, c.Detail)
	}
	if r, ok := parseBenchLine("BenchmarkTrim/before-8   730   1577102 ns/op", nil); !ok || !r.benchfmt {
		t.Errorf("a Go benchmark line was not read with benchfmt")
	}
}

func TestSubjects(t *testing.T) {
	src := `# Report

Run with: go test -bench=CookieTrim ./...

## Cookie

It is 12x faster.

## Auction

` + "```" + `
BenchmarkAuction/before-2   24133   4369 ns/op
BenchmarkAuction/after-2    61131   2007 ns/op
` + "```" + `

The auction is 2x faster.

## Elsewhere

### Details

It is 3x faster.
`
	rep := extract(t, src)
	for _, tc := range []struct {
		line               int
		subject, base, new string
	}{
		{7, "-bench CookieTrim", "", ""},
		{16, "Auction/before → Auction/after", "Auction/before", "Auction/after"},
		// Not a sibling section's benchmarks.
		{22, "-bench CookieTrim", "", ""},
	} {
		c := only(t, rep, tc.line, Speedup)
		if c.Subject != tc.subject || c.Baseline != tc.base || c.Benchmark != tc.new {
			t.Errorf("line %d: subject %q (%q → %q), want %q (%q → %q)", tc.line, c.Subject, c.Baseline, c.Benchmark, tc.subject, tc.base, tc.new)
		}
	}
	rep = extract(t, "# Title\n\n## Cookie\n\nIt is 12x faster.\n")
	if c := only(t, rep, 5, Speedup); c.Subject != "Cookie" {
		t.Errorf("subject %q, want the nearest heading Cookie", c.Subject)
	}
}

func TestProjections(t *testing.T) {
	rep := extract(t, "## Future work\n\nPooling would make it 2x faster.\n\n## Now\n\nExpected impact: 30% fewer allocations.\n")
	for _, c := range rep.Claims {
		if c.Verdict != Unverifiable || !strings.Contains(c.Detail, "projection") {
			t.Errorf("line %d %q: %s %q, want unverifiable as a projection", c.Line, c.Claimed, c.Verdict, c.Detail)
		}
	}
	if len(rep.Claims) != 2 {
		t.Errorf("got %d claims, want 2", len(rep.Claims))
	}
}

func TestExtractNoClaims(t *testing.T) {
	for _, src := range []string{"", "\n\n", "# Title\n\nNothing to measure here.\n", "```go\nx := 10 * time.Millisecond // 10ms\n```\n"} {
		rep := extract(t, src)
		if len(rep.Claims) != 0 {
			t.Errorf("%q: got claims\n%s", src, formatClaims(rep.Claims))
		}
	}
}

func TestExtractBinary(t *testing.T) {
	for _, src := range [][]byte{
		{0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0},
		[]byte("PK\x03\x04\x14\x00\x00\x00\x08\x00"),
		func() []byte { // invalid UTF-8 throughout, no NUL
			b := make([]byte, 4096)
			for i := range b {
				b[i] = byte(0x80 + i%0x40)
			}
			return b
		}(),
	} {
		_, err := Extract("blob.bin", src, Options{})
		if !errors.Is(err, ErrBinary) || !strings.Contains(err.Error(), "blob.bin") {
			t.Errorf("Extract(binary) = %v, want ErrBinary naming blob.bin", err)
		}
	}
}

// TestExtractLarge reads a 50 MB report built from a realistic one: no
// panic, the claim cap holds with a warning, and an over-long line is
// cut with a warning.
func TestExtractLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB input; FuzzExtract and the other tests cover the parser in -short mode")
	}
	unit := "## Fix\n\n| Metric | Before | After | Improvement |\n|---|---|---|---|\n| Time | 5,317 ns | 2,262 ns | 57% faster |\n\n" +
		"It is 11x faster (785ns → 71ns) with 0 allocs/op.\n\n```\nBenchmarkX/before-8 100 785.3 ns/op 5 allocs/op\n```\n\n" +
		strings.Repeat("Plain prose without figures, to make the report long. ", 8) + "\n\n"
	var b strings.Builder
	b.WriteString("# Big\n\n" + strings.Repeat("x", maxLineBytes+10) + " 11x faster\n\n")
	for b.Len() < 50<<20 {
		b.WriteString(unit)
	}
	rep, err := Extract("big.md", []byte(b.String()), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Claims) != DefaultMaxClaims {
		t.Errorf("got %d claims, want the cap %d", len(rep.Claims), DefaultMaxClaims)
	}
	var msgs []string
	for _, w := range rep.Warnings {
		msgs = append(msgs, w.Error())
	}
	all := strings.Join(msgs, "\n")
	if !strings.Contains(all, "big.md:3: line is") || !strings.Contains(all, "stopped after 100000 claims") {
		t.Errorf("warnings %q lack the long line and the cap", all)
	}
	if rep.Claims[len(rep.Claims)-1].Line > rep.Lines {
		t.Errorf("claim line %d beyond the report's %d lines", rep.Claims[len(rep.Claims)-1].Line, rep.Lines)
	}
}

func BenchmarkExtract(b *testing.B) {
	unit := "## Fix\n\n| Metric | Before | After | Improvement |\n|---|---|---|---|\n| Time | 5,317 ns | 2,262 ns | 57% faster |\n\n" +
		"It is 11x faster (785ns → 71ns) with 0 allocs/op.\n\n```\nBenchmarkX/before-8 100 785.3 ns/op 5 allocs/op\n```\n\n"
	src := []byte(strings.Repeat(unit, 1000))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Extract("bench.md", src, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExtractDenseLine extracts a line packed with claims, the worst
// case for per-claim work that grows with the line.
func BenchmarkExtractDenseLine(b *testing.B) {
	src := []byte(strings.Repeat("1x 2% 3 ns → 4 ns zero allocs ", 2000))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Extract("dense.md", src, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
