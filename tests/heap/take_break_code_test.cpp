// Generalized take-and-break codes: the parser, the plain kernel over them, and
// the mapping onto the octal rules, against a brute force written apart (plain
// recursion over explicit move lists built from a code's own description).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/table.hpp"
#include "grundy/heap/take_break_code.hpp"

namespace take_break_test {

using grundy::InputError;
using grundy::heap::HeapRules;
using grundy::heap::HeapTable;
using grundy::heap::KernelMethod;

// A code as the test draws it: per digit, the allowed heap counts (any from
// `more_from` on when set) and a modifier character (0, '!', '?', '=').
struct DrawnDigit {
  std::set<unsigned> counts;
  unsigned more_from = 0;  // 0: none
  char modifier = 0;
};
struct DrawnCode {
  std::vector<DrawnDigit> head;  // head[0] before the point
  std::vector<DrawnDigit> tail;
};

std::string text_of(const DrawnDigit& d) {
  std::string out;
  unsigned mask = 0;
  for (unsigned c : d.counts) mask |= 1U << c;
  if (d.more_from == 0 && mask < 36) {
    out += "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[mask];
  } else {
    out += '{';
    bool first = true;
    for (unsigned c : d.counts) {
      if (c >= d.more_from && d.more_from != 0) continue;
      out += (first ? "" : ",") + std::to_string(c);
      first = false;
    }
    if (d.more_from != 0) out += (first ? "" : ",") + std::to_string(d.more_from) + "+";
    out += '}';
  }
  if (d.modifier != 0) out += d.modifier;
  return out;
}

std::string text_of(const DrawnCode& code) {
  std::string out = text_of(code.head[0]) + ".";
  for (std::size_t i = 1; i < code.head.size(); ++i) out += text_of(code.head[i]);
  if (!code.tail.empty()) {
    out += '[';
    for (const DrawnDigit& d : code.tail) out += text_of(d);
    out += ']';
  }
  return out;
}

const DrawnDigit* digit_for(const DrawnCode& code, std::uint64_t take) {
  if (take < code.head.size()) return &code.head[take];
  if (code.tail.empty()) return nullptr;
  return &code.tail[(take - code.head.size()) % code.tail.size()];
}

bool count_allowed(const DrawnDigit& d, unsigned count) {
  return d.counts.count(count) != 0 || (d.more_from != 0 && count >= d.more_from);
}

bool respects(char modifier, const std::vector<std::uint64_t>& parts) {
  if (parts.size() < 2 || modifier == 0) return true;
  const std::set<std::uint64_t> distinct(parts.begin(), parts.end());
  if (modifier == '!') return distinct.size() == parts.size();
  if (modifier == '?') return distinct.size() > 1;
  return distinct.size() == 1;  // '='
}

// Every ordered way to write rest as `count` positive parts.
void compositions(std::uint64_t rest, unsigned count, std::vector<std::uint64_t>& prefix,
                  std::vector<std::vector<std::uint64_t>>& out) {
  if (count == 0) {
    if (rest == 0) out.push_back(prefix);
    return;
  }
  for (std::uint64_t first = 1; first <= rest; ++first) {
    prefix.push_back(first);
    compositions(rest - first, count - 1, prefix, out);
    prefix.pop_back();
  }
}

// g(0..top) by plain recursion over every option, listed as compositions.
std::vector<std::uint64_t> brute_values(const DrawnCode& code, std::uint64_t top) {
  std::vector<std::uint64_t> g;
  for (std::uint64_t n = 0; n <= top; ++n) {
    std::set<std::uint64_t> seen;
    for (std::uint64_t take = 0; take <= n; ++take) {
      const DrawnDigit* d = digit_for(code, take);
      if (d == nullptr) break;
      const std::uint64_t rest = n - take;
      for (unsigned count = 0; count <= rest; ++count) {
        if (!count_allowed(*d, count)) continue;
        if (take == 0 && count == 1) continue;  // not a move
        std::vector<std::vector<std::uint64_t>> ways;
        std::vector<std::uint64_t> prefix;
        compositions(rest, count, prefix, ways);
        for (const auto& parts : ways) {
          if (!respects(d->modifier, parts)) continue;
          std::uint64_t v = 0;
          for (std::uint64_t p : parts) v ^= g[p];
          seen.insert(v);
        }
      }
    }
    std::uint64_t mex = 0;
    while (seen.count(mex) != 0) ++mex;
    g.push_back(mex);
  }
  return g;
}

std::vector<std::uint64_t> table_values(const HeapRules& rules, std::uint64_t top, KernelMethod method) {
  HeapTable table(rules);
  grundy::heap::ExtendOptions options;
  options.method = method;
  grundy::heap::extend_table(table, top, options);
  std::vector<std::uint64_t> out;
  for (std::uint64_t n = 0; n <= top; ++n) out.push_back(table.at(n));
  return out;
}

DrawnDigit random_digit(std::mt19937_64& rng, bool before_point) {
  DrawnDigit d;
  const unsigned lowest = before_point ? 2 : 0;
  for (unsigned c = lowest; c <= 5; ++c) {
    if (rng() % 3 == 0) d.counts.insert(c);
  }
  if (rng() % 5 == 0) {
    d.more_from = lowest + static_cast<unsigned>(rng() % 3);
    d.counts.insert(d.more_from);
  }
  static constexpr char kModifiers[] = {0, 0, '!', '?', '='};
  d.modifier = kModifiers[rng() % 5];
  return d;
}

TEST(TakeBreakCode, AgreesWithBruteForceOnRandomCodes) {
  std::mt19937_64 rng(20261126);
  int checked = 0;
  for (int round = 0; round < 300; ++round) {
    DrawnCode code;
    code.head.push_back(rng() % 3 == 0 ? random_digit(rng, true) : DrawnDigit{});
    const std::size_t after = rng() % 4;
    for (std::size_t i = 0; i < after; ++i) code.head.push_back(random_digit(rng, false));
    if (rng() % 3 == 0) {
      const std::size_t tail = 1 + rng() % 2;
      for (std::size_t i = 0; i < tail; ++i) code.tail.push_back(random_digit(rng, false));
    }
    const std::string text = text_of(code);
    HeapRules rules = HeapRules::make("x", {0, 1});
    try {
      rules = grundy::heap::parse_heap_rules(text);
    } catch (const InputError&) {
      // Only codes without any move are refused here.
      const std::vector<std::uint64_t> g = brute_values(code, 12);
      EXPECT_TRUE(std::all_of(g.begin(), g.end(), [](std::uint64_t v) { return v == 0; })) << text;
      continue;
    }
    const std::uint64_t top = 12;
    const std::vector<std::uint64_t> expected = brute_values(code, top);
    EXPECT_EQ(table_values(rules, top, KernelMethod::plain), expected) << text;
    EXPECT_EQ(table_values(rules, top, KernelMethod::fast), expected) << text;
    // The canonical form states the same game.
    const HeapRules again = grundy::heap::parse_heap_rules(grundy::heap::format_code(rules));
    EXPECT_TRUE(grundy::heap::same_game(again, rules) || rules.unequal_split()) << text;
    ++checked;
  }
  EXPECT_GT(checked, 200);
}

TEST(TakeBreakCode, BracketedThreeIsNim) {
  const HeapRules rules = grundy::heap::parse_heap_rules("0.[3]");
  ASSERT_NE(rules.general(), nullptr);
  const std::vector<std::uint64_t> g = table_values(rules, 300, KernelMethod::fast);
  for (std::uint64_t n = 0; n <= 300; ++n) EXPECT_EQ(g[n], n);
}

std::vector<std::uint64_t> grundys_game_golden() {
  std::ifstream in(std::string(GRUNDY_TEST_DATA) + "/heap/grundys_game.txt");
  std::string line;
  std::vector<std::uint64_t> values;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::uint64_t v = 0;
    while (words >> v) values.push_back(v);
  }
  return values;
}

