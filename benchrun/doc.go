// Package benchrun runs the benchmarks of Go packages with the go command
// and keeps what they measured: the parsed results, the raw output in the
// Go benchmark format, and optional CPU and heap profiles.
//
// Run lists the packages matching a set of patterns, leaves out those whose
// test files declare no Benchmark function, and runs each remaining package
// in its own
//
//	go test -run='^$' -bench=<regexp> -benchmem -count=N [-benchtime=T]
//	        [-cpuprofile=F] [-memprofile=F] -o <scratch>/<pkg>.test <pkg>
//
// one package at a time, because the go command profiles a single package
// per call. Every file it produces (the test binary, the raw output, the
// profiles) goes into an output directory or a scratch directory, never into
// the module being measured.
//
// A package that fails to build, panics, fails, or exceeds its time limit is
// reported in its PackageResult with an error that names it; the results of
// the other packages are kept. A package that runs too long is killed with
// its whole process group, so no test binary outlives Run.
package benchrun
