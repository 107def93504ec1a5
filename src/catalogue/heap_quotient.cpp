// The heap games' misère fast path (see heap_quotient.hpp).
#include "heap_quotient.hpp"

#include <algorithm>
#include <utility>

#include "grundy/core/errors.hpp"

namespace grundy::catalogue {

HeapQuotientPath::HeapQuotientPath(heap::HeapRules rules, const Context& context)
    : rules_(std::move(rules)), memory_(context.memory), deadline_(context.deadline), stop_(context.stop) {}

std::optional<misere::MisereAnswer<games::OctalGame>> HeapQuotientPath::answer(
    std::span<const std::uint64_t> heaps) {
  const std::uint64_t largest = heaps.empty() ? 0 : *std::max_element(heaps.begin(), heaps.end());
  if (largest == 0) return std::nullopt;  // no move anywhere: the search answers at once
  if (!quotient_ || quotient_->upto < largest) {
    if (largest > kQuotientHeapLimit || largest >= failed_at_) return std::nullopt;
    misere::QuotientLimits limits;
    limits.search = SearchLimits::with_seconds(memory_, kQuotientSeconds);
    if (deadline_ && *deadline_ < *limits.search.deadline) limits.search.deadline = deadline_;
    limits.search.stop = stop_;
    try {
      quotient_ = misere::compute_quotient(rules_, largest, limits);
    } catch (const Interrupted&) {
      throw;  // the person asked to stop
    } catch (const Error&) {
      failed_at_ = largest;  // too large or too slow: larger heaps would be worse
      return std::nullopt;
    }
  }
  const std::optional<misere::QuotientAnswer> found = misere::answer_with_quotient(*quotient_, rules_, heaps);
  if (!found) return std::nullopt;
  misere::MisereAnswer<games::OctalGame> out;
  out.first_player_wins = !found->p_position;
  for (const misere::QuotientMove& move : found->winning_moves) {
    games::OctalGame::Move m;
    m.from = move.heap;
    m.take = move.take;
    m.heaps = static_cast<std::uint8_t>(move.leaves.size());
    std::copy(move.leaves.begin(), move.leaves.end(), m.to.begin());
    out.winning_moves.push_back(WinningMove<games::OctalGame>{move.component, m, move.leaves});
  }
  return out;
}

}  // namespace grundy::catalogue
