// The parallel solver against the one-thread solver: Kayles (heaps of one word,
// the position 0 included) and random rect boards 4x4 to 6x6 with 2 and 4
// threads (value and every winning move identical), and searches stopped by the
// time, the stop flag and the memory budget (every thread joined, a clear error,
// the solver still usable).
#include "grundy/core/parallel_solver.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <random>
#include <thread>
#include <vector>

#include "grundy/core/analysis.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/solver.hpp"
#include "grundy/games/rect.hpp"

namespace grundy {
namespace {

using games::Rect;

// Kayles: knock down one pin or two adjacent pins of a row; an option is the two rows left.
struct Kayles {
  using Position = std::uint64_t;
  using Move = int;
  template <class Sink>
  void options(Position n, Sink& sink) const {
    for (std::uint64_t take = 1; take <= 2 && take <= n; ++take) {
      for (std::uint64_t left = 0; left + take <= n; ++left) sink.add(0, {left, n - take - left});
    }
  }
};

std::uint64_t random_board(std::mt19937_64& rng, int rows, int cols, double p) {
  std::bernoulli_distribution one(p);
  std::uint64_t cells = 0;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      if (one(rng)) cells |= std::uint64_t{1} << (8 * r + c);
    }
  }
  return cells;
}

TEST(ParallelSolver, KaylesMatchesTheOneThreadSolver) {
  const Kayles kayles;
  Solver<Kayles> one(kayles);
  // Kayles, OEIS A002186.
  const Nimber published[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7};
  for (unsigned threads : {2U, 4U}) {
    ParallelSolver<Kayles> parallel(kayles, {}, threads);
    for (std::uint64_t n = 0; n < std::size(published); ++n) EXPECT_EQ(parallel.value(n), published[n]) << n;
    EXPECT_EQ(parallel.value(300), one.value(300)) << threads;
    for (std::uint64_t n = 0; n <= 300; n += 7) EXPECT_EQ(parallel.value(n), one.value(n)) << n;
  }
}

TEST(ParallelSolver, RandomRectBoardsMatchTheOneThreadSearch) {
  const Rect game;
  std::mt19937_64 rng(20261123);
  for (int t = 0; t < 24; ++t) {
    const int side = 4 + t % 3;
    const double density = side == 6 ? 0.5 : 0.6 + 0.1 * static_cast<double>(t % 4);
    const std::vector<std::uint64_t> sum{random_board(rng, side, side, density)};
    Analyzer<Rect> one(game);
    const SumAnalysis<Rect> expected = one.analyze(sum);
    for (unsigned threads : {2U, 4U}) {
      Analyzer<Rect> parallel(game);
      parallel.solver().set_threads(threads);
      ASSERT_EQ(parallel.solver().threads(), threads);
      const SumAnalysis<Rect> got = parallel.analyze(sum);
      EXPECT_EQ(got.nim_sum, expected.nim_sum) << sum[0];
      ASSERT_EQ(got.winning_moves.size(), expected.winning_moves.size()) << sum[0];
      for (std::size_t i = 0; i < got.winning_moves.size(); ++i) {
        EXPECT_EQ(got.winning_moves[i].move, expected.winning_moves[i].move) << sum[0];
        EXPECT_EQ(got.winning_moves[i].result, expected.winning_moves[i].result) << sum[0];
      }
    }
  }
}

// A 6x6 board that takes a second or more: long enough for every limit to cut in.
constexpr std::uint64_t kSlowBoard = 0x3F3F3F3F3F3FULL;

TEST(ParallelSolver, DeadlineStopsEveryThreadAndTheSolverStaysUsable) {
  const Rect game;
  SearchLimits limits;
  limits.deadline = SearchLimits::Clock::now() + std::chrono::milliseconds(50);
  ParallelSolver<Rect> solver(game, limits, 2);
  EXPECT_THROW(solver.value(kSlowBoard), TimeExceeded);
  solver.set_limits({});
  Solver<Rect> one(game);
  const std::uint64_t small = 0x0F0B0F07ULL;  // 4x4 with holes
  EXPECT_EQ(solver.value(small), one.value(small));
}

TEST(ParallelSolver, StopFlagInterruptsEveryThread) {
  const Rect game;
  std::atomic<bool> stop{false};
  SearchLimits limits;
  limits.stop = &stop;
  ParallelSolver<Rect> solver(game, limits, 4);
  // Set while all four threads search (they start after 1,024 positions, a few ms).
  std::jthread stopper([&stop] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop = true;
  });
  EXPECT_THROW(solver.value(kSlowBoard), Interrupted);
}

TEST(ParallelSolver, SmallSearchesStayOnTheCallingThread) {
  // A 3x3 board needs far fewer than 1,024 positions: the same memo count as one thread.
  const Rect game;
  const std::uint64_t board = 0x070507ULL;
  Solver<Rect> one(game);
  ParallelSolver<Rect> parallel(game, {}, 2);
  EXPECT_EQ(parallel.value(board), one.value(board));
  EXPECT_EQ(parallel.memo_size(), one.memo_size());
}

TEST(ParallelSolver, ThreadWorkAccountsForEveryPositionPushed) {
  // Board 3 of the rect speed set: about 5,000 positions, so the helper starts.
  const Rect game;
  const std::uint64_t board = games::parse_rect_board("001111/111000/011110/111011/011010/000011").cells;
  Solver<Rect> one(game);
  ParallelSolver<Rect> parallel(game, {}, 2);
  EXPECT_TRUE(parallel.thread_work().empty());
  EXPECT_EQ(parallel.value(board), one.value(board));
  ASSERT_EQ(parallel.thread_work().size(), 2U);
  std::uint64_t pushed = 0;
  for (const auto& work : parallel.thread_work()) {
    pushed += work.positions;
    EXPECT_GE(work.cpu_seconds, 0.0);
  }
  EXPECT_EQ(pushed, parallel.positions_searched());
  EXPECT_GE(pushed, parallel.memo_size());
  // Thread 0 alone pushes the first 1,024; after that the helper may finish
  // every position thread 0 would have pushed (a busy machine), so at least.
  EXPECT_GE(parallel.thread_work()[0].positions, 1024U);
  EXPECT_GT(pushed, 1024U);
}

TEST(ParallelSolver, MemoryBudgetEndsInAClearError) {
  const Rect game;
  ParallelSolver<Rect> solver(game, MemoryBudget(std::uint64_t{4} << 20), 2);
  EXPECT_THROW(solver.value(kSlowBoard), BudgetExceeded);
}

}  // namespace
}  // namespace grundy
