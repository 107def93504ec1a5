#include "grundy/games/subtraction.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "grundy/core/errors.hpp"
#include "support/conformance.hpp"
#include "support/run_cli.hpp"
#include "support/sanitizers.hpp"

namespace grundy {
namespace {

using games::Subtraction;

// g(0..upto) by the textbook recurrence, std::set mex: independent of the period search.
std::vector<Nimber> plain_table(const std::vector<std::uint64_t>& set, std::size_t upto) {
  std::vector<Nimber> g(upto + 1);
  for (std::size_t n = 0; n <= upto; ++n) {
    std::set<Nimber> seen;
    for (std::uint64_t s : set) {
      if (s <= n) seen.insert(g[n - s]);
    }
    Nimber m = 0;
    while (seen.count(m) != 0) ++m;
    g[n] = m;
  }
  return g;
}

TEST(Subtraction, Statement002ThreeFourFive) {
  const Subtraction game({1, 2, 3});
  EXPECT_EQ(game.value(3), 3U);
  EXPECT_EQ(game.value(4), 0U);
  EXPECT_EQ(game.value(5), 1U);
  Analyzer<Subtraction> analyzer(game);
  const std::vector<std::uint64_t> piles{3, 4, 5};
  const auto analysis = analyzer.analyze(piles);
  EXPECT_EQ(analysis.nim_sum, 2U);
  EXPECT_TRUE(analysis.first_player_wins());
  // Take 2 from any pile: 1^0^1, 3^2^1, 3^0^3 are all 0.
  ASSERT_EQ(analysis.winning_moves.size(), 3U);
  for (const auto& win : analysis.winning_moves) EXPECT_EQ(win.move.take, 2U);
}

TEST(Subtraction, KnownPeriods) {
  // Winning Ways ch. 4: S(1,2,3) has period 4; S(2,5,7) has period 22 from 0;
  // S(1,4): 0,1,0,1,2 repeated.
  const Subtraction s123({3, 1, 2, 2});
  EXPECT_EQ(s123.period().value(), 4U);
  EXPECT_EQ(s123.preperiod().value(), 0U);
  EXPECT_EQ(s123.set(), (std::vector<std::uint64_t>{1, 2, 3}));
  const Subtraction s257({2, 5, 7});
  EXPECT_EQ(s257.period().value(), 22U);
  EXPECT_EQ(s257.preperiod().value(), 0U);
  const Subtraction s14({1, 4});
  EXPECT_EQ(s14.period().value(), 5U);
  EXPECT_EQ(s14.preperiod().value(), 0U);
  // Nim restricted to one token: values alternate.
  const Subtraction s1({1});
  EXPECT_EQ(s1.period().value(), 2U);
  EXPECT_EQ(s1.value(1'000'000'000'000'000'000), 0U);
  EXPECT_EQ(s123.value(1'000'000'000'000'000'001), 1U);
}

TEST(Subtraction, PeriodAndPreperiodMatchThePlainTableForRandomSets) {
  std::mt19937_64 rng(2024);
  constexpr int kSets = grundy::testing::kSanitized ? 60 : 400;
  int with_preperiod = 0;
  for (int trial = 0; trial < kSets; ++trial) {
    std::vector<std::uint64_t> set;
    const std::size_t size = 1 + rng() % 4;
    for (std::size_t i = 0; i < size; ++i) set.push_back(1 + rng() % 14);
    const Subtraction game(set);
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    const std::uint64_t p = game.period().value(), n0 = game.preperiod().value();
    const std::size_t upto = static_cast<std::size_t>(n0 + 3 * p + 3 * set.back() + 50);
    const auto g = plain_table(set, upto);
    SCOPED_TRACE(::testing::Message() << "set of " << set.size() << ", largest " << set.back() << ", p " << p << ", n0 "
                                      << n0);
    for (std::size_t n = 0; n <= upto; ++n) ASSERT_EQ(game.value(n), g[n]) << "n = " << n;
    for (std::size_t n = n0; n + p <= upto; ++n) ASSERT_EQ(g[n + p], g[n]);
    if (n0 > 0) {
      EXPECT_NE(g[n0 - 1 + p], g[n0 - 1]) << "pre-period not minimal";
      ++with_preperiod;
    }
    for (std::uint64_t q = 1; q < p; ++q) {
      bool holds = true;
      for (std::size_t n = n0; n + q <= upto && holds; ++n) holds = g[n + q] == g[n];
      EXPECT_FALSE(holds) << "period " << q << " is smaller";
    }
  }
  EXPECT_GT(with_preperiod, 0) << "no random set had a pre-period: the test is too weak";
}

TEST(Subtraction, Conformance) {
  std::vector<std::uint64_t> piles;
  for (std::uint64_t n = 0; n <= 14; ++n) piles.push_back(n);
  testing::expect_conformance(Subtraction({1, 2, 3}), piles);
  testing::expect_conformance(Subtraction({2, 5, 7}), piles);
  testing::expect_conformance(Subtraction({3, 4}), piles);
}

TEST(Subtraction, HugePilesAnswerWinningMovesInConstantTime) {
  const Subtraction game({2, 5, 7});
  Analyzer<Subtraction> analyzer(game);
  const std::vector<std::uint64_t> piles{1'000'000'000'000'000'000, 999'999'999'999'999'989, 12345};
  const auto analysis = analyzer.analyze(piles);
  const auto g = plain_table({2, 5, 7}, 22);
  const auto by_period = [&](std::uint64_t n) { return g[n % 22]; };
  EXPECT_EQ(analysis.nim_sum, by_period(piles[0]) ^ by_period(piles[1]) ^ by_period(piles[2]));
  for (const auto& win : analysis.winning_moves) {
    Nimber total = 0;
    for (std::size_t i = 0; i < piles.size(); ++i) {
      total ^= by_period(i == win.component ? piles[i] - win.move.take : piles[i]);
    }
    EXPECT_EQ(total, 0U);
  }
}

TEST(Subtraction, BadSetsAreInputErrors) {
  EXPECT_THROW(Subtraction({}), InputError);
  EXPECT_THROW(Subtraction({0, 1}), InputError);
  EXPECT_THROW(Subtraction({Subtraction::kMaxElement + 1}), InputError);
}

TEST(Subtraction, PeriodSearchRespectsTheBudget) {
  EXPECT_THROW(Subtraction({99'999, 100'000}, MemoryBudget(1 << 20)), BudgetExceeded);
}

TEST(Subtraction, LargestPileBoundsTheWork) {
  // S = {10^9 - 1, 10^9}: proving the period needs billions of values; piles below 10^9 - 1 are 0.
  const Subtraction huge({Subtraction::kMaxElement - 1, Subtraction::kMaxElement}, MemoryBudget(std::uint64_t{64} << 20),
                         5);
  EXPECT_FALSE(huge.period().has_value());
  EXPECT_LE(huge.computed(), Subtraction::kProofAttempt + 1);
  EXPECT_EQ(huge.value(5), 0U);
  EXPECT_EQ(huge.value(Subtraction::kProofAttempt), 0U);
  EXPECT_THROW((void)huge.value(Subtraction::kMaxElement), InputError);
  // A large pile of a small set: the period is still proven, and the values agree.
  const Subtraction small({2, 5, 7}, MemoryBudget(), 1'000'000'000'000);
  EXPECT_EQ(small.period().value(), 22U);
  const Subtraction full({2, 5, 7});
  for (std::uint64_t n : {0ULL, 21ULL, 1'000ULL, 999'999'999'999ULL}) EXPECT_EQ(small.value(n), full.value(n));
}

TEST(Subtraction, CoveredPilesMatchThePlainTable) {
  // A set whose proof needs more values than kProofAttempt: the piles are covered, the values exact.
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 8; ++trial) {
    std::vector<std::uint64_t> set{200'000 + rng() % 1000, 1 + rng() % 50, 1 + rng() % 300};
    const std::uint64_t largest = rng() % 30'000;
    const Subtraction game(set, MemoryBudget(), largest);
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    const auto g = plain_table(set, static_cast<std::size_t>(largest));
    for (std::uint64_t n = 0; n <= largest; n += 1 + rng() % 97) ASSERT_EQ(game.value(n), g[n]) << "n = " << n;
  }
}

TEST(SubtractionCli, HugeElementAnswersAtOnce) {
  auto r = testing::run_cli({"--json", "subtraction", "--set", "999999999,1000000000", "5"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"value\":0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"period\":null"), std::string::npos) << r.out;
  // A single element is {1} on blocks of it: period 2 * 10^9 at once.
  r = testing::run_cli({"--json", "subtraction", "--set", "1000000000", "5"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"value\":0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"period\":2000000000"), std::string::npos) << r.out;
}

TEST(Subtraction, ACommonFactorScalesThePeriod) {
  // g_S(n) = g_{S/d}(n / d): against the plain table of S itself.
  for (const std::vector<std::uint64_t>& set : {std::vector<std::uint64_t>{3, 6, 9}, {4, 10, 14}, {6}, {5, 15}}) {
    const Subtraction game(set);
    const auto g = plain_table(set, 2000);
    for (std::size_t n = 0; n <= 2000; ++n) ASSERT_EQ(game.value(n), g[n]) << "n = " << n;
    const std::uint64_t p = game.period().value(), n0 = game.preperiod().value();
    for (std::size_t n = n0; n + p <= 2000; ++n) ASSERT_EQ(g[n + p], g[n]);
    if (n0 > 0) {
      EXPECT_NE(g[n0 - 1 + p], g[n0 - 1]);
    }
  }
  EXPECT_EQ(Subtraction({3, 6, 9}).period().value(), 3 * Subtraction({1, 2, 3}).period().value());
}

TEST(SubtractionCli, Statement002) {
  const auto r = testing::run_cli({"--json", "subtraction", "--set", "1,2,3", "3", "4", "5"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"components\":[3,0,1]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"value\":2"), std::string::npos);
  EXPECT_NE(r.out.find("\"winner\":\"first\""), std::string::npos);
  EXPECT_NE(r.out.find("\"from\":3,\"take\":2,\"to\":[1]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"period\":4"), std::string::npos);
}

TEST(SubtractionCli, TableHasPeriodAndPreperiod) {
  const auto r = testing::run_cli({"--json", "table", "subtraction", "--set", "2,5,7", "--upto", "9"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"values\":[0,0,1,1,0,2,1,3,2,2]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"period\":22,\"preperiod\":0"), std::string::npos) << r.out;
}

TEST(SubtractionCli, BadInputExitsTwoWithOneLine) {
  const std::vector<std::vector<std::string>> cases{
      {"subtraction", "--set", "", "3"},
      {"subtraction", "--set", "0,1", "3"},
      {"subtraction", "--set", "-1", "3"},
      {"subtraction", "--set", "1,x", "3"},
      {"subtraction", "--set", "1,,2", "3"},
      {"subtraction", "--set", "2000000000", "3"},
      {"subtraction", "3", "4"},
      {"subtraction", "--set", "1,2", "-3"},
      {"subtraction", "--set", "1,2", "abc"},
      {"subtraction", "--set", "1,2", "1000000000000000001"},
      {"subtraction", "--set", "1,2"},
      {"--memory", "1M", "subtraction", "--set", "299999,300000", "1000000000000"},
      {"table", "subtraction", "--set", "1,2"},
      {"table", "subtraction", "--set", "0", "--upto", "5"},
  };
  for (const auto& args : cases) {
    const auto r = testing::run_cli(args);
    EXPECT_EQ(r.status, 2) << ::testing::PrintToString(args);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

}  // namespace
}  // namespace grundy
