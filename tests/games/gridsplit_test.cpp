#include "grundy/games/gridsplit.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/core/errors.hpp"
#include "grundy/core/solver.hpp"
#include "support/conformance.hpp"
#include "support/gridsplit_reference.hpp"
#include "support/run_cli.hpp"

namespace grundy {
namespace {

using games::GridRect;
using games::GridSplit;
using games::GridSplitBoard;
using games::GridSplitTable;

GridSplitBoard random_board(std::size_t rows, std::size_t cols, double density, std::mt19937& rng) {
  std::bernoulli_distribution pick(density);
  std::vector<std::uint8_t> cells(rows * cols);
  for (auto& cell : cells) cell = pick(rng) ? 1 : 0;
  return GridSplitBoard(rows, cols, std::move(cells));
}

GridRect rect(std::size_t t, std::size_t b, std::size_t l, std::size_t r) {
  return GridRect{static_cast<std::uint16_t>(t), static_cast<std::uint16_t>(b), static_cast<std::uint16_t>(l),
                  static_cast<std::uint16_t>(r)};
}

TEST(GridSplit, HandCheckedPositions) {
  // One candidate: one move, to nothing.
  EXPECT_EQ(GridSplitTable(GridSplitBoard::parse("*\n")).value(), 1U);
  // A diagonal pair: either move leaves the other candidate alone (value 1).
  EXPECT_EQ(GridSplitTable(GridSplitBoard::parse("*.\n.*\n")).value(), 0U);
  // Two candidates in one row: either move removes the row.
  const GridSplitTable pair(GridSplitBoard::parse("^^"));
  EXPECT_EQ(pair.value(), 1U);
  EXPECT_EQ(pair.winning_moves().size(), 2U);
  // Full 2x2: every move leaves one candidate.
  EXPECT_EQ(GridSplitTable(GridSplitBoard::parse("**\n**")).value(), 0U);
  // Full 3x3: corners leave a full 2x2 (0), edges two 2x1 columns (1 ^ 1), the
  // centre four singles (0): value 1 and all nine moves win.
  const GridSplitTable full3(GridSplitBoard::parse("***\n***\n***"));
  EXPECT_EQ(full3.value(), 1U);
  EXPECT_EQ(full3.winning_moves().size(), 9U);
  // No candidate at all: no move.
  EXPECT_EQ(GridSplitTable(GridSplitBoard::parse("..#\n#..")).value(), 0U);
}

TEST(GridSplit, TableAgreesWithTheReferenceDpOnEverySubRectangle) {
  std::mt19937 rng(7);
  for (int sample = 0; sample < 300; ++sample) {
    const std::size_t rows = 1 + rng() % 8, cols = 1 + rng() % 8;
    const double density = std::vector<double>{0.1, 0.3, 0.6, 1.0}[sample % 4];
    const GridSplitBoard board = random_board(rows, cols, density, rng);
    SCOPED_TRACE(board.text());
    const testing::GridSplitReference dp(board);
    const GridSplitTable table(board);
    for (std::size_t t = 0; t < rows; ++t) {
      for (std::size_t b = t + 1; b <= rows; ++b) {
        for (std::size_t l = 0; l < cols; ++l) {
          for (std::size_t r = l + 1; r <= cols; ++r) {
            ASSERT_EQ(table.value(rect(t, b, l, r)), dp.get(t, b, l, r));
          }
        }
      }
    }
    // Winning moves: exactly the candidates whose four pieces XOR to 0.
    std::vector<std::array<std::size_t, 2>> expected;
    for (std::size_t x = 0; x < rows; ++x) {
      for (std::size_t y = 0; y < cols; ++y) {
        if (board.is_candidate(x, y) && (dp.get(0, x, 0, y) ^ dp.get(0, x, y + 1, cols) ^ dp.get(x + 1, rows, 0, y) ^
                                         dp.get(x + 1, rows, y + 1, cols)) == 0) {
          expected.push_back({x, y});
        }
      }
    }
    EXPECT_EQ(table.winning_moves(), expected);
  }
}

TEST(GridSplit, TableAgreesWithGenericSolver) {
  std::mt19937 rng(11);
  for (int sample = 0; sample < 12; ++sample) {
    const std::size_t rows = 2 + rng() % 6, cols = 2 + rng() % 6;
    const GridSplitBoard board = random_board(rows, cols, sample % 2 ? 0.35 : 0.8, rng);
    const GridSplit game(board);
    Solver<GridSplit> solver(game);
    const GridSplitTable table(board);
    for (std::size_t t = 0; t < rows; ++t) {
      for (std::size_t l = 0; l < cols; ++l) {
        EXPECT_EQ(table.value(rect(t, rows, l, cols)), solver.value(rect(t, rows, l, cols))) << board.text();
      }
    }
  }
}

TEST(GridSplit, Conformance) {
  std::mt19937 rng(3);
  const GridSplitBoard board = random_board(4, 4, 0.5, rng);
  const GridSplit game(board);
  std::vector<GridRect> positions;
  for (std::size_t t = 0; t < 4; t += 2) {
    for (std::size_t l = 0; l < 4; l += 2) positions.push_back(rect(t, 4 - (t == 0), l, 4));
  }
  positions.push_back(rect(1, 3, 0, 3));
  testing::expect_conformance(game, positions);
  const GridSplitBoard full = GridSplitBoard::parse("***\n***\n***");
  testing::expect_conformance(GridSplit(full), {rect(0, 3, 0, 3), rect(0, 2, 0, 3), rect(1, 3, 1, 2)});
}

TEST(GridSplit, FullGridShortcutAgreesWithTheReferenceDp) {
  // A full grid (here with a plain row and column that compression drops) takes
  // the one-value-per-shape path; check every sub-rectangle against the DP.
  std::string text;
  for (int r = 0; r < 12; ++r)
    text += (r == 5 ? std::string(11, '.') : std::string(5, '*') + "#" + std::string(5, '*')) + "\n";
  const GridSplitBoard board = GridSplitBoard::parse(text);
  const GridSplitTable table(board);
  EXPECT_TRUE(table.full());
  const testing::GridSplitReference dp(board);
  for (std::size_t t = 0; t < 12; ++t) {
    for (std::size_t b = t + 1; b <= 12; ++b) {
      for (std::size_t l = 0; l < 11; ++l) {
        for (std::size_t r = l + 1; r <= 11; ++r) ASSERT_EQ(table.value(rect(t, b, l, r)), dp.get(t, b, l, r));
      }
    }
  }
  // One candidate fewer: the general path, same DP.
  text[0] = '.';
  const GridSplitBoard holed = GridSplitBoard::parse(text);
  const GridSplitTable general(holed);
  EXPECT_FALSE(general.full());
  const testing::GridSplitReference dp2(holed);
  for (std::size_t t = 0; t < 12; ++t) {
    for (std::size_t l = 0; l < 11; ++l) ASSERT_EQ(general.value(rect(t, 12, l, 11)), dp2.get(t, 12, l, 11));
  }
}

TEST(GridSplit, ParseRejectsBadGrids) {
  EXPECT_THROW(GridSplitBoard::parse(""), InputError);
  EXPECT_THROW(GridSplitBoard::parse("\n\n"), InputError);
  EXPECT_THROW(GridSplitBoard::parse("..*\n.*\n"), InputError);
  EXPECT_THROW(GridSplitBoard::parse("..*\n.x.\n"), InputError);
  EXPECT_THROW(GridSplitBoard::parse(".*\n\n*.\n"), InputError);
  EXPECT_THROW(GridSplitBoard::parse(std::string(games::kGridSplitMaxSide + 1, '.')), InputError);
  const auto board = GridSplitBoard::parse("\n#^#.\r\n^..^\r\n\r\n");
  EXPECT_EQ(board.rows(), 2U);
  EXPECT_EQ(board.cols(), 4U);
  EXPECT_EQ(board.candidate_count(), 3U);
}

TEST(GridSplit, MemoryBudgetAndWorkLimit) {
  std::string text;
  for (int r = 0; r < 40; ++r) text += std::string(40, '*') + "\n";
  const GridSplitBoard board = GridSplitBoard::parse(text);
  EXPECT_THROW(GridSplitTable(board, MemoryBudget(1024)), BudgetExceeded);
  EXPECT_THROW(GridSplitTable(board, MemoryBudget(), 1000), InputError);
  const auto cost = GridSplitTable::cost(board);
  EXPECT_EQ(cost.bytes, 41ULL * 41 * 2);  // full: one 2-byte value per shape
  EXPECT_EQ(cost.work, 820ULL * 820 + 1600);
  // Not full: (41 * 42 / 2)^2 ranges of 2 bytes, per column range its candidates
  // (4 bytes each) and 41 row indexes.
  std::string holed = text;
  holed[0] = '.';
  const auto general = GridSplitTable::cost(GridSplitBoard::parse(holed));
  EXPECT_EQ(general.bytes, 861ULL * 861 * 2 + (40ULL * 11480 - 40) * 4 + 861ULL * 41 * 4);
  EXPECT_THROW(GridSplitTable(GridSplitBoard::parse(holed), MemoryBudget(1 << 20)), BudgetExceeded);
}

std::string data(const std::string& name) { return std::string(GRUNDY_TEST_DATA) + "/gridsplit/" + name; }

TEST(GridSplitCli, FileAndStdin) {
  auto r = testing::run_cli({"gridsplit", "--file", data("diagonal.txt")});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("value 0"), std::string::npos) << r.out;
  r = testing::run_cli({"--json", "gridsplit", "--file", data("full3x3.txt")});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["game"], "gridsplit");
  EXPECT_EQ(json["value"], 1);
  EXPECT_EQ(json["winner"], "first");
  EXPECT_EQ(json["components"], nlohmann::json::parse("[1]"));
  EXPECT_EQ(json["position"], nlohmann::json::parse(R"(["***/***/***"])"));
  ASSERT_EQ(json["winning_moves"].size(), 9U);
  EXPECT_EQ(json["winning_moves"][5]["move"], "(2,3)");
  EXPECT_EQ(json["winning_moves"][5]["row"], 2);
  EXPECT_EQ(json["winning_moves"][5]["column"], 3);
  EXPECT_EQ(json["winning_moves"][5]["component"], 0);
  EXPECT_EQ(json["rows"], 3);
  EXPECT_EQ(json["cols"], 3);
  EXPECT_EQ(json["candidates"], 9);

