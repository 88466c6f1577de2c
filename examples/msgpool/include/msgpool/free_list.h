// Lock-free free lists of slot indices (Treiber stacks), the seed's "O(1)
// lock-free allocation".
//
// IndexFreeList keeps its head as a bare index and pops by compare-and-swap on
// it: it is open to the ABA problem. Between a pop's read of head (A) and of
// next[A] (B) and its CAS, other threads can pop A, pop B and push A back; the
// CAS then still sees A and installs B as the head although B is handed out,
// so B is handed out twice (and if B's next changed meanwhile, the list below
// it is wrong too). TaggedFreeList is
// the fix: its head packs the index with a version that every successful CAS
// increments, so a head that went away and came back no longer compares equal.
//
// PopPaused runs a caller's function at exactly that point of a pop, so a test
// can play the other threads' part there, deterministically.
#ifndef MSGPOOL_FREE_LIST_H
#define MSGPOOL_FREE_LIST_H

#include <atomic>
#include <cstdint>
#include <memory>

namespace msgpool {

// kNoSlot is the index that pops return when the list is empty.
inline constexpr std::uint32_t kNoSlot = UINT32_MAX;

// IndexFreeList is a lock-free stack of the indices 0..capacity-1, initially
// all free with 0 on top. ABA-prone: see the file comment.
class IndexFreeList {
 public:
  explicit IndexFreeList(std::uint32_t capacity);

  // Pop returns a free index, or kNoSlot when none is left.
  std::uint32_t Pop() {
    return PopPaused([] {});
  }
  // PopPaused is Pop calling pause() after reading the head and its next
  // index and before the compare-and-swap that takes the head.
  template <typename F>
  std::uint32_t PopPaused(F pause) {
    std::uint32_t head = head_.load(std::memory_order_acquire);
    while (head != kNoSlot) {
      std::uint32_t next = next_[head].load(std::memory_order_relaxed);
      pause();
      // BUG (ABA): head is a bare index; if it was popped and pushed back
      // since the load, this CAS succeeds with a stale next.
      if (head_.compare_exchange_weak(head, next, std::memory_order_acquire,
                                      std::memory_order_acquire)) {
        return head;
      }
    }
    return kNoSlot;
  }
  // Push returns index i, which must be handed out, to the list.
  void Push(std::uint32_t i);

 private:
  std::unique_ptr<std::atomic<std::uint32_t>[]> next_;
  std::atomic<std::uint32_t> head_;
};

// TaggedFreeList is IndexFreeList with a versioned head: the high 32 bits of
// the 64-bit head count successful updates, the low 32 bits are the index.
class TaggedFreeList {
 public:
  explicit TaggedFreeList(std::uint32_t capacity);

  std::uint32_t Pop() {
    return PopPaused([] {});
  }
  template <typename F>
  std::uint32_t PopPaused(F pause) {
    std::uint64_t head = head_.load(std::memory_order_acquire);
    while (index(head) != kNoSlot) {
      std::uint32_t next = next_[index(head)].load(std::memory_order_relaxed);
      pause();
      // FIXED: the version differs if head changed in between, even when the
      // index is the same, and the CAS fails and retries.
      if (head_.compare_exchange_weak(head, pack(version(head) + 1, next),
                                      std::memory_order_acquire, std::memory_order_acquire)) {
        return index(head);
      }
    }
    return kNoSlot;
  }
  void Push(std::uint32_t i);

 private:
  static std::uint32_t index(std::uint64_t h) { return static_cast<std::uint32_t>(h); }
  static std::uint32_t version(std::uint64_t h) { return static_cast<std::uint32_t>(h >> 32); }
  static std::uint64_t pack(std::uint32_t version, std::uint32_t index) {
    return static_cast<std::uint64_t>(version) << 32 | index;
  }

  std::unique_ptr<std::atomic<std::uint32_t>[]> next_;
  std::atomic<std::uint64_t> head_;
};

}  // namespace msgpool

#endif  // MSGPOOL_FREE_LIST_H
