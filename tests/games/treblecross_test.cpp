#include "grundy/games/treblecross.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/core/errors.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/table_cache.hpp"
#include "support/conformance.hpp"
#include "support/run_cli.hpp"
#include "support/sanitizers.hpp"

namespace grundy {
namespace {

constexpr std::size_t kExhaustiveUpTo = grundy::testing::kSanitized ? 11 : 16;
constexpr std::size_t kRandomUpTo = grundy::testing::kSanitized ? 16 : 22;

std::shared_ptr<const heap::HeapTable> table(std::uint64_t upto) { return games::treblecross_table(upto); }

std::vector<std::uint32_t> values(const heap::HeapTable& t, std::uint64_t upto) {
  std::vector<std::uint32_t> out;
  for (std::uint64_t n = 0; n <= upto; ++n) out.push_back(static_cast<std::uint32_t>(t.value(n)));
  return out;
}

games::TreblecrossAnalysis analyze(const std::string& row) {
  const auto shape = games::treblecross_shape(row);
  return games::analyze_treblecross(row, table(std::max<std::uint64_t>(shape.table_upto(), 2)));
}

// The raw game, solved by brute force over the whole row as a bit mask (bit i set
// = cell i marked), knowing nothing of gaps or of 0.007: for the player to move,
// win, loss or draw (the row fills up with no three in a row).
class RawTreblecross {
 public:
  enum Outcome : std::int8_t { kUnknown = 0, kWin, kLoss, kDraw };

  explicit RawTreblecross(std::size_t n) : n_(n), memo_(std::size_t{1} << n, kUnknown) {}

  [[nodiscard]] bool three(std::uint32_t mask) const { return (mask & (mask >> 1) & (mask >> 2)) != 0; }

  Outcome outcome(std::uint32_t mask) {
    Outcome& slot = memo_[mask];
    if (slot != kUnknown) return slot;
    Outcome best = kLoss;
    bool any = false;
    for (std::size_t c = 0; c < n_ && best != kWin; ++c) {
      const std::uint32_t bit = std::uint32_t{1} << c;
      if (mask & bit) continue;
      any = true;
      if (three(mask | bit)) {
        best = kWin;
        break;
      }
      const Outcome reply = outcome(mask | bit);
      if (reply == kLoss) best = kWin;
      if (reply == kDraw && best == kLoss) best = kDraw;
    }
    if (!any) best = kDraw;
    return memo_[mask] = best;
  }

  // Every first move after which the mover wins for sure (1-based, increasing).
  std::vector<std::uint64_t> winning_moves(std::uint32_t mask) {
    std::vector<std::uint64_t> moves;
    for (std::size_t c = 0; c < n_; ++c) {
      const std::uint32_t bit = std::uint32_t{1} << c;
      if (mask & bit) continue;
      if (three(mask | bit) || outcome(mask | bit) == kLoss) moves.push_back(c + 1);
    }
    return moves;
  }

