// Misère Nim by Bouton's rule against plain recursion over whole positions.
#include "grundy/misere/nim.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

namespace grundy::misere {
namespace {

using Piles = std::vector<std::uint64_t>;

// The player to move wins when some move leaves the opponent a loss; with no
// move at all (every pile empty) the player to move wins, by the misère rule.
bool brute_wins(const Piles& piles, std::map<Piles, bool>& memo) {
  if (auto it = memo.find(piles); it != memo.end()) return it->second;
  bool any_move = false;
  bool wins = false;
  for (std::size_t i = 0; i < piles.size() && !wins; ++i) {
    for (std::uint64_t to = 0; to < piles[i] && !wins; ++to) {
      any_move = true;
      Piles next = piles;
      next[i] = to;
      wins = !brute_wins(next, memo);
    }
  }
  const bool result = any_move ? wins : true;
  memo[piles] = result;
  return result;
}

std::vector<NimMove> brute_moves(const Piles& piles, std::map<Piles, bool>& memo) {
  std::vector<NimMove> moves;
  for (std::size_t i = 0; i < piles.size(); ++i) {
    for (std::uint64_t to = 0; to < piles[i]; ++to) {
      Piles next = piles;
      next[i] = to;
      if (!brute_wins(next, memo)) moves.push_back(NimMove{i, to});
    }
  }
  return moves;
}

TEST(MisereNim, HandCheckedPositions) {
  EXPECT_TRUE(nim_first_player_wins(Piles{}));       // no move: the player to move wins
  EXPECT_FALSE(nim_first_player_wins(Piles{1}));     // must take the last token
  EXPECT_TRUE(nim_first_player_wins(Piles{1, 1}));   // leaves one pile of 1
  EXPECT_TRUE(nim_first_player_wins(Piles{2}));      // takes 1, leaving 1
  EXPECT_FALSE(nim_first_player_wins(Piles{2, 2}));  // nim-sum 0 with big piles
  EXPECT_EQ(nim_winning_moves(Piles{2}), (std::vector<NimMove>{{0, 1}}));
  // 1,1,2: taking the whole 2 leaves two 1-piles (even: a win for the mover), so
  // only the move to 1 (three 1-piles, odd) wins.
  EXPECT_EQ(nim_winning_moves(Piles{1, 1, 2}), (std::vector<NimMove>{{2, 1}}));
}

TEST(MisereNim, HugePiles) {
  const std::uint64_t big = (std::uint64_t{1} << 63) - 1;
  EXPECT_FALSE(nim_first_player_wins(Piles{big, big}));
  EXPECT_EQ(nim_winning_moves(Piles{big, big - 1}), (std::vector<NimMove>{{0, big - 1}}));
}

TEST(MisereNim, AgreesWithBruteForceOnEveryPositionOfUpToFourPilesOfUpToSeven) {
  std::map<Piles, bool> memo;
  std::size_t checked = 0;
  for (std::size_t count = 0; count <= 4; ++count) {
    Piles piles(count, 0);
    while (true) {
      ASSERT_EQ(nim_first_player_wins(piles), brute_wins(piles, memo)) << ::testing::PrintToString(piles);
      ASSERT_EQ(nim_winning_moves(piles), brute_moves(piles, memo)) << ::testing::PrintToString(piles);
      ++checked;
      std::size_t i = 0;
      while (i < count && piles[i] == 7) piles[i++] = 0;
      if (i == count) break;
      ++piles[i];
    }
  }
  EXPECT_EQ(checked, 1u + 8u + 64u + 512u + 4096u);
}

}  // namespace
}  // namespace grundy::misere
