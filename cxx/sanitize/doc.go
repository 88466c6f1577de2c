// Package sanitize builds a C++ CMake project with the sanitizers of GCC
// and Clang, runs its tests and Google Benchmark executables, and turns
// the sanitizers' reports into perfproof findings: `perfproof sanitize`.
//
// # Builds
//
// Run configures the project out of its source tree, in a temporary
// folder, with CMAKE_BUILD_TYPE=Debug and ASanBuild's flags
// (AddressSanitizer, whose LeakSanitizer reports leaks at exit, and
// UndefinedBehaviorSanitizer, recoverable, -g -O1
// -fno-omit-frame-pointer), and, when asked, a second time with
// TSanBuild's (ThreadSanitizer cannot be combined with ASan). An
// executable that lacks the sanitizer's symbols (a project that resets
// CMAKE_CXX_FLAGS) is an error, not a clean run.
//
// # Runs
//
// The tests are those `ctest --show-only=json-v1` lists, each run on its
// own with its command, working directory and ENVIRONMENT; the benchmark
// executables are found with CMake's file API (codemodel-v2): executable
// targets that link the Google Benchmark library or depend on a target
// named benchmark. They run in the ASan build only, once each with
// BENCHMARK_MIN_TIME=0.01 in its environment (seconds, as Google Benchmark 1.7
// takes it; an environment variable, so that a main() reading its own
// arguments runs all the same).
// Each run gets ASAN_OPTIONS, UBSAN_OPTIONS and TSAN_OPTIONS (SanitizerEnv)
// with a log_path in a folder of its own, so that its reports are never
// mixed with another run's or with its stdout; its stderr is read as well,
// since GCC 12's UBSan runtime ignores log_path when linked beside ASan
// (checked: its reports go to stderr) and a deadly signal's report can go
// there too.
//
// # Reports
//
// Parse reads LeakSanitizer's leaks (one report per "Direct leak" or
// "Indirect leak" entry, with its bytes, objects and allocation stack),
// AddressSanitizer's errors (the access stack, then "freed by" and
// "allocated by" stacks), UBSan's "file:line:col: runtime error:" with its
// stack, and ThreadSanitizer's warnings with every stack. Locate chooses
// the frame in the project's own sources (not /usr, the standard library,
// the sanitizer runtime or the build folders) that a person must change:
// for a leak it steps outward past constructors, so that a leak of a
// std::string member lands on the `new` that built the object (see
// Locate). Reports that are the same up to the project's frames are
// merged into one Finding with a count and the runs that made them.
//
// # Failing closed
//
// A configure or build failure, a test list ctest cannot give, a run that
// crashed or failed with no sanitizer report, a run that timed out and a
// project with no test and no benchmark are Errors beside the findings:
// Result.Outcome makes them an error, so that nothing unchecked reads as
// clean.
package sanitize
