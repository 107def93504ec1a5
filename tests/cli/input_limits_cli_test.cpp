// Large and endless inputs, run on the real binary under --memory 256M: a
// Treblecross row of 10^6 cells and positions of thousands of components answer
// in little memory (peak resident memory checked), and endless or oversized
// input (/dev/zero, random bytes, a 2 GB sparse file) is refused at once with
// one line and exit status 2. Inputs are made here from fixed seeds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "support/run_cli.hpp"
#include "support/scratch.hpp"

namespace grundy::testing {
namespace {

using nlohmann::json;

constexpr long kBudgetKib = 256 * 1024;
// A position of thousands of large components, every winning move listed: the
// moves themselves, not a copy of what each leaves.
constexpr long kLargeAnswerKib = 128 * 1024;

// A row of 10^6 cells with about 2,000 marks at least 3 apart (no immediate win).
std::string treblecross_row(std::uint32_t seed) {
  std::mt19937_64 random(seed);
  std::string row(1'000'000, '.');
  for (int k = 0; k < 2000; ++k) {
    const std::size_t c = random() % row.size();
    bool clear = true;
    for (std::size_t d = c >= 2 ? c - 2 : 0; d <= c + 2 && d < row.size(); ++d) clear = clear && row[d] == '.';
    if (clear) row[c] = 'X';
  }
  return row;
}

std::string grundy_command(const std::string& args) { return std::string(GRUNDY_CLI_PATH) + " " + args; }

// `grundy ARGS` in a shell (for redirections), killed if it ever ran a minute (ten under the
// sanitizers, on a loaded machine: the guard is against a hang, not a measure of speed).
CliResult run_limited(const std::string& args, const std::string& dir) {
  return run_shell("timeout -s KILL " + std::to_string(sized(60, 600)) + " " + grundy_command(args), dir);
}

TEST(InputLimitsCli, TreblecrossRowOfAMillionCellsInLittleMemory) {
  const Scratch scratch;
  // Seed 13: 1,987 marks, the longest run 3,372 cells, thousands of winning marks.
  const std::string row = treblecross_row(13);
  const std::string file = scratch.write("row.txt", row + "\n");
  const CliResult r = run_limited("--memory 256M --json treblecross - < " + file, scratch.dir());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_LT(measured_peak_kib(r), kBudgetKib);
  const json report = json::parse(r.out);
  std::uint64_t nim_sum = 0;
  for (const json& v : report["components"]) nim_sum ^= v.get<std::uint64_t>();
  EXPECT_EQ(report["value"].get<std::uint64_t>(), nim_sum);
  ASSERT_EQ(report["winner"], "first");
  const std::vector<std::uint64_t> cells = report["winning_moves"];
  EXPECT_EQ(cells.size(), report["winning_moves_count"].get<std::size_t>());
  ASSERT_FALSE(cells.empty());
  EXPECT_TRUE(std::is_sorted(cells.begin(), cells.end()));

  // Each of a few winning marks (first, middle, last) leaves a row the second player wins.
  for (const std::uint64_t cell : {cells.front(), cells[cells.size() / 2], cells.back()}) {
    std::string after = row;
    ASSERT_EQ(after[cell - 1], '.');
    after[cell - 1] = 'X';
    const std::string next = scratch.write("after.txt", after);
    const CliResult a = run_limited("--memory 256M --json treblecross " + next, scratch.dir());
    ASSERT_EQ(a.status, 0) << a.err;
    EXPECT_EQ(json::parse(a.out)["winner"], "second") << "cell " << cell;
  }

  // The text lists 3 and counts them all.
  const CliResult text = run_limited("--memory 256M treblecross " + file + " --max-moves 3", scratch.dir());
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_LT(measured_peak_kib(text), kBudgetKib);
  EXPECT_NE(text.out.find("winning moves (" + std::to_string(cells.size()) + ", 3 shown)"), std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("mark cell " + std::to_string(cells.front()) + "\n"), std::string::npos) << text.out;
}

// The values of the options of a one-component position, as `explain` lists them.
std::vector<std::uint64_t> option_values(const std::string& game, const std::string& file) {
  const json explained = run_json({"explain", game, file, "--limit", "100000"});
  std::vector<std::uint64_t> values;
  for (const json& option : explained["explain"][0]["options"]) values.push_back(option["value"]);
  return values;
}

TEST(InputLimitsCli, GridsplitThousandsOfGridsInLittleMemory) {
  const Scratch scratch;
  std::mt19937_64 random(3);
  std::string grid;
  // A 56 x 56 grid (40 x 40 under the sanitizers, where its value takes most of the time).
  const int side = static_cast<int>(sized(56, 40));
  for (int r = 0; r < side; ++r) {
    for (int c = 0; c < side; ++c) grid += random() % 2 == 0 ? '*' : '.';
    grid += '\n';
  }
  const std::string file = scratch.write("grid.txt", grid);
  const std::vector<std::uint64_t> options = option_values("gridsplit", file);
  // 3001 copies (601 under the sanitizers, which measure no memory): the nim-sum is the grid's
  // value, so a winning move leaves a copy of value 0.
  const std::uint64_t copies = sized(3001, 601);
  std::string args = "--memory 256M --json gridsplit";
  for (std::uint64_t i = 0; i < copies; ++i) args += " " + file;
  const CliResult r = run_limited(args, scratch.dir());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_LT(measured_peak_kib(r), kLargeAnswerKib);
  const json report = json::parse(r.out);
  ASSERT_EQ(report["components"].size(), copies);
  const auto zeros = static_cast<std::uint64_t>(std::count(options.begin(), options.end(), 0U));
  ASSERT_GT(zeros, 0U);
  EXPECT_EQ(report["winning_moves_count"].get<std::uint64_t>(), copies * zeros);
  EXPECT_EQ(report["winning_moves"].size(), copies * zeros);
}

// A hub whose `fan` successors are sinks: the hub's value is 1 and every move from it leaves value 0.
std::string hub_graph(int fan) {
  std::string text = "# a hub and its sinks\n";
  for (int i = 0; i < fan; ++i) text += "hub s" + std::to_string(i) + "\n";
  return text + "lone\n";
}

TEST(InputLimitsCli, PebbleGamesThousandsOfPebblesInLittleMemory) {
  const Scratch scratch;
  const std::string graph = scratch.write("hub.txt", hub_graph(20000));
  std::string pebbles;
  for (int i = 0; i < 3001; ++i) pebbles += " hub";  // an odd number of value-1 pebbles: the first player wins
  pebbles += " lone";
  for (const std::string game : {"dag", "graph"}) {
    const CliResult r = run_limited("--memory 256M --json " + game + " " + graph + pebbles + " --max-moves 4",
                                    scratch.dir());
    ASSERT_EQ(r.status, 0) << game << ": " << r.err;
    EXPECT_LT(measured_peak_kib(r), kBudgetKib) << game;
    const json report = json::parse(r.out);
    EXPECT_EQ(report["winner"], "first") << game;
    // Every pebble on the hub moving to any sink leaves an even number of value-1 pebbles.
    EXPECT_EQ(report["winning_moves_count"].get<std::uint64_t>(), std::uint64_t{3001} * 20000) << game;
    EXPECT_EQ(report["winning_moves"].size(), 4U) << game;
  }
}

TEST(InputLimitsCli, RectBoardOfManyPiecesInLittleMemory) {
  const Scratch scratch;
  // A checkerboard: 32 single cells, each of value 1, so the second player wins.
  std::string board;
  for (int r = 0; r < 8; ++r) {
    for (int c = 0; c < 8; ++c) board += (r + c) % 2 == 0 ? '1' : '0';
    board += '\n';
  }
  const std::string file = scratch.write("board.txt", board);
  CliResult r = run_limited("--memory 256M --json rect " + file, scratch.dir());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_LT(measured_peak_kib(r), kBudgetKib);
  EXPECT_EQ(json::parse(r.out)["winner"], "second");
  // One cell more cleared: 31 single cells, and clearing any one of them wins.
  board[0] = '0';
  r = run_limited("--memory 256M --json rect " + scratch.write("board31.txt", board), scratch.dir());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_LT(measured_peak_kib(r), kBudgetKib);
  EXPECT_EQ(json::parse(r.out)["winning_moves_count"], 31);
}

// Every game that reads a file, given each kind of endless or oversized input.
TEST(InputLimitsCli, EndlessOrOversizedInputIsRefusedAtOnce) {
  const Scratch scratch;
  std::mt19937_64 random(5);
  std::string noise(1 << 20, '\0');
  for (char& c : noise) c = static_cast<char>(random() & 0xFF);
  const std::string noise_file = scratch.write("noise.bin", noise);
  const std::string sparse = scratch.dir() + "/sparse.bin";
  std::filesystem::resize_file(scratch.write("sparse.bin", ""), std::uint64_t{2} << 30);  // 2 GiB, no blocks
  const std::vector<std::string> games = {"rect", "gridsplit", "treblecross", "dag", "graph"};
  for (const std::string& source : {std::string("/dev/zero"), noise_file, sparse}) {
    for (const std::string& game : games) {
      for (const bool standard_input : {false, true}) {
        const std::string where = standard_input ? "- < " + source : source;
        const CliResult r = run_limited("--memory 256M " + game + " " + where, scratch.dir());
        SCOPED_TRACE(game + " " + where);
        EXPECT_EQ(r.status, 2) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_EQ(r.err.rfind("grundy: error: ", 0), 0U) << r.err;
        EXPECT_LT(measured_peak_kib(r), kBudgetKib);
      }
    }
    const CliResult batch = run_limited("--memory 256M treblecross --batch < " + source, scratch.dir());
    EXPECT_EQ(batch.status, 2) << source << ": " << batch.err;
    EXPECT_EQ(std::count(batch.err.begin(), batch.err.end(), '\n'), 1) << batch.err;
    EXPECT_LT(measured_peak_kib(batch), kBudgetKib) << source;
  }
}

TEST(InputLimitsCli, ReadingStopsAtTheFirstByteThatCannotBelong) {
  const Scratch scratch;
  expect_error(run_limited("rect - < /dev/zero", scratch.dir()),
               "standard input, line 1, column 1: byte 0x00 cannot be part of a rect board");
  expect_error(run_limited("gridsplit /dev/zero", scratch.dir()), "'/dev/zero', line 1, column 1: byte 0x00");
  expect_error(run_limited("treblecross " + scratch.write("r.txt", "..X..\n..Y"), scratch.dir()),
               "line 2, column 3: 'Y' cannot be part of a treblecross row");
  expect_error(run_limited("treblecross --batch < /dev/zero", scratch.dir()),
               "standard input, line 1, column 1: byte 0x00 cannot be part of the treblecross --batch input");
  // Past the size limit: measured before reading (a file) or while reading (a pipe).
  const std::string long_row = std::string(1'010'000, '.');
  expect_error(run_limited("treblecross " + scratch.write("long.txt", long_row), scratch.dir()),
               "1010000 bytes, over the limit of 1004096 for a treblecross row");
  expect_error(run_limited("treblecross - < " + scratch.dir() + "/long.txt", scratch.dir()),
               "1010000 bytes, over the limit of 1004096 for a treblecross row");
  expect_error(run_shell("yes ..... | head -c 3000000 | " + grundy_command("treblecross -"), scratch.dir()),
               "standard input: more than 1004096 bytes, over the limit for a treblecross row");
}

TEST(InputLimitsCli, ASilentPipeIsWaitedOnWithinTheTimeBudget) {
  const Scratch scratch;
  // A pipe that stays open and silent for 30 s (the shell does not wait for it).
  const CliResult r = run_shell("timeout -s KILL 20 " + grundy_command("--time 1 rect - < <(sleep 30)"), scratch.dir());
  expect_error(r, "time budget exceeded while reading standard input");
  // SIGTERM stops the reading too (it only sets the stop flag while grundy runs). One signal, to grundy
  // alone (--foreground), and a kill 10 s later should it be ignored, so that a failure is quick.
  const CliResult t = run_shell("timeout --foreground --preserve-status -k 10 -s TERM 1 " +
                                    grundy_command("--time 0 gridsplit - < <(sleep 30)"),
                                scratch.dir());
  expect_error(t, "interrupted while reading standard input");
}

TEST(InputLimitsCli, SubtractionSetWithACommonFactorNeedsNoTable) {
  // S = {10^9} is S = {1} on blocks of 10^9 tokens: g(n) = floor(n / 10^9) mod 2.
  const CliResult r = run_cli({"--memory", "256M", "--json", "subtraction", "--set", "1000000000",
                               "1000000000000000000", "2999999999", "3000000000"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_LT(measured_peak_kib(r), 64 * 1024);
  const json report = json::parse(r.out);
  EXPECT_EQ(report["components"], json::parse("[0, 0, 1]"));  // 10^9 blocks: even; 2; 3
  EXPECT_EQ(report["period"], 2'000'000'000);
  EXPECT_EQ(report["preperiod"], 0);
  // Where no factor is shared, the need is checked before anything is allocated.
  const CliResult refused =
      run_cli({"--memory", "256M", "subtraction", "--set", "999999999,1000000000", "1000000000000000000"});
  expect_error(refused, "the subtraction game's period search needs");
  EXPECT_LT(measured_peak_kib(refused), 64 * 1024);
}

}  // namespace
}  // namespace grundy::testing
