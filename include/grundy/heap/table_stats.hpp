// The statistics a researcher reads off a heap table: the largest value and
// where it first occurs, value frequencies, and the sparse-space split. As in
// Flammenkamp's tables, g(n) is rare when parity(g(n) & mask), XOR the heap's
// parity in the heap-parity variant, equals rare_parity (0 without the variant,
// so 0 is a rare value): common XOR common is then always rare. The mask is the
// fast kernel's when it reports one, else the one making the rare class smallest
// (found with a Walsh-Hadamard transform of the frequencies).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/heap/table.hpp"

namespace grundy::heap {

/// A rare/common split: rare when (parity(g(n) & mask) ^ (heap_parity ? n & 1 : 0)) == rare_parity.
struct RareSplit {
  std::uint32_t mask = 0;
  bool heap_parity = false;
  unsigned rare_parity = 0;
};

struct TableStats {
  std::uint64_t count = 0;                 // values summarised: g(0..count-1)
  std::uint32_t largest = 0;               // the largest value
  std::uint64_t largest_at = 0;            // the first n with g(n) = largest
  std::vector<std::uint64_t> frequencies;  // frequencies[v] = #{n : g(n) = v}
  /// The split, when one makes the rare class smaller than half the values.
  std::optional<RareSplit> rare;
  std::uint64_t rare_count = 0;
  std::optional<std::uint64_t> last_rare;  // the last rare n, if any
};

/// True when g(n) = value is rare under the split.
bool is_rare(const RareSplit& split, std::uint32_t value, std::uint64_t n);

/// The splits the fast kernel's sparse-space method may use on a game (so that
/// common XOR common always lands in the rare class): every mask with rare
/// parity 0, and, when every split move removes tokens of one parity k, every
/// mask with the heap parity and rare parity k & 1. None for a game without
/// two-heap splits or with three-heap ones.
struct SparseSpaceRule {
  bool applies = false;
  bool heap_parity = false;
  unsigned heap_parity_rare = 0;
};
SparseSpaceRule sparse_space_rule(const HeapRules& rules);

/// The statistics gathered one value at a time, so a streamed table (which
/// never holds all its values) gives exactly what compute_stats gives: the
/// counts by value and heap parity, and the last n of each, decide any split.
class StatsAccumulator {
 public:
  /// Adds g(n) = value; n must be the count added so far.
  void add(std::uint64_t n, std::uint32_t value) {
    if (value >= frequencies_.size()) grow(value);
    ++frequencies_[value];
    if ((n & 1) == 0) ++even_counts_[value];
    last_at_[2 * value + (n & 1)] = n + 1;
    if (value > largest_) {
      largest_ = value;
      largest_at_ = n;
    }
    count_ = n + 1;
  }
  /// The statistics of the values added (see compute_stats for `split`).
  [[nodiscard]] TableStats finish(std::optional<RareSplit> split = std::nullopt) const;
  /// The sparse space of the values added, decided from them alone (so a table
  /// gets the same one however it was computed: fresh, resumed, in chunks, on
  /// any number of threads): among the rule's splits the one with the fewest
  /// rare values (the smallest mask first, then the plain split before the
  /// heap-parity one), when fewer than 1/12 of the values are rare (the fast
  /// kernel's own bar for the method to pay); else none.
  [[nodiscard]] std::optional<RareSplit> sparse_space(const SparseSpaceRule& rule) const;

 private:
  void grow(std::uint32_t value);
  std::uint64_t count_ = 0;
  std::uint32_t largest_ = 0;
  std::uint64_t largest_at_ = 0;
  std::vector<std::uint64_t> frequencies_;
  std::vector<std::uint64_t> even_counts_;
  std::vector<std::uint64_t> last_at_;  // [2 * value + n parity]: the last such n plus one, 0 for none
};

/// Summarises g(0..count-1). O(count + V log V) with V the value range. With a
/// mask (e.g. the fast kernel's) the rare values are counted under it (the
/// heap-parity variant takes the smaller of its two classes); otherwise the
/// mask is chosen from the frequencies.
TableStats compute_stats(const HeapTable& table, std::optional<RareSplit> split = std::nullopt);

/// Every value of the table, added in order.
StatsAccumulator accumulate_stats(const HeapTable& table);

}  // namespace grundy::heap
