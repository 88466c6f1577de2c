#include "msgpool/fix.h"

#include <charconv>
#include <cstdint>
#include <iomanip>
#include <sstream>

namespace msgpool {
namespace {

constexpr char kSOH = '\x01';
constexpr std::string_view kBeginString = "8=FIX.4.4\x01";

// checksum is the FIX checksum of s: its bytes' sum modulo 256.
unsigned checksum(std::string_view s) {
  unsigned sum = 0;
  for (char c : s) {
    sum += static_cast<unsigned char>(c);
  }
  return sum % 256;
}

// priceSlow writes ticks (1/10000 units) with four decimals.
std::string priceSlow(std::int64_t ticks) {
  std::string sign = ticks < 0 ? "-" : "";
  std::uint64_t a = ticks < 0 ? 0 - static_cast<std::uint64_t>(ticks) : static_cast<std::uint64_t>(ticks);
  std::string frac = std::to_string(a % 10000);
  return sign + std::to_string(a / 10000) + "." + std::string(4 - frac.size(), '0') + frac;
}

template <typename Int>
void appendInt(std::string& out, Int v) {
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  (void)ec;  // 24 bytes hold any 64-bit integer
  out.append(buf, end);
}

void appendPrice(std::string& out, std::int64_t ticks) {
  std::uint64_t a = static_cast<std::uint64_t>(ticks);
  if (ticks < 0) {
    out.push_back('-');
    a = 0 - a;
  }
  appendInt(out, a / 10000);
  char frac[5] = {'.', '0', '0', '0', '0'};
  std::uint64_t f = a % 10000;
  for (int i = 4; i > 0; --i, f /= 10) {
    frac[i] = static_cast<char>('0' + f % 10);
  }
  out.append(frac, sizeof frac);
}

void appendTag(std::string& out, int tag) {
  appendInt(out, tag);
  out.push_back('=');
}

}  // namespace

std::string EncodeSlow(const Message& m) {
  std::ostringstream body;
  body << "35=D" << kSOH;
  body << "11=" << m.cl_ord_id << kSOH;
  body << "1=" << m.account << kSOH;
  body << "55=" << m.symbol << kSOH;
  body << "54=" << m.side << kSOH;
  body << "44=" << priceSlow(m.price_ticks) << kSOH;
  body << "38=" << std::to_string(m.quantity) << kSOH;
  // Each field is copied, its value string with it: clang-tidy's
  // performance-for-range-copy; Encoder::encode reads them in place.
  for (Field f : m.extra) {
    body << std::to_string(f.tag) << "=" << f.value << kSOH;
  }
  std::string b = body.str();
  std::ostringstream out;
  out << kBeginString << "9=" << std::to_string(b.size()) << kSOH << b;
  std::string head = out.str();
  std::ostringstream cks;
  cks << std::setw(3) << std::setfill('0') << checksum(head);
  out << "10=" << cks.str() << kSOH;
  return out.str();
}

std::string_view Encoder::Encode(const Message& m) {
  std::string& b = body_;
  b.clear();
  b.append("35=D\x01");
  b.append("11=").append(m.cl_ord_id).push_back(kSOH);
  b.append("1=").append(m.account).push_back(kSOH);
  b.append("55=").append(m.symbol).push_back(kSOH);
  b.append("54=").push_back(m.side);
  b.push_back(kSOH);
  b.append("44=");
  appendPrice(b, m.price_ticks);
  b.push_back(kSOH);
  b.append("38=");
  appendInt(b, m.quantity);
  b.push_back(kSOH);
  for (const Field& f : m.extra) {
    appendTag(b, f.tag);
    b.append(f.value).push_back(kSOH);
  }

  std::string& o = out_;
  o.clear();
  o.append(kBeginString).append("9=");
  appendInt(o, b.size());
  o.push_back(kSOH);
  o.append(b);
  unsigned sum = checksum(o);
  char cks[7] = {'1', '0', '=', static_cast<char>('0' + sum / 100),
                 static_cast<char>('0' + sum / 10 % 10), static_cast<char>('0' + sum % 10), kSOH};
  o.append(cks, sizeof cks);
  return o;
}

}  // namespace msgpool
