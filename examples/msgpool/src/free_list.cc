#include "msgpool/free_list.h"

namespace msgpool {

IndexFreeList::IndexFreeList(std::uint32_t capacity)
    : next_(new std::atomic<std::uint32_t>[capacity]), head_(capacity == 0 ? kNoSlot : 0) {
  for (std::uint32_t i = 0; i < capacity; ++i) {
    next_[i].store(i + 1 < capacity ? i + 1 : kNoSlot, std::memory_order_relaxed);
  }
}

void IndexFreeList::Push(std::uint32_t i) {
  std::uint32_t head = head_.load(std::memory_order_relaxed);
  do {
    next_[i].store(head, std::memory_order_relaxed);
  } while (!head_.compare_exchange_weak(head, i, std::memory_order_release,
                                        std::memory_order_relaxed));
}

TaggedFreeList::TaggedFreeList(std::uint32_t capacity)
    : next_(new std::atomic<std::uint32_t>[capacity]), head_(pack(0, capacity == 0 ? kNoSlot : 0)) {
  for (std::uint32_t i = 0; i < capacity; ++i) {
    next_[i].store(i + 1 < capacity ? i + 1 : kNoSlot, std::memory_order_relaxed);
  }
}

void TaggedFreeList::Push(std::uint32_t i) {
  std::uint64_t head = head_.load(std::memory_order_relaxed);
  do {
    next_[i].store(index(head), std::memory_order_relaxed);
  } while (!head_.compare_exchange_weak(head, pack(version(head) + 1, i),
                                        std::memory_order_release, std::memory_order_relaxed));
}

}  // namespace msgpool