  r = testing::run_cli({"--json", "gridsplit"}, "#^#.\r\n^..^\r\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["candidates"], 3);
  // The same grid from a file with CRLF line ends and a trailing blank line.
  // Candidates (1,2), (2,1), (2,4): (1,2) leaves (2,1) and (2,4) in two rectangles (1 ^ 1 = 0)
  // and is the only winning move; value mex{0, 1, 1} = 2.
  r = testing::run_cli({"--json", "gridsplit", "--file", data("crlf_mixed.txt")});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto mixed = nlohmann::json::parse(r.out);
  EXPECT_EQ(mixed["value"], 2);
  ASSERT_EQ(mixed["winning_moves"].size(), 1U);
  EXPECT_EQ(mixed["winning_moves"][0]["move"], "(1,2)");
}

TEST(GridSplitCli, BadInputExitsTwoWithOneLine) {
  struct Case {
    std::vector<std::string> args;
    std::string input;
  };
  std::string tall;
  for (std::size_t r = 0; r <= games::kGridSplitMaxSide; ++r) tall += ".\n";
  std::string holed40;
  for (int r = 0; r < 40; ++r) holed40 += std::string(40, '*') + "\n";
  holed40[0] = '.';
  const std::vector<Case> cases{
      {{"gridsplit"}, ""},
      {{"gridsplit"}, "\n\n"},
      {{"gridsplit"}, "..*\n.*\n"},
      {{"gridsplit"}, "..*\n.o.\n"},
      {{"gridsplit"}, tall},
      {{"gridsplit"}, std::string(games::kGridSplitMaxSide + 1, '*')},
      {{"gridsplit", "--file", data("no-such-file.txt")}, ""},
      {{"gridsplit", "--memory", "64K"}, holed40},
  };
  for (const Case& c : cases) {
    const auto r = testing::run_cli(c.args, c.input);
    SCOPED_TRACE(c.input.substr(0, 30));
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

}  // namespace
}  // namespace grundy
