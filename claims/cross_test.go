package claims

import (
	"strings"
	"testing"
)

// claimAt returns the claim on line whose figure text is fig, failing the
// test when there is none.
func claimAt(t *testing.T, rep *Report, line int, fig string) *Claim {
	t.Helper()
	c := findClaim(rep, line, fig)
	if c == nil {
		t.Fatalf("no claim with figure %q on line %d; claims:\n%s", fig, line, formatClaims(rep.Claims))
	}
	return c
}

// findClaim returns the claim on line whose figure text is fig, or nil.
func findClaim(rep *Report, line int, fig string) *Claim {
	for k := range rep.Claims {
		c := &rep.Claims[k]
		if c.Line != line {
			continue
		}
		for _, n := range c.Numbers {
			if n.Text == fig {
				return c
			}
		}
	}
	return nil
}

func TestCrossDocument(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		line    int
		fig     string
		verdict Verdict
		reason  CrossReason
		lines   []int  // the lines the check names, in order
		detail  string // a part of the rendered detail
	}{
		{
			name: "summary percentage from a table far below",
			src: "# R\n\n## Summary\n\n- Parsing is 37% faster.\n\n## Parser\n\n| Benchmark | Before | After |\n|---|---|---|\n" +
				"| Parse | 655 ns/op | 412 ns/op |\n",
			line: 5, fig: "37", verdict: Consistent, reason: SupportedElsewhere, lines: []int{11, 11},
			detail: "655 ns/op → 412 ns/op (line 11), which give 37.1%",
		},
		{
			name: "no pair of the report gives it",
			src: "# R\n\n## Summary\n\n- Parsing is 61% faster.\n\n## Parser\n\n| Benchmark | Before | After |\n|---|---|---|\n" +
				"| Parse | 655 ns/op | 412 ns/op |\n",
			line: 5, fig: "61", verdict: Unsupported, reason: ClosestPair, lines: []int{11, 11},
			detail: "the closest, 655 ns/op → 412 ns/op (line 11), gives 37.1%",
		},
		{
			name: "only figures of two rows give it",
			src: "# R\n\n## Encoder\n\n| Size | Before | After |\n|---|---|---|\n| small | 900 ns | 500 ns |\n| large | 2,400 ns | 1,600 ns |\n\n" +
				"A large message now saves 1,900 ns.\n",
			line: 10, fig: "1,900", verdict: MixesRows, reason: RowsMixed, lines: []int{8, 7},
			detail: "2,400 ns − 500 ns",
		},
		{
			name: "a saving that the pair gives",
			src:  "# R\n\n## Fix\n\n- Before: 310 µs\n- After: 4 µs\n- Saved: 306 µs per request\n",
			line: 7, fig: "306", verdict: Consistent, reason: DerivedHolds, lines: []int{5, 6},
		},
		{
			name: "a saving in the wrong unit",
			src:  "# R\n\n## Fix\n\n- Before: 58.1 ns\n- After: 44.7 ns\n\n## Why\n\n- The fix saves 13.4 µs per call.\n",
			line: 10, fig: "13.4", verdict: ArithmeticError, reason: UnitSlip, lines: []int{5, 6},
			detail: "off by 1000×",
		},
		{
			name: "a daily total off by a thousand",
			src:  "# R\n\n## Impact\n\n- Volume: 100K messages/second\n- Time saved per message: 485 ns\n- Daily time saved: 4.2 seconds\n",
			line: 7, fig: "4.2", verdict: ArithmeticError, reason: UnitSlip, lines: []int{6, 5},
			detail: "gives 4190 s, not 4.2 s: off by 1000×",
		},
		{
			name: "a daily total that holds",
			src:  "# R\n\n## Impact\n\n- Volume: 45,000 lines/second\n- Time saved per line: 243 ns\n- Daily time saved: 945 s\n",
			line: 7, fig: "945", verdict: Consistent, reason: DerivedHolds, lines: []int{6, 5},
		},
		{
			name: "MiB written as MB",
			src:  "# R\n\n## Fix\n\n- Before: 1312 B/op\n- After: 0 B/op\n\n## Impact\n\nAt 10,000 requests/second:\n\n- The fix saves 12.5 MB/s of allocation\n",
			line: 12, fig: "12.5", verdict: ArithmeticError, reason: UnitSlip,
			detail: "a binary unit (MiB, KiB) written as a decimal one (MB, KB)",
		},
		{
			name: "a rate that the time per operation does not give",
			src:  "# R\n\n## Old pool\n\n```\nAllocation: 754-837ns\nThroughput: 500K allocations/sec\n```\n",
			line: 7, fig: "500K", verdict: ArithmeticError, reason: DerivedOff, lines: []int{6},
			detail: "rate recomputed: 1 / 754-837 ns",
		},
		{
			name: "a rate that holds",
			src:  "# R\n\n- Pool allocation: 518 ns average, 1.93M allocations/second\n",
			line: 3, fig: "1.93M", verdict: Consistent, reason: DerivedHolds,
		},
		{
			name: "a sum written beside the figure",
			src:  "# R\n\n- After: 80.7ns total (26 + 24.5 + 3.7 + 24.5 + 0)\n",
			line: 3, fig: "80.7", verdict: ArithmeticError, reason: DerivedOff,
			detail: "gives 78.7 ns, not 80.7 ns",
		},
		{
			name: "a product written beside the figure",
			src:  "# R\n\n- Before: ~375ns total (5 headers × 75ns avg)\n",
			line: 3, fig: "375", verdict: Consistent, reason: DerivedHolds,
		},
		{
			name: "a restated factor that differs",
			src: "# R\n\n## Summary\n\n| Optimisation | Impact |\n|---|---|\n| Zero check | 6.8x faster |\n\n## Final\n\n" +
				"| Optimisation | Before | After | Impact |\n|---|---|---|---|\n| Zero check | 110 ns | 14 ns | 7.9x faster |\n",
			line: 7, fig: "6.8", verdict: Contradicted, reason: RestatedDiffers, lines: []int{13},
			detail: "stated as 7.9x on line 13, here as 6.8x",
		},
		{
			name: "a restated figure that differs",
			src: "# R\n\n## Summary\n\n| Metric | Before | After | Change |\n|---|---|---|---|\n| Full pipeline | 5,317 ns | 2,262 ns | 57% faster |\n\n" +
				"## Old table\n\n| Metric | Before | After | Change |\n|---|---|---|---|\n| Full pipeline | 3,689 ns | 1,699 ns | 54% faster |\n",
			line: 13, fig: "54", verdict: Contradicted, reason: RestatedDiffers, lines: []int{7},
			detail: "stated as 5,317 ns on line 7, here as 3,689 ns",
		},
		{
			name: "a percentile the report states no figure for",
			src:  "# R\n\n## Notes\n\nDeployment went smoothly and p99 is 10% better.\n",
			line: 5, fig: "10", verdict: Unsupported, reason: Unmeasured,
			detail: "10% is about the p99, which no figure of the report measures",
		},
		{
			name: "end-to-end latency beside micro-benchmarks only",
			src: "# R\n\nGet is 3.2x faster under load.\nEnd-to-end request latency improved 12%.\n\n| Benchmark | Before | After |\n|---|---|---|\n" +
				"| Get | 211 ns/op | 66 ns/op |\n",
			line: 4, fig: "12", verdict: Unsupported, reason: Unmeasured,
		},
		{
			name: "a figure misquoted in a sentence",
			src: "# R\n\n| Metric | Before | After |\n|---|---|---|\n| Resize 256px (p50) | 4.12 ms | 2.95 ms |\n\n## Conclusion\n\n" +
				"p50 for 256px thumbnails went from 4.12 ms to 2.59 ms (a 37% cut).\n",
			line: 9, fig: "37", verdict: Contradicted, reason: RestatedDiffers, lines: []int{5},
			detail: "stated as 2.95 ms on line 5, here as 2.59 ms",
		},
		{
			name: "a count per second of two words",
			src:  "# R\n\nOur front tier serves 220,000 Get calls/second. With 145 ns saved per Get:\n\n- Daily CPU time saved: 2.76 s\n",
			line: 5, fig: "2.76", verdict: ArithmeticError, reason: UnitSlip,
			detail: "145 ns × 220,000 Get calls/s × 86400 s",
		},
		{
			name: "rows of a benchstat table, the subject named another way",
			src: "# R\n\n```\nname              old time/op    new time/op    delta\nAllow/serial-8    58.1ns ± 1%    44.7ns ± 2%   -23.06%\n" +
				"Allow/parallel-8   412ns ± 3%      89ns ± 4%   -78.40%\n```\n\n- Under contention, each call saves 367 ns\n",
			line: 9, fig: "367", verdict: MixesRows, reason: RowsMixed, lines: []int{6, 5},
		},
		{
			name: "one figure of a line from the wrong row, the other right",
			src: "# R\n\n| Benchmark | Before | After |\n|---|---|---|\n| Get/1 | 38.2 ns/op | 39.0 ns/op |\n| Get/16 | 211 ns/op | 66 ns/op |\n" +
				"| Set/16 | 540 ns/op | 257 ns/op |\n\n- 172 ns saved per contended Get, 283 ns per contended Set\n",
			line: 9, fig: "283", verdict: Consistent, reason: DerivedHolds, lines: []int{7, 7},
		},
		{
			name: "ambiguous: only the throughput reading holds",
			src:  "# R\n\n## Summary\n\n- The pool is 38% faster.\n\n## Table\n\n| Size | Dynamic | Pool |\n|---|---|---|\n| 10,000 | 716 ns | 518 ns |\n",
			line: 5, fig: "38", verdict: Ambiguous, reason: SupportedElsewhere, lines: []int{11, 11},
			detail: "ambiguous reading: 38% holds only as throughput gained",
		},
		{
			name: "a cut of variance no pair of spreads gives",
			src:  "# R\n\n## Pool\n\n- Variance: ±3%\n\n## Malloc\n\n- Variance: ±50%\n\n## Summary\n\n- 97% reduction in latency variance\n",
			line: 13, fig: "97", verdict: Unsupported, reason: ClosestPair, lines: []int{9, 5},
			detail: "±50% → ±3%",
		},
		{
			name: "a cut of variance read from standard deviations",
			src:  "# R\n\n| Run | Mean | Stddev |\n|---|---|---|\n| before | 412 µs | stddev 40 µs |\n| after | 198 µs | stddev 20 µs |\n\nVariance dropped 75%.\n",
			line: 8, fig: "75", verdict: Consistent, reason: SupportedElsewhere,
		},
		{
			name: "jitter claimed in a report that measures none",
			src:  "# R\n\n| Benchmark | Before | After |\n|---|---|---|\n| Flush | 412 µs | 198 µs |\n\nJitter dropped 58% as well.\n",
			line: 7, fig: "58", verdict: Unsupported, reason: Unmeasured, detail: "about the jitter",
		},
		{
			name: "a misquote leading with the new figure, unit spelled without /op",
			src: "# R\n\n| Benchmark | Before | After |\n|---|---|---|\n| Encode | 1,240 ns/op | 785 ns/op |\n\n## Conclusion\n\n" +
				"- Encoding now takes 758 ns, down from 1,240 ns (39% less).\n",
			line: 9, fig: "39", verdict: Contradicted, reason: RestatedDiffers, lines: []int{5},
		},
		{
			name: "a summary row restating a result with one figure changed",
			src: "# R\n\n## Parser\n\n| Benchmark | Before | After |\n|---|---|---|\n| ParseLine | 655 ns/op | 412 ns/op |\n\n## Summary\n\n" +
				"| Change | Before | After | Gain |\n|---|---|---|---|\n| Parse line | 655 ns | 312 ns | 52% faster |\n",
			line: 13, fig: "52", verdict: Contradicted, reason: RestatedDiffers, lines: []int{7},
		},
		{
			name: "a count of calls the loop shown does not make",
			src: "# R\n\n## Batches\n\n```go\nfor i := 0; i < len(batch); i += 64 {\n\tw.writev(batch[i:min(i+64, len(batch))])\n}\n```\n\n" +
				"A 256-line batch now takes 8 write calls instead of 256.\n",
			line: 11, fig: "8", verdict: ArithmeticError, reason: DerivedOff, lines: []int{11, 6},
			detail: "count recomputed: ⌈256 / 64⌉ (lines 6 and 11) gives 4, not 8",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := extract(t, tc.src)
			c := claimAt(t, rep, tc.line, tc.fig)
			if c.Verdict != tc.verdict || c.Cross == nil || c.Cross.Reason != tc.reason {
				reason := "no cross check"
				if c.Cross != nil {
					reason = c.Cross.Reason.String()
				}
				t.Fatalf("line %d %q: %s (%s) %q, want %s (%s)", tc.line, c.Claimed, c.Verdict, reason, c.Detail, tc.verdict, tc.reason)
			}
			if tc.lines != nil && !equalInts(c.Cross.Lines, tc.lines) {
				t.Errorf("line %d: check names lines %v, want %v", tc.line, c.Cross.Lines, tc.lines)
			}
			if !strings.Contains(c.Detail, tc.detail) || c.Detail != c.Cross.String() {
				t.Errorf("line %d: detail %q, want it to render Cross and contain %q", tc.line, c.Detail, tc.detail)
			}
			if c.Verdict.Failed() != (tc.verdict != Consistent && tc.verdict != Ambiguous) {
				t.Errorf("%s.Failed() = %v", c.Verdict, c.Verdict.Failed())
			}
		})
	}
}

