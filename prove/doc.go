// Package prove measures a change: it runs the benchmarks of the old and
// the new version of a module in interleaved rounds and compares them
// with package stats.
//
// Run takes two module directories (see package revs for getting them
// from git revisions). For each package matching the patterns whose test
// files declare benchmarks on either side, it builds each side's test
// binary once,
//
//	go test -c -trimpath -o <work>/<side>/<package>.test <package>
//
// (-trimpath on both sides, so that the two builds of an unchanged
// package share the go command's build cache even from different
// directories), then runs rounds. A round runs, for every package still
// measured, the two binaries one after the other in a random order (old
// new, or new old), each
//
//	<binary> -test.run=^$ -test.bench=<regexp> -test.benchmem -test.count=1 -test.benchtime=d
//
// in the package's source directory of its side, so that a drift of the
// machine (another process starting, the CPU heating up) hits both sides
// alike. Each run's output is parsed (golang.org/x/perf/benchfmt) and
// every benchmark's value in every unit becomes one sample of its side.
//
// The first round runs every benchmark of a binary in one run, with the
// testing package's ramp-up (runs of 1, 100, 10000, … iterations until one
// lasts the benchmark time), which go test -count repeats for every
// sample. Later rounds skip it: each compared benchmark runs alone, with
// -test.benchtime=<N>x, one count N for both sides: the largest of the
// counts that make a run last the benchmark time at the speed the first
// round measured on each side, so that both sides spread what a new
// process pays once over the same number of iterations (a side whose first
// round stopped at one slow, cold iteration while the other's went on
// does not set N, and its cold sample is dropped with a warning). A round
// runs the benchmarks in a random order, the old and new run of each back
// to back in a random order (Options.RampUp keeps the first round's way).
//
// A run lasts Options.Benchtime, by default DefaultBenchtime (10 ms; at
// least DefaultMinIters iterations after the first round): many short
// runs, each a new process, since on a shared machine much of a sample's
// variation comes with the moment it ran, which many short runs spread
// over (see DefaultBenchtime).
//
// Rounds stop after Options.Rounds (default 30, so 30 samples per side),
// or earlier when the Options.Time budget would be exceeded, or,
// with Options.Adaptive, once every benchmark's verdict is decided, each
// benchmark leaving the rounds as soon as its own is (see
// Options.Adaptive for the rule that keeps repeated looks at the data from
// inflating false alarms).
//
// With Options.AllocBenchtime ("1s", go test's default run length), the
// timing rounds are followed by Options.AllocCount allocation rounds
// (default DefaultAllocCount): each runs every compared benchmark (or
// pair of variants) alone, once per side, the two runs back to back in a
// random order, with -test.benchtime=<AllocBenchtime> and the testing
// package's ramp-up, and B/op and allocs/op are then taken from those runs
// only (sec/op and custom units still from the timing rounds). The
// allocations per op of code that pools memory depend on the run length:
// a sync.Pool is emptied by garbage collections, one of which the testing
// package runs before each run, so refilling it is spread over the run's
// iterations, and runs of DefaultBenchtime can report several allocations
// per op where go test's runs of 1s report one (testdata/allocrun). Each
// Comparison's Benchtime names the run length its samples came from.
//
// The verdicts of one call are corrected for the number of comparisons
// made in each unit (stats.Holm), so that the chance of any false faster
// or slower among a unit's is at most Options.Stats.Alpha.
//
// RunVariants compares two variants of a benchmark in the same binary,
// such as "X/before" and "X/after" (FindVariants), and RunPair any two
// named benchmarks of one package; each round is one run of the package's
// binary, and the two benchmarks of that run form one pair.
//
// A package that does not build, or whose run panics, fails or exceeds
// Options.Timeout, is reported in its PackageResult.Err with the samples
// measured before; the other packages go on. Every file (binaries, raw
// output) goes to a work folder, never into the module.
//
// MeasureNoise describes the machine's noise before a comparison.
package prove
