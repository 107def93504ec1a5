// `grundy graph`: pebbles on graphs with cycles through the command line, on
// hand-checked examples (draws, a cycle with an exit, self-loops, two infinite
// pebbles that do not cancel) and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "support/run_cli.hpp"

namespace grundy {
namespace {

using nlohmann::json;
using testing::run_cli;

const std::string kLoopy = std::string(GRUNDY_TEST_DATA) + "/graph/loopy.txt";

json graph_json(const std::vector<std::string>& pebbles) {
  std::vector<std::string> args{"--json", "graph", kLoopy};
  args.insert(args.end(), pebbles.begin(), pebbles.end());
  const auto r = run_cli(args);
  EXPECT_EQ(r.status, 0) << r.err;
  return json::parse(r.out);
}

TEST(GraphCli, EveryVertexValue) {
  const json all = graph_json({});
  const json& v = all["nimbers"];
  // c is terminal (0); b reaches c, so b = 1; a's only follower is b: a = 0 although it lies on a cycle.
  EXPECT_EQ(v["c"], 0);
  EXPECT_EQ(v["b"], 1);
  EXPECT_EQ(v["a"], 0);
  // s can stay on s forever or go to the terminal t: infinity({0}), a win (move to t).
  EXPECT_EQ(v["s"], json({{"infinity", {0}}}));
  // x <-> y with no exit: infinity({}), a draw.
  EXPECT_EQ(v["x"], json({{"infinity", json::array()}}));
  EXPECT_EQ(all["vertices"], 7);
}

TEST(GraphCli, TwoCycleIsADraw) {
  const json r = graph_json({"x"});
  EXPECT_EQ(r["outcome"], "draw");
  EXPECT_FALSE(r.contains("winner"));
  EXPECT_TRUE(r["winning_moves"].empty());
  ASSERT_EQ(r["drawing_moves"].size(), 1U);
  EXPECT_EQ(r["drawing_moves"][0]["to"], "y");
}

TEST(GraphCli, CycleWithAnExit) {
  const json b = graph_json({"b"});
  EXPECT_EQ(b["outcome"], "first");
  EXPECT_EQ(b["winner"], "first");
  // Both followers of b are losses for the player to move there: the terminal c and a (= 0).
  ASSERT_EQ(b["winning_moves"].size(), 2U);
  EXPECT_EQ(b["winning_moves"][0]["to"], "a");
  EXPECT_EQ(b["winning_moves"][1]["to"], "c");
  const json a = graph_json({"a"});
  EXPECT_EQ(a["outcome"], "second");
  EXPECT_EQ(a["value"], 0);
}

TEST(GraphCli, SelfLoopWinsByLeaving) {
  const json s = graph_json({"s"});
  EXPECT_EQ(s["value"], json({{"infinity", {0}}}));
  EXPECT_EQ(s["outcome"], "first");
  ASSERT_EQ(s["winning_moves"].size(), 1U);
  EXPECT_EQ(s["winning_moves"][0]["to"], "t");
}

TEST(GraphCli, InfinitePebblesDoNotCancel) {
  // Two copies of s: in Nim they would cancel; here the mover keeps the draw by looping.
  const json r = graph_json({"s", "s"});
  EXPECT_EQ(r["outcome"], "draw");
  for (const json& move : r["drawing_moves"]) EXPECT_EQ(move["to"], "s") << move.dump();
  // s with the terminal c (value 0): infinity({0} xor 0) = infinity({0}), a win (move s to t).
  const json mixed = graph_json({"s", "c"});
  EXPECT_EQ(mixed["value"], json({{"infinity", {0}}}));
  EXPECT_EQ(mixed["outcome"], "first");
}

TEST(GraphCli, ExplainShowsInfiniteValues) {
  const auto r = run_cli({"explain", "graph", kLoopy, "s"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("inf{0}"), std::string::npos) << r.out;
}

TEST(GraphCli, BadInput) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"graph", kLoopy, "zz"},
                                                                 {"graph", "no-such-graph.txt"},
                                                                 {"--memory", "1K", "graph", kLoopy}}) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args[1];
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
  const auto bad = run_cli({"graph", "-"}, "a b c\n");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("line 1"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace grundy
