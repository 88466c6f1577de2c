#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "msgpool/fix.h"
#include "msgpool/free_list.h"
#include "msgpool/message.h"
#include "msgpool/shared_pool.h"
#include "msgpool/slot_pool.h"

namespace msgpool {
namespace {

// Order is an OrderFields with storage for its strings and repeating group.
struct Order {
  std::string symbol;
  std::string cl_ord_id;
  std::string account;
  char side;
  std::int64_t price_ticks;
  std::int64_t quantity;
  std::vector<std::pair<int, std::string>> extra;
  Callback on_ack;

  std::vector<FieldView> views;
  OrderFields fields() {
    views.clear();
    for (auto& [tag, value] : extra) {
      views.push_back(FieldView{tag, value});
    }
    OrderFields f;
    f.symbol = symbol;
    f.cl_ord_id = cl_ord_id;
    f.account = account;
    f.side = side;
    f.price_ticks = price_ticks;
    f.quantity = quantity;
    f.extra = views.data();
    f.extra_count = views.size();
    f.on_ack = on_ack ? &on_ack : nullptr;
    return f;
  }
};

// order returns the i-th test order; orders differ in every field, and the
// number of repeating-group fields cycles through 3, 2, 1, 0.
Order order(int i) {
  Order o;
  o.symbol = i % 2 == 0 ? "AAPL" : "BRK.B";
  o.cl_ord_id = "CLORD-20261127-" + std::to_string(100000 + i);
  o.account = "ACCT-EQUITY-DESK-" + std::to_string(i % 7);
  o.side = i % 2 == 0 ? '1' : '2';
  o.price_ticks = 1893400 + 25 * i;
  o.quantity = 100 * static_cast<std::int64_t>(i + 1);
  for (int k = 0; k < 3 - i % 4; ++k) {
    o.extra.emplace_back(448 + k, "PARTY-IDENTIFIER-" + std::to_string(i * 10 + k));
  }
  return o;
}

// tokenCallback returns a callback that holds a copy of token and a string
// too long for std::function's local buffer, so its state lives on the heap
// and every live copy of it counts in token.use_count().
Callback tokenCallback(const std::shared_ptr<int>& token) {
  return [token, note = std::string(48, 'n')](const Message&) { ++*token; };
}

constexpr int kReuses = 50;

// The seed's pool: every acquire on a reused slot placement-news over the
// previous message without destroying it. Each message's callback holds a
// copy of token; a destroyed message gives its copy back. This test passes
// when the bug shows: after the pool is gone, kReuses-1 copies are still alive
// (only the last message in the slot was destroyed, by the pool's destructor).
// Built with -fsanitize=address, LeakSanitizer reports those messages' strings,
// vectors and callbacks as leaked at exit, allocated from Message::Message
// called from LeakyPool::acquire's placement new.
TEST(PoolTest, ReuseLeaksWithoutDestroy) {
  auto token = std::make_shared<int>(0);
  {
    LeakyPool pool(1);
    for (int i = 0; i < kReuses; ++i) {
      Order o = order(i);
      o.on_ack = tokenCallback(token);
      Message* m = pool.acquire(o.fields());
      ASSERT_NE(m, nullptr);
      EXPECT_TRUE(Equal(*m, o.fields())) << "message " << i;
      pool.release(m);
    }
  }
  EXPECT_EQ(token.use_count(), 1 + (kReuses - 1))
      << "every overwritten message should still hold its callback's copy of the token";
}

// The minimal fix destroys the previous message: no copy of the token is left.
TEST(PoolTest, SlotPoolDestroysPrevious) {
  auto token = std::make_shared<int>(0);
  {
    SlotPool pool(1);
    for (int i = 0; i < kReuses; ++i) {
      Order o = order(i);
      o.on_ack = tokenCallback(token);
      Message* m = pool.acquire(o.fields());
      ASSERT_NE(m, nullptr);
      EXPECT_TRUE(Equal(*m, o.fields())) << "message " << i;
      m->on_ack(*m);
      pool.release(m);
      EXPECT_EQ(token.use_count(), 3) << "after message " << i << ": token, the order's callback, the slot's message";
    }
  }
  EXPECT_EQ(token.use_count(), 1);
  EXPECT_EQ(*token, kReuses);
}

// The fast fix assigns into live messages: fields of a previous, longer message
// (more repeating-group fields, a callback) must not survive into the next.
TEST(PoolTest, PoolAssignReturnsCorrectMessages) {
  auto token = std::make_shared<int>(0);
  {
    Pool pool(2);
    for (int i = 0; i < kReuses; ++i) {
      Order a = order(i);
      Order b = order(i + 1);
      if (i % 3 == 0) {
        a.on_ack = tokenCallback(token);
      }
      Message* ma = pool.acquire(a.fields());
      Message* mb = pool.acquire(b.fields());
      ASSERT_NE(ma, nullptr);
      ASSERT_NE(mb, nullptr);
      EXPECT_NE(ma, mb);
      EXPECT_TRUE(Equal(*ma, a.fields())) << "message a " << i;
      EXPECT_TRUE(Equal(*mb, b.fields())) << "message b " << i;
      EXPECT_EQ(static_cast<bool>(ma->on_ack), i % 3 == 0);
      pool.release(mb);
      pool.release(ma);
    }
    EXPECT_EQ(pool.available(), 2u);
  }
  EXPECT_EQ(token.use_count(), 1);
}

TEST(PoolTest, ExhaustedPoolsReturnNull) {
  Order o = order(0);
  LeakyPool leaky(2);
  SlotPool slot(2);
  Pool pool(2);
  MutexPool mutex(2);
  for (int i = 0; i < 2; ++i) {
    EXPECT_NE(leaky.acquire(o.fields()), nullptr);
    EXPECT_NE(slot.acquire(o.fields()), nullptr);
    EXPECT_NE(pool.acquire(o.fields()), nullptr);
    EXPECT_NE(mutex.acquire(), nullptr);
  }
  EXPECT_EQ(leaky.acquire(o.fields()), nullptr);
  EXPECT_EQ(slot.acquire(o.fields()), nullptr);
  EXPECT_EQ(pool.acquire(o.fields()), nullptr);
  EXPECT_EQ(mutex.acquire(), nullptr);
}

TEST(MessageTest, AssignEqualsConstruct) {
  auto token = std::make_shared<int>(0);
  Message m;
  for (int i = 0; i < 8; ++i) {
    Order o = order(i);
    if (i % 2 == 0) {
      o.on_ack = tokenCallback(token);
    }
    m.assign(o.fields());
    Message built(o.fields());
    EXPECT_TRUE(Equal(m, o.fields())) << "assign " << i;
    EXPECT_TRUE(Equal(built, o.fields())) << "construct " << i;
    EXPECT_EQ(EncodeSlow(m), EncodeSlow(built));
  }
}

// Every message is handed to one holder at a time: two threads acquire
// through their own caches, stamp each message they get with a value of their
// own and check, before giving it back, that it still holds that value.
TEST(SharedPoolTest, CachesNeverShareAMessage) {
  constexpr int kThreads = 2;
  constexpr int kRounds = 2000;
  constexpr std::size_t kHold = 5;
  constexpr std::size_t kCache = 4;
  // Enough messages for every thread's holdings and full cache: acquire
  // never runs dry.
  CachedPool pool(kThreads * (kHold + kCache), kCache);
  std::vector<int> shared(kThreads, 0), exhausted(kThreads, 0);
  auto work = [&](int id) {
    CachedPool::Cache cache(pool);
    std::vector<std::pair<Message*, std::uint64_t>> held;
    std::uint64_t stamp = static_cast<std::uint64_t>(id) << 32;
    for (int r = 0; r < kRounds; ++r) {
      while (held.size() < kHold) {
        Message* m = cache.acquire();
        if (m == nullptr) {
          ++exhausted[id];
          break;
        }
        m->seq = ++stamp;
        held.emplace_back(m, stamp);
      }
      // Give back a varying number so that batches move between the caches.
      std::size_t keep = static_cast<std::size_t>(r) % kHold;
      while (held.size() > keep) {
        auto [m, want] = held.back();
        if (m->seq != want) {
          ++shared[id];
        }
        cache.release(m);
        held.pop_back();
      }
    }
    for (auto [m, want] : held) {
      cache.release(m);
    }
  };
  std::vector<std::thread> threads;
  for (int id = 0; id < kThreads; ++id) {
    threads.emplace_back(work, id);
  }
  for (auto& t : threads) {
    t.join();
  }
  for (int id = 0; id < kThreads; ++id) {
    EXPECT_EQ(shared[id], 0) << "thread " << id << ": messages restamped by the other thread";
    EXPECT_EQ(exhausted[id], 0) << "thread " << id << ": acquire returned nullptr";
  }
  EXPECT_EQ(pool.available_shared(), pool.capacity()) << "the caches' destructors return every message";
}

TEST(SharedPoolTest, CacheRefillsAndSpillsInBatches) {
  CachedPool pool(8, 4);
  CachedPool::Cache cache(pool);
  Message* m = cache.acquire();
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(cache.held(), 1u) << "a refill takes cache_size/2 = 2";
  EXPECT_EQ(pool.available_shared(), 6u);
  std::vector<Message*> all{m};
  while (Message* n = cache.acquire()) {
    all.push_back(n);
  }
  EXPECT_EQ(all.size(), 8u);
  EXPECT_EQ(std::set<Message*>(all.begin(), all.end()).size(), 8u);
  for (Message* n : all) {
    cache.release(n);
  }
  EXPECT_EQ(cache.held(), 4u) << "spilled 2 at a time whenever full";
  EXPECT_EQ(pool.available_shared(), 8u - cache.held());
}

// expected encodes m as the FIX specification describes, by hand.
std::string expected(const Message& m, const std::string& price) {
  std::string body = "35=D\x01" "11=" + m.cl_ord_id + "\x01" "1=" + m.account + "\x01" "55=" + m.symbol +
                     "\x01" "54=" + std::string(1, m.side) + "\x01" "44=" + price + "\x01" "38=" +
                     std::to_string(m.quantity) + "\x01";
  for (const Field& f : m.extra) {
    body += std::to_string(f.tag) + "=" + f.value + "\x01";
  }
  std::string head = "8=FIX.4.4\x01" "9=" + std::to_string(body.size()) + "\x01" + body;
  unsigned sum = 0;
  for (char c : head) {
    sum += static_cast<unsigned char>(c);
  }
  std::string cks = std::to_string(sum % 256);
  return head + "10=" + std::string(3 - cks.size(), '0') + cks + "\x01";
}

TEST(FixTest, EncodersAgreeWithTheSpecification) {
  struct Case {
    std::int64_t ticks;
    std::string price;
  };
  const Case cases[] = {{1893400, "189.3400"}, {5, "0.0005"}, {0, "0.0000"},
                        {-12345, "-1.2345"}, {10000, "1.0000"}, {INT64_MIN, "-922337203685477.5808"}};
  Encoder enc;
  int i = 0;
  for (const Case& c : cases) {
    Order o = order(i++);
    o.price_ticks = c.ticks;
    Message m(o.fields());
    std::string want = expected(m, c.price);
    EXPECT_EQ(EncodeSlow(m), want) << "ticks " << c.ticks;
    EXPECT_EQ(std::string(enc.Encode(m)), want) << "ticks " << c.ticks;
  }
}

TEST(FixTest, ChecksumIsThreeDigits) {
  // Search a message whose checksum is below 100, then below 10, so the
  // zero padding is exercised.
  Encoder enc;
  bool below100 = false, below10 = false;
  for (int i = 0; i < 2000 && !(below100 && below10); ++i) {
    Order o = order(i);
    Message m(o.fields());
    std::string s(enc.Encode(m));
    ASSERT_GE(s.size(), 7u);
    std::string cks = s.substr(s.size() - 4, 3);
    ASSERT_EQ(s.substr(s.size() - 7, 3), "10=");
    int v = std::stoi(cks);
    below100 |= v < 100;
    below10 |= v < 10;
    EXPECT_EQ(s, EncodeSlow(m));
  }
  EXPECT_TRUE(below100 && below10) << "no message with a one- or two-digit checksum among 2000";
}

// The ABA interleaving, played deterministically: thread 1 reads head 0 and
// its next 1, then (in pause) thread 2 pops 0, pops 1 and pushes 0 back;
// thread 1's CAS finds head 0 again and installs 1, which thread 2 holds.
// This test passes when the bug shows: slot 1 is handed out twice.
TEST(FreeListTest, BareIndexABAHandsOutSlotTwice) {
  IndexFreeList list(3);
  std::uint32_t t2a = kNoSlot, t2b = kNoSlot;
  bool played = false;
  std::uint32_t t1 = list.PopPaused([&] {
    if (played) return;
    played = true;
    t2a = list.Pop();
    t2b = list.Pop();
    list.Push(t2a);
  });
  EXPECT_EQ(t2a, 0u);
  EXPECT_EQ(t2b, 1u);
  EXPECT_EQ(t1, 0u);
  std::uint32_t next = list.Pop();
  EXPECT_EQ(next, t2b) << "the free list hands out slot 1 while thread 2 holds it";
  EXPECT_EQ(list.Pop(), 2u);
  EXPECT_EQ(list.Pop(), kNoSlot);
}

TEST(FreeListTest, TaggedHeadSurvivesABA) {
  TaggedFreeList list(3);
  std::uint32_t t2a = kNoSlot, t2b = kNoSlot;
  bool played = false;
  std::uint32_t t1 = list.PopPaused([&] {
    if (played) return;
    played = true;
    t2a = list.Pop();
    t2b = list.Pop();
    list.Push(t2a);
  });
  EXPECT_EQ(t2a, 0u);
  EXPECT_EQ(t2b, 1u);
  EXPECT_EQ(t1, 0u) << "the CAS fails on the version, the pop retries and takes 0";
  EXPECT_EQ(list.Pop(), 2u);
  EXPECT_EQ(list.Pop(), kNoSlot);
}

}  // namespace
}  // namespace msgpool
