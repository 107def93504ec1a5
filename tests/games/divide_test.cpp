#include "grundy/games/divide.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "support/conformance.hpp"
#include "support/run_cli.hpp"
#include "support/sanitizers.hpp"

namespace grundy {
namespace {

using games::Divide;

// Plain recursion from the rules, no memo: the call tree from x has O(x) nodes
// (1/2 + 1/3 + 1/6 = 1), so it serves small x only.
Nimber plain_value(std::uint64_t x) {
  if (x == 0) return 0;
  const std::set<Nimber> seen{plain_value(x / 2), plain_value(x / 3), plain_value(x / 6)};
  Nimber m = 0;
  while (seen.count(m) != 0) ++m;
  return m;
}

TEST(Divide, HandCheckedValues) {
  // g(1) = mex{0} = 1, g(2) = mex{1,0} = 2, g(3) = mex{1,1,0} = 2, g(4) = mex{2,1,0} = 3,
  // g(5) = 3, g(6) = mex{2,2,1} = 0, ..., g(12) = mex{g6, g4, g2} = mex{0,3,2} = 1.
  const Divide game;
  Solver<Divide> solver(game);
  const std::vector<Nimber> expected{0, 1, 2, 2, 3, 3, 0, 0, 0, 0, 0, 0, 1};
  for (std::uint64_t x = 0; x < expected.size(); ++x) EXPECT_EQ(solver.value(x), expected[x]) << x;
}

TEST(Divide, SolverAgreesWithPlainRecursion) {
  const Divide game;
  Solver<Divide> solver(game);
  std::mt19937_64 rng(7);
  constexpr std::uint64_t kAll = grundy::testing::sized(1000, 300), kRandomBelow = grundy::testing::sized(100'000, 20'000);
  for (std::uint64_t x = 0; x <= kAll; ++x) ASSERT_EQ(solver.value(x), plain_value(x)) << x;
  for (int i = 0; i < 30; ++i) {
    const std::uint64_t x = rng() % kRandomBelow;
    ASSERT_EQ(solver.value(x), plain_value(x)) << x;
  }
}

TEST(Divide, Conformance) {
  std::vector<std::uint64_t> numbers;
  for (std::uint64_t x = 0; x <= 60; ++x) numbers.push_back(x);
  numbers.push_back(1000);
  testing::expect_conformance(Divide{}, numbers);
}

TEST(Divide, HugeIntegersReachFewValues) {
  const Divide game;
  Analyzer<Divide> analyzer(game);
  const std::vector<std::uint64_t> sum{Divide::kMaxInteger, 999'999'999'999'999'999, 10, 123'456'789'012'345'678};
  const auto analysis = analyzer.analyze(sum);
  // floor(x / (2^a 3^b)) for a <= 60, b <= 38: a few thousand positions at most.
  EXPECT_LT(analyzer.solver().memo_size(), 4 * 61 * 39U);
  Solver<Divide> fresh(game);
  for (const auto& win : analysis.winning_moves) {
    Nimber total = 0;
    for (std::size_t i = 0; i < sum.size(); ++i) {
      total ^= fresh.value(i == win.component ? sum[i] / win.move.divisor : sum[i]);
    }
    EXPECT_EQ(total, 0U);
  }
}

TEST(DivideCli, IssueExample) {
  const auto r = testing::run_cli({"--json", "divide", "10", "1000000000000000000"});
  ASSERT_EQ(r.status, 0) << r.err;
  const Divide game;
  Solver<Divide> solver(game);
  const Nimber a = solver.value(10), b = solver.value(1000000000000000000);
  EXPECT_NE(r.out.find("\"components\":[" + std::to_string(a) + "," + std::to_string(b) + "]"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"divisor\":"), std::string::npos) << r.out;
}

TEST(DivideCli, RemovingAnIntegerLeavesNothing) {
  // g(1) = 1 alone: every division removes it.
  const auto r = testing::run_cli({"--json", "divide", "1"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"from\":1,\"divisor\":2,\"to\":[]"), std::string::npos) << r.out;
}

TEST(DivideCli, BadInputExitsTwoWithOneLine) {
  for (const auto& bad : std::vector<std::string>{"-1", "x", "18446744073709551616", "99999999999999999999", "2e5"}) {
    const auto r = testing::run_cli({"divide", "5", bad});
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

}  // namespace
}  // namespace grundy
