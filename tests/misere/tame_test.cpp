// Tame sums answered from their genera against the generic misère search and
// an independent brute force (plain recursion over the raw vector of heaps), on
// random small sums of tame components: Dawson's Kayles heaps, Nim heaps and
// subtraction games. A sum with a wild component is not answered.
#include "grundy/misere/tame.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <vector>

#include "grundy/core/analysis.hpp"
#include "grundy/core/solver.hpp"
#include "grundy/games/nim.hpp"
#include "grundy/games/octal.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/misere/nim.hpp"

namespace grundy::misere {
namespace {

using Heaps = std::vector<std::uint64_t>;

// Misère play over whole positions, memoised on the raw heap vector, written
// without the search's multisets, canonical forms or genera.
template <class G>
class Brute {
 public:
  explicit Brute(const G& game) : game_(game) {}
  bool mover_wins(const Heaps& heaps) {
    if (auto it = memo_.find(heaps); it != memo_.end()) return it->second;
    bool any = false;
    bool wins = false;
    for (std::size_t i = 0; i < heaps.size() && !wins; ++i) {
      OptionRecorder<std::uint64_t, MoveOf<G>> recorder;
      game_.options(heaps[i], recorder);
      for (const auto& option : recorder.options()) {
        any = true;
        if (!mover_wins(after(heaps, i, option.components))) {
          wins = true;
          break;
        }
      }
    }
    return memo_[heaps] = any ? wins : true;
  }
  static Heaps after(const Heaps& heaps, std::size_t i, const Heaps& with) {
    Heaps next;
    for (std::size_t k = 0; k < heaps.size(); ++k) {
      if (k != i) next.push_back(heaps[k]);
    }
    next.insert(next.end(), with.begin(), with.end());
    return next;
  }

