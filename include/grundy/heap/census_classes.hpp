// Classes of equivalent games in a census: B is A shifted by k >= 0 when
// g_B(n) = g_A(n - k) for n >= k and g_B(n) = 0 below k (B cannot take a lone
// heap of k or fewer more than A). Equivalently, the two sequences agree once
// their leading zeros are removed, so the classes are decided from the rows'
// fingerprints (census.hpp) without the values: a census read back from its
// row file is grouped exactly as the run that wrote it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/heap/census.hpp"

namespace grundy::heap {

/// The first game of a row's class, when the row is not that game itself.
struct SameAs {
  /// Its index among the rows (census order).
  std::size_t first = 0;
  /// k with g_this(n) = g_first(n - k); negative when the first game is this
  /// one shifted by -k.
  std::int64_t offset = 0;
  /// True when both are periodic and agree past both pre-periods plus a common
  /// period (for an arithmetic period, two common periods): equal forever.
  bool proven = false;
  /// The last heap of this game at which they were compared: they agree up to it.
  std::uint64_t seen_to = 0;
};

/// How two rows' sequences compare: nullopt when they differ within what both
/// know, else what SameAs says of `b` against `a` (first = 0).
std::optional<SameAs> compare_rows(const CensusRow& a, const CensusRow& b);

/// For each row (in census order), the first earlier row it agrees with, or
/// nullopt for the first game of its class.
std::vector<std::optional<SameAs>> census_classes(const std::vector<CensusRow>& rows);

}  // namespace grundy::heap