TEST(TakeBreakCode, FourBangIsGrundysGameOnItsFastPath) {
  const HeapRules rules = grundy::heap::parse_heap_rules("4!.0");
  EXPECT_EQ(rules.general(), nullptr);  // the octal rules: the fast kernel serves it
  EXPECT_TRUE(rules.unequal_split());
  EXPECT_TRUE(grundy::heap::same_game(rules, grundy::heap::parse_heap_rules("grundys-game")));
  EXPECT_TRUE(grundy::heap::same_game(grundy::heap::parse_heap_rules("4?.0"), rules));  // two heaps: the same
  const std::vector<std::uint64_t> golden = grundys_game_golden();
  ASSERT_GT(golden.size(), 100U);
  const std::vector<std::uint64_t> fast = table_values(rules, golden.size() - 1, KernelMethod::fast);
  EXPECT_EQ(fast, golden);
  EXPECT_EQ(table_values(grundy::heap::parse_heap_rules("grundys-game"), 5000, KernelMethod::fast),
            table_values(rules, 5000, KernelMethod::fast));
}

TEST(TakeBreakCode, AllButTwoThreeSevenIsItsCode) {
  const HeapRules rules = grundy::heap::parse_heap_rules("0.3003330[3]");
  ASSERT_NE(rules.general(), nullptr);
  const std::set<std::uint64_t> excluded{2, 3, 7};
  std::vector<std::uint64_t> expected;
  for (std::uint64_t n = 0; n <= 400; ++n) {
    std::set<std::uint64_t> seen;
    for (std::uint64_t t = 1; t <= n; ++t) {
      if (excluded.count(t) == 0) seen.insert(expected[n - t]);
    }
    std::uint64_t mex = 0;
    while (seen.count(mex) != 0) ++mex;
    expected.push_back(mex);
  }
  EXPECT_EQ(table_values(rules, 400, KernelMethod::plain), expected);
}

