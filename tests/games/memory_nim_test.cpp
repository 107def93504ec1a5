// Games with a memory (Fibonacci Nim, take-away, Mem): the searched values
// against a plain recursion written apart from the game's code, Fibonacci
// Nim's theorem against the same recursion on every small position and
// against the literature (the opening is lost exactly on Fibonacci heaps),
// and the command line, bad input included.
#include "grundy/games/memory_nim.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <set>

#include <nlohmann/json.hpp>

#include "grundy/core/solver.hpp"
#include "grundy/games/fibonacci_nim.hpp"
#include "support/conformance.hpp"
#include "support/run_cli.hpp"

namespace grundy {
namespace memory_nim_test {

using games::MemoryNim;

// An independent brute force: the rule as a predicate on (previous take k,
// take a), k = 0 meaning the opening, and a mex by plain memoised recursion.
class BruteMemory {
 public:
  explicit BruteMemory(std::function<bool(std::uint64_t k, std::uint64_t a)> allowed) : allowed_(std::move(allowed)) {}

  Nimber value(std::uint64_t n, std::uint64_t k) {
    const auto key = std::make_pair(n, k);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::set<Nimber> seen;
    for (std::uint64_t a = 1; a <= n; ++a) {
      if (k == 0 ? a < n : allowed_(k, a)) seen.insert(value(n - a, a));
    }
    Nimber mex = 0;
    while (seen.count(mex) != 0) ++mex;
    return memo_[key] = mex;
  }

  std::vector<std::uint64_t> winning_takes(std::uint64_t n, std::uint64_t k) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t a = 1; a <= n; ++a) {
      if ((k == 0 ? a < n : allowed_(k, a)) && value(n - a, a) == 0) out.push_back(a);
    }
    return out;
  }

 private:
  std::function<bool(std::uint64_t, std::uint64_t)> allowed_;
  std::map<std::pair<std::uint64_t, std::uint64_t>, Nimber> memo_;
};

void expect_search_matches(const MemoryNim& game, BruteMemory& brute, std::uint64_t max_heap) {
  Solver<MemoryNim> solver(game);
  for (std::uint64_t n = 0; n <= max_heap; ++n) {
    for (std::uint64_t k = 0; k <= n + 2; ++k) {
      ASSERT_EQ(solver.value({n, k}), brute.value(n, k)) << n << "," << k;
    }
  }
}

TEST(MemoryNim, SearchMatchesBruteForce) {
  BruteMemory fibonacci([](std::uint64_t k, std::uint64_t a) { return a <= 2 * k; });
  expect_search_matches(MemoryNim::at_most(2, 1), fibonacci, 40);
  BruteMemory three_halves([](std::uint64_t k, std::uint64_t a) { return 2 * a <= 3 * k; });
  expect_search_matches(MemoryNim::at_most(3, 2), three_halves, 40);
  BruteMemory one([](std::uint64_t k, std::uint64_t a) { return a <= k; });
  expect_search_matches(MemoryNim::at_most(1, 1), one, 40);
  BruteMemory half([](std::uint64_t k, std::uint64_t a) { return 2 * a <= k; });
  expect_search_matches(MemoryNim::at_most(1, 2), half, 30);
  BruteMemory mem([](std::uint64_t k, std::uint64_t a) { return a >= k; });
  expect_search_matches(MemoryNim::at_least(), mem, 40);
}

TEST(MemoryNim, Conformance) {
  std::vector<MemoryNim::Position> positions;
  for (std::uint64_t n = 0; n <= 9; ++n) {
    for (std::uint64_t k = 0; k <= 5; ++k) positions.push_back({n, k});
  }
  testing::expect_conformance(MemoryNim::at_most(2, 1), positions);
  testing::expect_conformance(MemoryNim::at_least(), positions);
  testing::expect_conformance(MemoryNim::at_most(5, 3), positions);
}