// TestCrossQuiet lists consistent reports in which no check across the
// document may raise an alarm: the near misses of the checks.
func TestCrossQuiet(t *testing.T) {
	for _, src := range []string{
		// Before and after runs pasted under their labels, same names.
		"# R\n\nBefore:\n\n```\nBenchmarkParse-4 100 655.2 ns/op\n```\n\nAfter:\n\n```\nBenchmarkParse-4 100 412.4 ns/op\n```\n",
		// Rows of one table are different subjects.
		"# R\n\n| Batch | Before | After | Speed-up |\n|---|---|---|---|\n| 100 | 48.2 µs | 31.0 µs | 1.55x |\n| 1,000 | 495 µs | 322 µs | 1.54x |\n",
		// Figures in a table without before/after columns give the claim.
		"# R\n\n## Cache\n\n| Cache | p50 |\n|---|---|\n| none | 4.12 ms |\n| 256 MiB | 0.96 ms |\n\nWith the cache, p50 latency drops by 77%.\n",
		// The same figure in two units.
		"# R\n\n- The cache holds 256 MiB (268 MB).\n",
		// A share restated as an improvement.
		"# R\n\n## Get\n\n- Time saved: 296ns (0.017% of total request time)\n\n## Overall\n\n- Get: 0.3µs saved (0.017% improvement)\n",
		// A percentile claim the report's own percentile figures give,
		// and one it only expects.
		"# R\n\n## Latency\n\n| Percentile | Before | After |\n|---|---|---|\n| p99 | 2.1 ms | 1.9 ms |\n\n## Notes\n\nDeployment went smoothly and p99 is 10% better.\n",
		"# R\n\n## Notes\n\nWe expect p99 to be 10% better after the rollout.\n",
		// A pair in prose that shares its baseline with a row, whose other
		// figure the report states elsewhere: another setting, not a
		// misquote.
		"# R\n\n| Metric | Before | After |\n|---|---|---|\n| Resize (p50) | 4.12 ms | 2.95 ms |\n\n| Cache | p50 |\n|---|---|\n| none | 4.12 ms |\n| 256 MiB | 0.96 ms |\n\n" +
			"With the cache, resize p50 went from 4.12 ms to 0.96 ms (a 77% cut).\n",
		// Figures of a line each checked: one holds, the other is
		// unchecked.
		"# R\n\n| Benchmark | Before | After |\n|---|---|---|\n| Get/16 | 211 ns/op | 66 ns/op |\n\n- 145 ns saved per contended Get, 64 B per entry\n",
		// A saving word in a relative clause, and a figure that is the
		// amount another is per.
		"# R\n\n| Benchmark | Before | After |\n|---|---|---|\n| Encode | 1,240 ns/op | 785 ns/op |\n\n" +
			"Compressing costs 1.9 µs per 64 KiB block, which the encoder savings more than pay for.\n",
		// A cut of the spread that the spreads give, read as a standard
		// deviation.
		"# R\n\n- Before: 412 µs ± 10%\n- After: 198 µs ± 4%\n\nRun-to-run variance fell 60%.\n",
		// A cut of the spread stated beside the spreads it rests on.
		"# R\n\n## Pool\n\nVariance went from ±50% to ±3% (94% less variance).\n",
		// A count the loop shown gives.
		"# R\n\n## Batches\n\n```python\nfor i in range(0, len(rows), 100):\n    db.insert(rows[i:i+100])\n```\n\n" +
			"A batch of 1,000 rows now takes 10 insert calls instead of 1,000.\n",
		// A summary that truncates a figure rather than rounding it.
		"# R\n\n## Capacity\n\n| Capacity | Before | After |\n|---|---|---|\n| Optimal | 105,411 ns | 98,562 ns |\n\n## Summary\n\n" +
			"| Change | Before | After | Gain |\n|---|---|---|---|\n| Optimal capacity | 105 us | 98 us | 6.5% faster |\n",
	} {
		rep := extract(t, src)
		for _, c := range rep.Claims {
			if c.Verdict.Failed() {
				t.Errorf("%q\nline %d %q: %s %q, want no alarm", src, c.Line, c.Claimed, c.Verdict, c.Detail)
			}
		}
	}
}

