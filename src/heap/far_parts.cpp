#include "far_parts.hpp"

#include <algorithm>

#include "sparse_block.hpp"

namespace grundy::heap::detail {

std::pair<std::uint64_t, std::uint64_t> far_part(const FarCut& cut, std::uint64_t rank,
                                                 std::vector<SharePiece>* pieces) {
  const std::uint64_t processes = cut.processes;
  const std::uint64_t tiles = std::max<std::uint64_t>(cut.length / kBlockQuantum, 1);
  const std::uint64_t per_tile = std::max<std::uint64_t>(cut.partners, 1);
  const std::uint64_t units = tiles * per_tile;
  std::uint64_t from = 0;
  std::uint64_t to = 0;
  if (processes <= tiles) {
    // Even parts of whole tiles, each marked and sent by one process; what the
    // last process leaves of its part goes to the one before it, which alone
    // then sends more (and proves less: the group's times say how much).
    from = tiles * rank / processes * per_tile;
    to = tiles * (rank + 1) / processes * per_tile;
    if (processes >= 2 && cut.last_steps < cut.steps) {
      const std::uint64_t last_from = tiles * (processes - 1) / processes * per_tile;
      const std::uint64_t split = units - (units - last_from) * cut.last_steps / cut.steps;
      if (rank + 1 == processes) from = split;
      if (rank + 2 == processes) to = split;
    }
  } else {
    // More processes than tiles: the units cut evenly, the last process's
    // run first (its share of an even one), the others' even runs of the rest.
    const std::uint64_t last = units * cut.last_steps / (cut.steps * processes);
    const std::uint64_t rest = units - last;
    from = rank + 1 == processes ? rest : rest * rank / (processes - 1);
    to = rank + 1 == processes ? units : rest * (rank + 1) / (processes - 1);
  }
  if (pieces != nullptr) pieces->clear();
  if (from >= to) return {0, 0};
  const auto tile_begin = [&](std::uint64_t tile) { return tile == tiles ? cut.length : tile * kBlockQuantum; };
  const std::uint64_t first_tile = from / per_tile;
  const std::uint64_t last_tile = (to - 1) / per_tile;
  if (pieces != nullptr && cut.partners > 0) {
    for (std::uint64_t tile = first_tile; tile <= last_tile; ++tile) {
      const auto first = static_cast<std::size_t>(std::max(from, tile * per_tile) - tile * per_tile);
      const auto end = static_cast<std::size_t>(std::min(to, (tile + 1) * per_tile) - tile * per_tile);
      if (!pieces->empty() && pieces->back().first == first && pieces->back().last == end) {
        pieces->back().heap_to = tile_begin(tile + 1);
      } else {
        pieces->push_back({tile_begin(tile), tile_begin(tile + 1), first, end});
      }
    }
  }
  return {tile_begin(first_tile), tile_begin(last_tile + 1)};
}

}  // namespace grundy::heap::detail