// Zeckendorf's theorem against the brute force on every position with a heap up to 150.
TEST(FibonacciNim, TheoremMatchesBruteForceOnEverySmallPosition) {
  BruteMemory brute([](std::uint64_t k, std::uint64_t a) { return a <= 2 * k; });
  for (std::uint64_t n = 0; n <= 150; ++n) {
    for (std::uint64_t k = 0; k <= n; ++k) {
      const std::uint64_t cap = k == 0 ? (n == 0 ? 0 : n - 1) : std::min(n, 2 * k);
      ASSERT_EQ(games::fibonacci_nim_first_wins(n, cap), brute.value(n, k) != 0) << n << "," << k;
      ASSERT_EQ(games::fibonacci_nim_winning_takes(n, cap), brute.winning_takes(n, k)) << n << "," << k;
    }
  }
}

// Whinihan (1963): the first player loses the opening exactly on Fibonacci heaps.
TEST(FibonacciNim, OpeningLostExactlyOnFibonacciHeaps) {
  std::set<std::uint64_t> fibonacci{1, 2};
  while (*fibonacci.rbegin() < (std::uint64_t{1} << 62)) {
    const auto last = *fibonacci.rbegin();
    fibonacci.insert(last + *std::prev(fibonacci.end(), 2));
  }
  for (std::uint64_t n = 2; n <= 5000; ++n) {
    EXPECT_EQ(games::fibonacci_nim_first_wins(n, n - 1), fibonacci.count(n) == 0) << n;
  }
  for (std::uint64_t f : fibonacci) {
    if (f < 3) continue;  // 3 = 2 + 1 is itself a Fibonacci number
    EXPECT_FALSE(games::fibonacci_nim_first_wins(f, f - 1)) << f;
    EXPECT_TRUE(games::fibonacci_nim_first_wins(f + 1, f)) << f + 1;
    EXPECT_EQ(games::fibonacci_nim_winning_takes(f + 1, f), std::vector<std::uint64_t>{1}) << f + 1;
  }
}

// Heaps to 2^63-1: every listed take leaves a lost position; sampled takes not
// listed leave a won one; a position is won exactly when a winning take exists.
TEST(FibonacciNim, LargeHeapsWinningTakesAreExactlyTheLosingOptions) {
  std::mt19937_64 rng(2026);
  const std::uint64_t max_heap = (std::uint64_t{1} << 63) - 1;
  for (int trial = 0; trial < 2000; ++trial) {
    const std::uint64_t n = trial == 0 ? max_heap : 2 + rng() % (max_heap - 1);
    const std::uint64_t cap = trial % 3 == 0 ? n - 1 : 1 + rng() % (trial % 2 == 0 ? 1000 : n);
    const auto takes = games::fibonacci_nim_winning_takes(n, cap);
    EXPECT_EQ(takes.empty(), !games::fibonacci_nim_first_wins(n, cap)) << n << " cap " << cap;
    for (std::uint64_t a : takes) {
      ASSERT_LE(a, cap);
      if (a < n) {
        EXPECT_FALSE(games::fibonacci_nim_first_wins(n - a, std::min(n - a, 2 * a))) << n << " take " << a;
      }
    }
    for (int s = 0; s < 20; ++s) {
      const std::uint64_t a = 1 + rng() % std::min<std::uint64_t>(cap, s % 2 == 0 ? 2000 : cap);
      if (a >= n || std::binary_search(takes.begin(), takes.end(), a)) continue;
      EXPECT_TRUE(games::fibonacci_nim_first_wins(n - a, std::min(n - a, 2 * a))) << n << " take " << a;
    }
  }
  // 10^18 = ... + F(3): its smallest Zeckendorf term is 2 (worked out apart).
  EXPECT_EQ(games::zeckendorf_smallest(1'000'000'000'000'000'000ULL), 2U);
}