 private:
  std::size_t n_;
  std::vector<Outcome> memo_;
};

std::string row_of(std::uint32_t mask, std::size_t n) {
  std::string row(n, '.');
  for (std::size_t i = 0; i < n; ++i) row[i] = (mask >> i) & 1 ? 'X' : '.';
  return row;
}

void expect_agrees(RawTreblecross& raw, std::uint32_t mask, std::size_t n) {
  const std::string row = row_of(mask, n);
  SCOPED_TRACE(row);
  const auto a = analyze(row);
  EXPECT_EQ(a.winning(), raw.outcome(mask) == RawTreblecross::kWin);
  EXPECT_EQ(a.winning_moves, raw.winning_moves(mask));
}

TEST(Treblecross, ContestSamples) {
  auto a = analyze(".....");
  EXPECT_TRUE(a.winning());
  EXPECT_EQ(a.winning_moves, (std::vector<std::uint64_t>{3}));
  a = analyze("X.....X..X.............X....X..X");
  EXPECT_FALSE(a.winning());
  EXPECT_TRUE(a.winning_moves.empty());
  a = analyze(".X.X...X");
  EXPECT_TRUE(a.winning());
  EXPECT_TRUE(a.immediate_win);
  EXPECT_EQ(a.winning_moves, (std::vector<std::uint64_t>{3}));
  a = analyze(std::string(47, '.'));
  EXPECT_TRUE(a.winning());
  EXPECT_EQ(a.winning_moves, (std::vector<std::uint64_t>{1, 12, 15, 17, 20, 24, 28, 31, 33, 36, 47}));
}

TEST(Treblecross, HandCheckedOctal0007Values) {
  // g(0..8) of 0.007 by hand: heaps below 3 are dead; g(3) = mex{g(0)} = 1,
  // g(4) = mex{g(1)} = 1, g(5) = mex{g(2), g(1)^g(1)} = 1,
  // g(6) = mex{g(3), g(1)^g(2)} = 2, g(7) = mex{g(4), g(1)^g(3), g(2)^g(2)} = 2,
  // g(8) = mex{g(5), g(1)^g(4), g(2)^g(3)} = mex{1} = 0.
  const std::vector<std::uint32_t> expected{0, 0, 0, 1, 1, 1, 2, 2, 0};
  EXPECT_EQ(values(*table(expected.size() - 1), expected.size() - 1), expected);
}

TEST(Treblecross, ShapeOfARow) {
  const auto shape = games::treblecross_shape("..X.......X.");
  EXPECT_TRUE(shape.immediate_wins.empty());
  // Cells 0-4 and 8-12 (0-based) lie within 2 of an X; 5..7 are safe.
  EXPECT_EQ(shape.gaps, (std::vector<games::TreblecrossGap>{{5, 3}}));
  EXPECT_EQ(shape.table_upto(), 5U);
  EXPECT_EQ(games::treblecross_shape("X.X..XX").immediate_wins, (std::vector<std::uint64_t>{1, 4}));
}

TEST(Treblecross, ShortRowsCannotBeWon) {
  for (const std::string row : {".", "X", "..", "X.", ".X", "XX"}) {
    const auto a = analyze(row);
    EXPECT_FALSE(a.winning()) << row;
    EXPECT_TRUE(a.winning_moves.empty()) << row;
  }
}

TEST(Treblecross, AgreesWithRawGameTreeOnEveryShortRow) {
  for (std::size_t n = 1; n <= kExhaustiveUpTo; ++n) {
    RawTreblecross raw(n);
    for (std::uint32_t mask = 0; mask < (std::uint32_t{1} << n); ++mask) {
      if (raw.three(mask)) continue;  // already over: bad input
      expect_agrees(raw, mask, n);
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(Treblecross, AgreesWithRawGameTreeOnRandomLongerRows) {
  std::mt19937 rng(2024);
  for (std::size_t n = kExhaustiveUpTo + 1; n <= kRandomUpTo; ++n) {
    RawTreblecross raw(n);
    std::bernoulli_distribution mark(0.15);
    for (int sample = 0; sample < 60; ++sample) {
      std::uint32_t mask = 0;
      for (std::size_t i = 0; i < n; ++i) mask |= static_cast<std::uint32_t>(mark(rng)) << i;
      if (raw.three(mask)) continue;
      expect_agrees(raw, mask, n);
    }
    expect_agrees(raw, 0, n);  // the empty row, the deepest tree
  }
}

TEST(Treblecross, RunGameConformance) {
  const auto g = table(40);
  std::vector<std::uint64_t> runs;
  for (std::uint64_t n = 0; n <= 16; ++n) runs.push_back(n);
  testing::expect_conformance(games::TreblecrossRun(g), runs);
}

TEST(Treblecross, ParseRejectsBadRows) {
  EXPECT_THROW(games::parse_treblecross_row("", "row"), InputError);
  EXPECT_THROW(games::parse_treblecross_row("  \r\n", "row"), InputError);
  EXPECT_THROW(games::parse_treblecross_row("..XXX..", "row"), InputError);
  EXPECT_THROW(games::parse_treblecross_row("..x..", "row"), InputError);
  EXPECT_THROW(games::parse_treblecross_row(". .", "row"), InputError);
  EXPECT_THROW(games::parse_treblecross_row(std::string(games::kTreblecrossMaxCells + 1, '.'), "row"), InputError);
  EXPECT_EQ(games::parse_treblecross_row(" .X.\r\n", "row"), ".X.");
}

class TreblecrossCache : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("grundy-treblecross-cache-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
            std::to_string(std::random_device{}()));
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

// The 0.007 table lives in the shared heap-table cache, like every heap game's.
TEST_F(TreblecrossCache, TheTableComesFromTheHeapCache) {
  const std::uint64_t n = heap::TableCache::kMinValues + 100;
  const heap::TableCache cache(dir_);
  const auto fresh = values(*table(n), n);
  EXPECT_EQ(values(*games::treblecross_table(n, &cache), n), fresh);
  const auto file = cache.file_for(games::treblecross_rules());
  ASSERT_TRUE(std::filesystem::exists(file));
  const auto loaded = cache.load(games::treblecross_rules());
  ASSERT_TRUE(loaded.has_value());
  EXPECT_EQ(values(*loaded, n), fresh);
  // A shorter request reads a prefix; a corrupted file is recomputed and replaced.
  EXPECT_EQ(values(*games::treblecross_table(3000, &cache), 3000),
            std::vector<std::uint32_t>(fresh.begin(), fresh.begin() + 3001));
  std::filesystem::resize_file(file, 100);
  EXPECT_EQ(values(*games::treblecross_table(n, &cache), n), fresh);
  EXPECT_TRUE(cache.load(games::treblecross_rules()).has_value());
}

TEST(TreblecrossCli, SingleRowText) {
  const auto r = testing::run_cli({"treblecross", "--no-cache", "....."});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("mark cell 3"), std::string::npos) << r.out;
}

TEST(TreblecrossCli, JsonContract) {
  const auto r = testing::run_cli({"--json", "treblecross", "--no-cache", std::string(47, '.')});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["game"], "treblecross");
  EXPECT_EQ(json["position"], nlohmann::json::array({std::string(47, '.')}));
  EXPECT_EQ(json["winner"], "first");
  EXPECT_NE(json["value"], 0);
  EXPECT_EQ(json["winning_moves"], nlohmann::json::parse("[1,12,15,17,20,24,28,31,33,36,47]"));
  EXPECT_EQ(json["gaps"], nlohmann::json::parse("[47]"));
  EXPECT_EQ(json["components"].size(), 1U);
  EXPECT_EQ(json["immediate_win"], false);

  const auto losing = testing::run_cli({"treblecross", "--json", "X.....X..X.............X....X..X"});
  ASSERT_EQ(losing.status, 0) << losing.err;
  const auto j2 = nlohmann::json::parse(losing.out);
  EXPECT_EQ(j2["winner"], "second");
  EXPECT_EQ(j2["value"], 0);
  EXPECT_TRUE(j2["winning_moves"].empty());
}

TEST(TreblecrossCli, RowFromStdin) {
  const auto r = testing::run_cli({"--json", "treblecross", "-"}, ".X.X...X\n");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["winning_moves"], nlohmann::json::parse("[3]"));
  EXPECT_EQ(json["immediate_win"], true);
}

TEST(TreblecrossCli, BatchContestFormat) {
  const std::string input = "4\n.....\nX.....X..X.............X....X..X\n.X.X...X\n" + std::string(47, '.') + "\n";
  const auto r = testing::run_cli({"treblecross", "--batch", "--no-cache"}, input);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "WINNING\n3\nLOSING\n\nWINNING\n3\nWINNING\n1 12 15 17 20 24 28 31 33 36 47\n");
}

TEST(TreblecrossCli, BadInputExitsTwoWithOneLine) {
  struct Case {
    std::vector<std::string> args;
    std::string input;
  };
  const std::vector<Case> cases{
      {{"treblecross", "..XXX.."}, ""},
      {{"treblecross", "..a.."}, ""},
      {{"treblecross", ""}, ""},
      {{"treblecross"}, ""},
      {{"treblecross", "-"}, ""},
      {{"treblecross", "-"}, "\n\n"},
      {{"treblecross", "-"}, std::string(games::kTreblecrossMaxCells + 1, '.')},
      {{"treblecross", "--batch"}, ""},
      {{"treblecross", "--batch"}, "x\n...\n"},
      {{"treblecross", "--batch"}, "2\n...\n"},
      {{"treblecross", "--batch"}, "1\n...\n...\n"},
      {{"treblecross", "--batch"}, "2\n...\n\n"},
      {{"treblecross", "--batch"}, "2\n...\nXXX\n"},
      {{"treblecross", "--batch"}, "-1\n"},
      {{"treblecross", "--batch", "--json"}, "1\n...\n"},
  };
  for (const Case& c : cases) {
    const auto r = testing::run_cli(c.args, c.input);
    SCOPED_TRACE(c.input.substr(0, 40));
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

}  // namespace
}  // namespace grundy
