// Generalized take-and-break codes, subtraction --all-but and splittles on the
// command line: answers, tables and their JSON fields, and refusals (one line,
// exit status 2).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/run_cli.hpp"

namespace take_break_cli_test {

using grundy::testing::expect_error;
using grundy::testing::run_cli;
using grundy::testing::run_json;

std::vector<std::uint64_t> table_values(const std::vector<std::string>& args) {
  const nlohmann::json j = run_json(args);
  return j.at("values").get<std::vector<std::uint64_t>>();
}

TEST(TakeBreakCli, NimAsACode) {
  const nlohmann::json j = run_json({"octal", "0.[3]", "5", "9"});
  EXPECT_EQ(j.at("code"), "0.[3]");
  EXPECT_EQ(j.at("value"), 5 ^ 9);
  EXPECT_EQ(j.at("period"), nullptr);
  EXPECT_EQ(j.at("period_theorem"), false);
  std::vector<std::uint64_t> nim;
  for (std::uint64_t n = 0; n <= 40; ++n) nim.push_back(n);
  EXPECT_EQ(table_values({"table", "octal", "0.[3]", "--upto", "40"}), nim);
}

TEST(TakeBreakCli, GrundysGameByItsCode) {
  const auto by_code = table_values({"table", "octal", "4!.0", "--upto", "2000"});
  const auto by_name = table_values({"table", "grundys-game", "--upto", "2000"});
  EXPECT_EQ(by_code, by_name);
  const nlohmann::json a = run_json({"octal", "4!.0", "100", "37"});
  const nlohmann::json b = run_json({"grundys-game", "100", "37"});
  EXPECT_EQ(a.at("value"), b.at("value"));
  EXPECT_EQ(a.at("winning_moves"), b.at("winning_moves"));
}

TEST(TakeBreakCli, AllButIsItsCode) {
  const auto all_but = table_values({"table", "subtraction", "--all-but", "2,3,7", "--upto", "200"});
  const auto code = table_values({"table", "octal", "0.3003330[3]", "--upto", "200"});
  EXPECT_EQ(all_but, code);
  const nlohmann::json j = run_json({"subtraction", "--all-but", "7,3,2", "20"});
  EXPECT_EQ(j.at("all_but"), nlohmann::json::array({2, 3, 7}));
  EXPECT_EQ(j.at("code"), "0.3003330[3]");
  EXPECT_EQ(j.at("value"), all_but[20]);
  const nlohmann::json e = run_json({"explain", "subtraction", "--all-but", "2,3,7", "9"});
  EXPECT_FALSE(e.dump().empty());
}

TEST(TakeBreakCli, SplittlesIsItsCode) {
  EXPECT_EQ(table_values({"table", "splittles", "--set", "1,2", "--upto", "300"}),
            table_values({"table", "kayles", "--upto", "300"}));
  const nlohmann::json j = run_json({"splittles", "--set", "1,2", "70"});
  EXPECT_EQ(j.at("set"), nlohmann::json::array({1, 2}));
  EXPECT_EQ(j.at("code"), "0.77");
  // A set beyond the octal digits: the generalized code, the plain method.
  const nlohmann::json big = run_json({"table", "splittles", "--set", "1,300", "--upto", "400"});
  EXPECT_EQ(big.at("method"), "plain");
}

TEST(TakeBreakCli, ExistingCodesKeepTheirOutput) {
  const nlohmann::json j = run_json({"octal", "0.77", "10"});
  EXPECT_FALSE(j.contains("period_theorem"));
  EXPECT_FALSE(j.contains("observed_period"));
  EXPECT_EQ(j.at("code"), "0.77");
}

TEST(TakeBreakCli, RefusesBadCodesInOneLine) {
  expect_error(run_cli({"octal", "20.017", "5"}), "before the point");
  expect_error(run_cli({"octal", "0.{2,3", "5"}), "'{' without '}'");
  expect_error(run_cli({"octal", "0.{64}", "5"}), "at most 63");
  expect_error(run_cli({"octal", "0.[3", "5"}), "'[' without ']'");
  expect_error(run_cli({"octal", "0.3!!", "5"}), "one modifier");
  expect_error(run_cli({"table", "octal", "0.{999999999999999999999}", "--upto", "5"}), "at most 63");
  expect_error(run_cli({"subtraction", "--all-but", "2,3", "--set", "1", "5"}), "exactly one of");
  expect_error(run_cli({"subtraction", "5"}), "exactly one of");
  expect_error(run_cli({"subtraction", "--all-but", "0", "5"}), "--all-but");
  expect_error(run_cli({"splittles", "--set", "70000", "5"}), "--set");
  expect_error(run_cli({"quotient", "octal", "0.[3]", "--upto", "10"}), "generalized code");
}

}  // namespace take_break_cli_test

namespace take_break_cli_test {

// The plain method's tables of generalized codes within a small memory budget:
// values exact (all-but against its own recursion above), memory measured.
TEST(TakeBreakCli, GeneralTablesStayWithinTheirMemoryBudget) {
  constexpr long kBudgetKib = 64 * 1024;
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--memory", "64M", "--json", "table", "subtraction", "--all-but", "2,3,7", "--upto",
                                 "2000", "--summary"},
        std::vector<std::string>{"--memory", "64M", "--json", "table", "octal", "0.[37]", "--upto", "600",
                                 "--summary"}}) {
    const auto r = run_cli(args);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_LT(grundy::testing::measured_peak_kib(r), kBudgetKib) << args[5];
    EXPECT_EQ(nlohmann::json::parse(r.out).at("upto"), std::stoull(args[args.size() - 2])) << args[5];
  }
}

}  // namespace take_break_cli_test
