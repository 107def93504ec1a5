// A candidate misère quotient: a finite commutative monoid read as an automaton
// over heap sizes (state 0 the empty sum; reading heap h multiplies by its
// element) with a P flag per state. The learner (quotient_learn.cpp) refines
// candidates until the complete check (least_sums.hpp) proves one right.
#pragma once

#include <cstdint>
#include <vector>

#include "grundy/core/memory_budget.hpp"
#include "grundy/heap/rules.hpp"

namespace grundy::misere::detail {

/// Heap sizes (at most 4096), ascending.
using Heaps = std::vector<std::uint16_t>;

/// Folds words into a hash (a multiply and a shift per word mix every bit).
template <class Word>
std::uint64_t hash_words(std::uint64_t hash, const Word* begin, const Word* end) {
  for (const Word* at = begin; at != end; ++at) {
    hash = (hash ^ static_cast<std::uint64_t>(*at)) * 0x9e3779b97f4a7c15ULL;
    hash ^= hash >> 29;
  }
  return hash;
}

/// The distinct options of every heap 1..upto, moveless parts dropped (they are the
/// empty game), and the heaps that have a move.
struct HeapOptions {
  HeapOptions(const heap::HeapRules& rules, std::uint64_t upto);
  std::vector<std::vector<Heaps>> of;  ///< of[h]: the heaps each move of h leaves
  [[nodiscard]] bool has_moves(std::uint64_t h) const { return !of[h].empty(); }
};

/// An automaton over heaps 0..heaps()-1; a moveless heap leaves every state where it is.
struct Candidate {
  std::uint32_t states = 1;
  std::size_t stride = 1;             ///< heaps 0..stride-1 are read
  std::vector<std::uint32_t> delta;   ///< delta[s * stride + h]
  std::vector<char> p;                ///< p[s]: the sums of state s are misère P-positions

  [[nodiscard]] std::uint32_t next(std::uint32_t s, std::uint16_t h) const { return delta[s * stride + h]; }
  [[nodiscard]] std::uint32_t run(std::uint32_t s, const Heaps& heaps) const {
    for (std::uint16_t h : heaps) s = next(s, h);
    return s;
  }
  /// The state of the sum with copies[i] of active[i].
  [[nodiscard]] std::uint32_t run(const std::vector<std::uint16_t>& active,
                                  const std::vector<std::uint16_t>& copies) const;
  /// Adds heap `stride` to the alphabet, every state staying where it is on it.
  void add_heap();
};

/// A heap freed from the candidate: its own counter, which runs 0, 1, ..., index +
/// period - 1 and then back to index (the element g with g^(index+period) = g^index).
struct FreedHeap {
  std::uint16_t heap = 0;
  std::uint32_t index = 0;
  std::uint32_t period = 1;
};

/// The candidate's submonoid of the other active heaps, times one counter per freed
/// heap (a finer monoid: it maps onto the candidate when each counter's index and
/// period fit the power sequence of the heap's element there). Flags are left unset.
Candidate with_freed_heaps(const Candidate& candidate, const std::vector<std::uint16_t>& active,
                           const std::vector<FreedHeap>& freed, const MemoryBudget& memory);

/// The power sequence of heap h's element: {index, period} with g^(index+period) = g^index.
FreedHeap power_shape(const Candidate& candidate, std::uint16_t h);

/// The minimal automaton with the same P-positions (Moore's partition refinement),
/// states renumbered in breadth-first order from the empty sum.
Candidate minimised(const Candidate& candidate, const std::vector<std::uint16_t>& active);

/// A sum reaching each state (breadth-first, so short), state 0 the empty sum.
std::vector<Heaps> access_sums(const Candidate& candidate, const std::vector<std::uint16_t>& active);

}  // namespace grundy::misere::detail
