// A group's far share cut into its processes' parts: hand-checked cuts, then
// random cuts whose parts, put together unit by unit (a tile by a partner),
// cover the share exactly once, the last process's of the size asked.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "heap/far_parts.hpp"
#include "heap/sparse_block.hpp"

namespace grundy::heap::detail {
namespace {

struct Part {
  std::pair<std::uint64_t, std::uint64_t> heaps;
  std::vector<SharePiece> pieces;
};

Part part_of(const FarCut& cut, std::uint64_t rank) {
  Part part;
  part.heaps = far_part(cut, rank, &part.pieces);
  return part;
}

TEST(FarParts, EvenPartsOnAsManyTilesAreWholeTiles) {
  const FarCut cut{.length = 256, .partners = 10, .processes = 16, .last_steps = 32, .steps = 32};
  for (std::uint64_t rank = 0; rank < 16; ++rank) {
    const Part part = part_of(cut, rank);
    EXPECT_EQ(part.heaps, std::make_pair(16 * rank, 16 * rank + 16)) << rank;
    EXPECT_EQ(part.pieces, (std::vector<SharePiece>{{16 * rank, 16 * rank + 16, 0, 10}})) << rank;
  }
}

// 16 tiles by 10 partners: 160 units, a tile each. The last process at half
// its part keeps the last 5 partners of the last tile, the one before it takes
// the first 5 beside its own tile, the others keep theirs.
TEST(FarParts, TheLastProcessAtHalfAPartLeavesTheRestToTheOneBefore) {
  const FarCut cut{.length = 256, .partners = 10, .processes = 16, .last_steps = 16, .steps = 32};
  EXPECT_EQ(part_of(cut, 15).pieces, (std::vector<SharePiece>{{240, 256, 5, 10}}));
  EXPECT_EQ(part_of(cut, 15).heaps, std::make_pair(std::uint64_t{240}, std::uint64_t{256}));
  EXPECT_EQ(part_of(cut, 14).pieces, (std::vector<SharePiece>{{224, 240, 0, 10}, {240, 256, 0, 5}}));
  EXPECT_EQ(part_of(cut, 14).heaps, std::make_pair(std::uint64_t{224}, std::uint64_t{256}));
  EXPECT_EQ(part_of(cut, 2).pieces, (std::vector<SharePiece>{{32, 48, 0, 10}}));
}

// More processes than tiles: 0.167's blocks of 32 heap sizes, two tiles by 6
// partners, among 5 processes, the last at a quarter of its part: 12 x 8 /
// (32 x 5) = 0 units, so nothing; the other four 3 units each.
TEST(FarParts, MoreProcessesThanTilesCutTheUnitsEvenly) {
  const FarCut cut{.length = 32, .partners = 6, .processes = 5, .last_steps = 8, .steps = 32};
  EXPECT_TRUE(part_of(cut, 4).pieces.empty());
  EXPECT_EQ(part_of(cut, 0).pieces, (std::vector<SharePiece>{{0, 16, 0, 3}}));
  EXPECT_EQ(part_of(cut, 1).pieces, (std::vector<SharePiece>{{0, 16, 3, 6}}));
  EXPECT_EQ(part_of(cut, 3).pieces, (std::vector<SharePiece>{{16, 32, 3, 6}}));
  const FarCut even{.length = 32, .partners = 6, .processes = 5, .last_steps = 32, .steps = 32};
  // 12 units: the last 12 / 5 = 2, the others 10 / 4: 2, 3, 2, 3
  EXPECT_EQ(part_of(even, 4).pieces, (std::vector<SharePiece>{{16, 32, 4, 6}}));
  EXPECT_EQ(part_of(even, 1).pieces, (std::vector<SharePiece>{{0, 16, 2, 5}}));
}

// Even parts on more tiles than processes are whole tiles: three processes on
// 16 tiles take 5, 5 and 6.
TEST(FarParts, EvenPartsOnMoreTilesAreWholeTiles) {
  const FarCut cut{.length = 256, .partners = 9, .processes = 3, .last_steps = 32, .steps = 32};
  EXPECT_EQ(part_of(cut, 0).pieces, (std::vector<SharePiece>{{0, 80, 0, 9}}));
  EXPECT_EQ(part_of(cut, 1).pieces, (std::vector<SharePiece>{{80, 160, 0, 9}}));
  EXPECT_EQ(part_of(cut, 2).pieces, (std::vector<SharePiece>{{160, 256, 0, 9}}));
  EXPECT_EQ(part_of(cut, 2).heaps, std::make_pair(std::uint64_t{160}, std::uint64_t{256}));
}

// Two processes on 16 tiles: 8 whole tiles each, one piece; a block of 40
// heap sizes has two tiles, the last one 24 heap sizes long.
TEST(FarParts, WholeTilesMakeOnePieceAndTheLastTileTakesTheRest) {
  const FarCut two{.length = 256, .partners = 7, .processes = 2, .last_steps = 32, .steps = 32};
  EXPECT_EQ(part_of(two, 1).pieces, (std::vector<SharePiece>{{128, 256, 0, 7}}));
  const FarCut short_block{.length = 40, .partners = 3, .processes = 1, .last_steps = 32, .steps = 32};
  EXPECT_EQ(part_of(short_block, 0).pieces, (std::vector<SharePiece>{{0, 40, 0, 3}}));
  EXPECT_EQ(part_of(short_block, 0).heaps, std::make_pair(std::uint64_t{0}, std::uint64_t{40}));
}

// A last process with no part marks nothing and covers no heap size.
TEST(FarParts, ALastProcessWithNoStepsHasNoPart) {
  const FarCut cut{.length = 128, .partners = 4, .processes = 3, .last_steps = 0, .steps = 32};
  const Part part = part_of(cut, 2);
  EXPECT_TRUE(part.pieces.empty());
  EXPECT_EQ(part.heaps.first, part.heaps.second);
}

TEST(FarParts, RandomCutsCoverEveryUnitOnce) {
  std::mt19937_64 random(2026'11'29);
  for (int round = 0; round < 2000; ++round) {
    const std::uint64_t length = kBlockQuantum * (1 + random() % 16) + (random() % 4 == 0 ? random() % 16 : 0);
    const std::size_t partners = random() % 5 == 0 ? 0 : 1 + random() % 40;
    const std::uint64_t processes = 1 + random() % 40;
    const std::uint64_t steps = 32;
    const std::uint64_t last_steps = random() % (steps + 1);
    const FarCut cut{length, partners, processes, last_steps, steps};
    const std::uint64_t tiles = std::max<std::uint64_t>(length / kBlockQuantum, 1);
    const auto tile_of = [&](std::uint64_t heap) { return std::min(heap / kBlockQuantum, tiles - 1); };
    std::vector<int> units(tiles * std::max<std::size_t>(partners, 1), 0);
    std::vector<int> heaps(length, 0);  // with no partners: how many parts cover each heap size
    for (std::uint64_t rank = 0; rank < processes; ++rank) {
      const Part part = part_of(cut, rank);
      const auto [from, to] = part.heaps;
      ASSERT_LE(from, to);
      ASSERT_LE(to, length);
      for (std::uint64_t i = from; i < to; ++i) ++heaps[i];
      for (const SharePiece& piece : part.pieces) {
        ASSERT_LE(from, piece.heap_from);
        ASSERT_LT(piece.heap_from, piece.heap_to);
        ASSERT_LE(piece.heap_to, to);
        ASSERT_LT(piece.first, piece.last);
        ASSERT_LE(piece.last, partners);
        // Pieces lie on whole tiles.
        ASSERT_EQ(piece.heap_from % kBlockQuantum, 0U);
        ASSERT_TRUE(piece.heap_to == length || piece.heap_to % kBlockQuantum == 0);
        for (std::uint64_t tile = tile_of(piece.heap_from); tile <= tile_of(piece.heap_to - 1); ++tile) {
          for (std::size_t j = piece.first; j < piece.last; ++j) ++units[tile * partners + j];
        }
      }
      if (processes > 1 && rank + 1 == processes && partners > 0) {
        std::size_t marked = 0;
        for (const SharePiece& piece : part.pieces) {
          marked += (tile_of(piece.heap_to - 1) - tile_of(piece.heap_from) + 1) * (piece.last - piece.first);
        }
        const std::uint64_t units_in = tiles * partners;
        const std::uint64_t even = units_in - tiles * (processes - 1) / processes * partners;
        EXPECT_EQ(marked, processes <= tiles ? even * last_steps / steps : units_in * last_steps / (steps * processes));
      }
    }
    if (partners > 0) {
      for (std::size_t u = 0; u < units.size(); ++u) ASSERT_EQ(units[u], 1) << "unit " << u << ", round " << round;
    } else {
      for (std::uint64_t i = 0; i < length; ++i) ASSERT_GE(heaps[i], 1) << "heap size " << i;
    }
  }
}

}  // namespace
}  // namespace grundy::heap::detail
