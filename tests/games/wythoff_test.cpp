// Wythoff's game: the conformance suite, the losing pairs against Wythoff's
// closed form (floor(k*phi), floor(k*phi^2)), and the command line.
#include "grundy/games/wythoff.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include <nlohmann/json.hpp>

#include "grundy/core/solver.hpp"
#include "support/conformance.hpp"
#include "support/run_cli.hpp"

namespace grundy {
namespace {

TEST(Wythoff, Conformance) {
  std::vector<games::Wythoff::Position> pairs;
  for (std::uint32_t a = 0; a <= 5; ++a) {
    for (std::uint32_t b = 0; b <= 5; ++b) pairs.push_back({a, b});
  }
  testing::expect_conformance(games::Wythoff{}, pairs);
}

TEST(Wythoff, LosingPairsAreTheBeattyPairs) {
  const games::Wythoff game;
  Solver<games::Wythoff> solver(game);
  const double phi = (1 + std::sqrt(5.0)) / 2;
  std::set<std::pair<std::uint32_t, std::uint32_t>> losing;
  for (std::uint32_t k = 0; k < 40; ++k) {
    const auto a = static_cast<std::uint32_t>(std::floor(k * phi));
    losing.insert({a, a + k});
    losing.insert({a + k, a});
  }
  for (std::uint32_t a = 0; a < 50; ++a) {
    for (std::uint32_t b = 0; b < 50; ++b) {
      EXPECT_EQ(solver.value({a, b}) == 0, losing.count({a, b}) == 1) << a << "," << b;
    }
  }
}

TEST(Wythoff, FirstRowIsNim) {
  // With one pile empty the game is Nim on the other: g(0, n) = n.
  const games::Wythoff game;
  Solver<games::Wythoff> solver(game);
  for (std::uint32_t n = 0; n < 30; ++n) EXPECT_EQ(solver.value({0, n}), n);
}

TEST(WythoffCli, LosingPairsAndBadInput) {
  const auto r = testing::run_cli({"--json", "wythoff", "3,5", "1,2"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["components"], nlohmann::json::array({0, 0}));
  EXPECT_EQ(json["winner"], "second");
  const auto win = nlohmann::json::parse(testing::run_cli({"--json", "wythoff", "4,4"}).out);
  ASSERT_EQ(win["winning_moves"].size(), 1U);
  EXPECT_EQ(win["winning_moves"][0]["to"], nlohmann::json::array({0, 0}));
  for (const std::string bad : {"3", "3,", "-1,2", "9223372036854775808,2", "a,b"}) {
    const auto e = testing::run_cli({"wythoff", bad});
    EXPECT_EQ(e.status, 2) << bad;
    EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
  }
}

}  // namespace
}  // namespace grundy
