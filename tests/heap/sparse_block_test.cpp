// The block method's marking step (the vector form for 16-bit values, the
// portable one for 32-bit values) against a direct count of the pairs, on random
// blocks for every mask width from one word (values < 64) to eight (values
// < 512, those from 256 set one by one), with and without Grundy's game's rule against equal
// heaps, and for any split of the partners or of the heap sizes among workers; and the form that marks
// one class of values per pass when every source value is common; and blocks
// whose sources reach into the block itself, padded there; and the pairs of
// small heaps against the block's own values (values below 64 and 128 in vector form);
// and where a block's pairs meet the rare heaps, against every pair looked at;
// and the pairs of a heap size with its latest 16 values kept in a window.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "heap/cpu_features.hpp"
#include "heap/sparse_block.hpp"

namespace grundy::heap::detail {
namespace {

struct RandomBlock {
  std::vector<std::uint64_t> splits;
  std::vector<std::uint64_t> partners;
  std::vector<std::uint32_t> table;  // g(0 .. begin - 1), the values pairs read
  std::uint64_t begin = 0;
  std::uint64_t length = 0;
  bool unequal = false;
  bool padded = false;  // sources read past begin, where the padding value lies
};

RandomBlock random_block(std::mt19937_64& random, unsigned words) {
  RandomBlock b;
  b.length = kBlockQuantum * (1 + random() % 8);
  b.unequal = random() % 2 == 0;
  b.splits = b.unequal ? std::vector<std::uint64_t>{0} : std::vector<std::uint64_t>{0, 1 + random() % 3};
  b.begin = 4 * b.length + 200 + random() % 300;
  // Values use the whole width; a few reach its top so every chunk is met.
  const std::uint64_t limit = 64 * words;
  for (std::uint64_t n = 0; n < b.begin; ++n) {
    b.table.push_back(static_cast<std::uint32_t>(random() % 8 == 0 ? limit - 1 - random() % 4 : random() % limit));
  }
  const std::uint64_t last_partner = b.begin - b.splits.back() - 1;
  for (std::uint64_t r = b.length + kLoadSlack; r <= last_partner; ++r) {
    if (random() % 3 == 0) b.partners.push_back(r);
  }
  // Partners run up to the block, so n - k = 2r falls inside it for some of them (the equal split is met).
  return b;
}

// Bit v of word w of heap begin + i, from every pair directly.
std::vector<std::uint64_t> direct_masks(const RandomBlock& b, unsigned words) {
  std::vector<std::uint64_t> masks(words * b.length, 0);
  for (std::uint64_t i = 0; i < b.length; ++i) {
    const std::uint64_t n = b.begin + i;
    for (std::uint64_t k : b.splits) {
      for (std::uint64_t r : b.partners) {
        if (b.unequal && n - k == 2 * r) continue;
        if (b.padded && n - k - r >= b.begin) continue;  // the other heap is in the block
        const std::uint64_t x = b.table[r] ^ b.table[n - k - r];
        masks[(x / 64) * b.length + i] |= std::uint64_t{1} << (x % 64);
      }
    }
  }
  return masks;
}

// How workers split a block: each marks some partners into masks of its own,
// combined after; or each marks every partner for some heap sizes (whole
// multiples of kBlockQuantum, in random stretches) into the one set of masks.
enum class Split { partners, heaps };

template <class V>
std::vector<std::uint64_t> block_masks(const RandomBlock& b, unsigned words, std::size_t workers,
                                       std::uint64_t common_sources_mask = 0, Split split = Split::partners) {
  std::vector<V> table(b.table.begin(), b.table.end());
  if (b.padded) table.resize(b.begin + b.length, std::numeric_limits<V>::max());
  std::vector<V> values;
  std::vector<const V*> sources;
  // With a mask, the partners come grouped by class, odd values first.
  std::vector<std::uint64_t> partners = b.partners;
  std::size_t odd_partners = 0;
  if (common_sources_mask != 0) {
    const auto odd = [&](std::uint64_t r) { return (std::popcount(b.table[r] & common_sources_mask) & 1) != 0; };
    std::stable_partition(partners.begin(), partners.end(), odd);
    odd_partners = static_cast<std::size_t>(std::count_if(partners.begin(), partners.end(), odd));
  }
  for (std::uint64_t r : partners) {
    values.push_back(table[r]);
    for (std::uint64_t k : b.splits) sources.push_back(table.data() + (b.begin - k - r));
  }
  const SparseBlock<V> block{.begin = b.begin,
                             .length = b.length,
                             .splits = b.splits,
                             .partners = partners,
                             .partner_values = values,
                             .sources = sources,
                             .unequal_split = b.unequal,
                             .words = words,
                             .common_sources_mask = common_sources_mask,
                             .odd_partners = odd_partners,
                             .padded = b.padded};
  std::vector<std::uint64_t> masks(words * b.length, 0);
  const std::size_t count = partners.size();
  if (split == Split::heaps) {
    std::mt19937_64 random(b.begin);
    for (std::uint64_t from = 0; from < b.length;) {
      const std::uint64_t to = std::min(b.length, from + kBlockQuantum * (1 + random() % 3));
      mark_partner_share(block, 0, count, from, to, masks.data());
      from = to;
    }
    return masks;
  }
  for (std::size_t w = 0; w < workers; ++w) {
    std::vector<std::uint64_t> own(masks.size(), 0);
    mark_partner_share(block, count * w / workers, count * (w + 1) / workers, own.data());
    combine_masks(masks.data(), own.data(), masks.size());
  }
  return masks;
}

// The marking of 16-bit values has AVX-512 forms (tiles of 32 heap sizes)
// beside the AVX2 ones; where the processor runs both, each test checks both.
class EachVectorForm {
 public:
  ~EachVectorForm() { use_avx512(true); }
  [[nodiscard]] const char* use(bool avx512) const {
    use_avx512(avx512);
    return avx512 && avx512_in_use() ? "AVX-512" : "AVX2";
  }
};

TEST(SparseBlock, MasksOfEveryWidthEqualTheDirectCount) {
  std::mt19937_64 random(20261124);
  // Widths are powers of two, as the kernel's are: an XOR of values below 64 w stays below 64 w.
  for (unsigned words = 1; words <= kMaxMaskWords; words *= 2) {
    for (int round = 0; round < 8; ++round) {
      const RandomBlock b = random_block(random, words);
      ASSERT_FALSE(b.partners.empty());
      const std::vector<std::uint64_t> expected = direct_masks(b, words);
      const std::size_t workers = 1 + random() % 3;
      const EachVectorForm forms;
      for (const bool avx512 : {true, false}) {
        const char* const form = forms.use(avx512);
        EXPECT_EQ(block_masks<std::uint16_t>(b, words, workers), expected)
            << words << " words, round " << round << ", 16-bit values, " << form;
        EXPECT_EQ(block_masks<std::uint16_t>(b, words, workers, 0, Split::heaps), expected)
            << words << " words, round " << round << ", 16-bit values by heap sizes, " << form;
      }
      EXPECT_EQ(block_masks<std::uint32_t>(b, words, workers), expected)
          << words << " words, round " << round << ", 32-bit values";
      EXPECT_EQ(block_masks<std::uint32_t>(b, words, workers, 0, Split::heaps), expected)
          << words << " words, round " << round << ", 32-bit values by heap sizes";
    }
  }
}

// A block whose sources are all common under the mask (parity(g & mask) = 1): the
// partners lie below half the block's start and have values of either class, every
// value above them is common.
RandomBlock random_common_sources_block(std::mt19937_64& random, unsigned words, std::uint64_t mask) {
  RandomBlock b = random_block(random, words);
  const std::uint64_t limit = 64 * words;
  const std::uint64_t low_bit = mask & (~mask + 1);
  const std::uint64_t partner_top = (b.begin - b.splits.back()) / 2;
  std::erase_if(b.partners, [&](std::uint64_t r) { return r >= partner_top; });
  for (std::uint64_t n = partner_top; n < b.begin; ++n) {
    std::uint64_t v = random() % limit;
    if ((std::popcount(v & mask) & 1) == 0) v ^= low_bit;
    b.table[n] = static_cast<std::uint32_t>(v);
  }
  return b;
}

TEST(SparseBlock, OneClassPerPassEqualsTheDirectCount) {
  const EachVectorForm forms;
  for (const bool avx512 : {true, false}) {
    const char* const form = forms.use(avx512);
    std::mt19937_64 random(20261125);
    for (unsigned words = 1; words <= kMaxMaskWords; words *= 2) {
      const unsigned top = 5 + static_cast<unsigned>(std::countr_zero(words));  // highest bit a value may have
      for (int round = 0; round < 12; ++round) {
        const unsigned t = kMinClassBit + static_cast<unsigned>(random() % (top - kMinClassBit + 1));
        const std::uint64_t mask = (std::uint64_t{1} << t) | (random() % (std::uint64_t{1} << t));
        const RandomBlock b = random_common_sources_block(random, words, mask);
        ASSERT_FALSE(b.partners.empty());
        const std::size_t workers = 1 + random() % 3;
        EXPECT_EQ(block_masks<std::uint16_t>(b, words, workers, mask), direct_masks(b, words))
            << words << " words, mask " << mask << ", round " << round << ", " << form;
        EXPECT_EQ(block_masks<std::uint16_t>(b, words, workers, mask, Split::heaps), direct_masks(b, words))
            << words << " words, mask " << mask << ", round " << round << ", by heap sizes, " << form;
      }
    }
  }
}

// Grundy's game by class, with partners about half of every heap size of the
// block (n = 2r: the equal split, not a move) and every source common.
TEST(SparseBlock, OneClassPerPassLeavesOutTheEqualSplit) {
  const EachVectorForm forms;
  for (const bool avx512 : {true, false}) {
    const char* const form = forms.use(avx512);
    std::mt19937_64 random(20261130);
    for (unsigned words = 1; words <= kMaxMaskWords; words *= 2) {
      const unsigned top = 5 + static_cast<unsigned>(std::countr_zero(words));
      for (int round = 0; round < 6; ++round) {
        const unsigned t = kMinClassBit + static_cast<unsigned>(random() % (top - kMinClassBit + 1));
        const std::uint64_t mask = (std::uint64_t{1} << t) | (random() % (std::uint64_t{1} << t));
        RandomBlock b = random_block(random, words);
        b.unequal = true;
        b.splits = {0};
        // Values common from `low` on: the sources of the partners about b.begin / 2 lie above it.
        const std::uint64_t low = b.begin / 2 - b.length;
        const std::uint64_t low_bit = mask & (~mask + 1);
        for (std::uint64_t n = low; n < b.begin; ++n) {
          if ((std::popcount(b.table[n] & mask) & 1) == 0) b.table[n] ^= static_cast<std::uint32_t>(low_bit);
        }
        std::erase_if(b.partners, [&](std::uint64_t r) { return r >= low; });
        for (std::uint64_t r = (b.begin - b.length) / 2; r < (b.begin + b.length) / 2 + 1; ++r) b.partners.push_back(r);
        const std::size_t workers = 1 + random() % 3;
        EXPECT_EQ(block_masks<std::uint16_t>(b, words, workers, mask), direct_masks(b, words))
            << words << " words, mask " << mask << ", round " << round << ", " << form;
        EXPECT_EQ(block_masks<std::uint16_t>(b, words, workers, mask, Split::heaps), direct_masks(b, words))
            << words << " words, mask " << mask << ", round " << round << ", by heap sizes, " << form;
      }
    }
  }
}

// The partners below twice the block's length, whose other heap may lie in the
// block itself: sources read the padding value there, and such lanes mark nothing.
RandomBlock with_near_partners(RandomBlock b) {
  b.padded = true;
  b.partners.clear();
  for (std::uint64_t r = 1; r < 2 * b.length; ++r) b.partners.push_back(r);
  return b;
}

TEST(SparseBlock, PaddedSourcesMarkOnlyThePairsBelowTheBlock) {
  std::mt19937_64 random(20261126);
  for (unsigned words = 1; words <= kMaxMaskWords; words *= 2) {
    for (int round = 0; round < 6; ++round) {
      const RandomBlock b = with_near_partners(random_block(random, words));
      const std::vector<std::uint64_t> expected = direct_masks(b, words);
      const EachVectorForm forms;
      for (const bool avx512 : {true, false}) {
        const char* const form = forms.use(avx512);
        EXPECT_EQ(block_masks<std::uint16_t>(b, words, 1), expected)
            << words << " words, round " << round << ", " << form;
        EXPECT_EQ(block_masks<std::uint16_t>(b, words, 2, 0, Split::heaps), expected)
            << words << " words, round " << round << ", by heap sizes, " << form;
      }
      EXPECT_EQ(block_masks<std::uint32_t>(b, words, 2), expected) << words << " words, round " << round;
    }
  }
  const EachVectorForm forms;
  for (const bool avx512 : {true, false}) {
    const char* const form = forms.use(avx512);
    for (unsigned words = 1; words <= kMaxMaskWords; words *= 2) {
      const unsigned top = 5 + static_cast<unsigned>(std::countr_zero(words));
      for (int round = 0; round < 8; ++round) {
        // The first round's mask has the top bit (the index one AND, padding included).
        const unsigned t = round == 0 ? top : kMinClassBit + static_cast<unsigned>(random() % (top - kMinClassBit + 1));
        const std::uint64_t mask = (std::uint64_t{1} << t) | (random() % (std::uint64_t{1} << t));
        const RandomBlock b = with_near_partners(random_common_sources_block(random, words, mask));
        EXPECT_EQ(block_masks<std::uint16_t>(b, words, 1, mask), direct_masks(b, words))
            << words << " words, mask " << mask << ", round " << round << ", " << form;
        // Stretches that begin past the partners all padding: each skips them afresh.
        EXPECT_EQ(block_masks<std::uint16_t>(b, words, 2, mask, Split::heaps), direct_masks(b, words))
            << words << " words, mask " << mask << ", round " << round << ", by heap sizes, " << form;
      }
    }
  }
}

// A run of pairs marked by mark_run_pairs against a direct count: 16- and
// 32-bit values, 1 to 8 words, with and without the vector form's slack.
template <class V>
void expect_run_pairs_equal_the_direct_count(std::uint64_t seed) {
  std::mt19937_64 random(seed);
  for (unsigned words = 1; words <= 8; words *= 2) {
    const std::uint64_t limit = 64 * words;
    std::vector<V> table(4096);
    for (auto& v : table) v = static_cast<V>(random() % 8 == 0 ? limit - 1 - random() % 4 : random() % limit);
    for (std::uint64_t count : {1, 2, 3, 4, 5, 15, 16, 17, 31, 32, 33, 100, 255}) {
      for (int round = 0; round < 4; ++round) {
        // The run (a, rest - a) for a = first .. first + count - 1, away from the table's ends.
        const std::uint64_t first = 16 + random() % 100;
        const std::uint64_t rest = 1024 + random() % 2048;
        std::vector<std::uint64_t> expected(words, 0);
        for (std::uint64_t a = first; a < first + count; ++a) {
          const std::uint64_t x = table[a] ^ table[rest - a];
          expected[x / 64] |= std::uint64_t{1} << (x % 64);
        }
        for (bool slack : {false, true}) {
          std::vector<std::uint64_t> seen(words, 0);
          mark_run_pairs<V>(table.data() + first, table.data() + rest - first, count, words, slack, seen.data());
          EXPECT_EQ(seen, expected) << sizeof(V) << "-byte values, " << words << " words, " << count
                                    << " pairs from " << first << ", rest " << rest << ", slack " << slack;
        }
      }
    }
  }
}

TEST(SparseBlock, RunPairsEqualTheDirectCount) {
  expect_run_pairs_equal_the_direct_count<std::uint16_t>(20261127);  // 1, 2, 4 and 8 words with slack: the vector form
  expect_run_pairs_equal_the_direct_count<std::uint32_t>(20261128);
}

// A table grown value by value through a window (slide_window), each heap
// size's pairs (a, n - a), a = 1 .. 16, marked from it (mark_window_pairs)
// against a direct count; the window against the table's latest values.
TEST(SparseBlock, WindowPairsEqualTheDirectCount) {
  if (!kHaveAvx2) GTEST_SKIP() << "the window is AVX2 only";
  std::mt19937_64 random(20261128);
  for (unsigned words = 1; words <= 8; words *= 2) {
    const std::uint64_t limit = 64 * words;
    std::vector<std::uint16_t> table;
    alignas(32) std::uint16_t window[kWindow] = {};
    for (std::uint64_t n = 0; n < 600; ++n) {
      if (n > kWindow) {
        std::vector<std::uint64_t> expected(words, 0);
        for (std::uint64_t a = 1; a <= kWindow; ++a) {
          const std::uint64_t x = table[a] ^ table[n - a];
          expected[x / 64] |= std::uint64_t{1} << (x % 64);
        }
        std::vector<std::uint64_t> seen(words, 0);
        mark_window_pairs(table.data() + 1, window, words, seen.data());
        ASSERT_EQ(seen, expected) << words << " words, heap size " << n;
      }
      const auto value = static_cast<std::uint16_t>(random() % 8 == 0 ? limit - 1 - random() % 4 : random() % limit);
      table.push_back(value);
      slide_window(window, value);
      if (table.size() >= kWindow) {
        ASSERT_TRUE(std::equal(window, window + kWindow, table.end() - kWindow)) << "after heap size " << n;
      }
    }
  }
}

TEST(SparseBlock, EqualHeapsAreLeftOutInGrundysGame) {
  // One partner r = 40 and heap 80 in the block: (40, 40) is not a move, (40, 41) is.
  const std::vector<std::uint32_t> values = [] {
    std::vector<std::uint32_t> v(96, 0);
    v[40] = 300;  // 300 ^ 0 = 300: a value set one by one (256 .. 511)
    return v;
  }();
  RandomBlock b{.splits = {0}, .partners = {40}, .table = values, .begin = 80, .length = 16, .unequal = true};
  const std::vector<std::uint64_t> masks = block_masks<std::uint16_t>(b, 8, 1);
  const auto reached = [&](std::uint64_t n, std::uint64_t v) {
    return (masks[(v / 64) * b.length + (n - b.begin)] >> (v % 64) & 1) != 0;
  };
  EXPECT_FALSE(reached(80, 300));
  EXPECT_FALSE(reached(80, 0));
  EXPECT_TRUE(reached(81, 300));
  EXPECT_TRUE(reached(95, 300));
  EXPECT_EQ(masks, direct_masks(b, 8));
}

// no_rare_source against every pair (r, n - k - r) of the block: partners any
// heap up to the prefix and the rare heaps above it, up to the largest partner.
// Never true where a pair's other heap is rare; false otherwise only when more
// than `most` rare heaps lie where an other heap can. Rare heaps a few, spread
// wide, with one far past the others as in Grundy's game.
TEST(SparseBlock, RareSourcesAreFoundAsByEveryPair) {
  std::mt19937_64 random(29);
  int both = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const std::uint64_t length = kBlockQuantum * (1 + random() % 4);
    const std::vector<std::uint64_t> splits =
        random() % 2 == 0 ? std::vector<std::uint64_t>{0} : std::vector<std::uint64_t>{1, 2 + random() % 3};
    const std::uint64_t prefix = 8 + random() % 40;
    std::vector<std::uint64_t> rare;
    for (std::uint64_t q = 1 + random() % 20; q < 300; q += 1 + random() % 60) rare.push_back(q);
    if (random() % 2 == 0) rare.push_back(400 + random() % 400);  // far past the others
    const std::uint64_t begin = 2 * length + prefix + random() % 1200;
    // The rare heaps below the block (the kernel knows no more), and every heap
    // a partner may be: both heaps of a pair lie below the block.
    std::vector<std::uint64_t> known;
    for (const std::uint64_t q : rare) {
      if (q < begin) known.push_back(q);
    }
    std::vector<std::uint64_t> partners;
    for (std::uint64_t r = 1; r <= prefix; ++r) partners.push_back(r);
    for (const std::uint64_t q : known) {
      if (q > prefix && q + splits.back() < begin) partners.push_back(q);
    }
    const std::uint64_t largest_partner = partners[random() % partners.size()];
    bool rare_source = false;
    for (const std::uint64_t r : partners) {
      if (r > largest_partner) continue;
      for (const std::uint64_t k : splits) {
        for (std::uint64_t i = 0; i < length; ++i) {
          if (begin + i < k + r + 1) continue;
          const std::uint64_t other = begin + i - k - r;
          rare_source = rare_source || std::binary_search(known.begin(), known.end(), other);
        }
      }
    }
    const std::size_t most = random() % 2 == 0 ? 2 : known.size();
    const bool answer = no_rare_source(known, begin, length, splits, prefix, largest_partner, most);
    if (rare_source) {
      EXPECT_FALSE(answer) << "trial " << trial;
    } else if (most == known.size()) {
      EXPECT_TRUE(answer) << "trial " << trial;
    }
    if (!rare_source && answer && known.back() + splits.back() + largest_partner >= begin) ++both;
  }
  // Some blocks had a rare heap within reach of a source and were still found free of rare sources.
  EXPECT_GT(both, 50);
}

// small_pair_reaches against the pairs one by one: random tables of values
// below 512, lists of up to 40 small heaps padded to a multiple of 8 as the
// kernel pads them (heap 1, a value no XOR equals), and targets that one of
// the pairs reaches (half the trials) or any value.
TEST(SparseBlock, SmallPairReachesEqualsThePairsOneByOne) {
  if (!kHaveAvx2) GTEST_SKIP() << "the gather is AVX2 only";
  std::mt19937 random(23);
  int reached = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<std::uint16_t> table(2000);
    for (auto& value : table) value = static_cast<std::uint16_t>(random() % 512);
    const std::size_t count = random() % 41;
    std::vector<std::int32_t> heaps;
    std::vector<std::int32_t> values;
    for (std::size_t j = 0; j < count; ++j) {
      const auto heap = static_cast<std::int32_t>(1 + random() % 900);
      heaps.push_back(heap);
      values.push_back(table[static_cast<std::size_t>(heap)]);
    }
    while (heaps.size() % 8 != 0 || heaps.empty()) {
      heaps.push_back(1);
      values.push_back(std::int32_t{1} << 16);
    }
    const std::uint64_t rest = 1000 + random() % 999;
    std::uint32_t m = static_cast<std::uint32_t>(random() % 512);
    if (count > 0 && random() % 2 == 0) {
      const std::size_t j = random() % count;
      m = static_cast<std::uint32_t>(values[j] ^ table[rest - static_cast<std::uint64_t>(heaps[j])]);
    }
    bool expected = false;
    for (std::size_t j = 0; j < count; ++j) {
      expected =
          expected || (values[j] ^ table[rest - static_cast<std::uint64_t>(heaps[j])]) == static_cast<std::int32_t>(m);
    }
    EXPECT_EQ(small_pair_reaches(table.data() + rest - 1, heaps.data(), values.data(), count, m), expected)
        << "trial " << trial;
    reached += expected ? 1 : 0;
  }
  EXPECT_GT(reached, 500);
}

}  // namespace
}  // namespace grundy::heap::detail
