package claims

import (
	"strings"
	"testing"
)

// TestScopedPairing checks the rules that take a claim's figures from its
// own clause, row and subject rather than the nearest figures of another
// one, each with a case that must pass and, where the rule can make an
// alarm, a case it must catch.
func TestScopedPairing(t *testing.T) {
	const bench = "# R\n\n## Parser\n\n```\nname                old time/op    new time/op    delta\n" +
		"ParseLine/counter-4   182ns ± 2%      97ns ± 1%   -46.70%  (p=0.000 n=10+10)\n" +
		"ParseLine/histogram-4 264ns ± 3%     131ns ± 2%   -50.38%  (p=0.000 n=10+10)\n```\n\n"
	const versions = "# R\n\n## Micro\n\n| Benchmark | Version | ns/op |\n|---|---|--:|\n| Parse/GET | 3.1 | 412 |\n| Parse/SET-64B | 3.1 | 538 |\n" +
		"| Parse/SET-4KiB | 3.1 | 1,960 |\n| Parse/GET | 3.2 | 139 |\n| Parse/SET-64B | 3.2 | 171 |\n| Parse/SET-4KiB | 3.2 | 402 |\n\n"
	tests := []verdictCase{
		{
			// A list item's label names its first clause only.
			name: "a later clause names its own subject",
			src:  bench + "## Summary\n\n- Counter lines parse 1.9x faster, histogram lines in 50% less time.\n",
			line: 13, fig: "50", verdict: Consistent,
		},
		{
			name: "a later clause with its own subject, wrong",
			src:  bench + "## Summary\n\n- Counter lines parse 1.9x faster, histogram lines in 60% less time.\n",
			line: 13, fig: "60", verdict: Unsupported,
		},
		{
			// "768 → 24, 32x fewer": a factor naming no quantity rests
			// on the count pair of its own sentence.
			name: "a factor with no quantity word takes its sentence's pair",
			src:  "# R\n\n## Summary\n\n- p99 drops from 1.9 ms to 1.1 ms.\n- Backend connections: 768 → 24, 32x fewer.\n",
			line: 6, fig: "32", verdict: Consistent,
		},
		{
			name: "a factor with no quantity word, wrong",
			src:  "# R\n\n## Summary\n\n- p99 drops from 1.9 ms to 1.1 ms.\n- Backend connections: 768 → 24, 40x fewer.\n",
			line: 6, fig: "40", verdict: ArithmeticError,
		},
		{
			// A pair of one list item is not the next item's.
			name: "a list item does not borrow the previous item's pair",
			src:  "# R\n\n## Cost\n\n| Benchmark | Before | After |\n|---|---|---|\n| Compile | 56.9 µs | 84.3 µs |\n\n## Summary\n\n- Allocations per event fall from 131 to 6.\n- Compiling a schema costs 48% more.\n",
			line: 12, fig: "48", verdict: Consistent,
		},
		{
			// "up 38%" names its subject before a count of the clause.
			name: "the subject before a plain count names the quantity",
			src:  "# R\n\n## Summary\n\n- Proxy throughput at 64 clients is up 38% (182,000 → 251,000 ops/s).\n",
			line: 5, fig: "38", verdict: Consistent,
		},
		{
			name: "a pair of another clause is not reused",
			src:  versions + "- GET parses 3.0x faster (412 → 139 ns), and SET with a 64-byte value 3.1x faster.\n",
			line: 14, fig: "3.1", verdict: Consistent,
		},
		{
			name: "rows of one name across versions are paired",
			src:  versions + "SET with a 64-byte value is 2.7x faster.\n",
			line: 14, fig: "2.7", verdict: Unsupported,
		},
		{
			// The 4 KiB row gives 1,558 ns; 1,789 takes the 64-byte
			// row's new figure.
			name: "a difference from two rows of a version table",
			src:  versions + "- SET with a 4 KiB value gains the most, 1,789 ns per call.\n",
			line: 14, fig: "1,789", verdict: MixesRows,
		},
		{
			name: "a difference from one row of a version table",
			src:  versions + "- SET with a 4 KiB value gains the most, 1,558 ns per call.\n",
			line: 14, fig: "1,558", verdict: Consistent,
		},
		{
			// Version numbers as column headers are before and after.
			name: "version columns with a unit per named thing",
			src:  "# R\n\n| Writers | 2.6 (ns/line) | 2.7 (ns/line) | Speed-up |\n|--:|--:|--:|--:|\n| 4 | 1,420 | 310 | 4.58x |\n| 8 | 2,950 | 344 | 9.58x |\n",
			line: 6, fig: "9.58", verdict: ArithmeticError,
		},
		{
			name: "a counted quantity from a table row",
			src:  "# R\n\n## Production\n\n| Node | 2.6 | 2.7 |\n|---|--:|--:|\n| CPU cores in use | 5.8 | 3.9 |\n| Flush p99 | 41 ms | 17 ms |\n\nThe node uses 33% fewer cores at the same load.\n",
			line: 10, fig: "33", verdict: Consistent,
		},
		{
			name: "a counted quantity from a table row, wrong",
			src:  "# R\n\n## Production\n\n| Metric | 3.1 | 3.2 |\n|---|--:|--:|\n| p99 latency | 1.9 ms | 1.1 ms |\n| Proxy CPU (cores) | 7.2 | 4.6 |\n\nProxy CPU is 45% lower at the higher rate.\n",
			line: 10, fig: "45", verdict: Unsupported,
		},
		{
			// "allocates 75% less" is about allocations, not the time
			// of the same line.
			name: "the verb before a figure names its quantity",
			src: "# R\n\n## Flush\n\n| Benchmark | Before | After |\n|---|---|---|\n| Flush time | 18.6 ms | 7.9 ms |\n| Flush allocs | 1,240 | 310 |\n\n" +
				"## Summary\n\n- A flush takes 7.9 ms instead of 18.6 ms (58% less) and allocates 75% less.\n",
			line: 12, fig: "75", verdict: Consistent,
		},
		{
			name: "a pair of another sentence is not the claim's",
			src:  "# R\n\n## Compile\n\nCompiling now takes 84.3 µs instead of 56.9 µs (48% more),\nand allocates 41,022 B instead of 30,118 B, 36% more. The extra 27.4 µs is paid once.\n",
			line: 6, fig: "36", verdict: Consistent,
		},
		{
			name: "a percentage after a present-tense verb",
			src:  bench + "For histograms the time falls 60%.\n",
			line: 11, fig: "60", verdict: Unsupported,
		},
	}
	runVerdictCases(t, tests)
}

