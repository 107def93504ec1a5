// Nimbers (Grundy values) and the nim-sum.
// A value is a plain 64-bit unsigned integer: a mex over k options is at most k,
// so no reachable value can exceed 64 bits, and there is no smaller cap anywhere.
#pragma once

#include <cstdint>
#include <span>

namespace grundy {

/// A Grundy value. Zero means the player to move loses.
using Nimber = std::uint64_t;

/// The nim-sum (XOR) of two values: the value of the sum of two games.
constexpr Nimber nim_sum(Nimber a, Nimber b) noexcept { return a ^ b; }

/// The nim-sum of all values in a range; 0 for an empty range.
constexpr Nimber nim_sum(std::span<const Nimber> values) noexcept {
  Nimber total = 0;
  for (Nimber v : values) total ^= v;
  return total;
}

}  // namespace grundy
