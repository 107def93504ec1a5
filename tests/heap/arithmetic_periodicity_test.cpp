#include "grundy/heap/arithmetic_periodicity.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/table.hpp"

namespace grundy::heap {
namespace {

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
  // arithmetic period, g(n) from it must equal the brute force up to 450.
  constexpr std::uint64_t kTable = 200;
  constexpr std::uint64_t kFar = 450;
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

TEST(ArithmeticPeriodicity, RefusesWhatTheConditionDoesNotProve) {
  // 0.3f grows by 3 every 6 tokens (0, 1, 2, 0, 1, 2, 3, 4, 5, 3, ...): 3 is no power of
  // two, so this proof does not apply and nothing beyond the table is claimed.
  const HeapTable t = computed("0.3f", 300);
  EXPECT_FALSE(t.period());
  const std::vector<std::uint16_t> g(t.narrow_values());
  EXPECT_FALSE(arithmetic_proof_length(t.rules(), Periodicity{.period = 6, .preperiod = 0, .saltus = 3},
                                       std::span<const std::uint16_t>(g)));
  EXPECT_THROW((void)t.value(1000), InputError);
  // A wrong claim is never proven: 0.8 with saltus 2.
  const HeapTable eight = computed("0.8", 100);
  const std::vector<std::uint16_t> e(eight.narrow_values());
  EXPECT_FALSE(arithmetic_proof_length(eight.rules(), Periodicity{.period = 3, .preperiod = 1, .saltus = 2},
                                       std::span<const std::uint16_t>(e)));
  // Grundy's game has no theorem at all.
  const HeapTable grundys = computed("grundys-game", 100);
  EXPECT_FALSE(grundys.period());
}

TEST(ArithmeticPeriodicity, PatternsSeenWithoutProofHoldFurtherInTheBruteForce) {
  // Every two-digit code whose 300 values follow an arithmetic pattern that is not
  // proven: the pattern, seen over the table, must still hold in the brute force
  // to 600 (evidence that the report is the regularity, not a proof of it).
  const std::string hex = "0123456789abcdef";
  int seen = 0;
  for (char x : hex) {
    for (char y : hex) {
      const std::string code = std::string("0.") + x + y;
      if (x == '0' && y == '0') continue;  // no move at all
      const HeapTable t = computed(code, 300);
      const std::vector<std::uint16_t> values(t.narrow_values());
      const std::optional<Periodicity> pattern = observe_arithmetic_period(std::span<const std::uint16_t>(values));
      if (!pattern) continue;
      EXPECT_GT(pattern->saltus, 0U) << code;
      if (t.period()) continue;  // proven: the test above checks it
      ++seen;
      const std::vector<std::uint64_t> g = brute_force(code, 600);
      for (std::uint64_t n = pattern->preperiod + pattern->period; n <= 600; ++n) {
        ASSERT_EQ(g[n], g[n - pattern->period] + pattern->saltus) << code << " n=" << n;
      }
    }
  }
  EXPECT_GE(seen, 1);  // 0.3f at least
  const HeapTable t = computed("0.3f", 300);
  const std::vector<std::uint16_t> g(t.narrow_values());
  EXPECT_EQ(observe_arithmetic_period(std::span<const std::uint16_t>(g)),
            (Periodicity{.period = 6, .preperiod = 0, .saltus = 3}));
  // Ordinary periods and irregular tables show no arithmetic pattern.
  for (const char* code : {"kayles", "0.007", "grundys-game"}) {
    const HeapTable other = computed(code, 300);
    const std::vector<std::uint16_t> v(other.narrow_values());
    EXPECT_FALSE(observe_arithmetic_period(std::span<const std::uint16_t>(v))) << code;
  }
}

}  // namespace
}  // namespace grundy::heap
