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
//	cmake --build <build> -j <CPUs>
//
// (Configure, Build). Its benchmark executables are the executable
// targets that link Google Benchmark's library, as CMake's file API
// describes the build (cmake-file-api(7): Configure writes the query
// .cmake/api/v1/query/codemodel-v2 into the build folder; Benchmarks reads
// the reply's index, code model and target files).
//
// A run of an executable (Run) is
//
//	<exe> --benchmark_format=json --benchmark_min_time=<seconds> --benchmark_repetitions=1 [--benchmark_filter=<re>]
//
// in the executable's folder, killed with its process group after a
// timeout; its JSON output is parsed by package cxx/gbench, each run of
// an iteration giving one sample per benchmark and unit (sec/op,
// cpu-sec/op, B/s, items/s, user counters).
//
// RunSides compares two builds (two git revisions of a project) in
// interleaved rounds: per round, the old and the new build's executable
// one after the other in a random order, so that a drift of the machine
// hits both alike. RunVariants compares benchmark variants within one
// build (BM_X_before and BM_X_after, prove.FindVariants): one run per
// round with both, in a random order
// (--benchmark_enable_random_interleaving). Both compare each
// benchmark's samples with stats.Compare and correct the verdicts for
// their number with stats.Holm.
//
// What the Go driver has and this one has not: adaptive stopping, one
// iteration count for both sides (Google Benchmark picks each run's
// count itself, from --benchmark_min_time), and comparison of the
// benchmarks' code.
package cxx
