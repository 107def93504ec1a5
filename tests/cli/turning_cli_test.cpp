// Coin-turning games on the command line: answers, explain, tables (plain and
// product), misère play against a brute force, bad codes and strips, memory.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <bit>
#include <map>
#include <set>

#include "grundy/catalogue/catalogue.hpp"
#include "grundy/catalogue/entry.hpp"
#include "grundy/catalogue/report.hpp"
#include "grundy/core/nim_multiply.hpp"
#include "support/run_cli.hpp"

namespace turning_cli_test {

using grundy::testing::expect_error;
using grundy::testing::run_cli;
using grundy::testing::run_json;
using nlohmann::json;

TEST(TurningCli, MockTurtlesStrip) {
  const json r = run_json({"turning", "1-3", "HTTHH"});
  EXPECT_EQ(r["value"], 1 ^ 7 ^ 8);
  EXPECT_EQ(r["outcome"], "first");
  EXPECT_EQ(r["code"], "1-3");
  EXPECT_EQ(r["method"], "pairs");
  // Every winning move leaves value 0: check each against the heap values 1, 2, 4, 7, 8.
  const std::vector<int> g = {0, 1, 2, 4, 7, 8};
  ASSERT_GT(r["winning_moves"].size(), 0U);
  for (const json& move : r["winning_moves"]) {
    const std::string to = move["to"].get<std::string>();
    int value = 0;
    for (std::size_t i = 0; i < to.size(); ++i) value ^= to[i] == 'H' ? g[i + 1] : 0;
    EXPECT_EQ(value, 0) << move.dump();
  }
  // 0/1 coins and trailing tails: the same strip.
  EXPECT_EQ(run_json({"turning", "1-3", "10011000"})["value"], 1 ^ 7 ^ 8);
}

TEST(TurningCli, ExplainListsEveryLegalSet) {
  // Heads at 1 and 3 under Mock Turtles: coin 1 alone; coin 3 with any of {}, {1}, {2}, {1, 2}.
  const json r = run_json({"explain", "turning", "1-3", "HTH"});
  ASSERT_EQ(r["explain"].size(), 1U);
  EXPECT_EQ(r["explain"][0]["options_count"], 5);
  std::set<std::vector<int>> sets;
  for (const json& option : r["explain"][0]["options"]) sets.insert(option["coins"].get<std::vector<int>>());
  EXPECT_EQ(sets, (std::set<std::vector<int>>{{1}, {3}, {1, 3}, {2, 3}, {1, 2, 3}}));
}

TEST(TurningCli, TablesOfRulerAndOfAProduct) {
  const json ruler = run_json({"table", "turning", "1+C", "--upto", "16"});
  for (int n = 1; n <= 16; ++n) EXPECT_EQ(ruler["values"][n], n & -n) << n;
  EXPECT_EQ(ruler["method"], "prefix trie");
  const json plain = run_json({"table", "turning", "1+C", "--method", "plain", "--upto", "16"});
  EXPECT_EQ(plain["values"], ruler["values"]);

  const json corners = run_json({"table", "turning", "2", "--times", "2", "--upto", "5,7"});
  ASSERT_EQ(corners["values"].size(), 6U);
  for (int m = 0; m <= 5; ++m) {
    ASSERT_EQ(corners["values"][m].size(), 8U);
    for (int n = 0; n <= 7; ++n) {
      // Twins: g(0) = 0 (no coin), g(n) = n - 1.
      const grundy::Nimber expected = (m == 0 || n == 0) ? 0 : grundy::nim_multiply(m - 1, n - 1);
      EXPECT_EQ(corners["values"][m][n], expected) << m << "," << n;
    }
  }
  EXPECT_EQ(corners["columns_upto"], 7);
  EXPECT_EQ(corners["times"], "2");
  const auto text = run_cli({"table", "turning", "2", "--times", "2", "--upto", "3,3"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("3: 0 0 2 3"), std::string::npos) << text.out;
}

TEST(TurningCli, ProductBoards) {
  // Turning Corners: a head at row 3, column 3 has value 2 * 2 = 3.
  const json r = run_json({"turning", "2", "--times", "2", "TTT/TTT/TTH"});
  EXPECT_EQ(r["value"], 3);
  EXPECT_EQ(r["outcome"], "first");
  const json e = run_json({"explain", "turning", "2", "--times", "2", "TTT/TTT/TTH"});
  EXPECT_EQ(e["explain"][0]["options_count"], 4);  // the rectangles with corner (3,3): rows {1,2} x columns {1,2}
}

// Misère play on the strip, against a search over strips as bitmasks (Mock Turtles).
bool brute_misere_win(unsigned strip, std::map<unsigned, bool>& memo) {
  if (strip == 0) return true;  // no move: the player to move wins in misère play
  if (auto it = memo.find(strip); it != memo.end()) return it->second;
  bool win = false;
  for (unsigned top = 0; top < 8 && !win; ++top) {
    if (((strip >> top) & 1) == 0) continue;
    for (unsigned others = (1U << top) - 1;; others = (others - 1) & ((1U << top) - 1)) {
      if (std::popcount(others) <= 2 && !brute_misere_win(strip ^ others ^ (1U << top), memo)) win = true;
      if (others == 0 || win) break;
    }
  }
  return memo[strip] = win;
}

TEST(TurningCli, MiserePlayIsPlayedOnTheStrip) {
  const auto* entry = grundy::catalogue::find_game("turning");
  ASSERT_NE(entry, nullptr);
  auto instance = entry->make({{"code", "1-3"}}, grundy::catalogue::Context{});
  std::map<unsigned, bool> memo;
  for (unsigned strip = 1; strip < (1U << 7); ++strip) {
    std::string text;
    for (unsigned i = 0; i < 7; ++i) text += ((strip >> i) & 1) ? 'H' : 'T';
    const auto report = instance->analyse_misere(instance->parse({text}), 4);
    EXPECT_EQ(report.outcome == grundy::catalogue::Outcome::first, brute_misere_win(strip, memo)) << text;
  }
  const json j = run_json({"turning", "1-3", "--misere", "HH"});
  EXPECT_EQ(j["play"], "misere");
}

TEST(TurningCli, BadCodesAndStripsGetOneLine) {
  expect_error(run_cli({"turning", "1-", "HT"}), "turning code '1-'");
  expect_error(run_cli({"turning", "1X", "HT"}), "unknown modifier 'X'");
  expect_error(run_cli({"turning", "3-1", "HT"}), "ends below its start");
  expect_error(run_cli({"turning", "0", "HT"}), "at least 1");
  expect_error(run_cli({"turning", "1-3", "HXT"}), "'X' at coin 2 is not a coin");
  expect_error(run_cli({"turning", "1-3", "--times", "2", "HT/H"}), "row 2");
  expect_error(run_cli({"table", "turning", "1-3", "--upto", "3,4"}), "for products");
  expect_error(run_cli({"table", "turning", "1-3", "--upto", "-3"}), "--upto");
  expect_error(run_cli({"table", "turning", "1-3", "--upto", "2000000"}), "--upto");
}

TEST(TurningCli, BigTablesAndMoidoresUnderTheMemoryBudget) {
  const auto mock = run_cli({"--memory", "256M", "--json", "table", "turning", "1-3", "--upto", "1000000", "--summary"});
  ASSERT_EQ(mock.status, 0) << mock.err;
  EXPECT_LT(grundy::testing::measured_peak_kib(mock), 256 * 1024);
  const auto ruler = run_cli({"--memory", "256M", "--json", "table", "turning", "1+C", "--upto", "1000000", "--summary"});
  ASSERT_EQ(ruler.status, 0) << ruler.err;
  EXPECT_LT(grundy::testing::measured_peak_kib(ruler), 256 * 1024);
  const json moidores = run_json({"--memory", "256M", "table", "turning", "1-9", "--upto", "30"});
  EXPECT_EQ(moidores["values"].size(), 31U);
  EXPECT_EQ(moidores["method"], "bitmaps");
  // Past what the budget holds: one line, exit 2.
  expect_error(run_cli({"--memory", "8M", "table", "turning", "1-9", "--upto", "200"}), "memory budget exceeded");
}

}  // namespace turning_cli_test
