// The `grundy rect` command on real inputs: the problem's examples, stdin in
// the problem's layout, the JSON contract, and every kind of bad board.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/run_cli.hpp"

namespace grundy {
namespace {

using testing::run_cli;

void expect_one_error_line(const testing::CliResult& r, const std::string& what, const std::string& needle) {
  EXPECT_EQ(r.status, 2) << what;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << what << ": " << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << what << ": " << r.err;
  EXPECT_TRUE(r.out.empty()) << what << ": " << r.out;
}

TEST(RectCli, StatementExamples) {
  const auto a = run_cli({"rect", "0110/0000/0000/0001"});
  EXPECT_EQ(a.status, 0) << a.err;
  EXPECT_NE(a.out.find("the first player wins"), std::string::npos) << a.out;
  EXPECT_NE(a.out.find("winner: A"), std::string::npos) << a.out;
  EXPECT_NE(a.out.find("(1,2)-(1,2)"), std::string::npos) << a.out;
  const auto b = run_cli({"rect", "0010/0000/0000/0001"});
  EXPECT_EQ(b.status, 0) << b.err;
  EXPECT_NE(b.out.find("the second player wins"), std::string::npos) << b.out;
  EXPECT_NE(b.out.find("winner: B"), std::string::npos) << b.out;
}

TEST(RectCli, JsonContract) {
  const auto r = run_cli({"--json", "rect", "0110/0000/0000/0001"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["game"], "rect");
  EXPECT_EQ(json["position"], nlohmann::json::array({"0110/0000/0000/0001"}));
  EXPECT_EQ(json["value"], 3);
  EXPECT_EQ(json["winner"], "first");
  EXPECT_EQ(json["components"], nlohmann::json::array({3}));
  ASSERT_EQ(json["winning_moves"].size(), 2U);
  const auto& first = json["winning_moves"][0];
  EXPECT_EQ(first["component"], 0);
  EXPECT_EQ(first["move"], "(1,2)-(1,2)");
  EXPECT_EQ(first["from"], nlohmann::json::array({1, 2}));
  EXPECT_EQ(first["to"], nlohmann::json::array({1, 2}));
  EXPECT_EQ(json["rows"], 4);
  EXPECT_EQ(json["cols"], 4);
  EXPECT_GE(json["memo_positions"].get<int>(), 2);

  const auto b = run_cli({"--json", "rect", "0010/0000/0000/0001"});
  ASSERT_EQ(b.status, 0) << b.err;
  const auto lost = nlohmann::json::parse(b.out);
  EXPECT_EQ(lost["winner"], "second");
  EXPECT_EQ(lost["value"], 0);
  EXPECT_TRUE(lost["winning_moves"].empty());
}

TEST(RectCli, RectangleMovesAreCornerPairs) {
  // A full 2x3 block: clearing all of it, (1,1)-(2,3), is one winning move; every
  // move is printed as its top-left and bottom-right corners, 1-based.
  const auto r = run_cli({"--json", "rect", "111/111"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["winner"], "first");
  bool whole = false;
  for (const auto& move : json["winning_moves"]) {
    if (move["move"] == "(1,1)-(2,3)") whole = true;
    EXPECT_GE(move["to"][0].get<int>(), move["from"][0].get<int>());
    EXPECT_GE(move["to"][1].get<int>(), move["from"][1].get<int>());
  }
  EXPECT_TRUE(whole) << r.out;  // clearing everything wins
}

TEST(RectCli, StdinInTheStatementsLayout) {
  const std::string input = "0 1 1 0\n\n0 0 0 0\n\n0 0 0 0\n\n0 0 0 1\n";
  const auto dash = run_cli({"--json", "rect", "-"}, input);
  ASSERT_EQ(dash.status, 0) << dash.err;
  EXPECT_EQ(nlohmann::json::parse(dash.out)["position"], nlohmann::json::array({"0110/0000/0000/0001"}));
  const auto none = run_cli({"--json", "rect"}, "0010\n0000\n0000\n0001\n");
  ASSERT_EQ(none.status, 0) << none.err;
  EXPECT_EQ(nlohmann::json::parse(none.out)["winner"], "second");
}

TEST(RectCli, BadBoardsExitTwoWithOneLine) {
  expect_one_error_line(run_cli({"rect", "0110/000"}), "ragged", "equal length");
  expect_one_error_line(run_cli({"rect"}, "0 1\n1\n"), "ragged stdin", "equal length");
  expect_one_error_line(run_cli({"rect", "0120/0000"}), "bad character", "'2'");
  expect_one_error_line(run_cli({"rect", "-"}, "0 1\n0 x\n"), "bad character stdin", "'x'");
  expect_one_error_line(run_cli({"rect", "1/1/1/1/1/1/1/1/1"}), "nine rows", "at most 8");
  expect_one_error_line(run_cli({"rect", "111111111"}), "nine columns", "more than 8 columns");
  expect_one_error_line(run_cli({"rect", ""}), "empty argument", "empty");
  expect_one_error_line(run_cli({"rect"}, ""), "empty stdin", "empty");
  expect_one_error_line(run_cli({"rect", "-"}, "\n  \n\n"), "blank stdin", "empty");
  expect_one_error_line(run_cli({"rect", "01//10"}), "empty row", "empty");
  expect_one_error_line(run_cli({"rect", "01", "10"}), "two boards", "one board");
}

TEST(RectCli, MemoryBudgetGivesAClearError) {
  // A dense random 8x8 board: hundreds of thousands of component positions, far
  // more than a 1 MiB memo table holds.
  const auto r = run_cli({"--memory", "1M", "rect", "11111110/01111100/11111101/11010110/10111010/11100111/10111110/01101111"});
  expect_one_error_line(r, "budget", "memory budget exceeded");
}

TEST(RectCli, ThreadsGiveTheSameAnswer) {
  // A 5x5 board large enough for the helper threads to start.
  const std::string board = "11101/11111/10111/11011/11110";
  nlohmann::json answers[3];
  const char* counts[3] = {"1", "2", "4"};
  for (int i = 0; i < 3; ++i) {
    const auto r = run_cli({"--json", "rect", "--threads", counts[i], board});
    ASSERT_EQ(r.status, 0) << r.err;
    answers[i] = nlohmann::json::parse(r.out);
    EXPECT_EQ(answers[i]["threads"], std::stoi(counts[i]));
    answers[i].erase("memo_positions");
    answers[i].erase("threads");
  }
  EXPECT_EQ(answers[1], answers[0]);
  EXPECT_EQ(answers[2], answers[0]);
  expect_one_error_line(run_cli({"rect", "--threads", "0", board}), "--threads 0", "--threads");
  expect_one_error_line(run_cli({"rect", "--threads", "two", board}), "--threads two", "--threads");
}

}  // namespace
}  // namespace grundy
