// grundy examples: the main job on built-in data. Solves every worked example
// of the five problems grundy started from, runs each through the real command
// in-process, and checks the answer the problem gives where it gives one.
#include <fmt/format.h>

#include <cstdio>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <unistd.h>

#include "grundy/core/errors.hpp"
#include "game_commands.hpp"
#include "grundy/catalogue/report.hpp"
#include "grundy/catalogue/json_text.hpp"

namespace grundy::cli {

namespace {

using Json = catalogue::Json;

struct Example {
  std::string statement;            // which problem it comes from
  std::string title;                // what the example is
  std::vector<std::string> args;    // the command, as typed after `grundy`
  std::string input;                // standard input, when the command reads it
  std::string expected_winner;      // "first" or "second", as the problem says
  std::string expected_moves;       // the problem's winning moves, "" when it gives none
};

// A small DAG for the pebble game: a -> b -> c, a -> c, d -> a.
constexpr const char* kPebbleGraph =
    "# the pebble game on a DAG\n"
    "a b\nb c\na c\nd a\n";

std::vector<Example> problem_examples(const std::string& graph_file) {
  return {
      {"rectangle clearing", "4x4 matrix, clear an all-1 rectangle: first example", {"rect", "0110/0000/0000/0001"}, "", "first", ""},
      {"rectangle clearing", "4x4 matrix, clear an all-1 rectangle: second example", {"rect", "0010/0000/0000/0001"}, "", "second", ""},
      {"pebbles and three in a row", "pebbles on a DAG at b and d (a->b->c, a->c, d->a)", {"dag", graph_file, "b", "d"}, "", "first", ""},
      {"pebbles and three in a row", "three in a row: the row .....X.", {"treblecross", ".....X."}, "", "first", ""},
      {"pebbles and three in a row", "three in a row: classic sample .....", {"treblecross", "....."}, "", "first", "3"},
      {"pebbles and three in a row", "three in a row: classic sample X.....X..X.............X....X..X",
       {"treblecross", "X.....X..X.............X....X..X"}, "", "second", ""},
      {"pebbles and three in a row", "three in a row: classic sample .X.X...X", {"treblecross", ".X.X...X"}, "", "first", "3"},
      {"pebbles and three in a row", "three in a row: a row of 47 empty cells", {"treblecross", std::string(47, '.')}, "", "first",
       "1 12 15 17 20 24 28 31 33 36 47"},
      {"subtraction and division", "remove 1, 2 or 3: piles 3, 4, 5", {"subtraction", "--set", "1,2,3", "3", "4", "5"}, "", "first", ""},
      {"subtraction and division", "exercise: divide by 2, 3 or 6: 10 and 10^18", {"divide", "10", "1000000000000000000"}, "", "", ""},
      {"grid splitting", "candidate points: a 3x4 grid with three candidates", {"gridsplit", "-"}, "*..#\n.#*.\n#..*\n", "", ""},
      {"pass-Nim", "pass-Nim: piles 18, 47, 34", {"passnim", "18", "47", "34"}, "", "second", ""},
      {"pass-Nim", "pass-Nim: piles 32, 49, 58", {"passnim", "32", "49", "58"}, "", "first", ""},
  };
}

// Runs one command in-process with --json, its stdout redirected. A command that
// reads standard input ('-') reads the example's input from a temporary file
// instead: games read standard input from the descriptor itself (bounded, and
// interruptible while it waits), not through std::cin.
Json run_json(const Example& example) {
  CLI::App app;
  GlobalOptions options;
  options.json = true;
  options.quiet = true;
  app.fallthrough();
  add_all_commands(app, options);
  std::vector<std::string> args = example.args;
  std::filesystem::path input;
  if (!example.input.empty()) {
    input = std::filesystem::temp_directory_path() / fmt::format("grundy-example-input-{}.txt", ::getpid());
    std::ofstream(input) << example.input;
    std::replace(args.begin(), args.end(), std::string("-"), input.string());
  }
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  std::ostringstream output;
  auto* old_out = std::cout.rdbuf(output.rdbuf());
  const auto restore = [&] {
    std::cout.rdbuf(old_out);
    if (!input.empty()) std::filesystem::remove(input);
  };
  try {
    app.parse(reversed);
  } catch (...) {
    restore();
    throw;
  }
  restore();
  return Json::parse(output.str());
}

std::string moves_text(const Json& json) {
  std::vector<std::string> moves;
  for (const Json& move : json.at("winning_moves")) {
    moves.push_back(move.is_object() ? move.at("move").get<std::string>() : move.dump());
  }
  return fmt::format("{}", fmt::join(moves, moves.size() > 0 && json.at("winning_moves")[0].is_object() ? "; " : " "));
}

}  // namespace

void add_examples_command(CLI::App& app, GlobalOptions& options) {
  auto* command = app.add_subcommand("examples", "solve every worked example of the problems grundy started from");
  command->footer("Each example runs through the real game command; its answer is checked against the one the "
                  "problem gives, where it gives one.");
  command->callback([&options] {
    const auto graph = std::filesystem::temp_directory_path() / fmt::format("grundy-example-{}.txt", ::getpid());
    std::ofstream(graph) << kPebbleGraph;
    int agreed = 0, checked = 0;
    Json all = Json::array();
    for (const Example& example : problem_examples(graph.string())) {
      Json result = run_json(example);
      const std::string winner = result.at("winner");
      const bool has_expectation = !example.expected_winner.empty();
      bool agrees = !has_expectation || winner == example.expected_winner;
      if (!example.expected_moves.empty()) agrees = agrees && moves_text(result) == example.expected_moves;
      checked += has_expectation;
      agreed += has_expectation && agrees;
      if (options.json) {
        all.push_back(Json{{"statement", example.statement}, {"title", example.title}, {"args", example.args},
                           {"result", result}, {"agrees", has_expectation ? Json(agrees) : Json(nullptr)}});
        continue;
      }
      std::cout << fmt::format("{}: {}\n  grundy {}{}\n  value {}: the {} player wins{}\n", example.statement,
                               example.title, fmt::join(example.args, " "), example.input.empty() ? "" : "  (board on stdin)",
                               result.at("value").get<Nimber>(), winner,
                               has_expectation ? (agrees ? "  [as the problem says]" : "  [THE PROBLEM SAYS OTHERWISE]") : "");
      if (!result.at("winning_moves").empty()) std::cout << fmt::format("  winning moves: {}\n", moves_text(result));
    }
    std::filesystem::remove(graph);
    if (options.json) {
      std::cout << catalogue::json_text(Json{{"examples", all}, {"checked", checked}, {"agreed", agreed}}) << '\n';
    } else {
      std::cout << fmt::format("{} of {} answers the problems give agree.\n", agreed, checked);
    }
    if (agreed != checked) throw Error("an answer disagrees with the one its problem gives");
  });
}

}  // namespace grundy::cli
