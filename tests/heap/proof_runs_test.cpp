// A round's proofs as runs, one a member: the runs' layout (the others' runs
// in the members' order, member 0's last), the shares a claim takes (of its
// own run, of another's, with the bounds), and on threads (oversubscribed is
// fine) that every proof is claimed exactly once while `ready` grows, as
// member 0's guesses make it.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <limits>
#include <thread>
#include <vector>

#include "heap/proof_runs.hpp"

namespace grundy::heap::detail {
namespace {

constexpr std::size_t kNoBound = std::numeric_limits<std::size_t>::max();

TEST(ProofRuns, MemberZerosRunIsTheLast) {
  ProofRuns runs;
  runs.reset(10, 3);  // runs of 4, 3, 3: member 1 [0, 4), member 2 [4, 7), member 0 [7, 10)
  std::size_t first = 0;
  std::size_t taken = 0;
  ASSERT_TRUE(runs.claim(1, 10, 1, 1, first, taken));
  EXPECT_EQ(first, 0U);
  ASSERT_TRUE(runs.claim(2, 10, 1, 1, first, taken));
  EXPECT_EQ(first, 4U);
  ASSERT_TRUE(runs.claim(0, 10, 1, 1, first, taken));
  EXPECT_EQ(first, 7U);
  EXPECT_EQ(taken, 1U);
}

TEST(ProofRuns, OwnRunByQuartersStealsByHalves) {
  ProofRuns runs;
  runs.reset(64, 2);  // member 1 [0, 32), member 0 [32, 64)
  std::size_t first = 0;
  std::size_t taken = 0;
  ASSERT_TRUE(runs.claim(1, 64, 1, kNoBound, first, taken));
  EXPECT_EQ(first, 0U);
  EXPECT_EQ(taken, 8U);  // a quarter of its 32
  ASSERT_TRUE(runs.claim(1, 64, 1, kNoBound, first, taken));
  EXPECT_EQ(first, 8U);
  EXPECT_EQ(taken, 6U);  // a quarter of the 24 left
  // Only [32, 40) of member 0's run is ready: a steal takes half of it.
  ProofRuns early;
  early.reset(64, 2);
  std::size_t own = 0;
  ASSERT_TRUE(early.claim(1, 40, 32, kNoBound, first, own));  // member 1 takes its whole run (least 32)
  EXPECT_EQ(own, 32U);
  ASSERT_TRUE(early.claim(1, 40, 1, kNoBound, first, taken));
  EXPECT_EQ(first, 32U);
  EXPECT_EQ(taken, 4U);
}

TEST(ProofRuns, ClaimsKeepToReadyAndTheBounds) {
  ProofRuns runs;
  runs.reset(16, 1);
  std::size_t first = 0;
  std::size_t taken = 0;
  EXPECT_FALSE(runs.claim(0, 0, 4, kNoBound, first, taken));  // nothing ready
  ASSERT_TRUE(runs.claim(0, 3, 4, kNoBound, first, taken));
  EXPECT_EQ(taken, 3U);  // at least 4, but only 3 are ready
  ASSERT_TRUE(runs.claim(0, 16, 4, 2, first, taken));
  EXPECT_EQ(first, 3U);
  EXPECT_EQ(taken, 2U);  // at most 2
  ASSERT_TRUE(runs.claim(0, 16, 16, kNoBound, first, taken));
  EXPECT_EQ(first + taken, 16U);
  EXPECT_FALSE(runs.claim(0, 16, 1, kNoBound, first, taken));  // every proof claimed
}

TEST(ProofRuns, EveryProofOnceOnThreads) {
  for (const unsigned members : {1U, 2U, 3U, 8U}) {
    for (const std::size_t count : {std::size_t{0}, std::size_t{5}, std::size_t{256}, std::size_t{1000}}) {
      ProofRuns runs;
      runs.reset(count, members);
      std::vector<std::atomic<int>> claimed(count);
      std::atomic<std::size_t> ready{0};
      auto member = [&](unsigned t) {
        for (;;) {
          const std::size_t now = ready.load(std::memory_order_acquire);
          std::size_t first = 0;
          std::size_t taken = 0;
          if (runs.claim(t, now, 4, kNoBound, first, taken)) {
            ASSERT_LE(first + taken, now);
            for (std::size_t j = first; j < first + taken; ++j) claimed[j].fetch_add(1);
          } else if (now == count) {
            return;
          } else if (t == 0) {
            ready.store(std::min(count, now + 7), std::memory_order_release);  // member 0 "guesses" 7 more
          } else {
            std::this_thread::yield();
          }
        }
      };
      std::vector<std::thread> threads;
      for (unsigned t = 1; t < members; ++t) threads.emplace_back(member, t);
      member(0);
      for (std::thread& thread : threads) thread.join();
      for (std::size_t j = 0; j < count; ++j) ASSERT_EQ(claimed[j].load(), 1) << "proof " << j << " of " << count;
      std::size_t first = 0;
      std::size_t taken = 0;
      EXPECT_FALSE(runs.claim(0, count, 1, kNoBound, first, taken));
    }
  }
}

}  // namespace
}  // namespace grundy::heap::detail
