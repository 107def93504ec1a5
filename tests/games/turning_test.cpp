// Coin-turning games: the code's legal sets, the heap values by both methods,
// strip values against a brute force over explicit coin subsets, literature values.
#include "grundy/games/turning.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <functional>
#include <map>
#include <set>

#include "grundy/core/errors.hpp"
#include "support/sanitizers.hpp"

namespace turning_test {

using grundy::Nimber;
using grundy::games::TurningCode;
using Coins = std::vector<std::uint32_t>;
using Rule = std::function<bool(const Coins&)>;  // ascending coins, the last one heads to tails

// Each code's rule written out by hand, apart from the parser.
bool equally_spaced(const Coins& c) {
  for (std::size_t i = 2; i < c.size(); ++i) {
    if (c[i] - c[i - 1] != c[1] - c[0]) return false;
  }
  return true;
}
bool symmetric(const Coins& c) {
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (c[i] + c[c.size() - 1 - i] != c.front() + c.back()) return false;
  }
  return true;
}
bool consecutive(const Coins& c) { return c.back() - c.front() + 1 == c.size(); }

const std::map<std::string, Rule>& hand_rules() {
  static const std::map<std::string, Rule> rules = {
      {"1-2", [](const Coins& c) { return c.size() <= 2; }},
      {"1-3", [](const Coins& c) { return c.size() <= 3; }},
      {"1-5", [](const Coins& c) { return c.size() <= 5; }},
      {"2", [](const Coins& c) { return c.size() == 2; }},
      {"3", [](const Coins& c) { return c.size() == 3; }},
      {"1+", [](const Coins&) { return true; }},
      {"2+", [](const Coins& c) { return c.size() >= 2; }},
      {"1+C", [](const Coins& c) { return consecutive(c); }},
      {"2+C", [](const Coins& c) { return c.size() >= 2 && consecutive(c); }},
      {"1-5C", [](const Coins& c) { return c.size() <= 5 && consecutive(c); }},
      {"1-3C(5)", [](const Coins& c) { return c.size() <= 3 && c.back() - c.front() < 5; }},
      {"3C(5)", [](const Coins& c) { return c.size() == 3 && c.back() - c.front() < 5; }},
      {"3E", [](const Coins& c) { return c.size() == 3 && equally_spaced(c); }},
      {"1+E", [](const Coins& c) { return equally_spaced(c); }},
      {"4FS", [](const Coins& c) { return c.size() == 4 && c.front() == 1 && symmetric(c); }},
      {"1+S", [](const Coins& c) { return symmetric(c); }},
      {"1+FS", [](const Coins& c) { return c.front() == 1 && symmetric(c); }},
      {"2-3F", [](const Coins& c) { return c.size() >= 2 && c.size() <= 3 && c.front() == 1; }},
      {"2-3,6C", [](const Coins& c) { return (c.size() >= 2 && c.size() <= 3) || (c.size() == 6 && consecutive(c)); }},
      {"1,4E,2-3C(4)", [](const Coins& c) {
         return c.size() == 1 || (c.size() == 4 && equally_spaced(c)) ||
                (c.size() >= 2 && c.size() <= 3 && c.back() - c.front() < 4);
       }},
  };
  return rules;
}

// Every subset of coins 1..n (bit i = coin i + 1) with the given highest coin.
Coins coins_of(std::uint32_t mask) {
  Coins c;
  for (std::uint32_t i = 0; i < 32; ++i) {
    if ((mask >> i) & 1) c.push_back(i + 1);
  }
  return c;
}

// The strip game itself, by memoised mex over explicit subsets: strips as bitmasks.
class StripBruteForce {
 public:
  StripBruteForce(Rule rule, bool misere) : rule_(std::move(rule)), misere_(misere) {}
  // Normal play: the Grundy value. Misère: 1 when the player to move wins, else 0.
  Nimber value(std::uint32_t strip) {
    if (auto it = memo_.find(strip); it != memo_.end()) return it->second;
    std::set<Nimber> reached;
    bool any_move = false;
    for (std::uint32_t top = 0; top < 32; ++top) {
      if (((strip >> top) & 1) == 0) continue;
      const std::uint32_t below = (1U << top) - 1;
      // Every subset of the coins below `top`, with top added.
      for (std::uint32_t others = below;; others = (others - 1) & below) {
        const std::uint32_t turned = others | (1U << top);
        if (rule_(coins_of(turned))) {
          any_move = true;
          reached.insert(value(strip ^ turned));
        }
        if (others == 0) break;
      }
    }
    Nimber result = 0;
    if (misere_) {
      result = !any_move ? 1 : (reached.count(0) != 0 ? 1 : 0);
    } else {
      while (reached.count(result) != 0) ++result;
    }
    memo_[strip] = result;
    return result;
  }

 private:
  Rule rule_;
  bool misere_;
  std::map<std::uint32_t, Nimber> memo_;
};

