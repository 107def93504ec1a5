// `grundy play` through the real binary and a pipe: the engine, moving first from
// a won position, wins whatever the person plays (random legal and illegal moves);
// illegal moves get one line and another prompt; hint lists exactly the
// analysis's winning moves; undo, value, quit and the end of input exit 0.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/run_cli.hpp"

namespace grundy {
namespace {

using nlohmann::json;
using testing::run_cli;

const std::string kLoopyGraph = std::string(GRUNDY_TEST_DATA) + "/graph/loopy.txt";

std::vector<json> events(const std::string& out) {
  std::vector<json> list;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) list.push_back(json::parse(line));
  return list;
}

std::vector<json> of_kind(const std::vector<json>& all, const std::string& kind) {
  std::vector<json> out;
  for (const json& e : all) {
    if (e["event"] == kind) out.push_back(e);
  }
  return out;
}

// Many random "C:N" lines: the illegal ones are refused, the legal ones played.
std::string random_moves(unsigned seed) {
  std::mt19937 random(seed);
  std::string script;
  for (int i = 0; i < 600; ++i)
    script += std::to_string(1 + random() % 4) + ":" + std::to_string(1 + random() % 4) + "\n";
  return script;
}

TEST(PlayCli, TheEngineNeverLosesAWonPosition) {
  const std::vector<std::vector<std::string>> games = {
      {"nim", "3", "4", "6"},     {"kayles", "4", "7"},       {"subtraction", "--set", "1,2,5", "9", "4"},
      {"rect", "0110/1011/1100"}, {"treblecross", "......."}, {"graph", kLoopyGraph, "b", "a"},
      {"wythoff", "2,4"},         {"grundys-game", "9"},
  };
  for (const auto& game : games) {
    std::vector<std::string> analyse{"--json"};
    analyse.insert(analyse.end(), game.begin(), game.end());
    const auto analysed = run_cli(analyse);
    ASSERT_EQ(analysed.status, 0) << analysed.err;
    ASSERT_EQ(json::parse(analysed.out)["outcome"], "first") << game[0] << ": the sample must be a won position";
    for (unsigned seed = 1; seed <= 3; ++seed) {
      std::vector<std::string> args{"--json", "play", game[0], "--second"};
      args.insert(args.end(), game.begin() + 1, game.end());
      const auto r = run_cli(args, random_moves(seed));
      ASSERT_EQ(r.status, 0) << r.err;
      const std::vector<json> all = events(r.out);
      ASSERT_FALSE(all.empty());
      EXPECT_EQ(all.front()["event"], "start");
      EXPECT_EQ(all.back()["event"], "end") << game[0];
      EXPECT_EQ(all.back()["winner"], "engine") << game[0] << " seed " << seed << "\n" << r.out;
      for (const json& move : of_kind(all, "move")) {
        if (move["by"] == "you") {
          EXPECT_EQ(move["verdict"], "from_loss") << game[0];
        }
      }
    }
  }
}

TEST(PlayCli, IllegalMovesGetOneLineAndAnotherPrompt) {
  const auto r = run_cli({"play", "nim", "--first", "3"}, "banana\n3 -> 9\n3 -> 1\nquit\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("'banana' is not a move here"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no move takes 3 to 9"), std::string::npos) << r.out;
  std::size_t prompts = 0;
  for (std::size_t at = r.out.find("your move> "); at != std::string::npos; at = r.out.find("your move> ", at + 1)) {
    ++prompts;
  }
  EXPECT_EQ(prompts, 3u) << r.out;  // banana, 3 -> 9, 3 -> 1; the engine takes the last token
  EXPECT_NE(r.out.find("you have no move: the engine wins."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pile 1 (3): ● ● ●"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("that throws away your win"), std::string::npos) << r.out;
}

TEST(PlayCli, HintListsExactlyTheWinningMoves) {
  const auto analysed = run_cli({"--json", "kayles", "4", "7", "1"});
  ASSERT_EQ(analysed.status, 0) << analysed.err;
  const json report = json::parse(analysed.out);
  const auto r = run_cli({"--json", "play", "kayles", "--first", "4", "7", "1"}, "hint\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<json> hints = of_kind(events(r.out), "hint");
  ASSERT_EQ(hints.size(), 1u);
  std::vector<std::string> listed;
  std::vector<std::string> expected;
  for (const json& move : hints[0]["winning_moves"]) {
    listed.push_back(move["move"]);
    EXPECT_EQ(move["value"], 0);
  }
  for (const json& move : report["winning_moves"]) expected.push_back(move["move"]);
  EXPECT_EQ(listed, expected);
  EXPECT_EQ(hints[0]["winning_moves_count"], report["winning_moves_count"]);
  const auto lost = run_cli({"play", "nim", "--first", "2", "2"}, "hint\n");
  EXPECT_NE(lost.out.find("no winning move: every move loses against perfect play"), std::string::npos) << lost.out;
}

TEST(PlayCli, UndoValueAndTheEndOfInput) {
  const auto r = run_cli({"--json", "play", "nim", "--first", "3", "4", "6"}, "value\n3 -> 2\nundo\nundo\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<json> all = events(r.out);
  const std::vector<json> values = of_kind(all, "value");
  ASSERT_EQ(values.size(), 1u);
  EXPECT_EQ(values[0]["value"], 1);
  EXPECT_EQ(values[0]["outcome"], "first");
  const std::vector<json> moves = of_kind(all, "move");
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0]["by"], "you");
  EXPECT_EQ(moves[0]["verdict"], "kept_win");
  EXPECT_EQ(moves[0]["position"], json({"2", "4", "6"}));
  EXPECT_EQ(moves[1]["by"], "engine");
  const std::vector<json> undone = of_kind(all, "undo");
  ASSERT_EQ(undone.size(), 1u);
  EXPECT_EQ(undone[0]["position"], json({"3", "4", "6"}));
  ASSERT_EQ(of_kind(all, "error").size(), 1u);  // the second undo: nothing left to take back
  EXPECT_EQ(all.back()["event"], "end");
  EXPECT_EQ(all.back()["reason"], "end of input");
  EXPECT_TRUE(all.back()["winner"].is_null());
}

// Misère Nim 3 4 6 (a misère win: xor 1, piles above 1): the engine, moving first, wins
// whatever the person plays; the person is left with the last move to make.
TEST(PlayCli, TheEngineWinsMisereNim) {
  const auto analysed = run_cli({"--json", "nim", "--misere", "3", "4", "6"});
  ASSERT_EQ(json::parse(analysed.out)["outcome"], "first") << analysed.out;
  for (unsigned seed = 1; seed <= 3; ++seed) {
    const auto r = run_cli({"--json", "play", "nim", "--misere", "--second", "3", "4", "6"}, random_moves(seed));
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<json> all = events(r.out);
    EXPECT_EQ(all.front()["play"], "misere");
    EXPECT_EQ(all.back()["event"], "end");
    EXPECT_EQ(all.back()["winner"], "engine") << r.out;
    EXPECT_EQ(all.back()["play"], "misere");
  }
  // In text: the person makes the last move and loses.
  const auto text = run_cli({"play", "nim", "--misere", "--second", "2"}, "1 -> 0\n");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("you made the last move (misère play): the engine wins."), std::string::npos) << text.out;
  // hint and value use the misère analysis: 1 1 is a misère win (take one of the 1s).
  const auto hinted = run_cli({"--json", "play", "nim", "--misere", "--first", "1", "1"}, "value\nhint\n");
  const std::vector<json> all = events(hinted.out);
  const json value = of_kind(all, "value").at(0);
  EXPECT_EQ(value["outcome"], "first");
  EXPECT_TRUE(value["value"].is_null());
  EXPECT_EQ(of_kind(all, "hint").at(0)["winning_moves_count"], 2);  // take either 1
  const auto said = run_cli({"play", "nim", "--misere", "--first", "1", "1"}, "value\n");
  EXPECT_NE(said.out.find("misère play: the player to move (you) wins"), std::string::npos) << said.out;
  // A game that refuses misère play refuses here with the same line.
  const auto refused = run_cli({"play", "treblecross", "--misere", "--first", "....."});
  const auto refused_cli = run_cli({"treblecross", "--misere", "....."});
  EXPECT_NE(refused.status, 0);
  EXPECT_EQ(refused.err, refused_cli.err);
}

TEST(PlayCli, ThePersonCanWinAndEveryGameIsShown) {
  // nim 1: take it, the engine has no move.
  const auto r = run_cli({"--json", "play", "nim", "--first", "1"}, "1 -> 0\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(events(r.out).back()["winner"], "you") << r.out;
  for (const std::vector<std::string>& game : std::vector<std::vector<std::string>>{{"rect", "0110/1011/1100"},
                                                                                    {"gridsplit", "*.*/.*./*.*"},
                                                                                    {"treblecross", "......."},
                                                                                    {"wythoff", "3,5"},
                                                                                    {"passnim", "5", "3*"},
                                                                                    {"divide", "10"},
                                                                                    {"graph", kLoopyGraph, "x", "b"}}) {
    std::vector<std::string> args{"play", game[0], "--first"};
    args.insert(args.end(), game.begin() + 1, game.end());
    const auto shown = run_cli(args, "explain\nhint\nhelp\nquit\n");
    EXPECT_EQ(shown.status, 0) << game[0] << ": " << shown.err;
    EXPECT_NE(shown.out.find("game over (quit)"), std::string::npos) << game[0] << shown.out;
    EXPECT_EQ(shown.err, "") << game[0];
  }
}

TEST(PlayCli, BadStartsAreOneLine) {
  const auto r = run_cli({"play", "nim", "-"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("standard input"), std::string::npos) << r.err;
  const auto both = run_cli({"play", "nim", "--first", "--second", "3"});
  EXPECT_EQ(both.status, 2);
  const auto none = run_cli({"play", "nim"});
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("a position is required"), std::string::npos) << none.err;
  EXPECT_NE(none.err.find("'' is the empty position"), std::string::npos) << none.err;
}

// The empty position ('') is a game: the player to move has no move, and so loses
// under normal play and wins under misère play.
TEST(PlayCli, TheEmptyPositionEndsAtOnce) {
  const auto normal = run_cli({"--json", "play", "nim", "--first", ""});
  ASSERT_EQ(normal.status, 0) << normal.err;
  const std::vector<json> all = events(normal.out);
  EXPECT_EQ(all.front()["event"], "start");
  EXPECT_EQ(all.front()["position"], json::array());
  EXPECT_EQ(all.back()["event"], "end");
  EXPECT_EQ(all.back()["winner"], "engine") << normal.out;
  const auto misere = run_cli({"--json", "play", "kayles", "--misere", "--first", ""});
  ASSERT_EQ(misere.status, 0) << misere.err;
  EXPECT_EQ(events(misere.out).back()["winner"], "you") << misere.out;
  const auto engine_first = run_cli({"play", "nim", "--second", ""});
  ASSERT_EQ(engine_first.status, 0) << engine_first.err;
  EXPECT_NE(engine_first.out.find("the engine has no move: you win!"), std::string::npos) << engine_first.out;
}

// A line that is not UTF-8 is a move that is not one: an error event quoting its
// bytes escaped, and the game goes on to the next line.
TEST(PlayCli, LinesThatAreNotUtf8GetAnErrorEvent) {
  const struct {
    std::vector<std::string> game;
    std::string line;
    std::string shown;
    std::string next;
  } cases[] = {
      {{"nim", "3"}, "\xff", "\\xff", "3 -> 0"},
      {{"kayles", "4"}, "caf\xe9 -> 1", "caf\\xe9", "4 -> 1 1"},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args{"--json", "play", c.game[0], "--first"};
    args.insert(args.end(), c.game.begin() + 1, c.game.end());
    const auto r = run_cli(args, c.line + "\n" + c.next + "\nquit\n");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const std::vector<json> all = events(r.out);
    const std::vector<json> errors = of_kind(all, "error");
    ASSERT_EQ(errors.size(), 1u) << r.out;
    EXPECT_NE(errors[0]["message"].get<std::string>().find(c.shown), std::string::npos) << r.out;
    // The game went on: the next line was played.
    ASSERT_FALSE(of_kind(all, "move").empty()) << r.out;
    EXPECT_EQ(of_kind(all, "move").front()["by"], "you");
  }
}

}  // namespace
}  // namespace grundy
