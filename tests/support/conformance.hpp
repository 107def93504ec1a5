// The conformance suite every catalogue game passes (DESIGN.md, testing habits).
// Given a game and some small positions it checks, with gtest expectations:
//  - the memoised solver agrees with an independent brute force (plain
//    recursion, no memo, no canonical, no decompose, std::set mex);
//  - the value hook (closed form / table), if any, agrees with the solver;
//  - canonical is idempotent and value-preserving; decompose agrees with the
//    undecomposed value;
//  - parent/child consistency: no option has the position's value, every
//    smaller value is some option's value;
//  - moves_to, if any, gives exactly the options of each target value;
//  - every winning move of the position leads to value 0;
//  - random play from the position ends.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <vector>

#include "grundy/core/analysis.hpp"
#include "grundy/core/solver.hpp"

namespace grundy::testing {

/// Value by plain recursion over whole positions: exponential, for tiny positions.
template <Game G>
Nimber brute_force_value(const G& game, const PositionOf<G>& p) {
  OptionRecorder<PositionOf<G>, MoveOf<G>> recorder;
  game.options(p, recorder);
  std::set<Nimber> seen;
  for (const auto& option : recorder.options()) {
    Nimber x = 0;
    for (const auto& c : option.components) x ^= brute_force_value(game, c);
    seen.insert(x);
  }
  Nimber mex = 0;
  while (seen.count(mex) != 0) ++mex;
  return mex;
}

struct ConformanceOptions {
  bool brute_force = true;       // positions are small enough for plain recursion
  std::size_t random_plays = 3;  // random games played out from each position
  std::size_t max_play_length = 1'000'000;
};

template <Game G>
void expect_conformance(const G& game, const std::vector<PositionOf<G>>& positions,
                        ConformanceOptions settings = {}) {
  using P = PositionOf<G>;
  Solver<G> solver(game);
  Analyzer<G> analyzer(game);
  std::mt19937_64 rng(12345);
  for (const P& p : positions) {
    SCOPED_TRACE(::testing::Message() << "position #" << (&p - positions.data()));
    const Nimber v = solver.value(p);
    if (settings.brute_force) {
      EXPECT_EQ(v, brute_force_value(game, p)) << "solver vs brute force";
    }
    if constexpr (HasValue<G>) {
      EXPECT_EQ(static_cast<Nimber>(game.value(p)), v) << "value hook vs solver";
    }
    if constexpr (HasCanonical<G>) {
      const P c = game.canonical(p);
      EXPECT_EQ(game.canonical(c), c) << "canonical is not idempotent";
      EXPECT_EQ(solver.value(c), v) << "canonical changes the value";
    }
    if constexpr (HasDecompose<G>) {
      std::vector<P> parts;
      game.decompose(p, parts);
      Nimber total = 0;
      for (const P& part : parts) total ^= solver.component_value(part);
      EXPECT_EQ(total, v) << "decompose disagrees with the whole position";
    }

    // Parent/child consistency, computed from the options themselves.
    const auto options = analyzer.options(p);
    std::set<Nimber> option_values;
    for (const auto& option : options) {
      Nimber x = 0;
      for (const P& c : option.components) x ^= solver.value(c);
      option_values.insert(x);
    }
    EXPECT_EQ(option_values.count(v), 0U) << "an option has the position's own value";
    for (Nimber smaller = 0; smaller < v; ++smaller) {
      EXPECT_EQ(option_values.count(smaller), 1U) << "no option has value " << smaller;
    }
    if constexpr (HasMovesTo<G>) {
      for (Nimber target = 0; target <= v + 2; ++target) {
        OptionRecorder<P, MoveOf<G>> recorder;
        game.moves_to(p, target, recorder);
        std::size_t expected = 0;
        for (const auto& option : options) {
          Nimber x = 0;
          for (const P& c : option.components) x ^= solver.value(c);
          expected += x == target;
        }
        EXPECT_EQ(recorder.options().size(), expected) << "moves_to(" << target << ") count";
        for (const auto& option : recorder.options()) {
          Nimber x = 0;
          for (const P& c : option.components) x ^= solver.value(c);
          EXPECT_EQ(x, target) << "moves_to gave an option of another value";
        }
      }
    }

    // Winning moves of the single position lead to value 0.
    const std::vector<P> sum{p};
    const auto analysis = analyzer.analyze(sum);
    EXPECT_EQ(analysis.nim_sum, v);
    EXPECT_EQ(analysis.winning_moves.empty(), v == 0);
    for (const auto& win : analysis.winning_moves) {
      Nimber x = 0;
      for (const P& c : win.result) x ^= solver.value(c);
      EXPECT_EQ(x, 0U) << "a winning move does not lead to value 0";
    }

    // Random play ends (positions as sums, one random option at a time).
    for (std::size_t play = 0; play < settings.random_plays; ++play) {
      std::vector<P> current{p};
      std::size_t steps = 0;
      while (!current.empty() && steps < settings.max_play_length) {
        std::uniform_int_distribution<std::size_t> pick_component(0, current.size() - 1);
        const std::size_t i = pick_component(rng);
        const auto moves = analyzer.options(current[i]);
        if (moves.empty()) {
          current.erase(current.begin() + static_cast<std::ptrdiff_t>(i));
          continue;
        }
        std::uniform_int_distribution<std::size_t> pick_move(0, moves.size() - 1);
        const auto& chosen = moves[pick_move(rng)];
        current.erase(current.begin() + static_cast<std::ptrdiff_t>(i));
        current.insert(current.end(), chosen.components.begin(), chosen.components.end());
        ++steps;
      }
      EXPECT_TRUE(current.empty()) << "random play did not end";
    }
  }
}

}  // namespace grundy::testing
