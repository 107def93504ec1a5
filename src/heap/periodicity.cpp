#include "grundy/heap/periodicity.hpp"

#include <algorithm>

#include "grundy/heap/arithmetic_periodicity.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/take_break_code.hpp"
#include "period_search.hpp"

namespace grundy::heap {

std::string period_text(const Periodicity& period) {
  std::string text = period.saltus == 0 ? "periodic" : "arithmetic-periodic";
  text += " from n0 = " + std::to_string(period.preperiod) + " with period " + std::to_string(period.period);
  if (period.saltus != 0) text += " and saltus " + std::to_string(period.saltus);
  return text + " (proven)";
}

bool period_theorem_applies(const HeapRules& rules) {
  if (rules.unequal_split()) return false;
  const TakeBreakCode* code = rules.general();
  return code == nullptr || (code->max_heaps() && code->max_take() && !code->has_modifiers());
}

std::uint64_t proof_length(const HeapRules& rules, std::uint64_t period, std::uint64_t preperiod) {
  // The theorem is applied from n0' = max(n0, 1) (a split must leave non-empty
  // heaps); g(n + p) = g(n) for n < n0' is checked in the table itself.
  const std::uint64_t j = detail::heaps_factor(rules);
  const std::uint64_t n0 = std::max<std::uint64_t>(preperiod, 1);
  const std::uint64_t bound = j * n0 + std::max<std::uint64_t>(j - 1, 1) * period + rules.max_take();
  return bound + period;  // g(n + p) must be known for every n < bound
}

template <class V>
std::optional<Periodicity> find_period(const HeapRules& rules, std::span<const V> g) {
  if (auto period = detail::find_period_in(rules, g, g.size())) return period;
  if (rules.general() != nullptr) return std::nullopt;  // no arithmetic proof for generalized codes
  return find_arithmetic_period(rules, g);
}

template <class V>
std::optional<Periodicity> observe_period(std::span<const V> g) {
  const std::uint64_t size = g.size();
  for (std::uint64_t p = 1; p <= kMaxObservedPeriod && kObservedPeriods * p <= size; ++p) {
    const std::uint64_t n0 = detail::pattern_start(g, size, p, 0);
    if (n0 <= size / 2 && size - n0 >= kObservedPeriods * p) return Periodicity{p, n0, 0};
  }
  return observe_arithmetic_period(g);
}

template std::optional<Periodicity> observe_period<std::uint16_t>(std::span<const std::uint16_t>);
template std::optional<Periodicity> observe_period<std::uint32_t>(std::span<const std::uint32_t>);
template std::optional<Periodicity> find_period<std::uint16_t>(const HeapRules&, std::span<const std::uint16_t>);
template std::optional<Periodicity> find_period<std::uint32_t>(const HeapRules&, std::span<const std::uint32_t>);

}  // namespace grundy::heap
