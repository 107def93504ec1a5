// Nim: a move takes one or more tokens from one pile. A pile of n has value n
// (Bouton 1901). Piles go up to 2^63-1; the value and moves_to hooks answer in
// O(1), so huge piles never enumerate their options.
#pragma once

#include <cstdint>

#include "grundy/core/nimber.hpp"

namespace grundy::games {

class Nim {
 public:
  using Position = std::uint64_t;  // the pile size
  struct Move {
    std::uint64_t from;
    std::uint64_t to;
    friend bool operator==(const Move&, const Move&) = default;
  };

  static constexpr std::uint64_t kMaxPile = (std::uint64_t{1} << 63) - 1;

  template <class Sink>
  void options(Position pile, Sink& sink) const {
    for (Position to = 0; to < pile; ++to) {
      if (to == 0) {
        sink.add(Move{pile, 0});
      } else {
        sink.add(Move{pile, to}, {to});
      }
    }
  }

  [[nodiscard]] Nimber value(Position pile) const { return pile; }

  template <class Sink>
  void moves_to(Position pile, Nimber target, Sink& sink) const {
    if (target >= pile) return;
    if (target == 0) {
      sink.add(Move{pile, 0});
    } else {
      sink.add(Move{pile, target}, {target});
    }
  }

  [[nodiscard]] std::size_t dense_index(Position pile) const { return static_cast<std::size_t>(pile); }
};

}  // namespace grundy::games
