// Fraenkel's r-Wythoff: the searched values against a plain recursion written
// apart from the game's code, the closed form of the losing pairs against
// their definition (a_n the least number not yet used, b_n = a_n + r*n) and
// against Fraenkel's first pairs for r = 2, 3, the winning moves of large pairs
// against the rules, and the command line (Wythoff's own answers unchanged).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include <nlohmann/json.hpp>

#include "grundy/core/solver.hpp"
#include "grundy/games/wythoff.hpp"
#include "grundy/games/wythoff_positions.hpp"
#include "support/conformance.hpp"
#include "support/run_cli.hpp"

namespace grundy {
namespace r_wythoff_test {

// Plain recursion over (a, b) with the rule read off the definition.
class BruteWythoff {
 public:
  explicit BruteWythoff(std::int64_t r) : r_(r) {}
  Nimber value(std::int64_t a, std::int64_t b) {
    if (auto it = memo_.find({a, b}); it != memo_.end()) return it->second;
    std::set<Nimber> seen;
    for (std::int64_t k = 0; k <= a; ++k) {
      for (std::int64_t l = 0; l <= b; ++l) {
        if (k + l == 0) continue;
        const bool one_pile = k == 0 || l == 0;
        if (one_pile || std::abs(k - l) < r_) seen.insert(value(a - k, b - l));
      }
    }
    Nimber mex = 0;
    while (seen.count(mex) != 0) ++mex;
    return memo_[{a, b}] = mex;
  }
  std::set<std::pair<std::int64_t, std::int64_t>> winning_takes(std::int64_t a, std::int64_t b) {
    std::set<std::pair<std::int64_t, std::int64_t>> out;
    for (std::int64_t k = 0; k <= a; ++k) {
      for (std::int64_t l = 0; l <= b; ++l) {
        if (k + l == 0 || (k != 0 && l != 0 && std::abs(k - l) >= r_)) continue;
        if (value(a - k, b - l) == 0) out.insert({k, l});
      }
    }
    return out;
  }

