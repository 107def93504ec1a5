// The values of a coin-turning game's heap representation: g(n) is the value of a
// strip whose only head is coin n, and a strip's value is the nim-sum of g over
// its heads (normal play). A move from heap n goes to the heaps of the other
// coins it turns, so g(n) is the mex of the nim-sums of those sets' values.
//
// Two methods, one answer:
// - plain: every legal set of every heap, listed (cost: the number of sets);
// - by structure, for the codes whose reachable values have a shape:
//   * a count range with no modifier (Mock Turtles 1-3, Moidores 1-9, Motley
//     1+): the reachable values are nim-sums of j distinct earlier values, j in
//     the range less one. At most two earlier values: a candidate is tested by
//     membership, its pair found by a short scan, and refused at once when it
//     lies outside the linear span of the earlier values' differences (kept as a
//     GF(2) basis). More: one bitmap per j of the nim-sums reached so far,
//     extended by one coin at a time (words permuted by XOR), charged to the
//     memory budget.
//   * an open consecutive range (Ruler 1+C): the options of heap n are
//     P(n-1) ^ P(j), P the prefix nim-sums; their mex comes from a binary trie
//     of the P(j) with the full subtrees marked, in O(bits) a heap.
//   other codes use the plain method.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/core/nimber.hpp"
#include "grundy/core/search_limits.hpp"
#include "grundy/games/turning_code.hpp"

namespace grundy::games {

/// g(0..n) of the code's heap representation (g(0) = 0: no coin), by listing
/// every legal set. Throws TimeExceeded / Interrupted from the limits.
std::vector<Nimber> turning_values_plain(const TurningCode& code, std::uint64_t n, const SearchLimits& limits = {});

/// g(0..n), by structure where the code has one (see above), else as plain.
/// Throws BudgetExceeded when the bitmaps would pass the memory budget.
std::vector<Nimber> turning_values(const TurningCode& code, std::uint64_t n, const SearchLimits& limits = {});

/// The method turning_values uses for a code: "pairs", "bitmaps", "prefix trie" or "plain".
std::string turning_method(const TurningCode& code);

}  // namespace grundy::games
