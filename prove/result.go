package prove

import (
	"time"

	"github.com/perfproof/perfproof/stats"
)

// A Result is what a comparison measured.
type Result struct {
	// Packages are the packages measured, in go list order (by import
	// path), including those that failed.
	Packages []PackageResult
	// Rounds is the number of rounds run (the most of any package).
	Rounds int
	// AllocRounds is the number of allocation rounds run
	// (Options.AllocBenchtime; the most of any package); 0 without them.
	AllocRounds int
	// Stop says why the rounds stopped: "10 rounds", "time budget 2m0s",
	// "all verdicts decided", "every package failed", or the context's
	// error.
	Stop string
	// Elapsed is the wall time of the whole comparison, builds included.
	Elapsed time.Duration
}

// Comparisons returns the comparisons of every package in order.
func (r *Result) Comparisons() []Comparison {
	var out []Comparison
	for _, p := range r.Packages {
		out = append(out, p.Comparisons...)
	}
	return out
}

// Err returns the first package error, or nil if every package ran to the
// end.
func (r *Result) Err() error {
	for _, p := range r.Packages {
		if p.Err != nil {
			return p.Err
		}
	}
	return nil
}

// A PackageResult is the outcome for one package.
type PackageResult struct {
	// ImportPath is the package's import path on the new side.
	ImportPath string
	// OldDir and NewDir are the package's source directories on each
	// side, as Run listed them; "" for RunVariants and RunPairs.
	OldDir, NewDir string
	// Rounds is the number of rounds in which both sides of the package
	// ran to the end. In adaptive mode a benchmark decided earlier has
	// fewer samples (its comparisons' N).
	Rounds int
	// AllocRounds is the number of allocation rounds in which both sides
	// of the package ran to the end (Options.AllocBenchtime).
	AllocRounds int
	// Decided is set when adaptive mode stopped the package early because
	// every verdict was decided.
	Decided bool
	// Samples are the values measured, per benchmark and unit, in the
	// order the benchmarks first appeared, units in the order reported.
	Samples []Samples
	// Comparisons compare the samples that have values on both sides,
	// in the order of Samples.
	Comparisons []Comparison
	// OnlyOld and OnlyNew name the benchmarks measured on one side only
	// (added or removed by the change); they are not compared.
	OnlyOld, OnlyNew []string
	// Unpaired names the benchmarks of RunVariants that hold a variant
	// word but have no counterpart.
	Unpaired []string
	// RawFiles are the files of raw output in Options.OutDir.
	RawFiles []string
	// Err, if not nil, says why the package stopped before its last
	// round: it names the package and the side and wraps
	// benchrun.ErrLoad, ErrBuild, ErrPanic, ErrTimeout, ErrFailed or the
	// context's error. The samples measured before are kept and compared.
	Err error
	// Warnings are problems that did not stop the package, such as
	// malformed output lines.
	Warnings []error
}

// Samples are the values of one benchmark in one unit on both sides.
type Samples struct {
	// Benchmark is the name the comparison is reported under (see
	// Pair.Benchmark).
	Benchmark string
	// OldName and NewName are the benchmarks measured on each side; both
	// equal Benchmark for Run.
	OldName, NewName string
	// Unit is the tidied unit (benchfmt): "sec/op", "B/op", "allocs/op",
	// or a custom metric's.
	Unit string
	// Old and New are the values in Unit, in round order.
	Old, New []float64
	// Benchtime is the -test.benchtime of the runs the values came from:
	// Options.Benchtime, or DefaultBenchtime ("10ms") for the timing
	// rounds (whose runs after the first repeat an iteration count that
	// lasts about that long), or Options.AllocBenchtime ("1s") for B/op and
	// allocs/op measured by the allocation rounds; "" for results files.
	Benchtime string
}

// A Comparison is the statistical comparison of one Samples.
type Comparison struct {
	// Package is the import path of the package.
	Package string
	// OldName and NewName are as in Samples.
	OldName, NewName string
	// Code says whether the benchmark's code differs between the sides
	// (CompareCode of its function in OldDir and NewDir); Run fills it,
	// RunVariants and RunPairs leave it CodeNotCompared.
	Code CodeDiff
	// Benchtime is the run length of the samples compared, as in
	// Samples.Benchtime: "10ms", "1s", "100x"; "" for results files.
	Benchtime string
	stats.Comparison
}
