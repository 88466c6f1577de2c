// outputs exercises what Google Benchmark's JSON can hold: time units,
// bytes and items per second, user counters (plain, rate, average), a
// label, arguments, threads, and a benchmark that reports an error.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

static void BM_Copy(benchmark::State& state) {
  std::vector<char> src(static_cast<std::size_t>(state.range(0)), 'x');
  std::vector<char> dst(src.size());
  for (auto _ : state) {
    std::copy(src.begin(), src.end(), dst.begin());
    benchmark::DoNotOptimize(dst.data());
  }
  state.SetBytesProcessed(state.iterations() * state.range(0));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Copy)->Arg(64)->Arg(4096);

static void BM_Counters(benchmark::State& state) {
  std::uint64_t n = 0;
  for (auto _ : state) {
    for (int i = 0; i < 100; ++i) benchmark::DoNotOptimize(n += i);
  }
  state.counters["hits"] = 42;
  state.counters["ops_rate"] = benchmark::Counter(
      static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["per_iter"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * 3, benchmark::Counter::kAvgIterations);
  state.SetLabel("with counters");
}
BENCHMARK(BM_Counters);

static void BM_Unit(benchmark::State& state) {
  for (auto _ : state) {
    std::string s(64, 'y');
    benchmark::DoNotOptimize(s.data());
  }
}
BENCHMARK(BM_Unit)->Unit(benchmark::kNanosecond);
BENCHMARK(BM_Unit)->Name("BM_Unit_us")->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Unit)->Name("BM_Unit_ms")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Unit)->Name("BM_Unit_s")->Unit(benchmark::kSecond);

static void BM_Threads(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(state.thread_index());
}
BENCHMARK(BM_Threads)->Threads(2);

static void BM_Fails(benchmark::State& state) {
  for (auto _ : state) {
    state.SkipWithError("resource not available");
    break;
  }
}
BENCHMARK(BM_Fails);

BENCHMARK_MAIN();
