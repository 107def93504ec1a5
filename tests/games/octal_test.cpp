#include "grundy/games/octal.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "grundy/core/analysis.hpp"
#include "grundy/core/solver.hpp"
#include "grundy/heap/codes.hpp"
#include "support/conformance.hpp"
#include "support/sanitizers.hpp"

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

// Games with an arithmetic period g(n + p) = g(n) + s: the winning moves of a
// heap found by residue and value classes (family threshold 0, values from the
// period) are exactly those a brute force finds over every option with the
// values of a plain table, and a counting sink counts them all.
TEST(OctalGame, ArithmeticPeriodSplitsMatchBruteForce) {
  std::mt19937_64 rng(23);
  // Under the sanitizers (the three-heap tables are slow there) four codes: saltus 1, 2 and 3.
  const std::vector<const char*> codes =
      testing::kSanitized ? std::vector<const char*>{"0.8", "0.3f", "0.bc", "0.ff"}
                          : std::vector<const char*>{"0.8", "0.3f", "0.bc", "0.8f", "0.a9", "0.0b", "0.fa", "0.08", "0.ff", "0.aa"};
  for (const char* code : codes) {
    SCOPED_TRACE(code);
    auto periodic = table_of(code, 1000);
    ASSERT_TRUE(periodic->period().has_value());
    ASSERT_GT(periodic->period()->saltus, 0U);
    const std::uint64_t upto = testing::sized(600, 400);
    heap::HeapTable plain(heap::parse_heap_rules(code));
    heap::ExtendOptions options;
    options.method = heap::KernelMethod::plain;
    heap::extend_table(plain, upto, options);
    const games::OctalGame game(periodic, 0);
    std::vector<std::uint64_t> heaps{2, 3, 7, 20, 64, upto - 1, upto};
    for (int i = 0; i < 6; ++i) heaps.push_back(2 + rng() % (upto - 1));
    for (const std::uint64_t n : heaps) {
      // The brute force: every option of n and its value from the plain table.
      std::vector<std::pair<Nimber, std::vector<std::uint64_t>>> all;
      heap::for_each_option(game.rules(), n, [&](std::uint64_t k, std::span<const std::uint64_t> parts) {
        Nimber v = 0;
        for (std::uint64_t h : parts) v ^= plain.at(h);
        std::vector<std::uint64_t> key{k};
        key.insert(key.end(), parts.begin(), parts.end());
        all.emplace_back(v, std::move(key));
      });
      std::vector<Nimber> targets{0, plain.at(n), static_cast<Nimber>(rng() % 64)};
      for (int t = 0; t < 3 && !all.empty(); ++t) targets.push_back(all[rng() % all.size()].first);
      for (const Nimber target : targets) {
        std::vector<std::vector<std::uint64_t>> expected;
        for (const auto& [v, key] : all) {
          if (v == target) expected.push_back(key);
        }
        OptionRecorder<std::uint64_t, games::OctalGame::Move> every;
        game.moves_to(n, target, every);
        std::vector<std::vector<std::uint64_t>> got;
        for (const auto& option : every.options()) {
          const auto& m = option.move;
          for (std::uint64_t i = 0; i < m.count; ++i) {
            std::vector<std::uint64_t> key{m.take};
            for (unsigned h = 0; h < m.heaps; ++h) key.push_back(m.to[h] + (h == 0 ? i * m.step : 0) - (h == 1 ? i * m.step : 0));
            got.push_back(key);
          }
        }
        std::sort(expected.begin(), expected.end());
        std::sort(got.begin(), got.end());
        ASSERT_EQ(got, expected) << "n=" << n << " target=" << target;
        CountingRecorder<std::uint64_t, games::OctalGame::Move> counted(3);
        game.moves_to(n, target, counted);
        EXPECT_TRUE(counted.complete());
        EXPECT_EQ(counted.counted(), every.options().size()) << "n=" << n << " target=" << target;
        EXPECT_LE(counted.options().size(), 3U);
      }
    }
  }
}

// A heap of 10^12 of 0.8 (g(n) = (n - 1) div 3): its three-heap splits are too
// many to try, so a counting sink hears that the list is incomplete, and every
// move it was given is a real winning move.
TEST(OctalGame, HugeThreeHeapSplitsAreIncompleteButRight) {
  auto table = table_of("0.8", 200);
  const games::OctalGame game(table);
  const std::uint64_t n = 1'000'000'000'000;
  Analyzer<games::OctalGame> analyzer(game);
  const std::vector<std::uint64_t> sum{n};
  const auto analysis = analyzer.analyze(sum, 50);
  EXPECT_EQ(analysis.nim_sum, (n - 1) / 3);
  EXPECT_FALSE(analysis.winning_moves_complete);
  ASSERT_FALSE(analysis.winning_moves.empty());
  EXPECT_LE(analysis.winning_moves.size(), 50U);
  const auto g = [](std::uint64_t h) { return (h - 1) / 3; };
  for (const auto& win : analysis.winning_moves) {
    const auto& m = win.move;
    ASSERT_EQ(m.heaps, 3);
    EXPECT_EQ(m.take + m.to[0] + m.to[1] + m.to[2], n);
    EXPECT_TRUE(m.to[0] <= m.to[1] && m.to[1] <= m.to[2]);
    EXPECT_EQ(g(m.to[0]) ^ g(m.to[1]) ^ g(m.to[2]), 0U);
  }
  // A sink that cannot be told the list is incomplete is refused instead.
  OptionRecorder<std::uint64_t, games::OctalGame::Move> every;
  EXPECT_THROW(game.moves_to(n, 0, every), InputError);
}

TEST(OctalGame, ValueBeyondTableWithoutPeriodIsAnError) {
  const games::OctalGame game(table_of("grundys-game", 100));
  EXPECT_THROW((void)game.value(101), InputError);
}

}  // namespace
}  // namespace grundy
