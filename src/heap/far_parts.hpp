#pragma once
// A block's far share cut into the parts the processes of a group mark.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace grundy::heap::detail {

/// Partners [first, last) of a share (indices into its list) for the heap
/// sizes [heap_from, heap_to) of its block.
struct SharePiece {
  std::uint64_t heap_from = 0;
  std::uint64_t heap_to = 0;
  std::size_t first = 0;
  std::size_t last = 0;
  bool operator==(const SharePiece&) const = default;
};

/// How a far share is cut: a block of `length` heap sizes (tiles of
/// kBlockQuantum, the last one taking the rest), `partners` partners,
/// `processes` processes. The last one's part is `last_steps` of `steps`
/// steps of an even part (last_steps == steps: all parts even).
struct FarCut {
  std::uint64_t length = 0;
  std::size_t partners = 0;
  std::uint64_t processes = 1;
  std::uint64_t last_steps = 1;
  std::uint64_t steps = 1;
};

/// Process `rank`'s part of the share, of units of a tile of heap sizes by one
/// partner, tile after tile. With no more processes than tiles the parts are
/// whole tiles, even but for the last process's, which keeps `last_steps` of
/// `steps` of its units (its last ones) and leaves the rest to the process
/// before it. With more processes than tiles each marks an even run of units
/// (the last process's `last_steps` of `steps` of one). A tile shared by two
/// processes (each marking some of its partners, its fixed costs paid twice)
/// is sent by both to be ORed. Returns the heap sizes the part covers, [from,
/// to) (from == to: none), and into `pieces`, when given, what it marks there,
/// one piece a run of tiles with the same partners. With no partners the
/// parts still cover every tile (their masks are cleared).
std::pair<std::uint64_t, std::uint64_t> far_part(const FarCut& cut, std::uint64_t rank,
                                                 std::vector<SharePiece>* pieces = nullptr);

}  // namespace grundy::heap::detail