// A verdictCase is a report, a claim in it (its 1-based line and the
// start of its figure) and the verdict the claim must get.
type verdictCase struct {
	name    string
	src     string
	line    int
	fig     string
	verdict Verdict
}

// runVerdictCases runs each case as a subtest: the claim must exist and
// have the verdict (the report's claims are printed if not).
func runVerdictCases(t *testing.T, tests []verdictCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := extract(t, tc.src)
			c := claimAt(t, rep, tc.line, tc.fig)
			if c.Verdict != tc.verdict {
				t.Fatalf("line %d: %q %s (%s), want %s\n%s", tc.line, c.Claimed, c.Verdict, c.Detail, tc.verdict, formatClaims(rep.Claims))
			}
		})
	}
}

// TestRestatedRuns checks that runs pasted under labels naming two
// versions ("v0.9:", "v1.0:") are a before and an after, paired by name,
// not one benchmark stated twice with different figures.
func TestRestatedRuns(t *testing.T) {
	src := "# R\n\n## Runs\n\nv0.9:\n\n```\nBenchmarkValidate/small-8  104322  11480 ns/op  6212 B/op  131 allocs/op\n```\n\nv1.0:\n\n" +
		"```\nBenchmarkValidate/small-8  398120  3020 ns/op  512 B/op  6 allocs/op\n```\n\nSmall documents validate 3.8x faster.\n"
	rep := extract(t, src)
	for _, c := range rep.Claims {
		if c.Verdict.Failed() {
			t.Errorf("line %d %q: %s (%s), want no alarm", c.Line, c.Claimed, c.Verdict, c.Detail)
		}
	}
	c := claimAt(t, rep, 17, "3.8")
	if c.Verdict != Consistent {
		t.Errorf("line 17: %q %s (%s), want consistent", c.Claimed, c.Verdict, c.Detail)
	}
	// Labels that name no versions, or the newer first, pair nothing.
	for _, labels := range [][2]string{{"Run A:", "Run B:"}, {"v1.0:", "v0.9:"}} {
		s := strings.Replace(strings.Replace(src, "v0.9:", "@1", 1), "v1.0:", "@2", 1)
		s = strings.Replace(strings.Replace(s, "@1", labels[0], 1), "@2", labels[1], 1)
		if c := claimAt(t, extract(t, s), 17, "3.8"); c.Verdict == Consistent {
			t.Errorf("labels %q: line 17 %q consistent (%s), want no pair", labels, c.Claimed, c.Detail)
		}
	}
}

