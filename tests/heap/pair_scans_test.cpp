// The proofs' scan of split pairs for targets (find_any) in each of its forms,
// AVX-512 (16-bit values), AVX2 and the portable one, against a direct reading
// of its contract on random tables: blocks of kScanBlock pairs from `a`, the
// first block where a pair reaches a target ends the scan and names every
// target reached in it; past the last whole block, pair by pair. And the scan
// of a short run for every target it reaches (reached_in_run).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "heap/cpu_features.hpp"
#include "heap/pair_scans.hpp"

namespace grundy::heap::detail {
namespace {

struct Scan {
  std::uint64_t end = 0;
  std::uint32_t found = 0;
  bool operator==(const Scan&) const = default;
};

// The contract, pair by pair: lo[i] ^ *(hi - i) for i in [a, end).
template <class V>
Scan direct_scan(const V* lo, const V* hi, std::uint64_t a, std::uint64_t end, const V* t, int count) {
  const auto reached = [&](std::uint64_t first, std::uint64_t last) {
    std::uint32_t found = 0;
    for (std::uint64_t i = first; i < last; ++i) {
      for (int j = 0; j < count; ++j) {
        if (static_cast<V>(lo[i] ^ *(hi - i)) == t[j]) found |= std::uint32_t{1} << j;
      }
    }
    return found;
  };
  for (; a + kScanBlock<V> <= end; a += kScanBlock<V>) {
    if (const std::uint32_t found = reached(a, a + kScanBlock<V>); found != 0) return {a + kScanBlock<V>, found};
  }
  for (; a < end; ++a) {
    if (const std::uint32_t found = reached(a, a + 1); found != 0) return {a + 1, found};
  }
  return {end, 0};
}

// find_any's answer, the bits past count left out (those slots repeat t[0],
// and may be set with it).
template <class V>
Scan scanned(const V* lo, const V* hi, std::uint64_t a, std::uint64_t end, const V* t, int count) {
  Scan got;
  got.end = find_any(lo, hi, a, end, t, count, got.found);
  got.found &= (std::uint32_t{1} << count) - 1;
  return got;
}

// A table whose values lie below `span`, and scans of it for targets that it
// reaches seldom (values from span / 2 planted at a few places) or never.
template <class V>
void check_random_scans(std::uint64_t seed, V span, int rounds) {
  std::mt19937_64 random(seed);
  for (int round = 0; round < rounds; ++round) {
    const std::uint64_t size = 64 + random() % 4000;
    std::vector<V> table(size);
    for (V& v : table) v = static_cast<V>(random() % (span / 2));
    for (int planted = static_cast<int>(random() % 4); planted > 0; --planted) {
      table[random() % size] = static_cast<V>(span / 2 + random() % (span / 2));
    }
    const std::uint64_t r = size - 1;  // the pairs (a, r - a)
    const std::uint64_t end = random() % (r / 2 + 2);
    const std::uint64_t a = end == 0 ? 0 : random() % (end + 1);
    const int count = 1 + static_cast<int>(random() % 8);
    V t[8];
    for (int j = 0; j < count; ++j) {
      // Most targets never reached (the pairs' XORs of two low values stay below span / 2).
      t[j] = static_cast<V>(random() % 3 == 0 ? random() % (span / 2) : span / 2 + random() % (span / 2));
    }
    for (int j = count; j < 8; ++j) t[j] = t[0];
    const Scan expected = direct_scan(table.data(), table.data() + r, a, end, t, count);
    ASSERT_EQ(scanned(table.data(), table.data() + r, a, end, t, count), expected)
        << "round " << round << ", " << count << " targets, pairs [" << a << ", " << end << ")";
  }
}

class EachScanForm : public ::testing::Test {
 protected:
  ~EachScanForm() override { use_avx512(true); }
};

TEST_F(EachScanForm, SixteenBitScansMatchTheirContract) {
  for (const bool wide : {true, false}) {
    use_avx512(wide);
    SCOPED_TRACE(wide && avx512_in_use() ? "AVX-512" : "AVX2 or portable");
    check_random_scans<std::uint16_t>(20261130, 512, 3000);
    check_random_scans<std::uint16_t>(7, 16, 1000);  // small values: hits in most blocks
  }
}

// Targets below 512 among values up to 4095: the AVX-512 form looks four or
// more such targets up in a set of 512 bits, where a pair's XOR of 512 or more
// must find none of them (not the target equal to it modulo 512).
TEST_F(EachScanForm, LargeValuesMissTheTargetsBelow512) {
  std::mt19937_64 random(512);
  for (int round = 0; round < 2000; ++round) {
    std::vector<std::uint16_t> table(200 + random() % 3000);
    for (auto& v : table) v = static_cast<std::uint16_t>(random() % 4096);
    const std::uint64_t r = table.size() - 1;
    const int count = 4 + static_cast<int>(random() % 5);
    std::uint16_t t[8];
    for (int j = 0; j < 8; ++j) t[j] = static_cast<std::uint16_t>(j < count ? random() % 512 : 0);
    for (int j = count; j < 8; ++j) t[j] = t[0];
    const Scan expected = direct_scan(table.data(), table.data() + r, 0, r / 2, t, count);
    ASSERT_EQ(scanned(table.data(), table.data() + r, 0, r / 2, t, count), expected) << "round " << round;
  }
}

TEST(PairScans, ThirtyTwoBitScansMatchTheirContract) {
  check_random_scans<std::uint32_t>(20261131, 1U << 20, 2000);
  check_random_scans<std::uint32_t>(11, 16, 1000);
}

// The targets reached by the pairs i < count of a run, every form against the
// pairs one by one: short runs (a block's own pairs) of every length modulo the
// vectors' widths, and long ones (a whole scan in AVX-512 registers, which
// looks for each target found no more and ends once all are found).
TEST_F(EachScanForm, RunsNameEveryTargetReached) {
  std::mt19937_64 random(20261130);
  for (const bool wide : {true, false}) {
    use_avx512(wide);
    SCOPED_TRACE(wide && avx512_in_use() ? "AVX-512" : "AVX2 or portable");
    for (int round = 0; round < 6000; ++round) {
      const std::uint16_t span = round % 3 == 0 ? 512 : round % 3 == 1 ? 32 : 4096;
      const std::uint64_t count = 1 + random() % (round % 4 == 0 ? 3000 : 130);
      // The AVX2 form reads up to 15 pairs past the run: the table holds them.
      std::vector<std::uint16_t> table(2 * count + 40);
      for (auto& v : table) v = static_cast<std::uint16_t>(random() % span);
      const std::uint64_t r = table.size() - 1;
      const int targets = 1 + static_cast<int>(random() % 8);
      std::uint16_t t[8];
      for (int j = 0; j < 8; ++j) t[j] = static_cast<std::uint16_t>(j < targets ? random() % span : 0);
      for (int j = targets; j < 8; ++j) t[j] = t[0];
      std::uint32_t expected = 0;
      for (std::uint64_t i = 0; i < count; ++i) {
        for (int j = 0; j < targets; ++j) {
          if ((table[i] ^ table[r - i]) == t[j]) expected |= std::uint32_t{1} << j;
        }
      }
      const std::uint32_t got =
          reached_in_run(table.data(), table.data() + r, count, t, targets) & ((std::uint32_t{1} << targets) - 1);
      ASSERT_EQ(got, expected) << "round " << round << ", " << count << " pairs, " << targets << " targets";
    }
  }
}

// Each K form directly, portable beside AVX2, on one table: the same answers.
TEST(PairScans, PortableFormsAgreeWithTheVectorOnes) {
  std::mt19937_64 random(5);
  std::vector<std::uint16_t> table(3000);
  for (auto& v : table) v = static_cast<std::uint16_t>(random() % 64);
  const std::uint16_t t[8] = {3, 70, 71, 72, 73, 74, 75, 76};
  const std::uint64_t r = table.size() - 1;
  std::uint32_t portable = 0;
  const std::uint64_t portable_end =
      find_any_base<std::uint16_t, 8>(table.data(), table.data() + r, 0, r / 2, t, portable);
  const Scan expected = direct_scan(table.data(), table.data() + r, 0, r / 2, t, 8);
  EXPECT_EQ((Scan{portable_end, portable}), expected);
  EXPECT_NE(expected.found, 0U);  // value 3 is reached among 1,500 pairs of values below 64
}

}  // namespace
}  // namespace grundy::heap::detail
