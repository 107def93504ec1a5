// Wythoff's game and Fraenkel's r-Wythoff: two piles; a move takes any number
// of tokens from one pile, or k from one and l from the other with k, l >= 1 and
// |k - l| < r (r = 1: the same number from both; Wythoff 1907, Fraenkel 1982).
// Whoever cannot move loses. A position is a pair of piles, and a sum of pairs
// is a sum of games. The losing pairs have a closed form
// (games/wythoff_positions.hpp); the other values have none, so the generic
// memoised solver computes them: about a*b positions with
// a + b + (2r - 1) * min(a, b) options each.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>

namespace grundy::games {

class Wythoff {
 public:
  using Position = std::pair<std::uint64_t, std::uint64_t>;
  /// Tokens taken from the first and the second pile.
  struct Move {
    std::uint64_t first = 0;
    std::uint64_t second = 0;
    friend bool operator==(const Move&, const Move&) = default;
  };

  /// The largest pile searched for values: about pile^2 positions of search.
  static constexpr std::uint64_t kMaxSearchPile = 1000;
  /// The largest pile accepted (winners and winning moves by the closed form).
  static constexpr std::uint64_t kMaxPile = (std::uint64_t{1} << 63) - 1;

  /// r >= 1: takes from both piles differ by less than r.
  explicit Wythoff(std::uint64_t r = 1) : r_(r) {}
  [[nodiscard]] std::uint64_t r() const { return r_; }

  template <class Sink>
  void options(const Position& p, Sink& sink) const {
    const auto [a, b] = p;
    for (std::uint64_t k = 1; k <= a; ++k) add(sink, {k, 0}, {a - k, b});
    for (std::uint64_t k = 1; k <= b; ++k) add(sink, {0, k}, {a, b - k});
    for (std::uint64_t k = 1; k <= a; ++k) {
      if (k > b + r_ - 1) break;  // no l <= b is within r of k any more
      const std::uint64_t low = k >= r_ ? k - r_ + 1 : 1;
      const std::uint64_t high = std::min(b, k + r_ - 1);
      for (std::uint64_t l = low; l <= high; ++l) add(sink, {k, l}, {a - k, b - l});
    }
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

  std::uint64_t r_;
};

}  // namespace grundy::games
