#include "even_cuts.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace grundy::heap::detail {

std::vector<std::size_t> even_cuts(std::span<const std::uint64_t> weights, std::size_t stretches) {
  const std::size_t tiles = weights.size();
  if (stretches == 0 || stretches > tiles) throw std::invalid_argument("even_cuts: 1 <= stretches <= tiles");
  std::vector<std::uint64_t> before(tiles + 1, 0);  // before[t]: the weight of tiles [0, t)
  for (std::size_t t = 0; t < tiles; ++t) before[t + 1] = before[t] + weights[t];
  // heaviest[s][t]: the least heaviest stretch of tiles [0, t) in s + 1
  // stretches; first[s][t]: where the last of them begins. The rows are as
  // long as the tiles (a block has at most a few dozen).
  constexpr std::uint64_t kNever = std::numeric_limits<std::uint64_t>::max();
  std::vector<std::vector<std::uint64_t>> heaviest(stretches, std::vector<std::uint64_t>(tiles + 1, kNever));
  std::vector<std::vector<std::size_t>> first(stretches, std::vector<std::size_t>(tiles + 1, 0));
  for (std::size_t t = 1; t <= tiles; ++t) heaviest[0][t] = before[t];
  for (std::size_t s = 1; s < stretches; ++s) {
    for (std::size_t t = s + 1; t <= tiles; ++t) {
      for (std::size_t from = s; from < t; ++from) {
        const std::uint64_t cost = std::max(heaviest[s - 1][from], before[t] - before[from]);
        if (cost < heaviest[s][t]) {
          heaviest[s][t] = cost;
          first[s][t] = from;
        }
      }
    }
  }
  std::vector<std::size_t> cuts(stretches + 1, 0);
  cuts[stretches] = tiles;
  for (std::size_t s = stretches - 1; s > 0; --s) cuts[s] = first[s][cuts[s + 1]];
  return cuts;
}

}  // namespace grundy::heap::detail
