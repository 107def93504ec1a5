// --misere on the command line: the JSON fields (play, winner, outcome, winning
// moves, value null, genus), normal play's new "play" field, explain --misere,
// the empty position, and the combinations that are refused with one line.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/run_cli.hpp"

namespace grundy {
namespace {

using nlohmann::json;
using testing::CliResult;
using testing::expect_error;
using testing::run_cli;
using testing::run_json;

TEST(MisereCli, NimJsonFields) {
  // Misère Nim 1 1 2: the only winning move takes 1 from the 2 (three 1-piles left).
  const json j = run_json({"nim", "--misere", "1", "1", "2"});
  EXPECT_EQ(j["play"], "misere");
  EXPECT_EQ(j["winner"], "first");
  EXPECT_EQ(j["outcome"], "first");
  EXPECT_TRUE(j["value"].is_null());
  EXPECT_EQ(j["components"], json::array({1, 1, 2}));
  EXPECT_EQ(j["genus"], json::array({"1^031", "1^031", "2^20"}));
  ASSERT_EQ(j["winning_moves_count"], 1);
  EXPECT_EQ(j["winning_moves"][0]["component"], 2);
  EXPECT_EQ(j["winning_moves"][0]["to"], json::array({1}));
}

TEST(MisereCli, NormalPlaySaysSo) {
  const json j = run_json({"nim", "1", "1", "2"});
  EXPECT_EQ(j["play"], "normal");
  EXPECT_EQ(j["value"], 2);
  EXPECT_FALSE(j.contains("genus"));
}

TEST(MisereCli, KaylesSearchAndText) {
  const json j = run_json({"kayles", "--misere", "3", "4"});
  EXPECT_EQ(j["play"], "misere");
  EXPECT_EQ(j["genus"], json::array({"3^31", "1^031"}));
  const CliResult text = run_cli({"kayles", "--misere", "1"});
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("misère play: the second player wins"), std::string::npos) << text.out;
}

TEST(MisereCli, GenusOfTheWholePosition) {
  // Plambeck's .312: heaps 4 + 4 have genus 0^120 (his 0^{1202}), each heap 2^1420.
  const json j = run_json({"octal", "0.312", "--misere", "4", "4"});
  EXPECT_EQ(j["genus"], json::array({"2^1420", "2^1420"}));
  EXPECT_EQ(j["position_genus"], "0^120");
  EXPECT_NE(j["position_genus_note"].get<std::string>().find("definition"), std::string::npos);
  const CliResult text = run_cli({"octal", "0.312", "--misere", "4", "4"});
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("position genus 0^120 "), std::string::npos) << text.out;
  const CliResult explained = run_cli({"explain", "octal", "0.312", "--misere", "4", "4"});
  EXPECT_EQ(explained.status, 0) << explained.err;
  EXPECT_NE(explained.out.find("position genus 0^120 "), std::string::npos) << explained.out;
  // Misère Nim 1 + 1 + 2 is tame: 2^20 (γ0 = 2, then 0, 2, 0, ...).
  EXPECT_EQ(run_json({"nim", "--misere", "1", "1", "2"})["position_genus"], "2^20");
  // A component with too many options: no genus, and the reason.
  const json big = run_json({"nim", "--misere", "100", "3"});
  EXPECT_TRUE(big["position_genus"].is_null());
  EXPECT_NE(big["position_genus_note"].get<std::string>().find("not computed"), std::string::npos);
}

TEST(MisereCli, EmptyPositionIsAWin) {
  const json j = run_json({"dawsons-kayles", "--misere", "0"});
  EXPECT_EQ(j["winner"], "first");
  EXPECT_EQ(j["winning_moves_count"], 0);
}

// The empty position itself (no component) is written '' on the command line, and a
// command given no position at all says so.
TEST(MisereCli, TheEmptyPositionIsWrittenAsOneEmptyArgument) {
  const json misere = run_json({"nim", "--misere", ""});
  EXPECT_EQ(misere["position"], json::array());
  EXPECT_EQ(misere["winner"], "first");
  const json normal = run_json({"kayles", ""});
  EXPECT_EQ(normal["value"], 0);
  EXPECT_EQ(normal["winner"], "second");
  const auto text = run_cli({"nim", ""});
  EXPECT_NE(text.out.find("the empty position: value 0: "), std::string::npos) << text.out;
  const auto none = run_cli({"nim", "--misere"});
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("'' is the empty position"), std::string::npos) << none.err;
  EXPECT_NE(none.err.find("a win under --misere"), std::string::npos) << none.err;
}

TEST(MisereCli, ExplainListsEachOptionsMisereOutcome) {
  const json j = run_json({"explain", "nim", "--misere", "2"});
  EXPECT_EQ(j["play"], "misere");
  const json& options = j["explain"][0]["options"];
  ASSERT_EQ(options.size(), 2u);
  EXPECT_EQ(options[0]["misere_outcome"], "win");   // take 2: the opponent cannot move and wins
  EXPECT_EQ(options[1]["misere_outcome"], "loss");  // take 1: the opponent must take the last
  EXPECT_EQ(j["explain"][0]["genus"], "2^20");
}

// examples/loopy.txt: a <-> b with an exit b -> c. From b, moving to c hands the
// opponent a position with no move (a misère win for them); moving to a lets the
// game go round for ever: a draw.
TEST(MisereCli, GraphWithCyclesDrawsByRetrogradeAnalysis) {
  const std::string file = std::string(GRUNDY_TEST_DATA) + "/../../examples/loopy.txt";
  const json b = run_json({"graph", "--misere", file, "b"});
  EXPECT_EQ(b["outcome"], "draw");
  EXPECT_FALSE(b.contains("winner"));
  ASSERT_EQ(b["drawing_moves"].size(), 1u);
  EXPECT_EQ(b["drawing_moves"][0]["to"], "a");
  const json c = run_json({"graph", "--misere", file, "c"});
  EXPECT_EQ(c["winner"], "first");  // no move: the player to move wins
  // b and c: moving b to c leaves two pebbles with no move, a win for the opponent;
  // so does every other try but b -> a, which keeps the draw.
  const json t = run_json({"graph", "--misere", file, "t", "t", "c"});
  EXPECT_EQ(t["winner"], "first");
}

TEST(MisereCli, RefusedCombinations) {
  expect_error(run_cli({"treblecross", "--misere", "....."}), "treblecross: misère play is not defined");
  expect_error(run_cli({"treblecross", "--misere", "--batch"}, ""), "--misere");
  expect_error(run_cli({"kayles", "--misere", "--upto", "100000", "5000000"}), "heap 1");
}

}  // namespace
}  // namespace grundy
