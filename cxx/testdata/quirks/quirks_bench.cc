#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

// Work steps a linear congruential generator n times per iteration.
template <int n>
static void Work(benchmark::State& state) {
  std::uint64_t x = 1;
  for (auto _ : state) {
    for (int i = 0; i < n; i++) x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    benchmark::DoNotOptimize(x);
  }
}

// Nothing's loop has an empty body: the compiler removes the loop, and
// the time per iteration is far below a nanosecond.
static void Nothing(benchmark::State& state) {
  for (auto _ : state) {
  }
}

int main(int argc, char** argv) {
  // Like spdlog's formatter-bench, main() reads its own arguments before
  // benchmark::Initialize: one optional mode, "extra", and nothing else
  // (no --benchmark_ flag). The usage goes to standard output.
  if (argc > 2 || (argc == 2 && std::strcmp(argv[1], "extra") != 0)) {
    std::printf("usage: %s [extra]\n", argv[0]);
    return 1;
  }
  benchmark::RegisterBenchmark("BM_Work", Work<64>);
  benchmark::RegisterBenchmark("BM_Nothing", Nothing);
  // One name, two families: the second does four times the work.
  benchmark::RegisterBenchmark("BM_Dup", Work<64>);
  benchmark::RegisterBenchmark("BM_Dup", Work<256>);
  if (argc == 2) benchmark::RegisterBenchmark("BM_Extra", Work<16>);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
