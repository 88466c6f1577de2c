// FIX tag=value encoding of a Message as a new-order-single (35=D).
//
// The wire form is
//   8=FIX.4.4 SOH 9=<body length> SOH <body> 10=<checksum> SOH
// where the body is 35=D, 11, 1, 55, 54, 44, 38 and the repeating group's
// fields in order, each "tag=value" followed by SOH (0x01); the body length
// counts the bytes from 35= up to and including the SOH before 10=; the
// checksum is the sum of all bytes before "10=" modulo 256, written as three
// digits (FIX 4.4 specification, volume 2, "Message Format").
// The price (tag 44) is written from price_ticks with four decimals.
#ifndef MSGPOOL_FIX_H
#define MSGPOOL_FIX_H

#include <string>
#include <string_view>

#include "msgpool/message.h"

namespace msgpool {

// EncodeSlow returns the wire form of m. It builds each field with
// std::to_string and the message with std::ostringstream, allocating several
// strings and a stream per call: the slow form.
std::string EncodeSlow(const Message& m);

// Encoder encodes into buffers it keeps and reuses across calls, formatting
// numbers with std::to_chars: the fast form. An Encoder is not safe for
// concurrent use.
class Encoder {
 public:
  // Encode returns the wire form of m, identical to EncodeSlow(m). The view is
  // valid until the next Encode call on this Encoder or its destruction.
  std::string_view Encode(const Message& m);

 private:
  std::string body_;
  std::string out_;
};

}  // namespace msgpool

#endif  // MSGPOOL_FIX_H
