// Search limits: a past deadline, a stop flag and progress reports on the
// generic solver, the analyzer and the gridsplit table; after a stopped search
// the solver still gives the right values.
#include "grundy/core/search_limits.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "grundy/core/analysis.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/solver.hpp"
#include "grundy/games/gridsplit.hpp"

namespace grundy {
namespace {

// Subtract 1 or 2 from a pile: value n mod 3, and a pile of n needs n positions.
struct TakeOneOrTwo {
  using Position = std::uint64_t;
  using Move = int;
  template <class Sink>
  void options(Position n, Sink& sink) const {
    if (n >= 1) sink.add(1, {n - 1});
    if (n >= 2) sink.add(2, {n - 2});
  }
};

SearchLimits past_deadline() {
  SearchLimits limits;
  limits.deadline = SearchLimits::Clock::now() - std::chrono::seconds(1);
  return limits;
}

TEST(SearchLimits, WithSecondsSetsADeadlineOnlyForPositiveSeconds) {
  const auto before = SearchLimits::Clock::now();
  const SearchLimits limits = SearchLimits::with_seconds(MemoryBudget(1 << 20), 2.0);
  ASSERT_TRUE(limits.deadline.has_value());
  EXPECT_GT(*limits.deadline, before + std::chrono::seconds(1));
  EXPECT_EQ(limits.memory.bytes(), std::uint64_t{1} << 20);
  EXPECT_FALSE(SearchLimits::with_seconds(MemoryBudget(), 0).deadline.has_value());
}

TEST(SearchLimits, PastDeadlineThrowsAtOnceAndTheSolverStillAnswers) {
  const TakeOneOrTwo game;
  Solver<TakeOneOrTwo> solver(game);
  EXPECT_EQ(solver.value(10), 1U);
  solver.set_limits(past_deadline());
  EXPECT_THROW(solver.value(100'000), TimeExceeded);
  EXPECT_EQ(solver.value(10), 1U);  // memoised: no search, no clock
  solver.set_limits(MemoryBudget());
  EXPECT_EQ(solver.value(100'000), 100'000U % 3);
  EXPECT_EQ(solver.value(99'999), 99'999U % 3);
}

TEST(SearchLimits, StopFlagThrowsInterrupted) {
  const TakeOneOrTwo game;
  std::atomic<bool> stop{true};
  SearchLimits limits;
  limits.stop = &stop;
  Solver<TakeOneOrTwo> solver(game, limits);
  EXPECT_THROW(solver.value(5), Interrupted);
  stop = false;
  EXPECT_EQ(solver.value(5), 2U);
}

TEST(SearchLimits, StopFlagSetMidSearchStopsIt) {
  const TakeOneOrTwo game;
  std::atomic<bool> stop{false};
  int reports = 0;
  SearchLimits limits;
  limits.stop = &stop;
  limits.progress_every = 0;  // report at every check
  limits.on_progress = [&](const SearchProgress&) {
    if (++reports == 3) stop = true;
  };
  Solver<TakeOneOrTwo> solver(game, limits);
  EXPECT_THROW(solver.value(200'000), Interrupted);
  EXPECT_EQ(reports, 3);
  stop = false;
  EXPECT_EQ(solver.value(200'000), 200'000U % 3);
}

TEST(SearchLimits, ProgressReportsGrowingCounts) {
  const TakeOneOrTwo game;
  std::vector<SearchProgress> reports;
  SearchLimits limits;
  limits.progress_every = 0;
  limits.on_progress = [&](const SearchProgress& p) { reports.push_back(p); };
  Solver<TakeOneOrTwo> solver(game, limits);
  EXPECT_EQ(solver.value(50'000), 50'000U % 3);
  ASSERT_GE(reports.size(), 40U);  // one per 1,024 positions pushed
  for (std::size_t i = 1; i < reports.size(); ++i) {
    EXPECT_GT(reports[i].positions, reports[i - 1].positions);
    EXPECT_GT(reports[i].memo_size, reports[i - 1].memo_size);
    EXPECT_GE(reports[i].seconds, reports[i - 1].seconds);
    EXPECT_GT(reports[i].memo_bytes, 0U);
  }
  EXPECT_EQ(solver.positions_searched(), 50'001U);
}

TEST(SearchLimits, AnalyzerHonoursTheLimits) {
  const TakeOneOrTwo game;
  Analyzer<TakeOneOrTwo> analyzer(game, past_deadline());
  const std::vector<std::uint64_t> sum{100, 200};
  EXPECT_THROW(analyzer.analyze(sum), TimeExceeded);
  analyzer.solver().set_limits(MemoryBudget());
  EXPECT_EQ(analyzer.analyze(sum).nim_sum, (100U % 3) ^ (200U % 3));
}

TEST(SearchLimits, GridSplitTableHonoursDeadlineAndStopFlag) {
  const games::GridSplitBoard board(20, 20, std::vector<std::uint8_t>(400, 1));
  EXPECT_THROW(games::GridSplitTable(board, past_deadline()), TimeExceeded);
  std::atomic<bool> stop{true};
  SearchLimits limits;
  limits.stop = &stop;
  EXPECT_THROW(games::GridSplitTable(board, limits), Interrupted);
  stop = false;
  int reports = 0;
  limits.progress_every = 0;
  limits.on_progress = [&](const SearchProgress&) { ++reports; };
  const games::GridSplitTable table(board, limits);
  EXPECT_EQ(table.value(), games::GridSplitTable(board).value());
  EXPECT_GE(reports, 20);  // one per row of the full-grid table
}

}  // namespace
}  // namespace grundy
