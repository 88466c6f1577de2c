// Package claims checks the numbers in a performance report: it extracts
// every numeric performance claim from a Markdown or plain-text report,
// checks whether the claim follows from the figures the report states
// beside it, and, given a Measurer, re-measures the benchmarks it names.
//
// # Extraction
//
// Extract reads a report line by line (1-based lines) and returns its
// claims, each with a Kind: factors ("11x faster", "2.9-3.8x"),
// percentages ("57% faster", "43% less memory", "(-11%)"), before → after
// figures ("785ns → 71ns", "from 9569 to 2775 ns/op", "518ns (vs
// 716ns)"), absolute figures with units (ns/op, µs, B/op, allocs/op,
// allocations/second, a share "of total request time"), zero-allocation
// statements ("0 allocs/op", "zero allocations"), go test -bench lines
// pasted into the report (read with golang.org/x/perf/benchfmt, with a
// fallback for hand-edited lines: thousands separators, no iteration
// count, units from a header line, a name and its values on two lines),
// and rows of Markdown tables with Before/After (Old/New,
// Baseline/Optimized) columns. Projections ("expected", "estimated", a
// "Future work" heading) are kept but never counted as measurements;
// claims in double quotes are another document's and are skipped.
//
// Each claim has a subject: the benchmark names the report gives (a
// result line, a name in a table, the two benchmark lines of the claim's
// section, a "go test -bench=X" command in scope), else the nearest
// heading.
//
// # Arithmetic
//
// A stated factor or percentage is checked against the before and after
// figures it rests on, found, in order, on its line (an arrow, "vs", two
// figures of one quantity), in its table row (Before/After columns, a
// row marked "baseline", two columns of figures), in its block
// ("Before:" and "After:" bullets, a pair on an earlier line), under
// headings "Before …" and "After …" (labelled figures), or in the two
// benchmark lines of its section. The tolerance comes from the digits
// written: every figure is taken as rounded half a step of its last digit
// either way (785 as 784.5-785.5, 71.42 as 71.415-71.425), and the stated
// value as rounded or truncated (80% covers 79.5% up to 81%); the claim
// is consistent when the ranges meet, and the detail notes a truncation.
// "X% faster" is read both as time saved, 1 − new/old, and as throughput
// gained, old/new − 1 ("X% slower" as time added, new/old − 1, or
// throughput lost, 1 − old/new); when only one reading fits the figures
// the detail says which, and when the figures do not decide, Verify tests
// both.
//
// # Re-measurement
//
// Verify matches claims to the benchmarks a Measurer lists: by name, or,
// for a claim without names, by a before/after pair ("X/before" and
// "X/after", "X_Old_Y" and "X_New_Y") whose name the claim's -bench
// pattern, text or heading mentions. It compares the claimed ratio new/old
// with the measured ratio's confidence interval, within a relative
// tolerance (DefaultTolerance, ±15 %): ratios and allocation counts
// transfer across machines, absolute times do not and are reported as
// context only. Verdicts are Consistent and ArithmeticError from the
// report alone, Reproduced, NotReproduced and BetterThanClaimed from a
// measurement, and Unverifiable with what would make the claim
// verifiable.
//
// Annotate writes a copy of the report with each claim's verdict under
// its paragraph, table or code block.
package claims
