#include "orders.h"

std::string audit_line(const std::vector<std::string>& fields) {
  std::string out;
  for (auto field : fields) {  // performance-for-range-copy, but cold: the benchmark never calls it
    out += field;
    out += '|';
  }
  return out;
}

std::size_t total_length(const std::vector<std::string>& symbols, std::string sep) {
  std::size_t n = 0;
  for (auto symbol : symbols) {  // performance-for-range-copy: a copy per element
    n += symbol.size() + sep.size();
  }
  return n;
}
