// Misère Nim (the player who takes the last token loses), solved by Bouton's
// rule: while some pile holds two or more, play as in normal Nim (the player to
// move wins exactly when the nim-sum is not 0); once every pile holds at most
// one, the player to move wins exactly when the number of 1-piles is even.
// O(number of piles) for the outcome and for every winning move; piles up to 2^63-1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace grundy::misere {

/// True when the player to move wins misère Nim with these piles (an empty position: a win).
[[nodiscard]] bool nim_first_player_wins(std::span<const std::uint64_t> piles);

/// One move of misère Nim: pile `pile` (an index into the piles) is reduced to `to`.
struct NimMove {
  std::size_t pile = 0;
  std::uint64_t to = 0;
  friend bool operator==(const NimMove&, const NimMove&) = default;
};

/// Every move that leaves the opponent a lost position, pile by pile, each pile's
/// moves in increasing `to`; empty when the position is lost.
[[nodiscard]] std::vector<NimMove> nim_winning_moves(std::span<const std::uint64_t> piles);

}  // namespace grundy::misere
