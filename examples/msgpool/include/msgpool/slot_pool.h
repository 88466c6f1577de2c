// Single-threaded pools of preallocated Message slots.
//
// LeakyPool is the seed's "placement new optimisation": it builds each message
// by placement new over the slot's previous message without destroying it, so
// every reuse leaks the previous message's strings, repeating group and
// callback state. SlotPool is the minimal fix (destroy, then construct); Pool
// is the fast fix (the slots stay constructed and acquire assigns into them,
// reusing their capacity).
//
// None of these pools is safe for concurrent use; see shared_pool.h.
#ifndef MSGPOOL_SLOT_POOL_H
#define MSGPOOL_SLOT_POOL_H

#include <cstddef>
#include <memory>
#include <new>
#include <vector>

#include "msgpool/message.h"

namespace msgpool {

// RawSlots is storage for capacity Messages, each slot either empty (never
// constructed) or holding a constructed Message, and a LIFO list of the slots
// that are not handed out. Its destructor destroys the messages the slots hold.
class RawSlots {
 public:
  explicit RawSlots(std::size_t capacity);
  ~RawSlots();
  RawSlots(const RawSlots&) = delete;
  RawSlots& operator=(const RawSlots&) = delete;

  std::size_t capacity() const { return slots_.size(); }
  // available is the number of slots not handed out.
  std::size_t available() const { return free_.size(); }

 protected:
  struct Slot {
    alignas(Message) unsigned char bytes[sizeof(Message)];
    bool constructed = false;
    Message* message() { return std::launder(reinterpret_cast<Message*>(bytes)); }
  };
  // take pops a free slot, or returns nullptr when none is left.
  Slot* take();
  // give pushes the slot of m back; m must come from this pool.
  void give(Message* m);

 private:
  std::vector<Slot> slots_;
  std::vector<std::size_t> free_;
};

// LeakyPool hands out messages built by placement new over the slot's previous
// occupant. BUG: the previous occupant's destructor never runs; see acquire.
class LeakyPool : public RawSlots {
 public:
  using RawSlots::RawSlots;
  // acquire returns a message holding f's fields, or nullptr when all capacity
  // slots are handed out. Each call on a reused slot leaks the heap memory of
  // the message it overwrites.
  Message* acquire(const OrderFields& f);
  // release returns m to the pool; m must come from acquire and is not used
  // afterwards. Its destructor does not run.
  void release(Message* m) { give(m); }
};

// SlotPool is LeakyPool fixed the minimal way: acquire destroys the slot's
// previous message before constructing the new one in its storage.
class SlotPool : public RawSlots {
 public:
  using RawSlots::RawSlots;
  // acquire returns a message holding f's fields, or nullptr when all capacity
  // slots are handed out.
  Message* acquire(const OrderFields& f);
  // release returns m to the pool; m is destroyed on its slot's next acquire
  // or with the pool.
  void release(Message* m) { give(m); }
};

// Pool keeps capacity default-constructed Messages and assigns into them, so
// a reused slot keeps its strings' and vector's capacity: in steady state
// acquire allocates nothing (see Message::assign).
class Pool {
 public:
  explicit Pool(std::size_t capacity);
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  // acquire returns a message holding f's fields, or nullptr when all capacity
  // messages are handed out.
  Message* acquire(const OrderFields& f);
  // release returns m, which must come from acquire, to the pool.
  void release(Message* m);

  std::size_t capacity() const { return messages_.size(); }
  std::size_t available() const { return free_.size(); }

 private:
  std::vector<Message> messages_;
  std::vector<Message*> free_;
};

}  // namespace msgpool

#endif  // MSGPOOL_SLOT_POOL_H
