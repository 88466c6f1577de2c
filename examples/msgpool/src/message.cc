#include "msgpool/message.h"

namespace msgpool {

Message::Message(const OrderFields& f)
    : symbol(f.symbol),
      cl_ord_id(f.cl_ord_id),
      account(f.account),
      side(f.side),
      price_ticks(f.price_ticks),
      quantity(f.quantity) {
  extra.reserve(f.extra_count);
  for (std::size_t i = 0; i < f.extra_count; ++i) {
    extra.push_back(Field{f.extra[i].tag, std::string(f.extra[i].value)});
  }
  if (f.on_ack != nullptr) {
    on_ack = *f.on_ack;
  }
}

void Message::assign(const OrderFields& f) {
  symbol.assign(f.symbol);
  cl_ord_id.assign(f.cl_ord_id);
  account.assign(f.account);
  side = f.side;
  price_ticks = f.price_ticks;
  quantity = f.quantity;
  seq = 0;
  // resize keeps the first elements and their string capacity; shrinking
  // destroys the surplus ones.
  extra.resize(f.extra_count);
  for (std::size_t i = 0; i < f.extra_count; ++i) {
    extra[i].tag = f.extra[i].tag;
    extra[i].value.assign(f.extra[i].value);
  }
  if (f.on_ack != nullptr) {
    on_ack = *f.on_ack;
  } else {
    on_ack = nullptr;
  }
}

bool Equal(const Message& m, const OrderFields& f) {
  if (m.symbol != f.symbol || m.cl_ord_id != f.cl_ord_id || m.account != f.account ||
      m.side != f.side || m.price_ticks != f.price_ticks || m.quantity != f.quantity ||
      m.extra.size() != f.extra_count || static_cast<bool>(m.on_ack) != (f.on_ack != nullptr && *f.on_ack)) {
    return false;
  }
  for (std::size_t i = 0; i < f.extra_count; ++i) {
    if (m.extra[i].tag != f.extra[i].tag || m.extra[i].value != f.extra[i].value) {
      return false;
    }
  }
  return true;
}

}  // namespace msgpool
