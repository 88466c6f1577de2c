package claims

import (
	"strings"
	"testing"
)

// TestWrappedParagraphs checks the rules for hard-wrapped Markdown and
// sentences with several clauses: a figure's words read across the line
// break, a claim's pair and subject taken from its own sentence or
// clause.
func TestWrappedParagraphs(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		line    int
		fig     string
		claimed string // a part of Claim.Claimed
		verdict Verdict
	}{
		{
			name: "direction word on the next line",
			src:  "# R\n\n| Benchmark | Before | After |\n|---|---|---|\n| Allow | 58.1 ns | 44.7 ns |\n\nThe new limiter never allocates, and serial Allow() is 30%\nfaster.\n",
			line: 7, fig: "30", claimed: "30% faster", verdict: Ambiguous,
		},
		{
			name: "quantity word on the next line",
			src:  "# R\n\n| Benchmark | Before | After |\n|---|---|---|\n| Encode | 1.84 µs | 1.02 µs |\n| Encode allocs | 38 | 4 |\n\nThe encoder is 1.8x faster, with about 90% fewer\nallocations.\n",
			line: 8, fig: "90", claimed: "90% fewer allocations", verdict: Consistent,
		},
		{
			name: "verb on the previous line",
			src:  "# R\n\n| Cache | p50 |\n|---|---|\n| none | 4.12 ms |\n| 256 MiB | 0.96 ms |\n\nWith the cache, p50 latency drops by\n77%.\n",
			line: 9, fig: "77", claimed: "drops by 77%", verdict: Unverifiable,
		},
		{
			name: "the clause of each claim names its subject",
			src: "# R\n\n```\nname               old time/op    new time/op    delta\nLookup/static-8      412ns ± 2%     128ns ± 1%   -68.93%\n" +
				"Lookup/params-8      655ns ± 3%     387ns ± 2%   -40.92%\n```\n\n## Summary\n\nLookup is now 3.2x faster on the static routes and 41% faster on the\nparameterised ones.\n",
			line: 11, fig: "41", claimed: "41% faster", verdict: Consistent,
		},
		{
			name: "a factor restated from a row",
			src:  "# R\n\n| Benchmark | Old | New | Speedup |\n|---|---|---|---|\n| Get, 32 goroutines | 1,450 ns | 61 ns | 23.8x |\n| Get, 1 goroutine | 88 ns | 95 ns | 0.93x |\n\nMost of all, contended reads gained (23.8x).\n",
			line: 8, fig: "23.8", claimed: "23.8x", verdict: Consistent,
		},
		{
			name: "runs pasted before and after with the same names",
			src: "# R\n\n## Results\n\n```\nBenchmarkEncode/small-16  1000  1840 ns/op  928 B/op\nBenchmarkEncode/large-16  100  121000 ns/op  98304 B/op\n```\n\nAfter:\n\n" +
				"```\nBenchmarkEncode/small-16  1000  1020 ns/op  256 B/op\nBenchmarkEncode/large-16  100  77000 ns/op  70144 B/op\n```\n\nFor large documents the saving is 28,160 B per call.\n",
			line: 17, fig: "28,160", claimed: "28,160", verdict: Consistent,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := extract(t, tc.src)
			c := claimAt(t, rep, tc.line, tc.fig)
			if !strings.Contains(c.Claimed, tc.claimed) || c.Verdict != tc.verdict {
				t.Fatalf("line %d: %q %s (%s), want %q %s", tc.line, c.Claimed, c.Verdict, c.Detail, tc.claimed, tc.verdict)
			}
		})
	}
}

// TestWrappedQuiet lists consistent text the rules of this file must not
// raise an alarm on.
func TestWrappedQuiet(t *testing.T) {
	for _, src := range []string{
		// A percentage of one sentence, a pair of the next.
		"# R\n\n## Load\n\nThe gateway served 48,200 requests/second before and 51,900 after (7.7% more). CPU per request fell from 41 µs to 38 µs.\n",
		// Sub-benchmarks of one block are not a baseline and its change.
		"# R\n\n```\nBenchmarkEncode/small-16  1000  1840 ns/op  928 B/op\nBenchmarkEncode/medium-16  1000  9700 ns/op  6144 B/op\nBenchmarkEncode/large-16  100  121000 ns/op  98304 B/op\n```\n\nMemory per medium encode went from 6,144 B to 4,352 B (29% less).\n",
		// "about" widens the rounding of a stated figure.
		"# R\n\n| Benchmark | Before | After |\n|---|---|---|\n| Allocs | 38 | 4 |\n\nAbout 90% fewer allocations.\n",
	} {
		rep := extract(t, src)
		for _, c := range rep.Claims {
			if c.Verdict.Failed() {
				t.Errorf("%q\nline %d %q: %s %q, want no alarm", src, c.Line, c.Claimed, c.Verdict, c.Detail)
			}
		}
	}
}
