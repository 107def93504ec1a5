// The genus of a whole position under misère play against its definition,
// computed here independently of every misère path of the project: the normal
// value of the sum and the misère Grundy values γk of the sum plus k Nim heaps
// of size 2 (k = 0..6), by a plain search over multisets of heaps.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "grundy/catalogue/catalogue.hpp"
#include "support/catalogue_context.hpp"

namespace grundy::catalogue {
namespace {

using testing::small_context;

// Kayles removes 1 or 2 adjacent tokens (0.77); Dawson's Kayles removes 2 (0.07);
// both may leave the rest as one or two heaps.
struct HeapGame {
  std::vector<unsigned> takes;
};

// A position: the game's heaps (sorted) and how many Nim heaps of 2 and of 1 stand beside them.
using State = std::tuple<std::vector<unsigned>, unsigned, unsigned>;

class Definition {
 public:
  explicit Definition(HeapGame game) : game_(std::move(game)) {}

  // misere: the misère Grundy value (no move: 1); else the normal one (no move: 0).
  unsigned value(const State& state, bool misere) {
    auto& memo = misere ? misere_ : normal_;
    if (auto it = memo.find(state); it != memo.end()) return it->second;
    std::set<unsigned> seen;
    const auto& [heaps, twos, ones] = state;
    for (std::size_t i = 0; i < heaps.size(); ++i) {
      for (unsigned take : game_.takes) {
        if (heaps[i] < take) continue;
        const unsigned rest = heaps[i] - take;
        for (unsigned a = 0; 2 * a <= rest; ++a) {
          std::vector<unsigned> next = heaps;
          next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
          if (a > 0) next.push_back(a);
          if (rest - a > 0) next.push_back(rest - a);
          std::sort(next.begin(), next.end());
          seen.insert(value({next, twos, ones}, misere));
        }
      }
    }
    if (twos > 0) {
      seen.insert(value({heaps, twos - 1, ones + 1}, misere));
      seen.insert(value({heaps, twos - 1, ones}, misere));
    }
    if (ones > 0) seen.insert(value({heaps, twos, ones - 1}, misere));
    unsigned mex = 0;
    if (seen.empty()) {
      mex = misere ? 1 : 0;
    } else {
      while (seen.count(mex)) ++mex;
    }
    memo[state] = mex;
    return mex;
  }

 private:
  HeapGame game_;
  std::map<State, unsigned> normal_;
  std::map<State, unsigned> misere_;
};

// "4^146" or "12^(12,14)": the normal value and the terms, the last two alternating for ever.
std::pair<unsigned, std::vector<unsigned>> parse_genus(const std::string& text) {
  const std::size_t caret = text.find('^');
  std::pair<unsigned, std::vector<unsigned>> out{static_cast<unsigned>(std::stoul(text.substr(0, caret))), {}};
  std::string terms = text.substr(caret + 1);
  if (!terms.empty() && terms[0] == '(') {
    std::size_t at = 1;
    while (at < terms.size() && terms[at] != ')') {
      std::size_t used = 0;
      out.second.push_back(static_cast<unsigned>(std::stoul(terms.substr(at), &used)));
      at += used + 1;
    }
  } else {
    for (char c : terms) out.second.push_back(static_cast<unsigned>(c - '0'));
  }
  return out;
}

unsigned term(const std::vector<unsigned>& terms, std::size_t k) {
  if (k < terms.size()) return terms[k];
  const std::size_t first = terms.size() - 2;
  return terms[first + (k - first) % 2];
}

void expect_genus_by_definition(const std::string& game, const HeapGame& rules, unsigned max_heap, int trials,
                                unsigned seed) {
  auto instance = find_game(game)->make({}, small_context());
  Definition definition(rules);
  std::mt19937 random(seed);
  int timed_out = 0;
  for (int trial = 0; trial < trials; ++trial) {
    std::vector<std::string> texts;
    std::vector<unsigned> heaps;
    const int size = 1 + static_cast<int>(random() % 3);
    for (int i = 0; i < size; ++i) {
      heaps.push_back(static_cast<unsigned>(random() % (max_heap + 1)));
      texts.push_back(std::to_string(heaps.back()));
    }
    std::sort(heaps.begin(), heaps.end());
    heaps.erase(heaps.begin(), std::find_if(heaps.begin(), heaps.end(), [](unsigned h) { return h > 0; }));
    const Report report = instance->analyse_misere(instance->parse(texts), 10);
    const std::string what = game + " " + ::testing::PrintToString(texts) + " (" + report.method + ")";
    // The product searches a position's genus within a wall-clock allowance (one second): on a
    // loaded machine or under the sanitizers a large sum may pass it, which the report says.
    if (!report.position_genus && report.position_genus_note.find("time allowance") != std::string::npos) {
      ++timed_out;
      continue;
    }
    ASSERT_TRUE(report.position_genus.has_value()) << what << ": " << report.position_genus_note;
    const auto [normal, terms] = parse_genus(*report.position_genus);
    EXPECT_EQ(normal, definition.value({heaps, 0, 0}, false)) << what;
    for (unsigned k = 0; k <= 6; ++k) {
      EXPECT_EQ(term(terms, k), definition.value({heaps, k, 0}, true)) << what << " k=" << k;
    }
  }
  EXPECT_LE(timed_out, trials / 2) << game << ": most positions must be checked";
}

TEST(PositionGenus, RandomKaylesSumsMatchTheDefinition) {
  expect_genus_by_definition("kayles", HeapGame{{1, 2}}, 10, 60, 2311);
}

TEST(PositionGenus, RandomDawsonsKaylesSumsMatchTheDefinition) {
  expect_genus_by_definition("dawsons-kayles", HeapGame{{2}}, 14, 60, 2312);
}

TEST(PositionGenus, OctalThreeOneTwoHeapsFourAndFour) {
  // Plambeck's .312: a heap of 4 is 2^1420 (γ = 1, 4, 2, 0, 2, 0, ...), and 4 + 4 has γ = 1, 2, 0, 2, 0, ...:
  // the genus of 0, written 0^120 here (Plambeck writes 0^{1202}, the alternating pair twice).
  auto instance = find_game("octal")->make({{"code", "0.312"}}, small_context());
  const Report report = instance->analyse_misere(instance->parse({"4", "4"}), 10);
  ASSERT_EQ(report.genus.size(), 2U);
  EXPECT_EQ(report.genus[0], "2^1420");
  EXPECT_EQ(report.position_genus, "0^120");
}

TEST(PositionGenus, TooLargeIsSaidWithTheReason) {
  // A Nim heap of 100 has 100 options: its genus and the position's are not searched.
  auto instance = find_game("nim")->make({}, small_context());
  const Report report = instance->analyse_misere(instance->parse({"100", "3"}), 10);
  EXPECT_FALSE(report.position_genus.has_value());
  EXPECT_NE(report.position_genus_note.find("not computed"), std::string::npos) << report.position_genus_note;
}

}  // namespace
}  // namespace grundy::catalogue
