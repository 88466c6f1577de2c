#include <string>
#include <utility>
#include <vector>

std::string sink(std::string s) { return s; }

int use_after_move() {
  std::string a = "x";
  std::string b = std::move(a);
  return static_cast<int>(a.size() + b.size());
}

void branch(int x, int* out) {
  if (x > 0) {
    *out = 1;
  } else {
    *out = 1;
  }
}

long widen(int a, int b) { return a * b; }
