#include "grundy/core/nim_multiply.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <bitset>
#include <vector>

namespace nim_multiply_test {

using grundy::Nimber;
using grundy::nim_multiply;

// Conway's definition, a mex over every smaller pair, for a, b < n.
std::vector<std::vector<Nimber>> products_by_mex(Nimber n) {
  std::vector<std::vector<Nimber>> p(n, std::vector<Nimber>(n, 0));
  for (Nimber a = 0; a < n; ++a) {
    for (Nimber b = 0; b < n; ++b) {
      std::bitset<1024> seen;
      for (Nimber x = 0; x < a; ++x) {
        for (Nimber y = 0; y < b; ++y) seen.set(p[x][b] ^ p[a][y] ^ p[x][y]);
      }
      Nimber mex = 0;
      while (seen.test(mex)) ++mex;
      p[a][b] = mex;
    }
  }
  return p;
}

TEST(NimMultiply, AgreesWithTheMexDefinitionBelow64) {
  const auto expected = products_by_mex(64);
  for (Nimber a = 0; a < 64; ++a) {
    for (Nimber b = 0; b < 64; ++b) ASSERT_EQ(nim_multiply(a, b), expected[a][b]) << a << " * " << b;
  }
}

TEST(NimMultiply, HandExamples) {
  // Winning Ways' small multiplication table and the Fermat 2-powers' squares.
  EXPECT_EQ(nim_multiply(2, 2), 3u);
  EXPECT_EQ(nim_multiply(2, 3), 1u);
  EXPECT_EQ(nim_multiply(4, 4), 6u);
  EXPECT_EQ(nim_multiply(16, 16), 24u);
  EXPECT_EQ(nim_multiply(256, 256), 384u);
  EXPECT_EQ(nim_multiply(Nimber{1} << 32, Nimber{1} << 32), (Nimber{3} << 31));
  // A Fermat 2-power times a smaller number is their ordinary product.
  EXPECT_EQ(nim_multiply(Nimber{1} << 32, 12345), Nimber{12345} << 32);
  EXPECT_EQ(nim_multiply(~Nimber{0}, 1), ~Nimber{0});
  EXPECT_EQ(nim_multiply(~Nimber{0}, 0), 0u);
}

RC_GTEST_PROP(NimMultiply, IsCommutative, (Nimber a, Nimber b)) { RC_ASSERT(nim_multiply(a, b) == nim_multiply(b, a)); }

RC_GTEST_PROP(NimMultiply, IsAssociative, (Nimber a, Nimber b, Nimber c)) {
  RC_ASSERT(nim_multiply(nim_multiply(a, b), c) == nim_multiply(a, nim_multiply(b, c)));
}

RC_GTEST_PROP(NimMultiply, DistributesOverNimSum, (Nimber a, Nimber b, Nimber c)) {
  RC_ASSERT(nim_multiply(a, b ^ c) == (nim_multiply(a, b) ^ nim_multiply(a, c)));
}

RC_GTEST_PROP(NimMultiply, HasInverses, (Nimber a)) {
  RC_PRE(a != 0);
  const Nimber inverse = grundy::nim_inverse(a);
  RC_ASSERT(nim_multiply(a, inverse) == 1u);
  RC_ASSERT(nim_multiply(a, 1) == a);
}

RC_GTEST_PROP(NimMultiply, HasNoZeroDivisors, (Nimber a, Nimber b)) {
  RC_PRE(a != 0 && b != 0);
  RC_ASSERT(nim_multiply(a, b) != 0u);
}

}  // namespace nim_multiply_test
