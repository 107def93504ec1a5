#include "grundy/heap/arithmetic_periodicity.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/table.hpp"
#include "support/sanitizers.hpp"

namespace grundy::heap {
namespace {

// How far the brute force checks the tables of 300 values and their patterns.
constexpr std::uint64_t kBruteForceUpto = testing::sized(600, 420);

HeapTable computed(const std::string& code, std::uint64_t upto) {
  HeapTable table(parse_heap_rules(code));
  ExtendOptions options;
  options.method = KernelMethod::plain;
  extend_table(table, upto, options);
  return table;
}

// An evaluation written from the code's digits alone (no kernel, no moves.hpp):
// bit j of digit k lets a move remove k tokens and leave j non-empty heaps.
std::vector<std::uint64_t> brute_force(const std::string& code, std::uint64_t upto) {
  const std::string digits_text = code.substr(code.find('.') + 1);
  std::vector<unsigned> digits{code.find('.') == 1 ? static_cast<unsigned>(std::stoul(code.substr(0, 1), nullptr, 16))
                                                   : 0U};
  for (char c : digits_text) digits.push_back(static_cast<unsigned>(std::stoul(std::string(1, c), nullptr, 16)));
  std::vector<std::uint64_t> g(upto + 1, 0);
  for (std::uint64_t n = 1; n <= upto; ++n) {
    std::vector<bool> seen(3 * n + 8, false);
    const auto mark = [&](std::uint64_t v) {
      if (v < seen.size()) seen[v] = true;
    };
    for (std::uint64_t k = 0; k < digits.size() && k <= n; ++k) {
      const unsigned d = digits[k];
      const std::uint64_t rest = n - k;
      if ((d & 1) && rest == 0) mark(0);
      if ((d & 2) && k >= 1 && rest >= 1) mark(g[rest]);
      if (d & 4) {
        for (std::uint64_t a = 1; 2 * a <= rest; ++a) mark(g[a] ^ g[rest - a]);
      }
      if (d & 8) {
        for (std::uint64_t a = 1; 3 * a <= rest; ++a) {
          for (std::uint64_t b = a; a + 2 * b <= rest; ++b) mark(g[a] ^ g[b] ^ g[rest - a - b]);
        }
      }
    }
    while (seen[g[n]]) ++g[n];
  }
  return g;
}

TEST(ArithmeticPeriodicity, ZeroEightIsOneThirdOfTheHeap) {
  // 0.8 (remove one token, leave three heaps): g(n) = floor((n - 1) / 3) for n >= 1,
  // checked by the brute force far beyond the table that proves it.
  const HeapTable t = computed("0.8", 200);
  ASSERT_TRUE(t.period());
  EXPECT_EQ(*t.period(), (Periodicity{.period = 3, .preperiod = 1, .saltus = 1}));
  const std::vector<std::uint64_t> g = brute_force("0.8", 500);
  for (std::uint64_t n = 1; n <= 500; ++n) ASSERT_EQ(g[n], (n - 1) / 3) << n;
  EXPECT_EQ(t.value(1'000'000'000'000), 999'999'999'999U / 3);
  const std::uint64_t top = (std::uint64_t{1} << 63) - 1;
  EXPECT_EQ(t.value(top), (top - 1) / 3);
}

TEST(ArithmeticPeriodicity, ZeroCIsHalfTheHeap) {
  const HeapTable t = computed("0.c", 200);
  ASSERT_TRUE(t.period());
  EXPECT_EQ(*t.period(), (Periodicity{.period = 2, .preperiod = 1, .saltus = 1}));
  const std::vector<std::uint64_t> g = brute_force("0.c", 400);
  for (std::uint64_t n = 1; n <= 400; ++n) ASSERT_EQ(g[n], (n - 1) / 2) << n;
}

TEST(ArithmeticPeriodicity, EveryTwoDigitHexCodeAgreesWithBruteForceBeyondTheTable) {
  // Every code 0.xy with a three-heap digit: where a table of 200 values proves an
  // arithmetic period, g(n) from it must equal the brute force up to 450 (300
  // under the sanitizers).
  constexpr std::uint64_t kTable = 200;
  constexpr std::uint64_t kFar = testing::sized(450, 300);
  const std::string hex = "0123456789abcdef";
  int proven = 0;
  bool large_period = false;
  for (char x : hex) {
    for (char y : hex) {
      const std::string code = std::string("0.") + x + y;
      if ((std::stoul(std::string(1, x), nullptr, 16) | std::stoul(std::string(1, y), nullptr, 16)) < 8) continue;
      const HeapTable t = computed(code, kTable);
      if (!t.period() || t.period()->saltus == 0) continue;
      ++proven;
      large_period = large_period || t.period()->period > 20;
      const std::vector<std::uint64_t> g = brute_force(code, kFar);
      for (std::uint64_t n = 0; n <= kFar; ++n) ASSERT_EQ(t.value(n), g[n]) << code << " n=" << n;
    }
  }
  EXPECT_GE(proven, 30);
  EXPECT_TRUE(large_period);  // 0.28: period 53, saltus 16
}

TEST(ArithmeticPeriodicity, OrdinaryPeriodsKeepSaltusZero) {
  const HeapTable kayles = computed("kayles", 400);
  ASSERT_TRUE(kayles.period());
  EXPECT_EQ(*kayles.period(), (Periodicity{.period = 12, .preperiod = 71, .saltus = 0}));
  const HeapTable split = computed("4.0", 100);  // split a heap in two: 0, 0, 1, 0, 1, ...
  ASSERT_TRUE(split.period());
  EXPECT_EQ(split.period()->saltus, 0U);
}

TEST(ArithmeticPeriodicity, ZeroThreeFIsProvenWithSaltusThree) {
  // 0.3f grows by 3 every 6 tokens (0, 1, 2, 0, 1, 2, 3, 4, 5, 3, ...): g(n) = n mod 3 +
  // 3 floor(n / 6). 3 is no power of two, so the symbolic induction refuses it and the
  // automata prove it; the brute force agrees far beyond the table.
  const HeapTable t = computed("0.3f", 300);
  ASSERT_TRUE(t.period());
  EXPECT_EQ(*t.period(), (Periodicity{.period = 6, .preperiod = 0, .saltus = 3}));
  const std::vector<std::uint16_t> g(t.narrow_values());
  const std::span<const std::uint16_t> values(g);
  EXPECT_FALSE(arithmetic_proof_length(t.rules(), *t.period(), values));
  EXPECT_EQ(automatic_proof_length(t.rules(), *t.period(), values), std::optional<std::uint64_t>(7));
  const std::vector<std::uint64_t> far = brute_force("0.3f", 600);
  for (std::uint64_t n = 0; n <= 600; ++n) ASSERT_EQ(far[n], n % 3 + 3 * (n / 6)) << n;
  const std::uint64_t top = (std::uint64_t{1} << 63) - 1;
  EXPECT_EQ(t.value(top), top % 3 + 3 * (top / 6));
}

TEST(ArithmeticPeriodicity, WrongClaimsAreNeverProven) {
  // 0.8 is floor((n - 1) / 3). Claims given only the values they are built from
  // (so the table cannot contradict them and the automata must): saltus 2, period
  // 6 with saltus 3, the right pattern with one value changed. A claim the table
  // contradicts (from n0 = 0: g(3) = g(0) + 1) fails on the table.
  const HeapTable eight = computed("0.8", 100);
  std::vector<std::uint16_t> e(eight.narrow_values());
  const auto first = [&](std::uint64_t count) { return std::span<const std::uint16_t>(e.data(), count); };
  const Periodicity right{.period = 3, .preperiod = 1, .saltus = 1};
  EXPECT_EQ(automatic_proof_length(eight.rules(), right, first(4)), std::optional<std::uint64_t>(4));
  EXPECT_FALSE(automatic_proof_length(eight.rules(), Periodicity{.period = 3, .preperiod = 1, .saltus = 2}, first(4)));
  EXPECT_FALSE(automatic_proof_length(eight.rules(), Periodicity{.period = 6, .preperiod = 1, .saltus = 3}, first(7)));
  EXPECT_FALSE(automatic_proof_length(eight.rules(), Periodicity{.period = 3, .preperiod = 0, .saltus = 1},
                                      std::span<const std::uint16_t>(e)));
  EXPECT_FALSE(arithmetic_proof_length(eight.rules(), Periodicity{.period = 3, .preperiod = 1, .saltus = 2},
                                       std::span<const std::uint16_t>(e)));
  e[2] = 1;  // g(2) = 0 in truth
  EXPECT_FALSE(automatic_proof_length(eight.rules(), right, first(4)));
  // Grundy's game has no theorem at all.
  const HeapTable grundys = computed("grundys-game", 100);
  EXPECT_FALSE(grundys.period());
}

TEST(ArithmeticPeriodicity, PatternsAfterValuesNoGameHasAreRefused) {
  // What a damaged or hand-made table file can hold: a long stretch of arbitrary
  // values, then a clean arithmetic pattern. The values are not the game's, so
  // the claim is false; the automata must say no within their bounds on states,
  // edges and steps (such a file once took the construction past a gigabyte).
  std::mt19937_64 random(20261126);
  for (const std::string code : {"0.3f", "0.ff", "0.bfb", "0.01b", "0.f7", "0.6f3"}) {
    for (int round = 0; round < 3; ++round) {
      const std::uint64_t n0 = 100 + random() % 300;
      const std::uint64_t p = 1 + random() % 11;
      const std::uint64_t s = 1 + random() % 200;
      std::vector<std::uint16_t> g(n0 + p);
      for (std::uint16_t& v : g) v = static_cast<std::uint16_t>(random() % 64);
      while (g.size() < 2 * n0 + 8 * p) g.push_back(static_cast<std::uint16_t>(g[g.size() - p] + s));
      const std::span<const std::uint16_t> values(g);
      const std::optional<Periodicity> seen = observe_arithmetic_period(values);
      ASSERT_TRUE(seen) << code;
      EXPECT_FALSE(automatic_proof_length(parse_heap_rules(code), *seen, values)) << code << " round " << round;
    }
  }
}

TEST(ArithmeticPeriodicity, EveryPatternOfTwoDigitCodesIsProvenAndHoldsInTheBruteForce) {
  // Every code 0.xy whose 300 values follow an arithmetic pattern: the table
  // proves a period (the power-of-two condition or the automata), and g(n) from
  // it equals an independent brute force to 600 (420 under the sanitizers).
  const std::string hex = "0123456789abcdef";
  int seen = 0;
  int beyond_powers_of_two = 0;
  for (char x : hex) {
    for (char y : hex) {
      const std::string code = std::string("0.") + x + y;
      if (x == '0' && y == '0') continue;  // no move at all
      const HeapTable t = computed(code, 300);
      const std::vector<std::uint16_t> values(t.narrow_values());
      const std::optional<Periodicity> pattern = observe_arithmetic_period(std::span<const std::uint16_t>(values));
      if (!pattern) continue;
      ++seen;
      ASSERT_TRUE(t.period()) << code;
      EXPECT_GT(t.period()->saltus, 0U) << code;
      if (!arithmetic_proof_length(t.rules(), *t.period(), std::span<const std::uint16_t>(values))) {
        ++beyond_powers_of_two;
      }
      const std::vector<std::uint64_t> g = brute_force(code, kBruteForceUpto);
      for (std::uint64_t n = 0; n <= kBruteForceUpto; ++n) ASSERT_EQ(t.value(n), g[n]) << code << " n=" << n;
    }
  }
  EXPECT_GE(seen, 60);
  EXPECT_GE(beyond_powers_of_two, 20);  // 0.3f, 0.ff, 0.c3, ...
  // Ordinary periods and irregular tables show no arithmetic pattern.
  for (const char* code : {"kayles", "0.007", "grundys-game"}) {
    const HeapTable other = computed(code, 300);
    const std::vector<std::uint16_t> v(other.narrow_values());
    EXPECT_FALSE(observe_arithmetic_period(std::span<const std::uint16_t>(v))) << code;
  }
}

TEST(ArithmeticPeriodicity, RandomCodesAgreeWithTheBruteForceAndWrongClaimsFail) {
  // Random three-digit codes: every pattern the automata prove holds in the brute
  // force to 600; every pattern the power-of-two condition proves, they prove too;
  // the same claim with the saltus one larger, the period doubled with an odd
  // saltus, or one value of G changed is refused, given only the values it is
  // built from (so that the automata, not the table, refute it).
  std::mt19937 random(2026);
  const std::string hex = "0123456789abcdef";
  int proven = 0;
  const auto codes = static_cast<int>(testing::sized(120, 60));  // the automata are slow under the sanitizers
  for (int i = 0; i < codes; ++i) {
    std::string code = "0.";
    for (int d = 0; d < 3; ++d) code += hex[d == 2 ? 1 + random() % 15 : random() % 16];
    const HeapTable t = computed(code, 300);
    const std::vector<std::uint16_t> values(t.narrow_values());
    const std::span<const std::uint16_t> g(values);
    const std::optional<Periodicity> pattern = observe_arithmetic_period(g);
    if (!pattern) continue;
    const std::optional<std::uint64_t> length = automatic_proof_length(t.rules(), *pattern, g);
    if (arithmetic_proof_length(t.rules(), *pattern, g)) {
      EXPECT_TRUE(length) << code;
    }
    if (!length) continue;
    ++proven;
    const std::vector<std::uint64_t> far = brute_force(code, kBruteForceUpto);
    const std::uint64_t n0 = pattern->preperiod;
    for (std::uint64_t n = n0 + pattern->period; n <= kBruteForceUpto; ++n) {
      ASSERT_EQ(far[n], values[n0 + (n - n0) % pattern->period] + pattern->saltus * ((n - n0) / pattern->period))
          << code << " n=" << n;
    }
    if (proven > 3) continue;  // refuting a claim takes the automata seconds: a few codes
    const std::uint64_t base = std::max<std::uint64_t>(n0, 1) + pattern->period;
    Periodicity larger = *pattern;
    larger.saltus += 1;
    EXPECT_FALSE(automatic_proof_length(t.rules(), larger, g.first(base))) << code;
    Periodicity doubled = *pattern;
    doubled.period *= 2;
    doubled.saltus = 2 * doubled.saltus + 1;
    EXPECT_FALSE(automatic_proof_length(t.rules(), doubled, g.first(base + pattern->period))) << code;
    std::vector<std::uint16_t> changed(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(base));
    changed[1 + random() % (base - 1)] ^= static_cast<std::uint16_t>(1 + random() % 3);
    EXPECT_FALSE(automatic_proof_length(t.rules(), *pattern, std::span<const std::uint16_t>(changed))) << code;
  }
  EXPECT_GE(proven, static_cast<int>(testing::sized(25, 20)));
}

}  // namespace
}  // namespace grundy::heap
