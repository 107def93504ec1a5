#include "grundy/misere/nim.hpp"

#include <algorithm>
#include <array>

namespace grundy::misere {

namespace {

// What decides a misère Nim position: the nim-sum, and how many piles are 1 and
// how many are larger.
struct Counts {
  std::uint64_t nim_sum = 0;
  std::size_t ones = 0;
  std::size_t big = 0;

  void add(std::uint64_t pile) {
    nim_sum ^= pile;
    ones += pile == 1 ? 1 : 0;
    big += pile >= 2 ? 1 : 0;
  }
  void remove(std::uint64_t pile) {
    nim_sum ^= pile;
    ones -= pile == 1 ? 1 : 0;
    big -= pile >= 2 ? 1 : 0;
  }
  // Bouton's rule.
  [[nodiscard]] bool first_player_wins() const { return big == 0 ? ones % 2 == 0 : nim_sum != 0; }
};

Counts counts_of(std::span<const std::uint64_t> piles) {
  Counts counts;
  for (std::uint64_t pile : piles) counts.add(pile);
  return counts;
}

}  // namespace

bool nim_first_player_wins(std::span<const std::uint64_t> piles) { return counts_of(piles).first_player_wins(); }

std::vector<NimMove> nim_winning_moves(std::span<const std::uint64_t> piles) {
  const Counts all = counts_of(piles);
  std::vector<NimMove> moves;
  if (!all.first_player_wins()) return moves;
  for (std::size_t i = 0; i < piles.size(); ++i) {
    Counts others = all;
    others.remove(piles[i]);
    // A pile left at t loses for the opponent either with every pile at most 1
    // (then t <= 1) or with some pile of two or more and nim-sum 0 (then t is the
    // nim-sum of the others): these three candidates are all there can be.
    std::array<std::uint64_t, 3> candidates{0, 1, others.nim_sum};
    std::sort(candidates.begin(), candidates.end());
    for (std::size_t c = 0; c < candidates.size(); ++c) {
      const std::uint64_t to = candidates[c];
      if (to >= piles[i] || (c > 0 && to == candidates[c - 1])) continue;
      Counts after = others;
      after.add(to);
      if (!after.first_player_wins()) moves.push_back(NimMove{i, to});
    }
  }
  return moves;
}

}  // namespace grundy::misere