TEST(MemoryGamesCli, FibonacciNimLargeHeapByTheorem) {
  const auto r = testing::run_cli({"--json", "fibonacci-nim", "1000000000000000000"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["winner"], "first");
  EXPECT_TRUE(json["value"].is_null());
  EXPECT_EQ(json["method"], "zeckendorf");
  const auto takes = games::fibonacci_nim_winning_takes(1'000'000'000'000'000'000ULL, 999'999'999'999'999'999ULL);
  ASSERT_EQ(json["winning_moves"].size(), takes.size());
  EXPECT_EQ(json["winning_moves"][0]["take"], takes[0]);
  // 7540113804746346429 is F(92): lost at the opening, value 0 exactly.
  const auto lost = nlohmann::json::parse(testing::run_cli({"--json", "fibonacci-nim", "7540113804746346429"}).out);
  EXPECT_EQ(lost["winner"], "second");
  EXPECT_EQ(lost["value"], 0);
  // A small heap is searched: exact values, and a sum of heaps.
  const auto small = nlohmann::json::parse(testing::run_cli({"--json", "fibonacci-nim", "13", "10,2"}).out);
  EXPECT_EQ(small["method"], "search");
  EXPECT_EQ(small["components"][0], 0);
}

// The largest inputs answer within a small memory budget (no search behind them).
TEST(MemoryGamesCli, LargeHeapsUnderASmallMemoryBudget) {
  for (const std::string heap : {"1000000000000000000", "9223372036854775807", "7540113804746346429,3"}) {
    const auto r = testing::run_cli({"--memory", "8M", "--json", "fibonacci-nim", heap});
    EXPECT_EQ(r.status, 0) << heap << ": " << r.err;
  }
  const auto r = testing::run_cli({"--memory", "8M", "--json", "wythoff", "--r", "5",
                                   "9223372036854775807,4611686018427387904"});
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST(MemoryGamesCli, TablesOfOpenings) {
  const auto r = testing::run_cli({"--json", "table", "fibonacci-nim", "--upto", "30"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto values = nlohmann::json::parse(r.out)["values"];
  ASSERT_EQ(values.size(), 31U);
  for (std::uint64_t n = 2; n <= 30; ++n) {
    EXPECT_EQ(values[n] == 0, n == 2 || n == 3 || n == 5 || n == 8 || n == 13 || n == 21) << n;
  }
  EXPECT_EQ(testing::run_cli({"table", "mem", "--upto", "20"}).status, 0);
  EXPECT_EQ(testing::run_cli({"table", "take-away", "--ratio", "3/2", "--upto", "20"}).status, 0);
}

TEST(MemoryGamesCli, TakeAwayRatioTwoIsFibonacciNim) {
  const auto a = nlohmann::json::parse(testing::run_cli({"--json", "take-away", "--ratio", "4/2", "999999999999"}).out);
  const auto b = nlohmann::json::parse(testing::run_cli({"--json", "fibonacci-nim", "999999999999"}).out);
  EXPECT_EQ(a["winning_moves"], b["winning_moves"]);
  EXPECT_EQ(a["winner"], b["winner"]);
}

TEST(MemoryGamesCli, BadInputIsOneLine) {
  const std::vector<std::vector<std::string>> bad{
      {"fibonacci-nim", "10,0"},  {"fibonacci-nim", "-1"},   {"fibonacci-nim", "9223372036854775808"},
      {"fibonacci-nim", "a"},     {"fibonacci-nim", "3,"},    {"fibonacci-nim", "10,3,4"},
      {"fibonacci-nim", "1000,1", "5"},  // a large heap in a sum
      {"take-away", "--ratio", "0", "5"},  {"take-away", "--ratio", "-1", "5"},
      {"take-away", "--ratio", "1/0", "5"}, {"take-away", "--ratio", "x", "5"},
      {"take-away", "--ratio", "99999999999999999999", "5"}, {"take-away", "5"},
      {"--memory", "1M", "mem", "100000"},  {"table", "mem", "--upto", "1001"},
      {"--misere", "fibonacci-nim", "1000"}};
  for (const auto& args : bad) {
    const auto e = testing::run_cli(args);
    EXPECT_EQ(e.status, 2) << args.back();
    EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
  }
}

}  // namespace memory_nim_test
}  // namespace grundy
