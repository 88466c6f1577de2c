#include <climits>
#include <thread>

#include <gtest/gtest.h>

#include "pool.h"

// Wrap acquires more messages than the pool has slots: the third Acquire
// constructs over the first Message, whose strings leak.
TEST(Pool, Wrap) {
    Pool pool(2);
    const std::string sender = "SENDER-COMP-ID-OF-A-LONG-NAME";
    for (int i = 0; i < 3; i++) {
        Message* m = pool.Acquire(i, sender, "8=FIX.4.4|35=D|49=SENDER|56=TARGET|");
        EXPECT_EQ(m->seq, i);
    }
}

TEST(Pool, Stale) {
    EXPECT_GT(Stale(), 0);
}

TEST(Pool, Overflow) {
    volatile int x = INT_MAX;
    EXPECT_NE(Overflow(x), 0);
}

int counter = 0;

// Race increments a global from two threads without a lock.
TEST(Pool, Race) {
    std::thread a([] { for (int i = 0; i < 1000; i++) counter++; }); // RACE-A
    std::thread b([] { for (int i = 0; i < 1000; i++) counter++; }); // RACE-B
    a.join();
    b.join();
    EXPECT_GT(counter, 0);
}
