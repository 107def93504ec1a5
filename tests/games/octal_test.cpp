#include "grundy/games/octal.hpp"

#include <gtest/gtest.h>

#include <random>

#include "grundy/core/analysis.hpp"
#include "grundy/core/solver.hpp"
#include "grundy/heap/codes.hpp"
#include "support/conformance.hpp"

namespace grundy {
namespace {

std::shared_ptr<heap::HeapTable> table_of(const std::string& code, std::uint64_t upto) {
  auto table = std::make_shared<heap::HeapTable>(heap::parse_heap_rules(code));
  heap::extend_table(*table, upto);
  return table;
}

TEST(OctalGame, ConformanceOnNamedGames) {
  for (const char* code : {"kayles", "dawsons-kayles", "treblecross", "dawsons-chess", "officers", "grundys-game",
                           "4.07", "0.3f", "8.1"}) {
    SCOPED_TRACE(code);
    const games::OctalGame game(table_of(code, 200));
    std::vector<std::uint64_t> heaps;
    for (std::uint64_t n = 0; n <= 13; ++n) heaps.push_back(n);
    testing::expect_conformance(game, heaps);
  }
}

// The generic solver (options only) agrees with the table on random codes,
// octal and hexadecimal.
TEST(OctalGame, RandomCodesAgreeWithTheGenericSolver) {
  std::mt19937 rng(2024);
  for (int trial = 0; trial < 80; ++trial) {
    std::string code = (rng() % 5 == 0) ? "4." : "0.";
    const int digits = 1 + static_cast<int>(rng() % 4);
    const bool hex = rng() % 3 == 0;
    for (int i = 0; i < digits; ++i) code += "0123456789abcdef"[rng() % (hex ? 16 : 8)];
    SCOPED_TRACE(code);
    const std::uint64_t upto = hex ? 30 : 60;
    if (code.find_first_not_of("0.") == std::string::npos) continue;  // no move: not a game (HeapRules::make)
    const games::OctalGame game(table_of(code, upto));
    Solver<games::OctalGame> solver(game);
    for (std::uint64_t n = 0; n <= upto; ++n) ASSERT_EQ(solver.value(n), game.table().at(n)) << "n=" << n;
  }
}

// Families of splits of a big heap, expanded, are exactly the options of the
// target value found one by one.
TEST(OctalGame, SplitFamiliesMatchEnumeration) {
  for (const char* code : {"kayles", "0.137", "0.07", "4.07"}) {
    SCOPED_TRACE(code);
    auto table = table_of(code, 400);
    ASSERT_TRUE(table->period().has_value());
    const games::OctalGame families(table, 0);
    const games::OctalGame single(table, ~std::uint64_t{0} >> 1);
    for (std::uint64_t n : {std::uint64_t{700}, std::uint64_t{1501}, std::uint64_t{2048}}) {
      for (Nimber target = 0; target <= 9; ++target) {
        OptionRecorder<std::uint64_t, games::OctalGame::Move> a;
        OptionRecorder<std::uint64_t, games::OctalGame::Move> b;
        families.moves_to(n, target, a);
        single.moves_to(n, target, b);
        std::vector<std::vector<std::uint64_t>> expanded;
        for (const auto& option : a.options()) {
          const auto& m = option.move;
          if (m.step == 0) {
            expanded.push_back(option.components);
            continue;
          }
          for (std::uint64_t i = 0; i < m.count; ++i) expanded.push_back({m.to[0] + i * m.step, m.to[1] - i * m.step});
        }
        std::vector<std::vector<std::uint64_t>> listed;
        for (const auto& option : b.options()) listed.push_back(option.components);
        std::sort(expanded.begin(), expanded.end());
        std::sort(listed.begin(), listed.end());
        EXPECT_EQ(expanded, listed) << "n=" << n << " target=" << target;
      }
    }
  }
}

TEST(OctalGame, HugeHeapWinningMovesLeaveZero) {
  auto table = table_of("kayles", 400);
  const games::OctalGame game(table);
  Analyzer<games::OctalGame> analyzer(game);
  const std::vector<std::uint64_t> sum{9223372036854775807ULL, 5};
  const auto analysis = analyzer.analyze(sum);
  ASSERT_NE(analysis.nim_sum, 0U);
  ASSERT_FALSE(analysis.winning_moves.empty());
  for (const auto& win : analysis.winning_moves) {
    const auto& m = win.move;
    const Nimber other = analysis.values[1 - win.component];
    for (std::uint64_t i : {std::uint64_t{0}, m.count / 2, m.count - 1}) {
      Nimber x = other;
      if (m.heaps == 1) x ^= game.value(m.to[0]);
      if (m.heaps == 2) x ^= game.value(m.to[0] + i * m.step) ^ game.value(m.to[1] - i * m.step);
      EXPECT_EQ(x, 0U);
      std::uint64_t tokens = m.take;
      for (unsigned h = 0; h < m.heaps; ++h) tokens += m.to[h];
      EXPECT_EQ(tokens, m.from);
    }
  }
}

TEST(OctalGame, ValueBeyondTableWithoutPeriodIsAnError) {
  const games::OctalGame game(table_of("grundys-game", 100));
  EXPECT_THROW((void)game.value(101), InputError);
}

}  // namespace
}  // namespace grundy
