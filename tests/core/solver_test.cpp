#include "grundy/core/solver.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <set>
#include <vector>

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

// Kayles (knock down one pin or two adjacent pins of a row), written with braced
// moves: every engine sink takes the game's Move type, so `{take, left}` needs no
// spelled-out Move.
struct BracedKayles {
  using Position = std::uint64_t;
  struct Move {
    std::uint64_t take = 0;  // pins knocked down
    std::uint64_t left = 0;  // pins left of them
    friend bool operator==(const Move&, const Move&) = default;
  };
  template <class Sink>
  void options(Position n, Sink& sink) const {
    for (std::uint64_t take = 1; take <= 2 && take <= n; ++take) {
      for (std::uint64_t left = 0; left + take <= n; ++left) {
        const std::uint64_t right = n - take - left;
        if (left == 0 && right == 0) {
          sink.add({take, 0U});
        } else {
          sink.add({take, left}, {left, right});
        }
      }
    }
  }
};

TEST(Solver, BracedMovesCompileInEverySink) {
  const BracedKayles kayles;
  Solver<BracedKayles> solver(kayles);
  // Kayles, OEIS A002186.
  const std::uint64_t expected[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7};
  for (std::uint64_t n = 0; n < std::size(expected); ++n) EXPECT_EQ(solver.value(n), expected[n]) << n;

  // A row of 5 (value 4): the one winning move knocks the middle pin down.
  Analyzer<BracedKayles> analyzer(kayles);
  const std::vector<std::uint64_t> sum{5};
  const auto analysis = analyzer.analyze(sum);
  EXPECT_EQ(analysis.nim_sum, 4U);
  ASSERT_EQ(analysis.winning_moves.size(), 1U);
  EXPECT_EQ(analysis.winning_moves[0].move, (BracedKayles::Move{1, 2}));
  EXPECT_EQ(analysis.winning_moves[0].result, (std::vector<std::uint64_t>{2, 2}));
  EXPECT_EQ(analyzer.options(2).size(), 3U);  // one pin (2 ways) or both
}

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

TEST(Solver, UsableAfterBudgetError) {
  Chain chain;
  Solver<Chain> solver(chain, MemoryBudget(1 << 20));
  EXPECT_THROW(solver.value(10'000'000), BudgetExceeded);
  EXPECT_EQ(solver.value(1000), 0U);  // no stale marks mistaken for a cycle
}

// A chain whose options() throws at one position while `broken` is set (a game
// written in another language whose callback raised).
struct BrittleChain {
  using Position = std::uint64_t;
  using Move = int;
  const bool* broken;
  template <class Sink>
  void options(Position n, Sink& sink) const {
    if (*broken && n == 5) throw InputError("no position 5 today");
    if (n > 0) sink.add(0, {n - 1});
  }
};

TEST(Solver, UsableAfterTheGameThrows) {
  bool broken = true;
  BrittleChain chain{&broken};
  Solver<BrittleChain> solver(chain);
  EXPECT_THROW(solver.value(8), InputError);
  broken = false;
  EXPECT_EQ(solver.value(8), 0U);  // position 5 was not left marked as on the stack
}

// A sum position that decomposes: a vector of Nim piles.
struct NimRow {
  using Position = std::vector<std::uint32_t>;
  using Move = int;
  template <class Sink>
  void options(const Position& row, Sink& sink) const {
    for (std::size_t i = 0; i < row.size(); ++i) {
      for (std::uint32_t to = 0; to < row[i]; ++to) {
        Position next = row;
        next[i] = to;
        sink.add(0, {next});
      }
    }
  }
  void decompose(const Position& row, std::vector<Position>& parts) const {
    for (std::uint32_t pile : row) parts.push_back(Position{pile});
  }
  Position canonical(const Position& row) const {
    Position sorted = row;
    std::sort(sorted.begin(), sorted.end());
    return sorted;
  }
};

TEST(Solver, DecomposeAndCanonicalGiveTheNimSum) {
  NimRow game;
  Solver<NimRow> solver(game);
  EXPECT_EQ(solver.value({3, 4, 5}), 2U);
  EXPECT_EQ(solver.value({1, 2, 3}), 0U);
  EXPECT_EQ(solver.value({7, 0, 9, 12}), 7U ^ 9U ^ 12U);
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
