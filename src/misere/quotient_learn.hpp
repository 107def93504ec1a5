// The misère quotient as an automaton: reading the heaps of a sum one by one, its
// state is the sum's element, and the final state says P or N. The P-positions of
// sums of heaps 1..n form a commutative language whose minimal automaton is exactly
// the quotient (two sums are equal when no continuation tells them apart), so it is
// learnt (Angluin's L*, Maler-Pnueli counterexamples) with exact outcome queries and
// a complete check: every reachable (element, elements of its options) pair must obey
// the misère rule, which proves the automaton right for every sum by induction.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/misere/quotient.hpp"
#include "quotient_oracle.hpp"

namespace grundy::misere::detail {

/// The minimal automaton of the P-positions of sums of heaps 1..upto.
struct QuotientAutomaton {
  std::vector<Heaps> access;                      ///< a sum reaching each state; state 0: the empty sum
  std::vector<std::vector<std::uint32_t>> delta;  ///< delta[s][h], h = 0..upto (delta[s][0] = s)
  std::vector<bool> p;                            ///< P-positions
};

/// Learns the automaton heap by heap. Throws BudgetExceeded past limits.max_order
/// states or the memory budget, TimeExceeded / Interrupted from limits.search.
QuotientAutomaton learn_quotient(OutcomeOracle& oracle, const std::string& game, std::uint64_t upto,
                                 const QuotientLimits& limits);

}  // namespace grundy::misere::detail
