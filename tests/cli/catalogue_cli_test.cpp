// The command line built from the catalogue, as a user meets it: versions,
// error lines, the JSON contract's common fields, --max-moves, explain, tables
// and their output options, files and standard input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
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

std::filesystem::path temp_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("grundy-cli-" + name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

TEST(CatalogueCli, Version) {
  const CliResult r = run_cli({"--version"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.rfind("grundy ", 0), 0U) << r.out;
  EXPECT_NE(r.out.find('.'), std::string::npos) << r.out;
}

TEST(CatalogueCli, OneErrorStyle) {
  expect_error(run_cli({"table", "foo", "--upto", "3"}), "unknown table game 'foo'");
  expect_error(run_cli({"nimm", "3"}), "unknown game or command 'nimm'");
  expect_error(run_cli({"explain", "nimm", "3"}), "unknown game 'nimm'");
  expect_error(run_cli({"subtraction", "3"}), "subtraction: give exactly one of --set S");
  expect_error(run_cli({"nim"}), "nim: a position is required");
  expect_error(run_cli({"nim", "3", "--bogus"}), "nim: unexpected argument");
  expect_error(run_cli({"nim", "-4"}), "pile 1: '-4' is negative");
  expect_error(run_cli({"--time", "-1", "nim", "3"}), "--time");
  expect_error(run_cli({"--time", "soon", "nim", "3"}), "--time");
  expect_error(run_cli({"--memory", "lots", "nim", "3"}), "memory");
  expect_error(run_cli({"table"}), "table: a game is required");
}

TEST(CatalogueCli, TableHelpNamesTheCommand) {
  const CliResult r = run_cli({"table", "kayles", "--help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("grundy table kayles"), std::string::npos) << r.out;
  const CliResult g = run_cli({"rect", "--help"});
  EXPECT_NE(g.out.find("Rules:"), std::string::npos) << g.out;
  EXPECT_NE(g.out.find("Limits:"), std::string::npos) << g.out;
}

TEST(CatalogueCli, GameIsTheCommandRunAndCodeIsCanonical) {
  const json octal = run_json({"octal", ".77", "13"});
  EXPECT_EQ(octal["game"], "octal");
  EXPECT_EQ(octal["code"], "0.77");
  const json kayles = run_json({"kayles", "13"});
  EXPECT_EQ(kayles["game"], "kayles");
  EXPECT_EQ(kayles["code"], "0.77");
  EXPECT_EQ(kayles["value"], octal["value"]);
  const CliResult text = run_cli({"octal", ".77", "13"});
  EXPECT_EQ(text.out.rfind("octal 0.77 13\n", 0), 0U) << text.out;
  EXPECT_EQ(text.out.find(".77 13"), text.out.find("0.77 13") + 1) << text.out;
}

TEST(CatalogueCli, MaxMovesKeepsTheFullCount) {
  const json all = run_json({"kayles", "40", "3"});
  const std::size_t count = all["winning_moves"].size();
  ASSERT_GT(count, 2U);
  EXPECT_EQ(all["winning_moves_count"], count);
  const json cut = run_json({"kayles", "40", "3", "--max-moves", "2"});
  EXPECT_EQ(cut["winning_moves"].size(), 2U);
  EXPECT_EQ(cut["winning_moves_count"], count);
  EXPECT_EQ(cut["winning_moves"][0], all["winning_moves"][0]);
}

TEST(CatalogueCli, TerminalPositionWords) {
  const CliResult r = run_cli({"nim", "0"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("no move: the player to move loses"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("every move loses"), std::string::npos) << r.out;
  const CliResult lost = run_cli({"nim", "3", "3"});
  EXPECT_NE(lost.out.find("the second player wins"), std::string::npos) << lost.out;
}

TEST(CatalogueCli, SearchesStopAtTheirTimeBudget) {
  // The full 6x6 board is a search of many minutes: --time ends it with one line.
  expect_error(run_cli({"--time", "1", "rect", "111111/111111/111111/111111/111111/111111"}), "time budget exceeded");
  EXPECT_EQ(run_cli({"--time", "0", "nim", "3"}).status, 0);
}

TEST(CatalogueCli, ProgressOnATerminalIsClearedBeforeTheError) {
  // `script` gives the command a terminal; without it there is nothing to check.
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  const std::string command = std::string("script -qec \"") + GRUNDY_CLI_PATH +
                              " --time 2 rect 111111/111111/111111/111111/111111/111111\" /dev/null";
  const CliResult r = testing::run_shell(command, ".");
  EXPECT_NE(r.out.find("search: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\r\033[Kgrundy: error: time budget exceeded"), std::string::npos) << r.out;
}

TEST(CatalogueCli, SubtractionAnswersSmallPilesAtOnce) {
  const json r = run_json({"subtraction", "--set", "1000000000", "5", "999"});
  EXPECT_EQ(r["value"], 0);
  // The set {10^9} is {1} on blocks of 10^9 tokens: period 2 * 10^9, proven at once.
  EXPECT_EQ(r["period"], 2000000000);
  EXPECT_EQ(r["preperiod"], 0);
}

TEST(CatalogueCli, DivideTakesAll64BitIntegers) {
  const json r = run_json({"divide", "18446744073709551615"});
  EXPECT_EQ(r["position"][0], "18446744073709551615");
  expect_error(run_cli({"divide", "18446744073709551616"}), "over the limit 18446744073709551615");
}

TEST(CatalogueCli, ExplainListsOptionsAndTheMex) {
  const json r = run_json({"explain", "nim", "3", "5"});
  ASSERT_EQ(r["explain"].size(), 2U);
  EXPECT_EQ(r["value"], 6);
  const json& second = r["explain"][1];
  EXPECT_EQ(second["component"], 1);
  EXPECT_EQ(second["value"], 5);
  EXPECT_EQ(second["options_count"], 5);
  std::set<int> values;
  for (const json& option : second["options"]) {
    values.insert(option["value"].get<int>());
    EXPECT_TRUE(option.contains("move"));
    EXPECT_TRUE(option.contains("result"));
  }
  EXPECT_EQ(values, (std::set<int>{0, 1, 2, 3, 4}));
  const json heap = run_json({"explain", "kayles", "4"});
  const json& options = heap["explain"][0]["options"];
  EXPECT_EQ(heap["explain"][0]["options_count"], options.size());
  bool split = false;
  for (const json& option : options) split = split || option["result"] == json::array({"1", "1"});
  EXPECT_TRUE(split) << options.dump();
}

TEST(CatalogueCli, ExplainHugeHeapIsCut) {
  const json r = run_json({"explain", "octal", "0.137", "1000000000000", "--limit", "4"});
  EXPECT_EQ(r["explain"][0]["options"].size(), 4U);
  EXPECT_GT(r["explain"][0]["options_count"].get<std::uint64_t>(), 4U);
  const CliResult text = run_cli({"explain", "octal", "0.137", "1000000000000", "--limit", "4"});
  EXPECT_NE(text.out.find("--limit"), std::string::npos) << text.out;
}

TEST(CatalogueCli, TablesShareTheirOutputOptions) {
  const CliResult stdout_text = run_cli({"table", "nim", "--upto", "4", "--output", "-"});
  EXPECT_EQ(stdout_text.status, 0);
  EXPECT_NE(stdout_text.out.find("\n4 4\n"), std::string::npos) << stdout_text.out;
  const CliResult stdout_json = run_cli({"table", "subtraction", "--set", "2,3", "--upto", "6", "--output", "-",
                                         "--format", "json"});
  const json table = json::parse(stdout_json.out);
  EXPECT_EQ(table["values"].size(), 7U);
  EXPECT_EQ(table["period"], 5);
  expect_error(run_cli({"table", "nim", "--upto", "4", "--output", "/tmp/x", "--format", "binary"}),
               "no binary format");
  expect_error(run_cli({"table", "nim", "--upto", "4", "--format", "text"}), "--output");
  expect_error(run_cli({"table", "nim", "--upto", "4", "--resume", "x"}), "heap-game tables only");
  // A heap-game table's own option, its file missing: said as such, not as an option of other tables.
  for (const char* option : {"--resume", "--checkpoint"}) {
    const CliResult missing = run_cli({"table", "octal", "0.007", "--upto", "100", option});
    EXPECT_EQ(missing.status, 2);
    EXPECT_EQ(missing.err.find("heap-game tables only"), std::string::npos) << missing.err;
    EXPECT_NE(missing.err.find(option), std::string::npos) << missing.err;
  }
  const json summary = run_json({"table", "divide", "--upto", "20", "--summary"});
  EXPECT_TRUE(summary["values"].empty());
  EXPECT_EQ(summary["upto"], 20);
}

TEST(CatalogueCli, TextExportResumes) {
  const auto path = std::filesystem::temp_directory_path() / "grundy-cli-kayles.txt";
  ASSERT_EQ(run_cli({"table", "kayles", "--upto", "150", "--output", path.string(), "--format", "text"}).status, 0);
  const json resumed = run_json({"table", "kayles", "--upto", "300", "--resume", path.string()});
  const json fresh = run_json({"table", "kayles", "--upto", "300"});
  EXPECT_EQ(resumed["values"], fresh["values"]);
  std::ofstream(path, std::ios::app) << "999 1\n";
  expect_error(run_cli({"table", "kayles", "--upto", "300", "--resume", path.string()}), "expected n = 151");
  std::filesystem::remove(path);
}

TEST(CatalogueCli, FilesAndStandardInput) {
  const auto board = temp_file("board.txt", "0 1 1 0\n0 0 0 0\n0 0 0 0\n0 0 0 1\n");
  const json from_file = run_json({"rect", board.string()});
  EXPECT_EQ(from_file["value"], 3);
  const json from_stdin = run_json({"rect", "-"}, "0110\n0000\n0000\n0001\n");
  EXPECT_EQ(from_stdin["value"], 3);
  const auto grid = temp_file("grid.txt", "*..#\n.#*.\n#..*\n");
  EXPECT_EQ(run_json({"gridsplit", grid.string()})["value"], run_json({"gridsplit", "*..#/.#*./#..*"})["value"]);
  EXPECT_EQ(run_json({"gridsplit", "--file", grid.string()})["value"], run_json({"gridsplit"}, "*..#\n.#*.\n#..*\n")["value"]);
  const auto row = temp_file("row.txt", ".....\n");
  EXPECT_EQ(run_json({"treblecross", row.string()})["winning_moves"], json::array({3}));
  const json dag = run_json({"dag", "-", "a"}, "a b\nb c\n");
  EXPECT_EQ(dag["value"], 0);
  expect_error(run_cli({"rect", "no-such-board.txt"}), "No such file or directory");
  expect_error(run_cli({"dag", "no-such-graph.txt"}), "No such file or directory");
  expect_error(run_cli({"treblecross", "no-such-row.txt"}), "No such file or directory");
  for (const auto& path : {board, grid, row}) std::filesystem::remove(path);
}

TEST(CatalogueCli, ExamplesCountOnlyCheckedAnswers) {
  const json r = run_json({"examples"});
  int checked = 0;
  for (const json& example : r["examples"]) {
    if (example["agrees"].is_null()) continue;
    ++checked;
    EXPECT_TRUE(example["agrees"].get<bool>()) << example["title"];
  }
  EXPECT_EQ(r["checked"], checked);
  EXPECT_EQ(r["agreed"], checked);
  EXPECT_LT(checked, static_cast<int>(r["examples"].size()));
}

}  // namespace
}  // namespace grundy
