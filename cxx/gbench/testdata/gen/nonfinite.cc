#include <benchmark/benchmark.h>
#include <cmath>
#include <limits>
static void BM_N(benchmark::State& s) { for (auto _ : s) {} s.counters["nan"] = std::nan(""); s.counters["inf"] = std::numeric_limits<double>::infinity(); s.counters["ninf"] = -std::numeric_limits<double>::infinity();}
BENCHMARK(BM_N);
BENCHMARK_MAIN();
