// Package cxx measures C++ projects built with CMake whose benchmarks use
// Google Benchmark: the C++ driver of perfproof compare, beside the Go one
// of package prove, producing the same prove.Result so that verdicts,
// gates and JSON are shared.
//
// A project is a folder with a CMakeLists.txt (IsProject). It is built
// out of its source tree, into a folder of the caller's (a temporary
// one):
//
//	cmake -S <src> -B <build> -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON <cmake args>
//	cmake --build <build> -j <CPUs> --target <benchmark executables>
//
// (Configure, Benchmarks, Build: BuildBenchmarks). Its benchmark
// executables are the executable targets that link Google Benchmark's
// library, as CMake's file API describes the build (cmake-file-api(7):
// Configure writes the query .cmake/api/v1/query/codemodel-v2 into the
// build folder; Benchmarks reads the reply's index, code model and target
// files, which exist once the project is configured). Only those targets
// (and what they depend on) are built, so a broken tool, example or
// benchmark-less program of the project does not stop a comparison.
//
// A run of an executable (Run) is
//
//	BENCHMARK_FORMAT=json BENCHMARK_MIN_TIME=<seconds> BENCHMARK_REPETITIONS=1 [BENCHMARK_FILTER=<re>] <exe> [<its own arguments>]
//
// in the executable's folder, killed with its process group after a
// timeout. The settings are environment variables, which Google
// Benchmark (1.7.1) reads for each flag not on the command line, and not
// --benchmark_* arguments, so that a main() that reads its own arguments
// before benchmark::Initialize (spdlog's formatter-bench exits unless it
// has exactly one) still runs; any BENCHMARK_* variable of perfproof's
// own environment is removed first. Options.ExeArgs gives an executable
// its own positional arguments. A benchmark named after a --benchmark_
// flag (a main() that registered its argument as a benchmark) is an
// error. A failed run's error ends with the tail of its standard error,
// and of its standard output when that is not JSON or standard error is
// empty.
//
// The JSON output is parsed by package cxx/gbench, each run of an
// iteration giving one sample per benchmark and unit (sec/op,
// cpu-sec/op, B/s, items/s, user counters). One name registered twice
// (two families) gives two benchmarks, the later renamed name#2, with a
// warning.
//
// RunSides compares two builds (two git revisions of a project) in
// interleaved rounds: per round, the old and the new build's executable
// one after the other in a random order, so that a drift of the machine
// hits both alike. RunVariants compares benchmark variants within one
// build (BM_X_before and BM_X_after, prove.FindVariants): one run per
// round with both, in a random order
// (BENCHMARK_ENABLE_RANDOM_INTERLEAVING=true). Both compare each
// benchmark's samples with stats.Compare and correct the verdicts for
// their number with stats.Holm.
//
// What the Go driver has and this one has not: adaptive stopping, one
// iteration count for both sides (Google Benchmark picks each run's
// count itself, from the minimum time), and comparison of the
// benchmarks' code.
package cxx
