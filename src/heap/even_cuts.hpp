#pragma once
// Splitting a row of weighted tiles into contiguous stretches, one a worker.

#include <cstdint>
#include <span>
#include <vector>

namespace grundy::heap::detail {

/// The cuts of `weights` (one a tile) into `stretches` contiguous stretches of
/// at least one tile each (1 <= stretches <= weights.size()) whose heaviest
/// stretch is as light as any such split can make it: stretch s is tiles
/// [cuts[s], cuts[s + 1]), cuts[0] = 0, cuts[stretches] = weights.size().
/// Cut by running sums alone (each stretch from the first tile with its share
/// of the total before it), fifteen ranks sharing a block's near pairs gave the
/// one with two tiles 1.46x the instructions of a one-tile stretch; cut so, 1.35x.
std::vector<std::size_t> even_cuts(std::span<const std::uint64_t> weights, std::size_t stretches);

}  // namespace grundy::heap::detail
