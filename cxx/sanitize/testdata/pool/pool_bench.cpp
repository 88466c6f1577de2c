#include <benchmark/benchmark.h>

#include "pool.h"

static void BM_Acquire(benchmark::State& state) {
    Pool pool(64);
    const std::string sender = "SENDER-COMP-ID-OF-A-LONG-NAME";
    int seq = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(pool.Acquire(seq++, sender, "8=FIX.4.4|35=D|49=SENDER|56=TARGET|"));
    }
}
BENCHMARK(BM_Acquire);

BENCHMARK_MAIN();
