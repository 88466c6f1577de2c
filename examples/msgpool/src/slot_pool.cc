#include "msgpool/slot_pool.h"

#include <cassert>
#include <new>

namespace msgpool {

RawSlots::RawSlots(std::size_t capacity) : slots_(capacity) {
  free_.reserve(capacity);
  // Highest index first so that the first acquire takes slot 0.
  for (std::size_t i = capacity; i > 0; --i) {
    free_.push_back(i - 1);
  }
}

RawSlots::~RawSlots() {
  for (Slot& s : slots_) {
    if (s.constructed) {
      std::destroy_at(s.message());
    }
  }
}

RawSlots::Slot* RawSlots::take() {
  if (free_.empty()) {
    return nullptr;
  }
  Slot* s = &slots_[free_.back()];
  free_.pop_back();
  return s;
}

void RawSlots::give(Message* m) {
  // bytes is Slot's first member, so the message's address is its slot's.
  std::size_t i = static_cast<std::size_t>(reinterpret_cast<Slot*>(m) - slots_.data());
  assert(i < slots_.size() && slots_[i].message() == m);
  free_.push_back(i);
}

Message* LeakyPool::acquire(const OrderFields& f) {
  Slot* s = take();
  if (s == nullptr) {
    return nullptr;
  }
  // BUG (leak): when s already holds a message (s->constructed), this
  // placement new starts a new object in its storage without running the old
  // one's destructor. The old strings' buffers, the old vector's buffer and the
  // old callback's heap state are never freed. Fixed form: SlotPool::acquire
  // below (destroy, then construct) or Pool::acquire (assign).
  Message* m = new (s->bytes) Message(f);
  s->constructed = true;
  return m;
}

Message* SlotPool::acquire(const OrderFields& f) {
  Slot* s = take();
  if (s == nullptr) {
    return nullptr;
  }
  // FIXED: end the previous message's lifetime before reusing its storage.
  if (s->constructed) {
    std::destroy_at(s->message());
    s->constructed = false;
  }
  Message* m = new (s->bytes) Message(f);
  s->constructed = true;
  return m;
}

Pool::Pool(std::size_t capacity) : messages_(capacity) {
  free_.reserve(capacity);
  for (std::size_t i = capacity; i > 0; --i) {
    free_.push_back(&messages_[i - 1]);
  }
}

Message* Pool::acquire(const OrderFields& f) {
  if (free_.empty()) {
    return nullptr;
  }
  Message* m = free_.back();
  free_.pop_back();
  // FIXED and fast: the slot's message stays alive; assign reuses its buffers.
  m->assign(f);
  return m;
}

void Pool::release(Message* m) {
  assert(m >= messages_.data() && m < messages_.data() + messages_.size());
  free_.push_back(m);
}

}  // namespace msgpool
