#include "grundy/games/passnim.hpp"

#include <gtest/gtest.h>

#include <set>

#include "support/conformance.hpp"
#include "support/run_cli.hpp"

namespace grundy {
namespace {

using games::PassNim;
using games::PassPile;

// Plain recursion over (size, pass used), written from the rules alone.
Nimber plain_value(std::uint64_t size, bool used) {
  std::set<Nimber> seen;
  for (std::uint64_t to = 0; to < size; ++to) seen.insert(plain_value(to, used));
  if (size > 0 && !used) seen.insert(plain_value(size, true));
  Nimber m = 0;
  while (seen.count(m) != 0) ++m;
  return m;
}

TEST(PassNim, ClosedFormProvenByTheSolverUpTo200) {
  const PassNim game;
  Solver<PassNim> solver(game);
  for (std::uint64_t n = 0; n <= 200; ++n) {
    const Nimber expected = n == 0 ? 0 : (n % 2 == 1 ? n + 1 : n - 1);
    EXPECT_EQ(solver.value(PassPile{n, false}), expected) << n;
    EXPECT_EQ(solver.value(PassPile{n, true}), n) << n;
    EXPECT_EQ(game.value(PassPile{n, false}), expected) << n;
  }
}

TEST(PassNim, PlainRecursionAgreesOnSmallPiles) {
  const PassNim game;
  for (std::uint64_t n = 0; n <= 10; ++n) {
    EXPECT_EQ(game.value(PassPile{n, false}), plain_value(n, false)) << n;
    EXPECT_EQ(game.value(PassPile{n, true}), plain_value(n, true)) << n;
  }
}

TEST(PassNim, Conformance) {
  std::vector<PassPile> piles;
  for (std::uint64_t n = 0; n <= 9; ++n) {
    piles.push_back(PassPile{n, false});
    piles.push_back(PassPile{n, true});
  }
  testing::expect_conformance(PassNim{}, piles);
}

TEST(PassNim, Statement004) {
  const PassNim game;
  Analyzer<PassNim> analyzer(game);
  const std::vector<PassPile> first{{18, false}, {47, false}, {34, false}};
  const auto lost = analyzer.analyze(first);
  EXPECT_EQ(lost.values, (std::vector<Nimber>{17, 48, 33}));
  EXPECT_EQ(lost.nim_sum, 0U);
  EXPECT_TRUE(lost.winning_moves.empty());
  // The problem's arithmetic for the second example is garbled; the values are
  // g(32) = 31, g(49) = 50, g(58) = 57 and 31 ^ 50 ^ 57 = 20.
  const std::vector<PassPile> second{{32, false}, {49, false}, {58, false}};
  const auto won = analyzer.analyze(second);
  EXPECT_EQ(won.values, (std::vector<Nimber>{31, 50, 57}));
  EXPECT_EQ(won.nim_sum, 20U);
  ASSERT_FALSE(won.winning_moves.empty());
  for (const auto& win : won.winning_moves) {
    Nimber total = 0;
    for (std::size_t i = 0; i < second.size(); ++i) {
      if (i != win.component) total ^= game.value(second[i]);
    }
    Solver<PassNim> solver(game);  // search, independent of the closed form
    for (const PassPile& left : win.result) total ^= solver.value(left);
    EXPECT_EQ(total, 0U);
  }
}

TEST(PassNim, PassIsAWinningMoveWhenItMatches) {
  // g(3) = 4 with the pass, and passing leaves a Nim pile of 3: against a Nim
  // pile of 3 (3*), passing on the 3 wins.
  const PassNim game;
  Analyzer<PassNim> analyzer(game);
  const std::vector<PassPile> sum{{3, false}, {3, true}};
  const auto analysis = analyzer.analyze(sum);
  EXPECT_EQ(analysis.nim_sum, 4U ^ 3U);
  bool found_pass = false;
  for (const auto& win : analysis.winning_moves) {
    if (win.component == 0 && win.move.take == 0) {
      found_pass = true;
      ASSERT_EQ(win.result.size(), 1U);
      EXPECT_EQ(win.result[0], (PassPile{3, true}));
    }
  }
  EXPECT_TRUE(found_pass);
}

TEST(PassNim, HugePiles) {
  const PassNim game;
  EXPECT_EQ(game.value(PassPile{PassNim::kMaxPile, false}), std::uint64_t{1} << 63);
  Analyzer<PassNim> analyzer(game);
  const std::vector<PassPile> sum{{PassNim::kMaxPile, false}, {PassNim::kMaxPile - 1, true}};
  const auto analysis = analyzer.analyze(sum);
  ASSERT_FALSE(analysis.winning_moves.empty());
  for (const auto& win : analysis.winning_moves) {
    Nimber total = game.value(sum[1 - win.component]);
    for (const PassPile& left : win.result) total ^= game.value(left);
    EXPECT_EQ(total, 0U);
  }
}

TEST(PassNimCli, Statement004) {
  const auto lost = testing::run_cli({"--json", "passnim", "18", "47", "34"});
  ASSERT_EQ(lost.status, 0) << lost.err;
  EXPECT_NE(lost.out.find("\"winner\":\"second\""), std::string::npos) << lost.out;
  EXPECT_NE(lost.out.find("\"components\":[17,48,33]"), std::string::npos) << lost.out;
  const auto won = testing::run_cli({"--json", "passnim", "32", "49", "58"});
  ASSERT_EQ(won.status, 0) << won.err;
  EXPECT_NE(won.out.find("\"value\":20"), std::string::npos) << won.out;
  EXPECT_NE(won.out.find("\"winner\":\"first\""), std::string::npos);
}

TEST(PassNimCli, UsedPassMarksAndPassMoves) {
  const auto r = testing::run_cli({"--json", "passnim", "3", "3*"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"components\":[4,3]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"from\":3,\"take\":0,\"pass\":true,\"to\":[3],\"used\":true,\"left\":[\"3*\"]"),
            std::string::npos)
      << r.out;
  const auto same = testing::run_cli({"--json", "passnim", "3", "3:used"});
  ASSERT_EQ(same.status, 0) << same.err;
  EXPECT_NE(same.out.find("\"components\":[4,3]"), std::string::npos) << same.out;
}

TEST(PassNimCli, BadInputExitsTwoWithOneLine) {
  for (const auto& bad :
       std::vector<std::string>{"-1", "x", "*", ":used", "5**", "5:usd", "9223372036854775808", "3.5", ""}) {
    const auto r = testing::run_cli({"passnim", "1", bad});
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

}  // namespace
}  // namespace grundy
