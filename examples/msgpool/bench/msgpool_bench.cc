// Benchmark pairs BM_<X>_before / BM_<X>_after: the seed's slow form of X and
// its fix, on the same inputs.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "msgpool/fix.h"
#include "msgpool/message.h"
#include "msgpool/shared_pool.h"
#include "msgpool/slot_pool.h"

namespace msgpool {
namespace {

// Input is one order's fields with their storage. Its strings are longer than
// the small-string buffer and its callback's state fits in std::function's
// local buffer, as a venue session's ack handler (a pointer and a number) does.
struct Input {
  std::vector<FieldView> extra{{448, "PARTY-ID-DESK-0042-NY"},
                               {447, "D"},
                               {452, "TRADING-FIRM-ROLE-3"}};
  Callback on_ack;
  OrderFields fields;
  std::uint64_t acks = 0;

  Input() {
    on_ack = [this, n = 1](const Message&) { acks += n; };
    fields.symbol = "AAPL";
    fields.cl_ord_id = "CLORD-20261127-0000042";
    fields.account = "ACCT-EQUITY-DESK-7";
    fields.side = '1';
    fields.price_ticks = 1893400;
    fields.quantity = 300;
    fields.extra = extra.data();
    fields.extra_count = extra.size();
    fields.on_ack = &on_ack;
  }
};

// Acquire: a message per order. Before: std::make_shared<Message> allocates
// the message with its control block, then each string and the vector. After:
// a pool of preallocated messages, assigned in place.
void BM_Acquire_before(benchmark::State& state) {
  Input in;
  for (auto _ : state) {
    auto m = std::make_shared<Message>(in.fields);
    benchmark::DoNotOptimize(m.get());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_Acquire_before);

void BM_Acquire_after(benchmark::State& state) {
  Input in;
  Pool pool(64);
  for (auto _ : state) {
    Message* m = pool.acquire(in.fields);
    benchmark::DoNotOptimize(static_cast<const Message*>(m));  // const: the pointer is read, never rewritten
    benchmark::ClobberMemory();
    pool.release(m);
  }
}
BENCHMARK(BM_Acquire_after);

// PoolLock: acquire and release on a pool shared by the benchmark's threads.
// Before: a mutex around every acquire and release. After: per-thread caches
// that take the lock only to move batches.
void BM_PoolLock_before(benchmark::State& state) {
  static MutexPool pool(1024);
  std::uint64_t seq = 0;
  for (auto _ : state) {
    Message* m = pool.acquire();
    m->seq = ++seq;
    benchmark::DoNotOptimize(static_cast<const Message*>(m));  // const: the pointer is read, never rewritten
    pool.release(m);
  }
}
BENCHMARK(BM_PoolLock_before)->Threads(1)->Threads(2)->UseRealTime();

void BM_PoolLock_after(benchmark::State& state) {
  static CachedPool pool(1024, 32);
  CachedPool::Cache cache(pool);
  std::uint64_t seq = 0;
  for (auto _ : state) {
    Message* m = cache.acquire();
    m->seq = ++seq;
    benchmark::DoNotOptimize(static_cast<const Message*>(m));  // const: the pointer is read, never rewritten
    cache.release(m);
  }
}
BENCHMARK(BM_PoolLock_after)->Threads(1)->Threads(2)->UseRealTime();

// Serialize: the FIX wire form of one message. Before: std::ostringstream and
// std::to_string per field, a new string per call. After: appends into two
// reused buffers, numbers with std::to_chars.
void BM_Serialize_before(benchmark::State& state) {
  Input in;
  Message m(in.fields);
  for (auto _ : state) {
    std::string wire = EncodeSlow(m);
    benchmark::DoNotOptimize(wire.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_Serialize_before);

void BM_Serialize_after(benchmark::State& state) {
  Input in;
  Message m(in.fields);
  Encoder enc;
  for (auto _ : state) {
    std::string_view wire = enc.Encode(m);
    benchmark::DoNotOptimize(wire.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_Serialize_after);

}  // namespace
}  // namespace msgpool

BENCHMARK_MAIN();
