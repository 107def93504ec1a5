// The heap games' misère fast path: the misère quotient of the game's rules for
// heaps up to the largest heap asked about, computed once per instance within a
// small budget, answers every later sum of such heaps from its table. When the
// quotient is too large or too slow to find (wild games, big heaps), the generic
// misère search answers instead, so this path only ever saves time.
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>

#include "grundy/catalogue/entry.hpp"
#include "grundy/games/octal.hpp"
#include "grundy/heap/rules.hpp"
#include "grundy/misere/answer.hpp"
#include "grundy/misere/quotient.hpp"

namespace grundy::catalogue {

/// Heaps above this are left to the generic search (a quotient's cost grows fast with n).
inline constexpr std::uint64_t kQuotientHeapLimit = 40;
/// The time one attempt at a quotient may take before the search is used instead.
inline constexpr double kQuotientSeconds = 2.0;

class HeapQuotientPath {
 public:
  HeapQuotientPath(heap::HeapRules rules, const Context& context);

  /// Who wins the sum under misère play and every winning move, from the quotient;
  /// nullopt when no quotient covers these heaps within the budget.
  std::optional<misere::MisereAnswer<games::OctalGame>> answer(std::span<const std::uint64_t> heaps);

 private:
  heap::HeapRules rules_;
  MemoryBudget memory_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  const std::atomic<bool>* stop_;
  std::optional<misere::MisereQuotient> quotient_;
  std::uint64_t failed_at_ = std::numeric_limits<std::uint64_t>::max();  // this bound and above: no quotient
};

}  // namespace grundy::catalogue
