// The near pass's cuts among a group's processes: contiguous stretches of
// tiles, each at least one tile, whose heaviest is as light as can be. Hand
// checked rows, then every split of random small rows tried one by one.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

#include "heap/even_cuts.hpp"

namespace grundy::heap::detail {
namespace {

std::uint64_t heaviest(const std::vector<std::uint64_t>& weights, const std::vector<std::size_t>& cuts) {
  std::uint64_t most = 0;
  for (std::size_t s = 0; s + 1 < cuts.size(); ++s) {
    std::uint64_t sum = 0;
    for (std::size_t t = cuts[s]; t < cuts[s + 1]; ++t) sum += weights[t];
    most = std::max(most, sum);
  }
  return most;
}

// Every way of cutting the row into `stretches` non-empty stretches, the least heaviest.
std::uint64_t least_heaviest_by_trying_all(const std::vector<std::uint64_t>& weights, std::size_t stretches) {
  const std::size_t tiles = weights.size();
  std::uint64_t best = UINT64_MAX;
  // A subset of the tiles' tops 1 .. tiles-1 with stretches - 1 members marks the cuts.
  for (std::uint64_t chosen = 0; chosen < (std::uint64_t{1} << (tiles - 1)); ++chosen) {
    if (static_cast<std::size_t>(__builtin_popcountll(chosen)) != stretches - 1) continue;
    std::vector<std::size_t> cuts{0};
    for (std::size_t t = 1; t < tiles; ++t) {
      if (chosen & (std::uint64_t{1} << (t - 1))) cuts.push_back(t);
    }
    cuts.push_back(tiles);
    best = std::min(best, heaviest(weights, cuts));
  }
  return best;
}

void expect_well_formed(const std::vector<std::size_t>& cuts, std::size_t tiles, std::size_t stretches) {
  ASSERT_EQ(cuts.size(), stretches + 1);
  EXPECT_EQ(cuts.front(), 0U);
  EXPECT_EQ(cuts.back(), tiles);
  for (std::size_t s = 0; s < stretches; ++s) EXPECT_LT(cuts[s], cuts[s + 1]) << "stretch " << s << " is empty";
}

TEST(EvenCuts, HandCheckedRows) {
  // Sixteen tiles whose weights fall along the block, fifteen stretches: the
  // two lightest neighbours (1 + 1) share one, every other tile is alone.
  std::vector<std::uint64_t> falling(16);
  for (std::size_t t = 0; t < 16; ++t) falling[t] = 16 - t;
  const std::vector<std::size_t> fifteen = even_cuts(falling, 15);
  expect_well_formed(fifteen, 16, 15);
  EXPECT_EQ(heaviest(falling, fifteen), 16U);
  // 4, 4, 4, 4 in two: two and two.
  const std::vector<std::uint64_t> even{4, 4, 4, 4};
  EXPECT_EQ(even_cuts(even, 2), (std::vector<std::size_t>{0, 2, 4}));
  // One stretch a tile, and one stretch in all.
  EXPECT_EQ(even_cuts(even, 4), (std::vector<std::size_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(even_cuts(even, 1), (std::vector<std::size_t>{0, 4}));
  // A heavy tile alone, the rest shared: 9 | 1 1 1 | 1 1 1 is 9, 3, 3.
  const std::vector<std::uint64_t> heavy{9, 1, 1, 1, 1, 1, 1};
  EXPECT_EQ(heaviest(heavy, even_cuts(heavy, 3)), 9U);
  // Tiles with nothing to mark still make stretches of at least one tile.
  const std::vector<std::uint64_t> empty(5, 0);
  const std::vector<std::size_t> cuts = even_cuts(empty, 5);
  expect_well_formed(cuts, 5, 5);
}

TEST(EvenCuts, NoSplitHasALighterHeaviestStretch) {
  std::mt19937_64 random(20261129);
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t tiles = 1 + random() % 12;
    const std::size_t stretches = 1 + random() % tiles;
    std::vector<std::uint64_t> weights(tiles);
    for (std::uint64_t& weight : weights) weight = random() % (trial % 2 == 0 ? 5 : 1000);
    const std::vector<std::size_t> cuts = even_cuts(weights, stretches);
    expect_well_formed(cuts, tiles, stretches);
    EXPECT_EQ(heaviest(weights, cuts), least_heaviest_by_trying_all(weights, stretches))
        << "tiles " << tiles << ", stretches " << stretches;
  }
}

TEST(EvenCuts, RefusesMoreStretchesThanTiles) {
  const std::vector<std::uint64_t> three{1, 2, 3};
  EXPECT_THROW(even_cuts(three, 4), std::invalid_argument);
  EXPECT_THROW(even_cuts(three, 0), std::invalid_argument);
}

}  // namespace
}  // namespace grundy::heap::detail
