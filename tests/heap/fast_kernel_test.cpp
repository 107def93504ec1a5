// extend_fast must give exactly extend_plain's values: on random octal and
// hexadecimal codes, on Grundy's game, across its dense and sparse-space methods,
// when called chunk by chunk or on a loaded prefix, and for any thread count.
#include <gtest/gtest.h>

#include <algorithm>

#include <atomic>
#include <random>

#include "grundy/core/errors.hpp"
#include "grundy/heap/kernel.hpp"
#include "support/sanitizers.hpp"

namespace grundy::heap {
namespace {

constexpr std::uint64_t kScale = grundy::testing::sized(1, 2);  // sanitizers: same paths, smaller tables

HeapRules octal(std::string name, std::vector<std::uint8_t> digits) {
  return HeapRules::make(std::move(name), std::move(digits));
}

const HeapRules kGrundysGame = HeapRules::make("grundys-game", {4}, true);

template <class V>
std::vector<V> plain_table(const HeapRules& rules, std::uint64_t upto) {
  std::vector<V> g;
  extend_plain(rules, g, upto);
  return g;
}

template <class V>
std::vector<V> fast_table(const HeapRules& rules, std::uint64_t upto, KernelStats* stats = nullptr,
                          unsigned threads = 1) {
  std::vector<V> g;
  KernelControl control;
  control.stats = stats;
  control.threads = threads;
  EXPECT_EQ(extend_fast(rules, g, upto, control), upto + 1);
  return g;
}

TEST(FastKernel, PublishedFirstTerms) {
  // Grundy's game, OEIS A002188; Kayles 0.77, OEIS A002186.
  EXPECT_EQ(fast_table<std::uint16_t>(kGrundysGame, 20),
            (std::vector<std::uint16_t>{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0}));
  EXPECT_EQ(fast_table<std::uint16_t>(octal("0.77", {0, 7, 7}), 20),
            (std::vector<std::uint16_t>{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1}));
}

TEST(FastKernel, RandomOctalCodesMatchPlain) {
  std::mt19937 random(20261122);
  for (int round = 0; round < 60; ++round) {
    std::vector<std::uint8_t> digits{static_cast<std::uint8_t>(random() % 2 == 0 ? 0 : 4)};
    const int length = 1 + static_cast<int>(random() % 4);
    for (int i = 0; i < length; ++i) digits.push_back(static_cast<std::uint8_t>(random() % 8));
    const std::uint64_t upto = 300 + random() % 700;
    if (std::all_of(digits.begin(), digits.end(), [](std::uint8_t d) { return d == 0; })) continue;  // no move
    const HeapRules rules = octal("random", digits);
    SCOPED_TRACE(::testing::Message() << "round " << round << " upto " << upto);
    EXPECT_EQ(fast_table<std::uint16_t>(rules, upto), plain_table<std::uint16_t>(rules, upto));
  }
}

TEST(FastKernel, RandomHexadecimalCodesMatchPlain) {
  // Bit 8 (three heaps) goes to the plain method; bits 1-4 still mix with it.
  std::mt19937 random(7);
  for (int round = 0; round < 20; ++round) {
    std::vector<std::uint8_t> digits{static_cast<std::uint8_t>(4 * (random() % 4))};
    const int length = 1 + static_cast<int>(random() % 3);
    for (int i = 0; i < length; ++i) digits.push_back(static_cast<std::uint8_t>(random() % 16));
    const HeapRules rules = octal("random-hex", digits);
    SCOPED_TRACE(::testing::Message() << "round " << round);
    EXPECT_EQ(fast_table<std::uint16_t>(rules, 120), plain_table<std::uint16_t>(rules, 120));
  }
}

TEST(FastKernel, SparseSpaceGamesMatchPlain) {
  // Past 4096 heaps the kernel reviews the table and switches these games to
  // the sparse-space method; the statistics show that it did.
  for (const HeapRules& rules : {octal("0.167", {0, 1, 6, 7}), octal("0.77", {0, 7, 7}), octal("4.07", {4, 0, 7})}) {
    SCOPED_TRACE(rules.name());
    const std::uint64_t upto = 9000 / kScale;
    KernelStats stats;
    EXPECT_EQ(fast_table<std::uint16_t>(rules, upto, &stats), plain_table<std::uint16_t>(rules, upto));
    if (kScale == 1 && rules.name() != "4.07") {
      EXPECT_GT(stats.sparse_steps.load(), 0U);
      EXPECT_NE(stats.rare_mask.load(), 0U);
    }
  }
}

TEST(FastKernel, GrundysGameMatchesPlainThroughTheSparseSwitch) {
  // Grundy's game switches to sparse space (mask 254) near 15000 heaps.
  const std::uint64_t upto = 24000 / (kScale * kScale);
  KernelStats stats;
  const auto fast = fast_table<std::uint16_t>(kGrundysGame, upto, &stats);
  EXPECT_EQ(fast, plain_table<std::uint16_t>(kGrundysGame, upto));
  if (kScale == 1) {
    EXPECT_GT(stats.sparse_steps.load(), 0U);
    EXPECT_EQ(stats.rare_mask.load(), 254U);
    EXPECT_FALSE(stats.heap_parity.load());
  }
}

// Under mask 254 Grundy's game's last rare heap, 7,250,049, lies far past the
// others (82,860). Past it a block's far share still marks one class of values
// per pass: no pair of the block has a rare heap as its other heap. The values
// equal those of the marking of every value, and the class marking is counted
// in every block after the far rare heap (with the lowest source past every
// rare heap as the only test, none before 14.5 million).
TEST(FastKernel, AFarRareHeapLeavesTheSharesMarkedByClass) {
  if (grundy::testing::kSanitized) GTEST_SKIP() << "7.4 million heap sizes: the optimised build checks this";
  constexpr std::uint64_t kFarRare = 7'250'049;
  constexpr std::uint64_t kUpto = 7'420'000;
  const auto prefix = fast_table<std::uint16_t>(kGrundysGame, 7'240'000);
  std::vector<std::uint16_t> by_class = prefix;
  KernelStats stats;
  KernelControl control;
  control.stats = &stats;
  EXPECT_EQ(extend_fast(kGrundysGame, by_class, kUpto, control), kUpto + 1);
  std::vector<std::uint16_t> by_value = prefix;
  KernelControl reference;
  reference.mark_by_class = false;
  EXPECT_EQ(extend_fast(kGrundysGame, by_value, kUpto, reference), kUpto + 1);
  EXPECT_EQ(by_class, by_value);
  EXPECT_EQ(stats.rare_mask.load(), 254U);
  EXPECT_EQ(stats.last_rare.load(), kFarRare);
  EXPECT_GT(stats.shares_by_class.load(), (kUpto - kFarRare) / 256);  // blocks are at most 256 heap sizes long
}

TEST(FastKernel, DenseGameMatchesPlain) {
  // 0.007 (Treblecross) has no useful sparse space: the dense method throughout.
  const HeapRules treblecross = octal("0.007", {0, 0, 0, 7});
  const std::uint64_t upto = 12000 / (kScale * kScale);
  KernelStats stats;
  EXPECT_EQ(fast_table<std::uint16_t>(treblecross, upto, &stats), plain_table<std::uint16_t>(treblecross, upto));
  EXPECT_EQ(stats.sparse_steps.load(), 0U);
}

TEST(FastKernel, ChunkedCallsAndLoadedPrefixesMatchOneCall) {
  for (const HeapRules& rules : {kGrundysGame, octal("0.167", {0, 1, 6, 7}), octal("0.007", {0, 0, 0, 7})}) {
    SCOPED_TRACE(rules.name());
    const std::uint64_t upto = 20000 / (kScale * kScale);
    const auto whole = fast_table<std::uint16_t>(rules, upto);
    std::vector<std::uint16_t> chunked;
    std::mt19937 random(3);
    while (chunked.size() <= upto) {
      const std::uint64_t next = std::min<std::uint64_t>(upto, chunked.size() + random() % 3000);
      EXPECT_EQ(extend_fast(rules, chunked, next), next + 1);
    }
    EXPECT_EQ(chunked, whole);
    // A prefix computed by the plain method (as if loaded from a file), continued.
    std::vector<std::uint16_t> resumed = plain_table<std::uint16_t>(rules, 5000 / kScale);
    EXPECT_EQ(extend_fast(rules, resumed, upto), upto + 1);
    EXPECT_EQ(resumed, whole);
  }
}

TEST(FastKernel, ThreadCountDoesNotChangeValues) {
  for (const HeapRules& rules : {kGrundysGame, octal("0.167", {0, 1, 6, 7}), octal("0.007", {0, 0, 0, 7})}) {
    const std::uint64_t upto = 8000 / kScale;
    EXPECT_EQ(fast_table<std::uint16_t>(rules, upto, nullptr, 2), fast_table<std::uint16_t>(rules, upto, nullptr, 1));
  }
  if (kScale == 1) {
    // The team joins the dense method (0.007) from 2^12 heaps on; with
    // adaptive timing, from 2^16 on after a segment's first eighth timed on one
    // thread (the rest of it on the team, timed too).
    const HeapRules treblecross = octal("0.007", {0, 0, 0, 7});
    const std::uint64_t upto = (1 << 16) + 20000;
    std::vector<std::uint16_t> one = fast_table<std::uint16_t>(treblecross, 1 << 16);
    std::vector<std::uint16_t> two = one;
    KernelControl both;
    both.threads = 2;
    EXPECT_EQ(extend_fast(treblecross, two, upto, both), upto + 1);
    EXPECT_EQ(extend_fast(treblecross, one, upto), upto + 1);
    EXPECT_EQ(one, two);
  }
}

TEST(FastKernel, TimedTrialsSwitchingBetweenOneThreadAndTheTeamKeepTheValues) {
  // With adaptive timing (the default) the block method alternates timed
  // stretches on one thread and on the team, round after round (a round every
  // four segments, each an eighth of the table so far): values are those of one thread
  // wherever the modes switch. Trials of 4,096 heap sizes (2^15 by default,
  // from 2^18 on, where the segments are that long) so that this table has several.
  const std::uint64_t upto = grundy::testing::sized(300000, 90000);
  KernelStats stats;
  KernelControl control{.threads = 2, .trial_length = 4096, .stats = &stats};
  std::vector<std::uint16_t> two;
  EXPECT_EQ(extend_fast(kGrundysGame, two, upto, control), upto + 1);
  EXPECT_GT(stats.sparse_steps.load(), upto / 2);
  EXPECT_EQ(two, fast_table<std::uint16_t>(kGrundysGame, upto));
}

TEST(FastKernel, WideValuesMatchNarrowOnes) {
  const auto narrow = fast_table<std::uint16_t>(kGrundysGame, 6000);
  const auto wide = fast_table<std::uint32_t>(kGrundysGame, 6000);
  ASSERT_EQ(narrow.size(), wide.size());
  for (std::size_t i = 0; i < narrow.size(); ++i) ASSERT_EQ(narrow[i], wide[i]) << i;
}

TEST(FastKernel, ReturnValueContract) {
  const HeapRules kayles = octal("0.77", {0, 7, 7});
  // Already long enough: nothing computed, the size returned.
  std::vector<std::uint16_t> g = plain_table<std::uint16_t>(kayles, 50);
  EXPECT_EQ(extend_fast(kayles, g, 10), 51U);
  EXPECT_EQ(g.size(), 51U);
  // An empty vector gets g(0) = 0 first.
  std::vector<std::uint16_t> empty;
  EXPECT_EQ(extend_fast(kayles, empty, 0), 1U);
  EXPECT_EQ(empty, std::vector<std::uint16_t>{0});
  // A stop request ends the call at once, leaving a valid prefix.
  std::atomic<bool> stop{true};
  std::atomic<std::uint64_t> progress{0};
  KernelControl control;
  control.stop = &stop;
  control.progress = &progress;
  std::vector<std::uint16_t> stopped = plain_table<std::uint16_t>(kayles, 30);
  EXPECT_EQ(extend_fast(kayles, stopped, 5000, control), 31U);
  EXPECT_EQ(progress.load(), 31U);
  EXPECT_EQ(stopped, plain_table<std::uint16_t>(kayles, 30));
}

TEST(FastKernel, GamesWithoutSplitsMatchPlain) {
  // Subtraction-like codes (no split digit) and a pure splitting code 4.
  for (const HeapRules& rules : {octal("0.3", {0, 3}), octal("0.33", {0, 3, 3}), octal("4", {4})}) {
    EXPECT_EQ(fast_table<std::uint16_t>(rules, 200), plain_table<std::uint16_t>(rules, 200));
  }
  EXPECT_THROW(octal("0", {0}), InputError) << "a game without a move is not made";
}

}  // namespace
}  // namespace grundy::heap
