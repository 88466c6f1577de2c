// Package stats holds the statistics behind perfproof compare and
// perfproof verify: each side's median with its confidence interval, the
// ratio new/old with a confidence interval, a two-sided Mann-Whitney U
// p-value, and a verdict (faster, slower, unchanged or inconclusive) that
// needs both significance and a minimum effect size.
//
// The median confidence interval and the Mann-Whitney U test come from
// golang.org/x/perf/benchmath (benchmath.AssumeNothing): neither assumes a
// distribution, which suits right-skewed benchmark noise. benchmath has no
// interval on the ratio of two samples; this package adds the
// Hodges-Lehmann estimate of the shift between the log samples with its
// distribution-free confidence interval from the Mann-Whitney U
// distribution (see Compare and Comparison.Ratio for the method and its
// sources).
//
// Holm corrects the verdicts of a family of comparisons made together for
// their number (Holm's step-down method), so that a gate over many
// benchmarks fails by chance at most alpha of the time, not alpha per
// benchmark.
//
// The package knows nothing of git, go test or profiles: it takes the
// values of one benchmark and one unit per side, in the unit's tidied form
// (benchfmt: sec/op, B/op, allocs/op, B/s, ...).
package stats