// TestMisquoteOneFigure checks that a before → after sentence quoting a
// table row with one figure changed is contradicted on that figure only,
// and that figures whose rounding ranges only touch (1.1 and 1.2 ms) are
// two figures.
func TestMisquoteOneFigure(t *testing.T) {
	src := "# R\n\n## Summary\n\n- p99 latency drops from 1.9 ms to 1.2 ms.\n\n## Load\n\n| Metric | 3.1 | 3.2 |\n|---|--:|--:|\n| p99 latency | 1.9 ms | 1.1 ms |\n"
	rep := extract(t, src)
	if c := claimAt(t, rep, 5, "1.2"); c.Verdict != Contradicted {
		t.Errorf("1.2 ms: %s (%s), want contradicted", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 5, "1.9"); c.Verdict.Failed() {
		t.Errorf("1.9 ms: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
	ok := strings.Replace(src, "to 1.2 ms", "to 1.1 ms", 1)
	for _, c := range extract(t, ok).Claims {
		if c.Verdict.Failed() {
			t.Errorf("quoted as given: line %d %q %s (%s), want no alarm", c.Line, c.Claimed, c.Verdict, c.Detail)
		}
	}
	for _, tc := range []struct {
		a, b string
		want bool
	}{{"1.1", "1.2", false}, {"1.15", "1.2", true}, {"1.2", "1.2", true}, {"1,420", "1.42", false}} {
		a, b := scanFigures(tc.a + " ms")[0].Number, scanFigures(tc.b + " ms")[0].Number
		if got := sameFigure(a, b); got != tc.want {
			t.Errorf("sameFigure(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestUnitAlgebra checks derived figures recomputed across units: a byte
// rate from a size over a time, a time over one period rescaled to
// another, a difference stated with "faster", each with the unit slip
// that a misread prefix or a binary unit gives.
func TestUnitAlgebra(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		line    int
		fig     string
		verdict Verdict
	}{
		{
			name: "bandwidth from a size over a time",
			src:  "# R\n\n## Sizes\n\n| Document | v0.9 | v1.0 |\n|---|--:|--:|\n| large, bulk import (1.15 MB) | 10.8 ms | 3.05 ms |\n\nOn the large file v1.0 does 377 MB/s.\n",
			line: 9, fig: "377", verdict: Consistent,
		},
		{
			// 1.15 MB / 3.05 ms = 377 MB/s = 360 MiB/s.
			name: "bandwidth in MiB/s written as MB/s",
			src:  "# R\n\n## Sizes\n\n| Document | v0.9 | v1.0 |\n|---|--:|--:|\n| large, bulk import (1.15 MB) | 10.8 ms | 3.05 ms |\n\nOn the large file v1.0 does 360 MB/s.\n",
			line: 9, fig: "360", verdict: ArithmeticError,
		},
		{
			name: "a time per second rescaled to a day",
			src:  "# R\n\n## Fleet\n\n- the parser saves 102 ms of CPU per second,\n- that is 8,813 s of CPU per node per day.\n",
			line: 6, fig: "8,813", verdict: Consistent,
		},
		{
			name: "a time per second rescaled to a day, 1000x off",
			src:  "# R\n\n## Fleet\n\n- the parser saves 102 ms of CPU per second,\n- that is 8.8 s of CPU per node per day.\n",
			line: 6, fig: "8.8", verdict: ArithmeticError,
		},
		{
			name: "a difference stated with faster beside a factor",
			src:  "# R\n\n| Benchmark | Before | After |\n|---|---|---|\n| WriteReply/array-16 | 1,480 ns | 515 ns |\n| WriteReply/bulk-64B | 221 ns | 88 ns |\n\n- An array-16 reply is written 965 ns faster, a bulk-64B reply 2.5x faster.\n",
			line: 8, fig: "965", verdict: Consistent,
		},
		{
			name: "a difference stated with faster, in the wrong unit",
			src:  "# R\n\n| Benchmark | Before | After |\n|---|---|---|\n| WriteReply/array-16 | 1,480 ns | 515 ns |\n| WriteReply/bulk-64B | 221 ns | 88 ns |\n\n- An array-16 reply is written 965 µs faster, a bulk-64B reply 2.5x faster.\n",
			line: 8, fig: "965", verdict: ArithmeticError,
		},
		{
			// The clause's "small validations" name the pair, though
			// the section is about compiling.
			name: "a saving named by its clause rather than its section",
			src: "# R\n\n## Runs\n\n| Benchmark | Before | After |\n|---|---|---|\n| Validate/small | 11,480 ns | 3,020 ns |\n\n## The cost: compiling\n\n" +
				"Compiling now takes 84.3 µs instead of 56.9 µs (48% more). The extra is paid back\nafter 4 small validations, each of which saves 8.46 µs.\n",
			line: 12, fig: "8.46", verdict: Consistent,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := extract(t, tc.src)
			c := claimAt(t, rep, tc.line, tc.fig)
			if c.Verdict != tc.verdict {
				t.Fatalf("line %d: %q %s (%s), want %s", tc.line, c.Claimed, c.Verdict, c.Detail, tc.verdict)
			}
		})
	}
}

// TestUnitsPerThing checks that a time or size per named thing is read
// as per operation, and a time per time as a rate.
func TestUnitsPerThing(t *testing.T) {
	for _, tc := range []struct {
		in   string
		unit string
		q    Quantity
	}{
		{"341 ns/line", "ns/line", Time},
		{"2.6 µs/request", "µs/request", Time},
		{"352 B/series", "B/series", Memory},
		{"102 ms/s", "ms", Time},
	} {
		fs := scanFigures(tc.in)
		if len(fs) == 0 || fs[0].Unit != tc.unit || fs[0].Quantity != tc.q {
			t.Errorf("scanFigures(%q) = %+v, want unit %q, %s", tc.in, fs, tc.unit, tc.q)
		}
	}
	for _, tc := range []struct {
		h    string
		want bool
	}{{"2.6", true}, {"v0.9", true}, {"3.1 (ns/op)", true}, {"Go 1.22", true}, {"8", false}, {"1.2 KB", false}, {"Before", false}} {
		if got := headerVersion(tc.h) != nil; got != tc.want {
			t.Errorf("headerVersion(%q) = %v, want %v", tc.h, got, tc.want)
		}
	}
}

// TestPayback checks a count of operations that pays back a cost with a
// saving per operation: ⌈cost/saving⌉, within the rounding of both.
func TestPayback(t *testing.T) {
	for _, tc := range []struct {
		n    string
		want Verdict
	}{{"3", ArithmeticError}, {"4", Consistent}, {"5", ArithmeticError}} {
		src := "# R\n\n## Cost\n\nCompiling takes longer now. The extra 27.4 µs is\npaid back after " + tc.n + " validations, each of which saves 8.46 µs.\n"
		c := claimAt(t, extract(t, src), 6, tc.n)
		if c.Verdict != tc.want {
			t.Errorf("paid back after %s: %s (%s), want %s", tc.n, c.Verdict, c.Detail, tc.want)
		}
	}
}
