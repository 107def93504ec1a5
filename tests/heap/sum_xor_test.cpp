#include "grundy/heap/sum_xor.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace grundy::heap {
namespace {

// Every x of the progression tried one by one.
std::vector<std::uint64_t> brute(std::uint64_t sum, std::uint64_t xor_value, std::uint64_t lo, std::uint64_t hi,
                                 std::uint64_t step) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t x = lo; x <= hi && x <= sum; x += step) {
    if ((x ^ (sum - x)) == xor_value) out.push_back(x);
  }
  return out;
}

std::vector<std::uint64_t> listed(const SumXorProgression& solutions) {
  std::vector<std::uint64_t> out;
  EXPECT_TRUE(solutions.list([&](std::uint64_t x) { return out.push_back(x), true; }, 1'000'000));
  return out;
}

TEST(SumXorProgression, AgreesWithBruteForceOnRandomProgressions) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 4000; ++trial) {
    const std::uint64_t sum = rng() % 3000;
    // Half the time a xor that has solutions: sum - 2 * (x & y) for some split.
    const std::uint64_t x = rng() % (sum + 1);
    const std::uint64_t xor_value = trial % 2 == 0 ? (x ^ (sum - x)) : rng() % 4096;
    const std::uint64_t step = 1 + rng() % (trial % 3 == 0 ? 2 : 9);
    const std::uint64_t lo = rng() % (sum + 1);
    const std::uint64_t hi = lo + rng() % 3000;
    SCOPED_TRACE(::testing::Message() << "sum " << sum << " xor " << xor_value << " lo " << lo << " hi " << hi
                                    << " step " << step);
    const SumXorProgression solutions(sum, xor_value, lo, hi, step);
    const std::vector<std::uint64_t> expected = brute(sum, xor_value, lo, hi, step);
    ASSERT_EQ(solutions.count(), expected.size());
    ASSERT_EQ(listed(solutions), expected);
  }
}

TEST(SumXorProgression, LargeStepsAreTriedWhenTheXorIsSmall) {
  // Step 5000 > kMaxCountedStep: the subsets of the xor's bits are tried instead.
  const std::uint64_t sum = 1'000'000;
  const std::uint64_t x = 123'456;
  const SumXorProgression solutions(sum, x ^ (sum - x), 3'456, 900'000, 5'000);
  const std::vector<std::uint64_t> expected = brute(sum, x ^ (sum - x), 3'456, 900'000, 5'000);
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(solutions.count(), expected.size());
  EXPECT_EQ(listed(solutions), expected);
}

TEST(SumXorProgression, HugeNumbersAreCountedWithoutListing) {
  // x & y = 2^61 and x ^ y = 2^40 - 2 (bits 1..39): x = 2^61 | u over 2^39 subsets u.
  const std::uint64_t xor_value = (std::uint64_t{1} << 40) - 2;
  const std::uint64_t sum = (std::uint64_t{1} << 62) + xor_value;
  const SumXorProgression all(sum, xor_value, 0, sum, 1);
  EXPECT_EQ(all.count(), std::uint64_t{1} << 39);
  const SumXorProgression even(sum, xor_value, 0, sum, 4);  // x = 0 mod 4: u's bit 1 is off
  EXPECT_EQ(even.count(), std::uint64_t{1} << 38);
  const SumXorProgression three(sum, xor_value, 0, sum, 3);  // residues mod 3: about a third
  const std::uint64_t thirds = *three.count();
  EXPECT_GT(thirds, (std::uint64_t{1} << 39) / 3 - 1000);
  EXPECT_LT(thirds, (std::uint64_t{1} << 39) / 3 + 1000);
  std::uint64_t seen = 0;
  std::uint64_t last = 0;
  EXPECT_TRUE(even.list(
      [&](std::uint64_t v) {
        EXPECT_EQ(v % 4, 0U);
        EXPECT_EQ(v ^ (sum - v), xor_value);
        EXPECT_TRUE(seen == 0 || v > last);
        last = v;
        return ++seen < 100;
      },
      1'000'000));
  EXPECT_EQ(seen, 100U);
  EXPECT_EQ(SumXorProgression(10, 3, 0, 10, 1).count(), 0U);  // 10 - 3 is odd: no split
}

}  // namespace
}  // namespace grundy::heap
