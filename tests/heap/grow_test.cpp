#include "grundy/heap/grow.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"

namespace grundy::heap {
namespace {

TEST(HeapGrow, StopsAtTheFirstProvenPeriod) {
  // Kayles: period 12 from n0 = 71 (Winning Ways), proven within the first step.
  HeapTable t(parse_heap_rules("kayles"));
  grow_table(t, {.cover = std::uint64_t{1} << 62, .limit = std::uint64_t{1} << 30});
  ASSERT_TRUE(t.period().has_value());
  EXPECT_EQ(t.period()->period, 12U);
  EXPECT_EQ(t.period()->preperiod, 71U);
  EXPECT_EQ(t.size(), kFirstStep + 1);
  EXPECT_TRUE(t.knows(std::uint64_t{1} << 62));
}

TEST(HeapGrow, CoversTheHeapWhenNoPeriodIsInSight) {
  // 0.16 proves no period early: doubling stops once heap 3000 is covered.
  HeapTable t(parse_heap_rules("0.16"));
  grow_table(t, {.cover = 3000, .limit = 1 << 20});
  EXPECT_FALSE(t.period().has_value());
  EXPECT_EQ(t.size(), 4096U) << "1024, 2048, 4096 values";
  EXPECT_TRUE(t.knows(3000));
  // Grown further from what it holds, the same values as computed at once.
  grow_table(t, {.cover = 9000, .limit = 1 << 20});
  HeapTable direct(parse_heap_rules("0.16"));
  extend_table(direct, t.size() - 1);
  EXPECT_EQ(t.narrow_values(), direct.narrow_values());
}

TEST(HeapGrow, NeverBeyondTheLimit) {
  HeapTable t(parse_heap_rules("0.16"));
  grow_table(t, {.cover = 100'000, .limit = 5000});
  EXPECT_EQ(t.size(), 5001U);
  EXPECT_FALSE(t.knows(100'000));
}

TEST(HeapGrow, GrundysGameGoesStraightToTheHeap) {
  HeapTable t(parse_heap_rules("grundys-game"));
  grow_table(t, {.cover = 300, .limit = 1000});
  EXPECT_EQ(t.size(), 301U);
  EXPECT_FALSE(t.period().has_value());
}

TEST(HeapGrow, PastTheDeadlineThrowsTimeExceeded) {
  HeapTable t(parse_heap_rules("0.16"));
  ExtendOptions options;
  options.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  EXPECT_THROW(grow_table(t, {.cover = 1'000'000, .limit = 1'000'000}, options), TimeExceeded);
  EXPECT_THROW(extend_table(t, 1'000'000, options), TimeExceeded);
}

TEST(HeapGrow, ASpentCpuBudgetThrowsTimeExceeded) {
  HeapTable t(parse_heap_rules("0.16"));
  ExtendOptions options;
  options.thread_cpu_deadline = thread_cpu_seconds();
  EXPECT_THROW(grow_table(t, {.cover = 1'000'000, .limit = 1'000'000}, options), TimeExceeded);
}

TEST(HeapGrow, TheCpuBudgetDoesNotCountTimeTheThreadWaited) {
  // The census's budget: a game on a busy machine (its thread waiting for a core) gets as far.
  HeapTable t(parse_heap_rules("kayles"));
  ExtendOptions options;
  options.thread_cpu_deadline = thread_cpu_seconds() + 1.0;
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // the clock passes the budget; the CPU does not
  EXPECT_NO_THROW(extend_table(t, 2000, options));
  EXPECT_EQ(t.size(), 2001U);
}

TEST(HeapGrow, PeriodSearchedOncePerSize) {
  HeapTable t(parse_heap_rules("kayles"));
  extend_table(t, 2000);
  ASSERT_TRUE(t.period().has_value());
  const Periodicity first = *t.period();
  EXPECT_EQ(t.detect_period(), first);
  t.truncate(50);
  EXPECT_FALSE(t.period().has_value());
  EXPECT_FALSE(t.detect_period().has_value());
}

}  // namespace
}  // namespace grundy::heap