 private:
  const G& game_;
  std::map<Heaps, bool> memo_;
};

// Each winning move as (component, components left), sorted.
template <class G>
std::vector<std::pair<std::size_t, Heaps>> moves_of(const MisereAnswer<G>& answer) {
  std::vector<std::pair<std::size_t, Heaps>> out;
  for (const auto& m : answer.winning_moves) out.emplace_back(m.component, m.result);
  std::sort(out.begin(), out.end());
  return out;
}

template <class G>
std::vector<std::pair<std::size_t, Heaps>> brute_moves(const G& game, Brute<G>& brute, const Heaps& heaps) {
  std::vector<std::pair<std::size_t, Heaps>> out;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    OptionRecorder<std::uint64_t, MoveOf<G>> recorder;
    game.options(heaps[i], recorder);
    for (const auto& option : recorder.options()) {
      if (!brute.mover_wins(Brute<G>::after(heaps, i, option.components))) out.emplace_back(i, option.components);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Random sums of the given heaps: the tame answer equals the search and the brute force.
template <class G>
std::size_t check_random_sums(const G& game, const Heaps& heaps, std::size_t trials, std::uint32_t seed) {
  Solver<G> solver(game);
  GenusCalculator<G> genera(game, SearchLimits{});
  TameAnalyzer<G> tame(game, genera, [&](const std::uint64_t& p) { return solver.value(p); });
  MisereSearch<G> search(game);
  Brute<G> brute(game);
  std::mt19937 rng(seed);
  std::size_t wins = 0;
  for (std::size_t t = 0; t < trials; ++t) {
    Heaps sum(1 + rng() % 4);
    for (auto& h : sum) h = heaps[rng() % heaps.size()];
    const auto answer = tame.answer(sum);
    EXPECT_TRUE(answer.has_value()) << ::testing::PrintToString(sum);
    if (!answer) continue;
    EXPECT_EQ(answer->method, MisereMethod::tame);
    EXPECT_EQ(answer->first_player_wins, search.first_player_wins(sum)) << ::testing::PrintToString(sum);
    EXPECT_EQ(answer->first_player_wins, brute.mover_wins(sum)) << ::testing::PrintToString(sum);
    EXPECT_EQ(moves_of(*answer), brute_moves(game, brute, sum)) << ::testing::PrintToString(sum);
    wins += answer->first_player_wins ? 1 : 0;
  }
  return wins;
}

games::OctalGame octal(const char* code) {
  return games::OctalGame(std::make_shared<const heap::HeapTable>(heap::parse_heap_rules(code)));
}

// Dawson's Kayles heaps 0..9 and 11 are tame with every follower (heap 10, genus
// 3^1431, is the first wild one; heap 11 never reaches it).
TEST(Tame, DawsonsKaylesSmallHeapsAgreeWithSearchAndBruteForce) {
  const games::OctalGame game = octal("0.07");
  const std::size_t wins = check_random_sums(game, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11}, 150, 7);
  EXPECT_GT(wins, 20u);
  EXPECT_LT(wins, 130u);
}

TEST(Tame, TameGenusOfDawsonsKaylesHeaps) {
  const games::OctalGame game = octal("0.07");
  Solver<games::OctalGame> solver(game);
  GenusCalculator<games::OctalGame> genera(game, SearchLimits{});
  TameAnalyzer<games::OctalGame> tame(game, genera, [&](const std::uint64_t& p) { return solver.value(p); });
  EXPECT_EQ(tame.tame_genus(9)->text(), "0^120");
  EXPECT_EQ(tame.tame_genus(11)->text(), "3^31");
  EXPECT_FALSE(tame.tame_genus(10).has_value());  // 3^1431
  EXPECT_FALSE(tame.tame_genus(13).has_value());  // genus 2^20, but it reaches 10 + 1
  const Heaps with_wild{3, 10};
  EXPECT_FALSE(tame.answer(with_wild).has_value());
  const Heaps reaching_wild{2, 13};
  EXPECT_FALSE(tame.answer(reaching_wild).has_value());
}

// 0.31 and 0.52 are tame (every heap and follower has a Nim genus): their misère
// quotient is then T2 (tests/misere/quotient_test.cpp).
TEST(Tame, OctalThreeOneAndFiveTwoAreTame) {
  for (const char* code : {"0.31", "0.52"}) {
    const games::OctalGame game = octal(code);
    Solver<games::OctalGame> solver(game);
    GenusCalculator<games::OctalGame> genera(game, SearchLimits{});
    TameAnalyzer<games::OctalGame> tame(game, genera, [&](const std::uint64_t& p) { return solver.value(p); });
    for (std::uint64_t n = 0; n <= 20; ++n) EXPECT_TRUE(tame.tame_genus(n).has_value()) << code << " heap " << n;
  }
}

TEST(Tame, SubtractionGamesAgreeWithSearchAndBruteForce) {
  const games::Subtraction one_two_three({1, 2, 3});
  check_random_sums(one_two_three, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15}, 120, 11);
  const games::Subtraction one_four({1, 4});
  Solver<games::Subtraction> solver(one_four);
  GenusCalculator<games::Subtraction> genera(one_four, SearchLimits{});
  TameAnalyzer<games::Subtraction> tame(one_four, genera, [&](const std::uint64_t& p) { return solver.value(p); });
  Heaps tame_heaps;
  for (std::uint64_t n = 0; n <= 20; ++n) {
    if (tame.tame_genus(n)) tame_heaps.push_back(n);
  }
  ASSERT_GE(tame_heaps.size(), 3u);
  check_random_sums(one_four, tame_heaps, 80, 13);
}

TEST(Tame, NimSumsFollowBoutonsRule) {
  const games::Nim nim;
  GenusCalculator<games::Nim> genera(nim, SearchLimits{});
  TameAnalyzer<games::Nim> tame(nim, genera, [](const std::uint64_t& p) { return p; });
  std::mt19937 rng(5);
  for (int t = 0; t < 100; ++t) {
    Heaps piles(1 + rng() % 4);
    for (auto& p : piles) p = rng() % 9;
    const auto answer = tame.answer(piles);
    ASSERT_TRUE(answer.has_value());
    EXPECT_EQ(answer->first_player_wins, nim_first_player_wins(piles)) << ::testing::PrintToString(piles);
    EXPECT_EQ(answer->winning_moves.size(), nim_winning_moves(piles).size()) << ::testing::PrintToString(piles);
  }
}

}  // namespace
}  // namespace grundy::misere