func TestFacts(t *testing.T) {
	src := "# R\n\n## Summary\n\n- Small message before: 900 ns/op\n\n## Encoder\n\n| Message | Before | After |\n|---|---|---|\n" +
		"| small message | 900 ns/op | 500 ns/op |\n\n```\nBenchmarkEncode/old-8 100 900 ns/op 64 B/op\n```\n"
	rep := extract(t, src)
	type want struct {
		line    int
		subject string
		metric  Quantity
		side    Side
		source  Source
		text    string
	}
	wants := []want{
		{5, "Small message before", Time, SideBefore, FromList, "900"},
		{11, "small message", Time, SideBefore, FromTable, "900"},
		{11, "small message", Time, SideAfter, FromTable, "500"},
		{14, "Encode/old", Time, SideBefore, FromBenchmark, "900"},
		{14, "Encode/old", Memory, SideBefore, FromBenchmark, "64"},
	}
	if len(rep.Facts) != len(wants) {
		t.Fatalf("%d facts, want %d: %+v", len(rep.Facts), len(wants), rep.Facts)
	}
	for k, w := range wants {
		f := rep.Facts[k]
		if f.Line != w.line || f.Subject != w.subject || f.Metric != w.metric || f.Side != w.side || f.Source != w.source || f.Value.Text != w.text {
			t.Errorf("fact %d = line %d %q %s %s %s %s, want line %d %q %s %s %s %s", k, f.Line, f.Subject, f.Metric, f.Side, f.Source, f.Value.Text,
				w.line, w.subject, w.metric, w.side, w.source, w.text)
		}
	}
	if !equalInts(rep.Facts[0].Restated, []int{11}) || !equalInts(rep.Facts[1].Restated, []int{5}) {
		t.Errorf("restated: line 5 %v, line 11 %v; want each other's line", rep.Facts[0].Restated, rep.Facts[1].Restated)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
