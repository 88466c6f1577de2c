// Package msgpool: a FIX-like order message and the pools that hand it out.
//
// A Message owns heap memory: its client order id and account are longer than
// libstdc++'s 15-byte small-string buffer, its repeating group of tag/value
// pairs lives in a std::vector, and its acknowledgement callback is a
// std::function whose captured state goes to the heap when it is larger than
// two pointers. Reusing a Message's storage without running its destructor
// therefore leaks (see slot_pool.h).
#ifndef MSGPOOL_MESSAGE_H
#define MSGPOOL_MESSAGE_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace msgpool {

class Message;

// Field is one tag=value pair of a FIX repeating group (tag 448=party id, ...).
struct Field {
  int tag = 0;
  std::string value;
};

// FieldView is a Field that does not own its value; the value must outlive the
// call it is passed to.
struct FieldView {
  int tag = 0;
  std::string_view value;
};

// Callback is called with the message when the venue acknowledges it.
using Callback = std::function<void(const Message&)>;

// OrderFields are the inputs of a new-order-single message (FIX 35=D). Views
// and the extra-field array are borrowed for the duration of the call that
// reads them; the callback is copied.
struct OrderFields {
  std::string_view symbol;        // tag 55
  std::string_view cl_ord_id;     // tag 11
  std::string_view account;       // tag 1
  char side = '1';                // tag 54: '1' buy, '2' sell
  std::int64_t price_ticks = 0;   // tag 44, in 1/10000 of the quote currency
  std::int64_t quantity = 0;      // tag 38, in shares
  const FieldView* extra = nullptr;  // repeating group, in output order
  std::size_t extra_count = 0;
  const Callback* on_ack = nullptr;  // nullptr means no callback
};

// Message is a new-order-single that owns copies of its strings, its
// repeating group and its callback.
class Message {
 public:
  Message() = default;
  // Message copies every field of f.
  explicit Message(const OrderFields& f);

  // assign overwrites every field with f's, reusing the capacity the strings
  // and the vector already have: in steady state it allocates nothing unless
  // a field is longer than any it held before, or the callback's state does
  // not fit in std::function's local buffer.
  void assign(const OrderFields& f);

  std::string symbol;
  std::string cl_ord_id;
  std::string account;
  char side = '1';
  std::int64_t price_ticks = 0;
  std::int64_t quantity = 0;
  std::uint64_t seq = 0;  // set by the sender; not part of OrderFields
  std::vector<Field> extra;
  Callback on_ack;
};

// Equal reports whether m holds exactly the fields of f (seq and the callback's
// target are not compared; the callback's presence is).
bool Equal(const Message& m, const OrderFields& f);

}  // namespace msgpool

#endif  // MSGPOOL_MESSAGE_H
