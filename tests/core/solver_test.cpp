#include "grundy/core/solver.hpp"

#include <gtest/gtest.h>

#include "grundy/core/analysis.hpp"
#include "grundy/games/nim.hpp"

namespace grundy {
namespace {

// A chain: position n moves only to n-1. Values alternate 0,1,0,1...
struct Chain {
  using Position = std::uint64_t;
  using Move = int;
  template <class Sink>
  void options(Position n, Sink& sink) const {
    if (n > 0) sink.add(0, {n - 1});
  }
};

// A two-cycle, which the solver must refuse.
struct Loop {
  using Position = int;
  using Move = int;
  template <class Sink>
  void options(Position p, Sink& sink) const {
    sink.add(0, {1 - p});
  }
};

TEST(Solver, NimPilesHaveTheirSize) {
  games::Nim nim;
  Solver<games::Nim> solver(nim);
  for (std::uint64_t n = 0; n < 40; ++n) EXPECT_EQ(solver.value(n), n);
}

TEST(Solver, MillionMoveDeepChainNeedsNoRecursion) {
  Chain chain;
  Solver<Chain> solver(chain);
  EXPECT_EQ(solver.value(1'000'000), 0U);
  EXPECT_EQ(solver.value(999'999), 1U);
}

TEST(Solver, CycleIsReported) {
  Loop loop;
  Solver<Loop> solver(loop);
  EXPECT_THROW(solver.value(0), CycleError);
}

TEST(Solver, BudgetExceededIsAnError) {
  Chain chain;
  Solver<Chain> solver(chain, MemoryBudget(64 * 1024));
  EXPECT_THROW(solver.value(10'000'000), BudgetExceeded);
}

TEST(Analyzer, NimWinningMovesZeroTheSum) {
  games::Nim nim;
  Analyzer<games::Nim> analyzer(nim);
  const std::vector<std::uint64_t> piles{3, 4, 5};
  auto result = analyzer.analyze(piles);
  EXPECT_EQ(result.nim_sum, 2U);
  ASSERT_EQ(result.winning_moves.size(), 1U);
  EXPECT_EQ(result.winning_moves[0].component, 0U);
  EXPECT_EQ(result.winning_moves[0].move.to, 1U);
}

}  // namespace
}  // namespace grundy
