// Learns the misère quotient of a heap game heap by heap, as Plambeck and Siegel's
// MisereSolver does, with no search over whole positions: heap n first tries each
// element of the quotient so far; when none fits, it becomes a free generator of a
// larger trial monoid, whose P flags are marked at each element's least sum and which
// is then reduced to its minimal automaton. The complete check (least_sums.hpp) finds
// the least sum the trial gets wrong, whose right outcome it then knows; the heaps of
// that sum are freed in turn (fewest first) until a trial gets it right. Each trial is
// finer than the last, so it stays right on every smaller sum: the least wrong sum
// only grows, and a trial the check finds no fault with is the quotient.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/misere/quotient.hpp"
#include "quotient_candidate.hpp"

namespace grundy::misere::detail {

/// The minimal automaton of the P-positions of sums of heaps 1..upto.
struct QuotientAutomaton {
  std::vector<Heaps> access;                      ///< a sum reaching each state; state 0: the empty sum
  std::vector<std::vector<std::uint32_t>> delta;  ///< delta[s][h], h = 0..upto (delta[s][0] = s)
  std::vector<bool> p;                            ///< P-positions
};

/// Learns the automaton heap by heap. Throws BudgetExceeded past limits.max_order
/// states or the memory budget, TimeExceeded / Interrupted from limits.search.
QuotientAutomaton learn_quotient(const heap::HeapRules& rules, const std::string& game, std::uint64_t upto,
                                 const QuotientLimits& limits);

}  // namespace grundy::misere::detail