TEST(TakeBreakCode, OctalCodesStayOctal) {
  for (const char* text : {"0.77", "4.007", "0.3f", "0.{1,2}{1,2}", "0.{0,1,2}"}) {
    const HeapRules rules = grundy::heap::parse_heap_rules(text);
    EXPECT_EQ(rules.general(), nullptr) << text;
  }
  EXPECT_TRUE(grundy::heap::same_game(grundy::heap::parse_heap_rules("0.{0,1,2}{0,1,2}"),
                                      grundy::heap::parse_heap_rules("0.77")));
  EXPECT_TRUE(grundy::heap::same_game(grundy::heap::parse_heap_rules("0.3!"), grundy::heap::parse_heap_rules("0.3")))
      << "a modifier restricts only moves that leave two heaps or more";
  EXPECT_TRUE(grundy::heap::parse_heap_rules("0.7!").unequal_split());
}

TEST(TakeBreakCode, CanonicalForms) {
  const auto canonical = [](const char* text) {
    return grundy::heap::format_take_break_code(grundy::heap::parse_take_break_code(text));
  };
  EXPECT_EQ(canonical("0.[3]"), "0.[3]");
  EXPECT_EQ(canonical("0.333[33]"), "0.[3]");
  EXPECT_EQ(canonical("0.33[73]"), "0.3[37]");
  EXPECT_EQ(canonical("0.3[37]"), "0.3[37]");
  EXPECT_EQ(canonical("{2,3+}.0"), "{2+}.0");
  EXPECT_EQ(canonical("{2+}!.0"), "{2+}!.0");
  EXPECT_EQ(canonical("0.[{0+}=]"), "0.[{0+}=]");
  EXPECT_EQ(canonical("8?.0"), "8?.0");
  EXPECT_EQ(canonical("0.Z"), "0.z");
  EXPECT_EQ(canonical("0.7000"), "0.7");
  EXPECT_EQ(canonical("0.3[0]"), "0.3");
}

TEST(TakeBreakCode, RefusesMalformedCodes) {
  for (const char* text :
       {"20.017", "44.0", "0.{2,3", "0.2,3}", "0.{}", "0.{64}", "0.{99999999999999999999}", "0.{3,2}", "0.{2+,3}",
        "0.[3", "0.3]", "0.[]", "0.[3]7", "0.!", "0.3!!", "1.[3]", "2.[3]", "{1+}.0", "0.[0]", "0.{,2}", "0.{2,}",
        "0.3#", "0..[3]", "[3].0", "0.[[3]]", "0.{2}}"}) {
    EXPECT_THROW(grundy::heap::parse_heap_rules(text), InputError) << text;
  }
  EXPECT_THROW(grundy::heap::parse_heap_rules("0." + std::string(70000, '3') + "[3]"), InputError);
}

TEST(TakeBreakCode, PeriodOnlyWhereTheTheoremApplies) {
  // A finite code with four-heap splits and no modifier: the theorem (j = 4) may prove a period.
  for (const char* text : {"0.{1,4}", "0.{1,2,4}", "0.[3]", "8!.0", "0.{1,2}="}) {
    const HeapRules rules = grundy::heap::parse_heap_rules(text);
    HeapTable table(rules);
    grundy::heap::extend_table(table, 300, {.method = KernelMethod::plain});
    if (!grundy::heap::period_theorem_applies(rules)) {
      EXPECT_FALSE(table.period().has_value()) << text;
      continue;
    }
    if (!table.period()) continue;
    // A proven period must hold in a longer table.
    HeapTable longer(rules);
    grundy::heap::extend_table(longer, 600, {.method = KernelMethod::plain});
    for (std::uint64_t n = 301; n <= 600; ++n) EXPECT_EQ(table.value(n), longer.at(n)) << text << " n=" << n;
  }
}

}  // namespace take_break_test
