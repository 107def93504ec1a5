#include <gtest/gtest.h>

#include "grundy/heap/kernel.hpp"

namespace grundy::heap {
namespace {

TEST(PlainKernel, KaylesFirstTerms) {
  // Kayles 0.77, OEIS A002186.
  const HeapRules kayles = HeapRules::make("0.77", {0, 7, 7});
  std::vector<std::uint16_t> g;
  EXPECT_EQ(extend_plain(kayles, g, 20), 21U);
  const std::vector<std::uint16_t> expected{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1};
  EXPECT_EQ(g, expected);
}

TEST(PlainKernel, GrundysGameFirstTerms) {
  // OEIS A002188.
  const HeapRules grundys = HeapRules::make("grundys-game", {4}, true);
  std::vector<std::uint32_t> g;
  extend_plain(grundys, g, 20);
  const std::vector<std::uint32_t> expected{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0};
  EXPECT_EQ(g, expected);
}

}  // namespace
}  // namespace grundy::heap