std::string strip_text(std::uint32_t mask, std::uint32_t length) {
  std::string s;
  for (std::uint32_t i = 0; i < length; ++i) s += ((mask >> i) & 1) ? 'H' : 'T';
  return s;
}

TEST(TurningCode, EnumeratesExactlyTheSetsItAllows) {
  for (const auto& [text, rule] : hand_rules()) {
    const TurningCode code = TurningCode::parse(text);
    for (std::uint32_t top = 1; top <= 11; ++top) {
      std::set<Coins> listed;
      // text captured by name: clang 14 (the sanitizer build) cannot capture a structured binding.
      code.for_each_move(top, [&listed, &text = text, top](std::span<const std::uint32_t> coins) {
        const Coins c(coins.begin(), coins.end());
        ASSERT_EQ(c.back(), top) << text;
        ASSERT_TRUE(std::is_sorted(c.begin(), c.end()));
        ASSERT_TRUE(listed.insert(c).second) << text << ": a set listed twice";
      });
      std::set<Coins> expected;
      for (std::uint32_t others = 0; others < (1U << (top - 1)); ++others) {
        const Coins c = coins_of(others | (1U << (top - 1)));
        ASSERT_EQ(code.allows(c), rule(c)) << text << " at coins " << ::testing::PrintToString(c);
        if (rule(c)) expected.insert(c);
      }
      EXPECT_EQ(listed, expected) << text << " with rightmost coin " << top;
    }
  }
}

TEST(TurningStrip, EveryStripUpTo9CoinsMatchesTheBruteForce) {
  for (const auto& [text, rule] : hand_rules()) {
    grundy::games::TurningStrip game(TurningCode::parse(text));
    game.cover(9, {});
    StripBruteForce brute(rule, false);
    for (std::uint32_t mask = 0; mask < (1U << 9); ++mask) {
      ASSERT_EQ(game.value(game.canonical(strip_text(mask, 9))), brute.value(mask))
          << text << " on " << strip_text(mask, 9);
    }
  }
}

TEST(TurningValues, FastMethodsAgreeWithListingEverySet) {
  const std::vector<std::pair<std::string, std::uint64_t>> cases = {
      {"1-3", 250}, {"1-2", 250}, {"2", 250}, {"3", 250}, {"2-3", 250}, {"1+C", 1500}, {"2+C", 1000},
      {"3+C", 1000}, {"1-5", 36},  {"1-4", 50},  {"4", 50},  {"1+", 16},   {"2+", 16},    {"3-5", 36}};
  for (const auto& [text, full] : cases) {
    // A third of the longer rows under the sanitizers, where listing every set is slow.
    const std::uint64_t n = full >= 250 ? grundy::testing::sized(full, full / 3) : full;
    const TurningCode code = TurningCode::parse(text);
    EXPECT_EQ(grundy::games::turning_values(code, n), grundy::games::turning_values_plain(code, n))
        << text << " by " << grundy::games::turning_method(code);
  }
  EXPECT_EQ(grundy::games::turning_method(TurningCode::parse("1-3")), "pairs");
  EXPECT_EQ(grundy::games::turning_method(TurningCode::parse("1-9")), "bitmaps");
  EXPECT_EQ(grundy::games::turning_method(TurningCode::parse("1+C")), "prefix trie");
  EXPECT_EQ(grundy::games::turning_method(TurningCode::parse("3E")), "plain");
}

TEST(TurningValues, MockTurtlesAreTheOdiousNumbers) {
  const auto g = grundy::games::turning_values(TurningCode::parse("1-3"), 200000);
  Nimber odious = 0;
  for (std::uint64_t n = 1; n < g.size(); ++n) {
    do ++odious;
    while (std::popcount(odious) % 2 == 0);
    ASSERT_EQ(g[n], odious) << "heap " << n;
  }
}

TEST(TurningValues, RulerIsTheLargestPowerOfTwoDividingN) {
  const auto g = grundy::games::turning_values(TurningCode::parse("1+C"), 200000);
  for (std::uint64_t n = 1; n < g.size(); ++n) ASSERT_EQ(g[n], n & (~n + 1)) << "heap " << n;
}

TEST(TurningValues, TurningTurtlesIsNimAndOtherHandExamples) {
  const auto turtles = grundy::games::turning_values(TurningCode::parse("1-2"), 1000);
  for (std::uint64_t n = 0; n < turtles.size(); ++n) ASSERT_EQ(turtles[n], n);
  const auto twins = grundy::games::turning_values(TurningCode::parse("2"), 1000);  // heap n moves to any smaller heap
  for (std::uint64_t n = 1; n < twins.size(); ++n) ASSERT_EQ(twins[n], n - 1);
  const auto motley = grundy::games::turning_values(TurningCode::parse("1+"), 20);  // every subset: 2^(n-1)
  for (std::uint64_t n = 1; n < motley.size(); ++n) ASSERT_EQ(motley[n], Nimber{1} << (n - 1));
}