 private:
  std::int64_t r_;
  std::map<std::pair<std::int64_t, std::int64_t>, Nimber> memo_;
};

TEST(RWythoff, SearchMatchesBruteForce) {
  for (std::uint64_t r = 1; r <= 4; ++r) {
    BruteWythoff brute(static_cast<std::int64_t>(r));
    const games::Wythoff game(r);
    Solver<games::Wythoff> solver(game);
    for (std::uint64_t a = 0; a <= 18; ++a) {
      for (std::uint64_t b = 0; b <= 18; ++b) {
        ASSERT_EQ(solver.value({a, b}), brute.value(static_cast<std::int64_t>(a), static_cast<std::int64_t>(b)))
            << "r " << r << ": " << a << "," << b;
      }
    }
  }
}

TEST(RWythoff, Conformance) {
  std::vector<games::Wythoff::Position> pairs;
  for (std::uint64_t a = 0; a <= 5; ++a) {
    for (std::uint64_t b = 0; b <= 5; ++b) pairs.push_back({a, b});
  }
  testing::expect_conformance(games::Wythoff(2), pairs);
  testing::expect_conformance(games::Wythoff(3), pairs);
}

// The closed form against the definition, for r = 1 .. 6 and n up to 3000.
TEST(RWythoff, ClosedFormMatchesTheMexDefinition) {
  for (std::uint64_t r = 1; r <= 6; ++r) {
    std::set<std::uint64_t> used{0};
    std::uint64_t mex = 0;
    for (std::uint64_t n = 1; n <= 3000; ++n) {
      while (used.count(mex) != 0) ++mex;
      const std::uint64_t a = mex;
      const std::uint64_t b = a + r * n;
      used.insert(a);
      used.insert(b);
      ASSERT_EQ(games::r_wythoff_lower(n, r), a) << "r " << r << " n " << n;
      ASSERT_EQ(games::r_wythoff_partner(a, r), b);
      ASSERT_EQ(games::r_wythoff_partner(b, r), a);
      ASSERT_TRUE(games::r_wythoff_losing(a, b, r));
      ASSERT_TRUE(games::r_wythoff_losing(b, a, r));
    }
  }
}

// Fraenkel (1982), the first losing pairs (a_n, b_n) for r = 2 and r = 3.
TEST(RWythoff, FraenkelsFirstPairs) {
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> two{{0, 0}, {1, 3}, {2, 6}, {4, 10},
                                                                 {5, 13}, {7, 17}, {8, 20}, {9, 23}};
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> three{{0, 0}, {1, 4},  {2, 8},  {3, 12},
                                                                   {5, 17}, {6, 21}, {7, 25}, {9, 30}};
  for (std::uint64_t n = 0; n < two.size(); ++n) {
    EXPECT_EQ(games::r_wythoff_lower(n, 2), two[n].first);
    EXPECT_TRUE(games::r_wythoff_losing(two[n].first, two[n].second, 2));
    EXPECT_EQ(games::r_wythoff_lower(n, 3), three[n].first);
    EXPECT_TRUE(games::r_wythoff_losing(three[n].first, three[n].second, 3));
  }
}

TEST(RWythoff, WinningTakesMatchBruteForceOnSmallPairs) {
  for (std::uint64_t r = 1; r <= 4; ++r) {
    BruteWythoff brute(static_cast<std::int64_t>(r));
    for (std::uint64_t a = 0; a <= 40; ++a) {
      for (std::uint64_t b = 0; b <= 40; ++b) {
        std::set<std::pair<std::int64_t, std::int64_t>> found;
        for (const auto& t : games::r_wythoff_winning_takes(a, b, r)) {
          found.insert({static_cast<std::int64_t>(t.first), static_cast<std::int64_t>(t.second)});
        }
        ASSERT_EQ(found, brute.winning_takes(static_cast<std::int64_t>(a), static_cast<std::int64_t>(b)))
            << "r " << r << ": " << a << "," << b;
        ASSERT_EQ(games::r_wythoff_losing(a, b, r), brute.value(static_cast<std::int64_t>(a),
                                                               static_cast<std::int64_t>(b)) == 0);
      }
    }
  }
}

// Piles to 2^63-1: each listed move obeys the rules and leaves a losing pair;
// the pairs of the sequence around a large n are still complementary.
TEST(RWythoff, LargePairs) {
  std::mt19937_64 rng(7);
  const std::uint64_t max_pile = (std::uint64_t{1} << 63) - 1;
  for (int trial = 0; trial < 3000; ++trial) {
    const std::uint64_t r = 1 + rng() % (trial % 2 == 0 ? 5 : 1000000);
    const std::uint64_t a = rng() % max_pile;
    const std::uint64_t b = trial % 3 == 0 ? a + rng() % 100 : rng() % max_pile;
    const auto takes = games::r_wythoff_winning_takes(a, b, r);
    EXPECT_EQ(takes.empty(), games::r_wythoff_losing(a, b, r));
    EXPECT_FALSE(takes.empty() && !games::r_wythoff_losing(a, b, r));
    for (const auto& t : takes) {
      ASSERT_LE(t.first, a);
      ASSERT_LE(t.second, b);
      ASSERT_GT(t.first + t.second, 0U);
      if (t.first != 0 && t.second != 0) {
        ASSERT_LT(t.first > t.second ? t.first - t.second : t.second - t.first, r);
      }
      EXPECT_TRUE(games::r_wythoff_losing(a - t.first, b - t.second, r));
    }
    // Every pile is in exactly one losing pair.
    const auto partner = games::r_wythoff_partner(a, r);
    if (partner && *partner <= max_pile) {
      EXPECT_TRUE(games::r_wythoff_losing(a, *partner, r));
    }
  }
  // a_n strictly increasing across large n, and b_n = a_n + r*n its partner.
  const std::uint64_t n = std::uint64_t{1} << 61;
  const auto lower = games::r_wythoff_lower(n, 2);
  const auto next = games::r_wythoff_lower(n + 1, 2);
  ASSERT_TRUE(lower && next);
  EXPECT_GT(*next, *lower);
  EXPECT_EQ(games::r_wythoff_partner(*lower, 2), *lower + 2 * n);
}

TEST(RWythoffCli, WythoffAnswersUnchangedAndLargePairs) {
  // Answers of the game as it was before --r existed, byte for byte.
  EXPECT_EQ(testing::run_cli({"--json", "wythoff", "3,5", "1,2"}).out,
            "{\"game\":\"wythoff\",\"position\":[\"3,5\",\"1,2\"],\"value\":0,\"winner\":\"second\",\"components\":[0,"
            "0],\"winning_moves\":[],\"winning_moves_count\":0,\"winning_moves_complete\":true,\"outcome\":\"second\","
            "\"play\":\"normal\"}\n");
  EXPECT_EQ(testing::run_cli({"wythoff", "10,12", "3,3"}).out,
            "wythoff 10,12 3,3\n  component 1: 10,12  value 7\n  component 2: 3,3  value 6\nnim-sum 1: the first "
            "player wins\nwinning moves (1):\n  in component 1: take 1 from both piles of 10,12, leaving 9,11\n");
  EXPECT_EQ(testing::run_cli({"--json", "wythoff", "--r", "1", "3,5"}).out,
            testing::run_cli({"--json", "wythoff", "3,5"}).out);
  // A large pair: the winner and the winning moves from the closed form.
  const auto big = nlohmann::json::parse(
      testing::run_cli({"--json", "wythoff", "--r", "2", "1000000000000000000,1000000000000000007"}).out);
  EXPECT_EQ(big["method"], "losing-pairs");
  EXPECT_EQ(big["winner"], "first");
  EXPECT_TRUE(big["value"].is_null());
  ASSERT_FALSE(big["winning_moves"].empty());
  const auto to = big["winning_moves"][0]["to"];
  EXPECT_TRUE(games::r_wythoff_losing(to[0].get<std::uint64_t>(), to[1].get<std::uint64_t>(), 2));
  // r = 2, small: values by search.
  const auto small = nlohmann::json::parse(testing::run_cli({"--json", "wythoff", "--r", "2", "2,6"}).out);
  EXPECT_EQ(small["components"][0], 0);
}

TEST(RWythoffCli, BadInputIsOneLine) {
  const std::vector<std::vector<std::string>> bad{
      {"wythoff", "--r", "0", "3,5"},   {"wythoff", "--r", "-1", "3,5"},  {"wythoff", "--r", "x", "3,5"},
      {"wythoff", "--r", "99999999999999999999", "3,5"},                  {"wythoff", "3"},
      {"wythoff", "9223372036854775808,1"}, {"wythoff", "2000,1", "3,5"},  {"wythoff", "1,2,3"},
      {"wythoff", "--misere", "2000,1"}};
  for (const auto& args : bad) {
    const auto e = testing::run_cli(args);
    EXPECT_EQ(e.status, 2) << args.back();
    EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
  }
}

}  // namespace r_wythoff_test
}  // namespace grundy
