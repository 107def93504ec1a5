// Sums of heaps in graded lexicographic order: fewest tokens first, then by the
// number of copies of the largest heap, the next largest, and so on. A move takes
// tokens, so every option of a sum comes before it; adding a heap keeps the order, so
// a shortest-path walk (buckets by tokens, each sorted when it is reached) meets
// every node first at its least sum.
//
// A node is a candidate's state with the states of the sum's options: exactly what
// the misère rule needs (P when there is a move and no option is P). Two walks use it:
// - marking (one node per state): each state's flag is the rule at its least sum;
// - the complete check (one node per state and option states): the first node whose
//   flag breaks the rule is the least sum the candidate gets wrong. Every smaller sum
//   is then right, by induction, so the right outcome of that sum is the opposite of
//   the candidate's; when no node breaks the rule, the candidate is right for every sum.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/search_limits.hpp"
#include "quotient_candidate.hpp"

namespace grundy::misere::detail {

/// Copies of each active heap in a sum (exponents[i] of active[i]).
using HeapCopies = std::vector<std::uint16_t>;

/// Sets the candidate's flags by the misère rule at each state's least sum. The
/// flags of a finer monoid set this way are right for every sum (Plambeck and Siegel's
/// marking); otherwise the complete check finds where they are wrong.
void mark_p_positions(Candidate& candidate, const HeapOptions& options, const std::vector<std::uint16_t>& active,
                      SearchWatch& watch, const MemoryBudget& memory);

/// The complete check: the least sum whose flag breaks the misère rule, or nullopt
/// when the candidate is right for every sum of the active heaps. With `containing`,
/// only the sums with at least one copy of active[*containing] are walked: when the
/// others are known right, the least wrong sum (if any) is among them.
std::optional<HeapCopies> least_wrong_sum(const Candidate& candidate, const HeapOptions& options,
                                          const std::vector<std::uint16_t>& active,
                                          std::optional<std::size_t> containing, SearchWatch& watch,
                                          const MemoryBudget& memory, const std::string& game);

}  // namespace grundy::misere::detail
