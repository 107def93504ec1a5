#include "grundy/heap/moves.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"

namespace grundy::heap {
namespace {

using Option = std::pair<std::uint64_t, std::vector<std::uint64_t>>;

std::vector<Option> options_of(const HeapRules& rules, std::uint64_t n) {
  std::vector<Option> out;
  for_each_option(rules, n, [&](std::uint64_t take, std::span<const std::uint64_t> parts) {
    out.emplace_back(take, std::vector<std::uint64_t>(parts.begin(), parts.end()));
  });
  return out;
}

// The definition read literally: every take k and every way to write n - k as
// j >= 0 ascending positive parts, kept when digit k has bit 2^j (and, for
// Grundy's game, the two parts differ). Written without moves.hpp.
std::vector<Option> brute_options(const HeapRules& rules, std::uint64_t n) {
  std::vector<Option> out;
  for (std::uint64_t k = 0; k <= n && k < rules.digits().size(); ++k) {
    const unsigned d = rules.digits()[k];
    const std::uint64_t rest = n - k;
    if (k > 0 && rest == 0 && (d & 1U)) out.push_back({k, {}});
    if (k > 0 && rest > 0 && (d & 2U)) out.push_back({k, {rest}});
    for (std::uint64_t a = 1; a < rest; ++a) {
      const std::uint64_t b = rest - a;
      if (a <= b && (d & 4U) && !(rules.unequal_split() && a == b)) out.push_back({k, {a, b}});
      for (std::uint64_t c = 1; a + c < rest; ++c) {
        const std::uint64_t e = rest - a - c;
        if (a <= c && c <= e && (d & 8U)) out.push_back({k, {a, c, e}});
      }
    }
  }
  return out;
}

TEST(HeapMoves, DigitBits) {
  EXPECT_TRUE(allows(7, 0));
  EXPECT_TRUE(allows(7, 2));
  EXPECT_FALSE(allows(7, 3));
  EXPECT_TRUE(allows(8, 3));
  EXPECT_FALSE(fits(5, 0, 1)) << "a move that removes nothing must split";
  EXPECT_FALSE(fits(5, 0, 0));
  EXPECT_TRUE(fits(5, 5, 0));
  EXPECT_TRUE(fits(5, 3, 2));
  EXPECT_FALSE(fits(5, 4, 2));
  EXPECT_EQ(last_pair_first(parse_heap_rules("0.07"), 6), 3U);
  EXPECT_EQ(last_pair_first(parse_heap_rules("grundys-game"), 6), 2U);
}

TEST(HeapMoves, KaylesOptionsByHand) {
  // Kayles 0.77, heap 4: take 1 leaving 3 or 1+2; take 2 leaving 2 or 1+1.
  const std::vector<Option> expected{{1, {3}}, {1, {1, 2}}, {2, {2}}, {2, {1, 1}}};
  EXPECT_EQ(options_of(parse_heap_rules("kayles"), 4), expected);
  EXPECT_EQ(options_of(parse_heap_rules("grundys-game"), 4), (std::vector<Option>{{0, {1, 3}}}));
}

TEST(HeapMoves, EnumerationMatchesTheDefinitionOnRandomCodes) {
  std::mt19937 rng(99);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<std::uint8_t> digits{static_cast<std::uint8_t>((rng() % 4) * 4)};
    for (unsigned i = 0, len = 1 + rng() % 4; i < len; ++i) digits.push_back(static_cast<std::uint8_t>(rng() % 16));
    if (std::all_of(digits.begin(), digits.end(), [](std::uint8_t d) { return d == 0; })) continue;
    const bool unequal =
        rng() % 4 == 0 && std::any_of(digits.begin(), digits.end(), [](std::uint8_t d) { return d & 4; });
    const HeapRules rules = HeapRules::make("random", digits, unequal);
    for (std::uint64_t n = 0; n <= 14; ++n) {
      auto got = options_of(rules, n);
      auto want = brute_options(rules, n);
      std::sort(got.begin(), got.end());
      std::sort(want.begin(), want.end());
      ASSERT_EQ(got, want) << format_code(rules) << " n=" << n;
    }
  }
}

TEST(HeapRulesMake, RejectsInvalidRules) {
  EXPECT_THROW(HeapRules::make("", {0, 7}), InputError);
  EXPECT_THROW(HeapRules::make("x", {}), InputError);
  EXPECT_THROW(HeapRules::make("x", {0}), InputError) << "no move";
  EXPECT_THROW(HeapRules::make("x", {0, 0, 0}), InputError) << "no move";
  EXPECT_THROW(HeapRules::make("x", {1, 7}), InputError) << "d0 may only split";
  EXPECT_THROW(HeapRules::make("x", {2, 7}), InputError) << "d0 may only split";
  EXPECT_THROW(HeapRules::make("x", {0, 16}), InputError);
  EXPECT_THROW(HeapRules::make("x", std::vector<std::uint8_t>(HeapRules::kMaxDigits + 1, 1)), InputError);
  EXPECT_THROW(HeapRules::make("x", {0, 3}, true), InputError) << "unequal splits need a split";
  const HeapRules r = HeapRules::make("kayles", {0, 7, 7, 0, 0});
  EXPECT_EQ(r.digits(), (std::vector<std::uint8_t>{0, 7, 7})) << "trailing zeros dropped";
  EXPECT_EQ(r.max_take(), 2U);
  EXPECT_EQ(r.name(), "kayles");
  EXPECT_NO_THROW(HeapRules::make("c", {12}));
  EXPECT_THROW(parse_heap_rules("0.000"), InputError);
}

}  // namespace
}  // namespace grundy::heap