TEST(TurningValues, MoidoresReachHeap30AndAgreeWithListingToHeap18) {
  const TurningCode moidores = TurningCode::parse("1-9");
  const auto fast = grundy::games::turning_values(moidores, 30);
  const auto plain = grundy::games::turning_values_plain(moidores, 18);
  for (std::uint64_t n = 0; n <= 18; ++n) ASSERT_EQ(fast[n], plain[n]) << "heap " << n;
  // Up to nine coins: the first ten heaps are 2^(n-1), as in Motley.
  for (std::uint64_t n = 1; n <= 9; ++n) EXPECT_EQ(fast[n], Nimber{1} << (n - 1));
  // Values strictly increase (each heap's value is new: it is a lexicode).
  for (std::uint64_t n = 2; n <= 30; ++n) EXPECT_GT(fast[n], fast[n - 1]);
}

TEST(TurningValues, BitmapsBeyondTheBudgetAreRefused) {
  const grundy::SearchLimits tight(grundy::MemoryBudget(1 << 20));
  EXPECT_THROW((void)grundy::games::turning_values(TurningCode::parse("1-9"), 200, tight), grundy::BudgetExceeded);
}

TEST(TurningProduct, BoardsMatchABruteForceOfTheProductMoves) {
  const std::vector<std::pair<std::string, std::string>> pairs = {{"2", "2"}, {"1-2", "1+C"}, {"1-3", "1-2"},
                                                                  {"1+C", "3E"}};
  for (const auto& [a, b] : pairs) {
    const Rule rule_a = hand_rules().at(a);
    const Rule rule_b = hand_rules().at(b);
    grundy::games::TurningProduct game(TurningCode::parse(a), TurningCode::parse(b));
    game.cover(3, 3, {});
    // Boards of 3 x 3 coins as 9-bit masks, bit 3r + c for row r, column c (from 0).
    std::map<std::uint32_t, Nimber> memo;
    std::function<Nimber(std::uint32_t)> value = [&](std::uint32_t board) -> Nimber {
      if (auto it = memo.find(board); it != memo.end()) return it->second;
      std::set<Nimber> reached;
      for (std::uint32_t rows = 1; rows < 8; ++rows) {
        for (std::uint32_t columns = 1; columns < 8; ++columns) {
          const Coins r = coins_of(rows);
          const Coins c = coins_of(columns);
          if (!rule_a(r) || !rule_b(c)) continue;
          if (((board >> (3 * (r.back() - 1) + (c.back() - 1))) & 1) == 0) continue;
          std::uint32_t turned = 0;
          for (auto x : r) {
            for (auto y : c) turned |= 1U << (3 * (x - 1) + (y - 1));
          }
          reached.insert(value(board ^ turned));
        }
      }
      Nimber mex = 0;
      while (reached.count(mex) != 0) ++mex;
      return memo[board] = mex;
    };
    for (std::uint32_t board = 0; board < 512; ++board) {
      grundy::games::CoinBoard coins(3, std::string(3, 'T'));
      for (std::uint32_t i = 0; i < 9; ++i) {
        if ((board >> i) & 1) coins[i / 3][i % 3] = 'H';
      }
      ASSERT_EQ(game.value(coins), value(board)) << a << " x " << b << ": " << coins[0] << "/" << coins[1] << "/" << coins[2];
    }
  }
}

TEST(TurningProduct, TurningCornersIsTheNimProductOfTheCoordinates) {
  grundy::games::TurningProduct corners(TurningCode::parse("2"), TurningCode::parse("2"));
  corners.cover(20, 20, {});
  for (std::uint32_t r = 1; r <= 20; ++r) {
    for (std::uint32_t c = 1; c <= 20; ++c) {
      grundy::games::CoinBoard board(r, std::string(c, 'T'));
      board[r - 1][c - 1] = 'H';
      EXPECT_EQ(corners.value(board), grundy::nim_multiply(r - 1, c - 1));
    }
  }
}

TEST(TurningCode, MalformedCodesAreRefusedInOneLine) {
  for (const char* bad : {"", ",", "1-", "-3", "0", "3-1", "1,,2", "1X", "1CC", "1CE", "2C(", "2C(0)", "2C()",
                          "99999999", "1++", "1-3,", "S", "1+-2"}) {
    try {
      (void)TurningCode::parse(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const grundy::InputError& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << bad;
    }
  }
  EXPECT_EQ(TurningCode::parse("1-3c(5)").text(), "1-3C(5)");
  EXPECT_EQ(TurningCode::parse("2-3,6c").text(), "2-3,6C");
  EXPECT_EQ(TurningCode::parse("4sf").text(), "4SF");
}

}  // namespace turning_test
