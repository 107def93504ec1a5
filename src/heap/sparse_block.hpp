// One block of the sparse-space method, shared among workers: for heap sizes
// n in [begin, begin + length) and a range of partner heaps r (rare heaps, and
// the small heaps of the proof scan's prefix) whose pairs (r, n - k - r) lie
// wholly below the block, the set of values g(r) ^ g(n - k - r) each n reaches,
// as bit masks (values below 512), from read-only state: workers split a
// block by heap sizes (each writes its own part of one set of masks) or by
// partners (each fills masks of its own, and OR-ing them gives the block's:
// the processes of a group, which allreduce them).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

namespace grundy::heap::detail {

/// The most 64-bit words of a value mask the block method handles (values < 512:
/// Grundy's game reaches 281 by 2^30).
inline constexpr unsigned kMaxMaskWords = 8;
/// Block lengths are multiples of this (the lanes of one pass).
inline constexpr std::uint64_t kBlockQuantum = 16;
/// Partners start this far beyond the block length (room for reads of whole
/// vectors past the values used; 0 today: a worker reads exactly what it uses).
inline constexpr std::uint64_t kLoadSlack = 0;

/// What a worker reads: all of it stays unchanged while a block is shared.
template <class V>
struct SparseBlock {
  /// The block: heap sizes begin .. begin + length - 1 (length a multiple of kBlockQuantum).
  std::uint64_t begin = 0;
  std::uint64_t length = 0;
  /// Tokens removed by each split move (two-heap digits).
  std::span<const std::uint64_t> splits;
  /// Partner heaps r, ascending (in each class group with common_sources_mask),
  /// with length + kLoadSlack <= r <= begin - max split - 1,
  /// so that both heaps of every pair lie below the block; and their values.
  std::span<const std::uint64_t> partners;
  std::span<const V> partner_values;
  /// sources[j * splits.size() + s]: g(begin - splits[s] - partners[j]) and the
  /// length - 1 values after it, contiguous (wherever the store keeps them; all
  /// below begin, so nothing a worker reads changes while the block is shared).
  std::span<const V* const> sources;
  /// Grundy's game: the equal split is not a move.
  bool unequal_split = false;
  /// 64-bit words per mask (1..kMaxMaskWords): every value is below 64 * words.
  unsigned words = 1;
  /// The rare mask M when every source value is common (parity(g & M) = 1) and M's
  /// highest bit is 5 or more; else 0. Then each pair's value has the class
  /// parity(v & M) ^ 1 of its partner's value v, and a pass marks one class only.
  std::uint64_t common_sources_mask = 0;
  /// With common_sources_mask: partners [0, odd_partners) have values of odd class
  /// (parity(v & M) = 1), the rest of even class.
  std::size_t odd_partners = 0;
  /// Sources may hold the padding value (the largest V) where a pair's other heap
  /// lies in the block itself: such lanes mark nothing.
  bool padded = false;
};

/// The highest bit of a rare mask for which blocks mark one class per pass.
inline constexpr unsigned kMinClassBit = 5;
/// The mask width (values below 256) at which the drivers mark one class per pass;
/// mark_partner_share takes 1, 2 or 4 words, and 8 (values below 512) when the
/// mask's bits below 256 reach bit kMinClassBit: the XORs below 256 go by class,
/// those from 256 (rare where a game gets there) one by one.
inline constexpr unsigned kClassWords = 4;
/// Whether the drivers mark blocks of `words` mask words one class per pass under
/// the rare mask (when every source is common; mark_partner_share agrees).
constexpr bool marks_by_class(unsigned words, std::uint64_t mask) {
  constexpr std::uint64_t kLowClassBits = 0xff & ~((std::uint64_t{1} << kMinClassBit) - 1);  // bits 5-7
  if (std::bit_width(mask) <= kMinClassBit) return false;
  return words == kClassWords || (words == 2 * kClassWords && (mask & kLowClassBits) != 0);
}

/// Where a block's pairs meet the rare heaps: the block [begin, begin + length),
/// partners r <= largest_partner (any heap up to `prefix`, and rare heaps above
/// it), splits k; `rare` ascending, every rare heap below the block's sources'
/// top. True when no pair (r, n - k - r) of the block has a rare other heap, so
/// that every source is common; false also when more than `most` rare heaps lie
/// where an other heap can (the answer not worth the looking).
[[nodiscard]] bool no_rare_source(std::span<const std::uint64_t> rare, std::uint64_t begin, std::uint64_t length,
                                  std::span<const std::uint64_t> splits, std::uint64_t prefix,
                                  std::uint64_t largest_partner, std::size_t most);

/// ORs into masks[w * length + i] (bit v of word w: value 64 w + v is reached by
/// heap begin + i) the values of the pairs of partners [first, last). masks holds
/// words * length words.
template <class V>
void mark_partner_share(const SparseBlock<V>& block, std::size_t first, std::size_t last, std::uint64_t* masks);

/// The same for the heap sizes begin + i, from <= i < to, alone (multiples of
/// kBlockQuantum): workers that split a block by heap sizes each write their
/// own part of one set of masks, with nothing to combine, and each tile of
/// heap sizes pays its fixed costs once, however many workers share the block.
template <class V>
void mark_partner_share(const SparseBlock<V>& block, std::size_t first, std::size_t last, std::uint64_t from,
                        std::uint64_t to, std::uint64_t* masks);

/// The heap sizes a pass of the marking takes at once: 32 where it runs in
/// AVX-512 registers (16-bit values), else kBlockQuantum. Workers' stretches cut
/// at multiples of it keep the tiles whole (a stretch's odd tile of 16 goes to
/// the AVX2 form, at half the pace).
[[nodiscard]] std::uint64_t marking_tile();

/// ORs into seen (`words` 64-bit words, every value below 64 * words) bit
/// lo[i] ^ *(hi - i) for i < count: the pairs (a, rest - a) of a run of small
/// heaps a, as the block's own values are reached. With 16-bit values, one,
/// two, four or eight words and `slack` (15 values readable past each end of
/// the run: lo[count .. count + 14] and hi[-(count + 14) .. -count]), 16 pairs
/// a step (with eight, the values from 256 on one by one: they are few);
/// otherwise independent accumulators, so that no OR waits on the previous
/// one's store: one register with one word, else four interleaved word sets.
template <class V>
void mark_run_pairs(const V* lo, const V* hi, std::uint64_t count, unsigned words, bool slack, std::uint64_t* seen);

/// Adds value x to a set of values held as bits of 64-bit words.
inline void add_value(std::uint64_t* set, std::uint64_t x) { set[x >> 6] |= std::uint64_t{1} << (x & 63); }

/// The values a window holds (below).
inline constexpr unsigned kWindow = 16;

/// The latest kWindow values below a heap size n, ascending (window[kWindow - 1]
/// = g(n - 1)), kept by slide_window: one vector store each, so that the next
/// load of the whole window takes it from that store (a load over several
/// smaller stores in flight waits for them to leave the core). AVX2 only
/// (kHaveAvx2); the window 32-byte aligned.
void slide_window(std::uint16_t* window, std::uint16_t newest);

/// ORs into seen, as mark_run_pairs, the pairs (a, n - a) for a = 1 .. kWindow:
/// first_values = g(1 .. kWindow), the window n's (slide_window). AVX2 only;
/// one, two, four or eight words.
void mark_window_pairs(const std::uint16_t* first_values, const std::uint16_t* window, unsigned words,
                       std::uint64_t* seen);

/// Whether some pair (heaps[j], rest - heaps[j]), j < count rounded up to a
/// multiple of 8 (the lists padded so), has values[j] ^ g(rest - heaps[j]) ==
/// m, where below = &g(rest - 1) of a table of 16-bit values: the other heaps'
/// values gathered 8 at a time, nothing at or past rest read. A pair of the
/// padding holds a value no XOR equals. AVX2 only (kHaveAvx2).
bool small_pair_reaches(const std::uint16_t* below, const std::int32_t* heaps, const std::int32_t* values,
                        std::size_t count, std::uint32_t m);

/// into[i] |= from[i] for i < count: one set of masks ORed into another (the two apart).
void combine_masks(std::uint64_t* into, const std::uint64_t* from, std::size_t count);

/// A block's sources where its values lie in one piece: sources[j * splits.size()
/// + s] = at - splits[s] - partners[j], for `at` the place of g(begin). Set up
/// for every block: the loop through the members' vectors took 13 instructions
/// a source, 1.9% of Grundy's game and 5% of 0.167 on one thread; one or two
/// splits are a vector loop (AVX2 when the processor has it).
template <class V>
void point_sources(const V* at, std::span<const std::uint64_t> splits, std::span<const std::uint64_t> partners,
                   const V** sources);

extern template void mark_partner_share<std::uint16_t>(const SparseBlock<std::uint16_t>&, std::size_t, std::size_t,
                                                       std::uint64_t*);
extern template void mark_partner_share<std::uint16_t>(const SparseBlock<std::uint16_t>&, std::size_t, std::size_t,
                                                       std::uint64_t, std::uint64_t, std::uint64_t*);
extern template void mark_partner_share<std::uint32_t>(const SparseBlock<std::uint32_t>&, std::size_t, std::size_t,
                                                       std::uint64_t, std::uint64_t, std::uint64_t*);
extern template void mark_partner_share<std::uint32_t>(const SparseBlock<std::uint32_t>&, std::size_t, std::size_t,
                                                       std::uint64_t*);
extern template void point_sources<std::uint16_t>(const std::uint16_t*, std::span<const std::uint64_t>,
                                                  std::span<const std::uint64_t>, const std::uint16_t**);
extern template void point_sources<std::uint32_t>(const std::uint32_t*, std::span<const std::uint64_t>,
                                                  std::span<const std::uint64_t>, const std::uint32_t**);

}  // namespace grundy::heap::detail
