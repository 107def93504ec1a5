// Wythoff's game: two piles; a move takes any number of tokens from one pile, or
// the same number from both; whoever cannot move loses (Wythoff 1907). A position
// is a pair of piles, and a sum of pairs is a sum of games. The losing pairs are
// (floor(k*phi), floor(k*phi^2)) with phi the golden ratio; the other values have
// no known closed form, so the generic memoised solver computes them: about
// a*b positions with a + b + min(a, b) options each.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>

namespace grundy::games {

class Wythoff {
 public:
  using Position = std::pair<std::uint32_t, std::uint32_t>;
  /// Tokens taken from the first and the second pile (equal when both).
  struct Move {
    std::uint32_t first = 0;
    std::uint32_t second = 0;
    friend bool operator==(const Move&, const Move&) = default;
  };

  /// The largest pile accepted: values need about pile^2 positions of search.
  static constexpr std::uint32_t kMaxPile = 1000;

  template <class Sink>
  void options(const Position& p, Sink& sink) const {
    const auto [a, b] = p;
    for (std::uint32_t k = 1; k <= a; ++k) add(sink, {k, 0}, {a - k, b});
    for (std::uint32_t k = 1; k <= b; ++k) add(sink, {0, k}, {a, b - k});
    for (std::uint32_t k = 1; k <= std::min(a, b); ++k) add(sink, {k, k}, {a - k, b - k});
  }

  /// The piles in order: (a, b) and (b, a) are the same game.
  [[nodiscard]] Position canonical(const Position& p) const { return std::minmax(p.first, p.second); }

 private:
  // Two empty piles are no game at all: the option leaves nothing.
  template <class Sink>
  static void add(Sink& sink, const Move& move, const Position& left) {
    if (left.first == 0 && left.second == 0) {
      sink.add(move);
    } else {
      sink.add(move, {left});
    }
  }
};

}  // namespace grundy::games
