// Pools of Messages shared by threads.
//
// MutexPool takes a std::mutex on every acquire and every release, so threads
// that send messages serialise on it and, on a shared cache line, pay for its
// transfer between cores even when they never wait. CachedPool is the fix:
// each thread keeps a Cache of free messages and touches the shared list, under
// the lock, only to move a batch when its cache runs empty or full.
#ifndef MSGPOOL_SHARED_POOL_H
#define MSGPOOL_SHARED_POOL_H

#include <cstddef>
#include <mutex>
#include <vector>

#include "msgpool/message.h"

namespace msgpool {

// MutexPool is a free list of capacity preallocated Messages behind one mutex.
// It is safe for concurrent use.
class MutexPool {
 public:
  explicit MutexPool(std::size_t capacity);
  MutexPool(const MutexPool&) = delete;
  MutexPool& operator=(const MutexPool&) = delete;

  // acquire returns a free message (holding whatever its last user left in
  // it), or nullptr when all are handed out.
  Message* acquire();
  // release returns m, which must come from this pool's acquire.
  void release(Message* m);

  std::size_t capacity() const { return messages_.size(); }
  // available is the number of messages on the shared free list.
  std::size_t available();

 private:
  friend class CachedPool;  // its caches move batches under mu_
  std::vector<Message> messages_;
  std::mutex mu_;
  std::vector<Message*> free_;  // guarded by mu_
};

// CachedPool is a MutexPool whose users go through per-thread Caches. It is
// safe for concurrent use as long as each Cache is used by one thread at a
// time.
class CachedPool {
 public:
  // CachedPool preallocates capacity messages; each Cache holds at most
  // cache_size of them, and moves cache_size/2 (at least 1) at a time to or
  // from the shared list.
  CachedPool(std::size_t capacity, std::size_t cache_size);

  std::size_t capacity() const { return shared_.capacity(); }
  std::size_t available_shared() { return shared_.available(); }

  // Cache is one thread's handle on a CachedPool. Its destructor returns the
  // messages it holds to the shared list. A Cache must not outlive its pool.
  class Cache {
   public:
    explicit Cache(CachedPool& pool);
    ~Cache();
    Cache(const Cache&) = delete;
    Cache& operator=(const Cache&) = delete;

    // acquire returns a free message, or nullptr when the cache is empty and
    // the shared list has none left.
    Message* acquire();
    // release returns m, which must come from an acquire on this pool (through
    // any cache).
    void release(Message* m);
    // held is the number of free messages in this cache.
    std::size_t held() const { return local_.size(); }

   private:
    CachedPool& pool_;
    std::vector<Message*> local_;
  };

 private:
  MutexPool shared_;
  std::size_t cache_size_;
  std::size_t batch_;
};

}  // namespace msgpool

#endif  // MSGPOOL_SHARED_POOL_H
