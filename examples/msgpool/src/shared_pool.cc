#include "msgpool/shared_pool.h"

#include <algorithm>
#include <cassert>

namespace msgpool {

MutexPool::MutexPool(std::size_t capacity) : messages_(capacity) {
  free_.reserve(capacity);
  for (std::size_t i = capacity; i > 0; --i) {
    free_.push_back(&messages_[i - 1]);
  }
}

Message* MutexPool::acquire() {
  std::lock_guard<std::mutex> lock(mu_);
  if (free_.empty()) {
    return nullptr;
  }
  Message* m = free_.back();
  free_.pop_back();
  return m;
}

void MutexPool::release(Message* m) {
  assert(m >= messages_.data() && m < messages_.data() + messages_.size());
  std::lock_guard<std::mutex> lock(mu_);
  free_.push_back(m);
}

std::size_t MutexPool::available() {
  std::lock_guard<std::mutex> lock(mu_);
  return free_.size();
}

CachedPool::CachedPool(std::size_t capacity, std::size_t cache_size)
    : shared_(capacity),
      cache_size_(std::max<std::size_t>(cache_size, 1)),
      batch_(std::max<std::size_t>(cache_size / 2, 1)) {}

CachedPool::Cache::Cache(CachedPool& pool) : pool_(pool) {
  local_.reserve(pool.cache_size_);
}

CachedPool::Cache::~Cache() {
  if (local_.empty()) {
    return;
  }
  std::lock_guard<std::mutex> lock(pool_.shared_.mu_);
  pool_.shared_.free_.insert(pool_.shared_.free_.end(), local_.begin(), local_.end());
}

Message* CachedPool::Cache::acquire() {
  if (local_.empty()) {
    // Slow path: refill a batch from the shared list under its lock.
    std::lock_guard<std::mutex> lock(pool_.shared_.mu_);
    auto& shared = pool_.shared_.free_;
    std::size_t n = std::min(pool_.batch_, shared.size());
    local_.insert(local_.end(), shared.end() - static_cast<std::ptrdiff_t>(n), shared.end());
    shared.resize(shared.size() - n);
  }
  if (local_.empty()) {
    return nullptr;
  }
  Message* m = local_.back();
  local_.pop_back();
  return m;
}

void CachedPool::Cache::release(Message* m) {
  if (local_.size() == pool_.cache_size_) {
    // Slow path: hand a batch back to the shared list under its lock.
    std::lock_guard<std::mutex> lock(pool_.shared_.mu_);
    auto& shared = pool_.shared_.free_;
    auto first = local_.end() - static_cast<std::ptrdiff_t>(pool_.batch_);
    shared.insert(shared.end(), first, local_.end());
    local_.erase(first, local_.end());
  }
  local_.push_back(m);
}

}  // namespace msgpool
