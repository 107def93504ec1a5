#include "grundy/core/mex.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

namespace grundy {
namespace {

TEST(Mex, EmptySetIsZero) {
  MexSet set;
  EXPECT_EQ(set.mex(), 0U);
}

TEST(Mex, SmallValues) {
  EXPECT_EQ(mex_of(std::vector<Nimber>{0, 1, 3}), 2U);
  EXPECT_EQ(mex_of(std::vector<Nimber>{1, 2, 3}), 0U);
  EXPECT_EQ(mex_of(std::vector<Nimber>{2, 0, 1, 1, 0}), 3U);
}

TEST(Mex, NoCapAtSixtyFour) {
  std::vector<Nimber> values;
  for (Nimber v = 0; v < 1000; ++v) values.push_back(v);
  EXPECT_EQ(mex_of(values), 1000U);
  values.erase(values.begin() + 700);
  EXPECT_EQ(mex_of(values), 700U);
}

TEST(Mex, HugeValuesDoNotOverflow) {
  EXPECT_EQ(mex_of(std::vector<Nimber>{~Nimber{0}, Nimber{1} << 63}), 0U);
}

TEST(Mex, ClearKeepsNothing) {
  MexSet set;
  for (Nimber v = 0; v < 100; ++v) set.insert(v);
  set.clear();
  set.insert(0);
  EXPECT_EQ(set.mex(), 1U);
}

RC_GTEST_PROP(Mex, AgreesWithOrderedSetScan, (std::vector<std::uint8_t> raw)) {
  std::vector<Nimber> values(raw.begin(), raw.end());
  std::set<Nimber> ordered(values.begin(), values.end());
  Nimber expected = 0;
  while (ordered.count(expected) != 0) ++expected;
  RC_ASSERT(mex_of(values) == expected);
}

}  // namespace
}  // namespace grundy
