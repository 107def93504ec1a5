// The automata of the arithmetic-periodicity proof, on relations whose truth a
// direct computation gives: addition with a hidden carry, a hidden nim-sum
// witness, a function read from a table plus a linear pattern.
#include "heap/digit_automaton.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace grundy::heap::detail {
namespace {

constexpr std::size_t kStates = 1 << 16;

// Runs a most-significant-first automaton over numbers of `bits` digits.
bool accepts(const DigitDfa& dfa, const std::vector<std::uint64_t>& numbers, unsigned bits) {
  std::uint32_t state = 0;
  for (unsigned i = bits; i-- > 0;) {
    unsigned letter = 0;
    for (std::size_t t = 0; t < numbers.size(); ++t) letter |= static_cast<unsigned>((numbers[t] >> i) & 1U) << t;
    state = dfa.step(state, letter);
  }
  return dfa.accepting[state] != 0;
}

// a + b = c, least significant digit first with the carry as state.
DigitNfa addition() {
  DigitNfa nfa;
  nfa.tracks = 3;
  nfa.starts = {0};
  nfa.successors = [](std::uint64_t carry, unsigned letter, std::vector<std::uint64_t>& out) {
    const std::uint64_t total = (letter & 1U) + ((letter >> 1U) & 1U) + carry;
    if ((total & 1U) == (letter >> 2U)) out.push_back(total >> 1U);
  };
  nfa.accepting = [](std::uint64_t carry) { return carry == 0; };
  return nfa;
}

TEST(DigitAutomaton, AdditionIsReadExactlyWhateverThePadding) {
  const std::optional<DigitDfa> dfa = determinize(addition(), kStates);
  ASSERT_TRUE(dfa);
  const DigitDfa rejected = complement(*dfa);
  std::mt19937_64 random(7);
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t a = random() % 5000;
    const std::uint64_t b = random() % 5000;
    const std::uint64_t c = (i % 2 == 0) ? a + b : random() % 10000;
    for (unsigned bits : {14U, 20U}) {  // more leading zeros change nothing
      EXPECT_EQ(accepts(*dfa, {a, b, c}, bits), a + b == c) << a << " " << b << " " << c;
      EXPECT_NE(accepts(rejected, {a, b, c}, bits), a + b == c);
    }
  }
}

TEST(DigitAutomaton, HiddenDigitsAreGuessed) {
  // y = x ^ 3x for some x (then x <= y, as a ^ b >= |a - b|): x hidden, 3x = x + 2x
  // computed digit by digit. State: the previous digit of x, the carry (0..2).
  DigitNfa nfa;
  nfa.tracks = 1;
  nfa.starts = {0};
  nfa.successors = [](std::uint64_t state, unsigned y, std::vector<std::uint64_t>& out) {
    const std::uint64_t previous = state & 1U;
    const std::uint64_t carry = state >> 1U;
    for (std::uint64_t x = 0; x < 2; ++x) {
      const std::uint64_t total = x + previous + carry;  // digit of x + 2x
      if (((total & 1U) ^ x) == y) out.push_back(x | ((total >> 1U) << 1U));
    }
  };
  nfa.accepting = [](std::uint64_t state) { return state == 0; };
  const std::optional<DigitDfa> dfa = determinize(nfa, kStates);
  ASSERT_TRUE(dfa);
  int found = 0;
  for (std::uint64_t y = 0; y < 1024; ++y) {
    bool some = false;
    for (std::uint64_t x = 0; x <= y && !some; ++x) some = (x ^ (3 * x)) == y;
    found += some ? 1 : 0;
    EXPECT_EQ(accepts(*dfa, {y}, 14), some) << y;
  }
  EXPECT_GT(found, 20);
  EXPECT_LT(found, 1000);
}

TEST(DigitAutomaton, LeastFirstReadsTheSameRelation) {
  const std::optional<DigitDfa> dfa = determinize(addition(), kStates);
  ASSERT_TRUE(dfa);
  const DigitNfa back = least_first(*dfa);
  const std::optional<DigitDfa> again = determinize(back, kStates);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->size(), dfa->size());  // both minimal
  for (std::uint64_t a = 0; a < 40; ++a) {
    for (std::uint64_t b = 0; b < 40; ++b) {
      EXPECT_TRUE(accepts(*again, {a, b, a + b}, 8));
      EXPECT_FALSE(accepts(*again, {a, b, a + b + 1}, 8));
    }
  }
}

TEST(DigitAutomaton, TooManyStatesGiveUp) {
  // x = 20011 * q for a hidden q: the carry alone takes about 20,000 values.
  DigitNfa nfa;
  nfa.tracks = 1;
  nfa.starts = {0};
  nfa.successors = [](std::uint64_t carry, unsigned x, std::vector<std::uint64_t>& out) {
    for (std::uint64_t q = 0; q < 2; ++q) {
      const std::uint64_t total = carry + 20011 * q;
      if ((total & 1U) == x) out.push_back(total >> 1U);
    }
  };
  nfa.accepting = [](std::uint64_t carry) { return carry == 0; };
  EXPECT_FALSE(determinize(nfa, 1000));
  const std::optional<DigitDfa> small = determinize(nfa, kStates);
  ASSERT_TRUE(small);
  for (std::uint64_t x = 0; x < 200'000; x += 997) {
    EXPECT_EQ(accepts(*small, {x}, 20), x % 20011 == 0) << x;
  }
  EXPECT_TRUE(accepts(*small, {3 * 20011}, 20));
}

TEST(DigitAutomaton, DenseAutomataGiveUpOnEdgesBeforeStates) {
  // 64 states, each leading to all 64 on both letters: 8,192 edges for a relation
  // (every word) of one state. Edges are bounded too (16 per state allowed), so
  // memory stays in proportion to the states allowed.
  DigitNfa nfa;
  nfa.tracks = 1;
  nfa.starts = {0};
  nfa.successors = [](std::uint64_t, unsigned, std::vector<std::uint64_t>& out) {
    for (std::uint64_t q = 0; q < 64; ++q) out.push_back(q);
  };
  nfa.accepting = [](std::uint64_t) { return true; };
  EXPECT_FALSE(determinize(nfa, 64));
  const std::optional<DigitDfa> all = determinize(nfa, 1024);
  ASSERT_TRUE(all);
  EXPECT_EQ(all->size(), 1U);
  for (std::uint64_t x = 0; x < 100; ++x) EXPECT_TRUE(accepts(*all, {x}, 8)) << x;
}

}  // namespace
}  // namespace grundy::heap::detail
