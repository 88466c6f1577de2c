#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "orders.h"

static void BM_TotalLength(benchmark::State& state) {
  // Symbols longer than the small-string buffer, so that each copy
  // allocates.
  std::vector<std::string> symbols;
  for (int i = 0; i < 256; ++i) {
    symbols.push_back("ORDER-SYMBOL-WITH-A-LONG-NAME-" + std::to_string(i));
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(total_length(symbols, ","));
  }
}
BENCHMARK(BM_TotalLength);

BENCHMARK_MAIN();
