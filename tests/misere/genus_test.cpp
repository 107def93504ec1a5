// The genus of heaps of Kayles, Dawson's Kayles and Grundy's game against the
// published values (CGSuite's test tables of misère values and genera, which
// agree with Winning Ways ch. 13), and the tame rule against brute force.
#include "grundy/misere/genus.hpp"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "grundy/core/solver.hpp"
#include "grundy/games/nim.hpp"
#include "grundy/games/octal.hpp"
#include "grundy/heap/codes.hpp"

namespace grundy::misere {
namespace {

std::vector<std::string> genera(const std::string& code, std::uint64_t upto) {
  const auto table = std::make_shared<const heap::HeapTable>(heap::parse_heap_rules(code));
  const games::OctalGame game(table);
  Solver<games::OctalGame> solver(game);
  GenusCalculator<games::OctalGame> calculator(game, SearchLimits{});
  std::vector<std::string> out;
  for (std::uint64_t n = 0; n <= upto; ++n) {
    const auto genus = calculator.genus(n, solver.value(n));
    out.push_back(genus ? genus->text() : "none");
  }
  return out;
}

// Where the published table prints a bare value the heap is misère-equivalent to
// that Nim heap, whose genus is 0^120, 1^031 or g^{g, g^2}.
TEST(Genus, KaylesHeapsMatchThePublishedTable) {
  const std::vector<std::string> published{"0^120", "1^031", "2^20",  "3^31", "1^031", "4^146", "3^31",
                                           "2^20",  "",      "4^046", "",     "6^46",  "4^046", "",
                                           "",      "7^57",  "1^13",  "4^64", "3^31",  "2^20",  "1^031"};
  const std::vector<std::string> computed = genera("0.77", 20);
  for (std::size_t n = 0; n < published.size(); ++n) {
    if (!published[n].empty()) {
      EXPECT_EQ(computed[n], published[n]) << "heap " << n;
    }
  }
}

TEST(Genus, DawsonsKaylesHeapsMatchThePublishedTable) {
  const std::vector<std::string> published{"0^120", "0^120", "1^031", "1^031",  "2^20", "0^120",  "3^31",
                                           "1^031", "1^031", "0^120", "3^1431", "3^31", "2^0520", "2^20",
                                           "4^146", "0^120", "5^057", "2^0520", "2^20", "3^1431", "3^31"};
  const std::vector<std::string> computed = genera("0.07", 20);
  for (std::size_t n = 0; n < published.size(); ++n) EXPECT_EQ(computed[n], published[n]) << "heap " << n;
}

TEST(Genus, GrundysGameHeapsMatchThePublishedTable) {
  const std::vector<std::string> computed = genera("grundys-game", 20);
  EXPECT_EQ(computed[13], "3^1431");
  EXPECT_EQ(computed[16], "3^1431");
  EXPECT_EQ(computed[18], "4^0564");
  EXPECT_EQ(computed[19], "3^1431");
  EXPECT_EQ(computed[20], "0^20");
}

TEST(Genus, NimHeapsAndText) {
  const games::Nim nim;
  GenusCalculator<games::Nim> calculator(nim, SearchLimits{});
  EXPECT_EQ(calculator.genus(0, 0)->text(), "0^120");
  EXPECT_EQ(calculator.genus(1, 1)->text(), "1^031");
  EXPECT_EQ(calculator.genus(2, 2)->text(), "2^20");
  EXPECT_EQ(calculator.genus(5, 5)->text(), "5^57");
  EXPECT_EQ(calculator.genus(12, 12)->text(), "12^(12,14)");
  const Genus g = *calculator.genus(0, 0);
  EXPECT_EQ(g.term(0), 1u);
  EXPECT_EQ(g.term(5), 2u);
  EXPECT_EQ(g.term(6), 0u);
}

// Sums of tame components (Nim heaps and Kayles heaps whose every reachable
// heap is tame) against the misère search over whole sums.
TEST(Genus, TameSumsFollowMisereNim) {
  const auto table = std::make_shared<const heap::HeapTable>(heap::parse_heap_rules("0.77"));
  const games::OctalGame game(table);
  Solver<games::OctalGame> solver(game);
  GenusCalculator<games::OctalGame> calculator(game, SearchLimits{});
  MisereSearch<games::OctalGame> search(game);
  // Kayles heaps 0..4 and their followers are all tame (0^120 1^031 2^20 3^31 1^031).
  std::vector<Genus> g;
  for (std::uint64_t n = 0; n <= 4; ++n) {
    g.push_back(*calculator.genus(n, solver.value(n)));
    ASSERT_TRUE(is_tame(g.back())) << n;
  }
  std::size_t checked = 0;
  for (std::uint64_t a = 0; a <= 4; ++a) {
    for (std::uint64_t b = a; b <= 4; ++b) {
      for (std::uint64_t c = b; c <= 4; ++c) {
        for (std::uint64_t d = c; d <= 4; ++d) {
          const std::vector<std::uint64_t> sum{a, b, c, d};
          const std::vector<Genus> parts{g[a], g[b], g[c], g[d]};
          EXPECT_EQ(tame_sum_first_player_wins(parts), search.first_player_wins(sum)) << a << b << c << d;
          ++checked;
        }
      }
    }
  }
  EXPECT_EQ(checked, 70u);
}

TEST(Genus, WildGenusIsNotTame) {
  EXPECT_FALSE(is_tame(Genus{4, {1, 4, 6}}));
  EXPECT_TRUE(is_tame(Genus{0, {0, 2}}));
  EXPECT_FALSE(genus_from_terms(0, std::vector<Nimber>{1, 2, 0}).has_value());  // not yet confirmed
}

}  // namespace
}  // namespace grundy::misere
