// Divide: a position is a multiset of positive integers; a move replaces one
// integer x by floor(x/2), floor(x/3) or floor(x/6), and an integer that reaches 0
// is removed (GeeksforGeeks, Sprague-Grundy set 4, exercise). From x only the
// numbers floor(x / (2^a 3^b)) are reachable, a few thousand at most, so the
// generic solver's hash memo over reachable values answers x up to 2^64-1 at once.
#pragma once

#include <array>
#include <cstdint>

namespace grundy::games {

class Divide {
 public:
  using Position = std::uint64_t;  // one integer
  struct Move {
    std::uint64_t from;
    std::uint64_t divisor;  // 2, 3 or 6
    friend bool operator==(const Move&, const Move&) = default;
  };

  static constexpr std::uint64_t kMaxInteger = ~std::uint64_t{0};
  static constexpr std::array<std::uint64_t, 3> kDivisors{2, 3, 6};

  template <class Sink>
  void options(Position x, Sink& sink) const {
    if (x == 0) return;
    for (std::uint64_t d : kDivisors) {
      const std::uint64_t to = x / d;
      if (to == 0) {
        sink.add(Move{x, d});  // the integer is removed
      } else {
        sink.add(Move{x, d}, {to});
      }
    }
  }
};

}  // namespace grundy::games
