#include "grundy/heap/periodicity.hpp"

#include <algorithm>

#include "grundy/heap/arithmetic_periodicity.hpp"
#include "grundy/heap/codes.hpp"

namespace grundy::heap {

namespace {

// j in the theorem: the most heaps a move leaves, at least 1.
std::uint64_t heaps_factor(const HeapRules& rules) { return std::max<std::uint64_t>(max_heaps_left(rules), 1); }

}  // namespace

std::string period_text(const Periodicity& period) {
  std::string text = period.saltus == 0 ? "periodic" : "arithmetic-periodic";
  text += " from n0 = " + std::to_string(period.preperiod) + " with period " + std::to_string(period.period);
  if (period.saltus != 0) text += " and saltus " + std::to_string(period.saltus);
  return text + " (proven)";
}

std::uint64_t proof_length(const HeapRules& rules, std::uint64_t period, std::uint64_t preperiod) {
  // The theorem is applied from n0' = max(n0, 1) (a split must leave non-empty
  // heaps); g(n + p) = g(n) for n < n0' is checked in the table itself.
  const std::uint64_t j = heaps_factor(rules);
  const std::uint64_t n0 = std::max<std::uint64_t>(preperiod, 1);
  const std::uint64_t bound = j * n0 + std::max<std::uint64_t>(j - 1, 1) * period + rules.max_take();
  return bound + period;  // g(n + p) must be known for every n < bound
}

template <class V>
std::optional<Periodicity> find_period(const HeapRules& rules, std::span<const V> g) {
  if (rules.unequal_split() || g.empty()) return std::nullopt;
  const std::uint64_t size = g.size();
  const std::uint64_t j = heaps_factor(rules);
  const std::uint64_t t = rules.max_take();
  const std::uint64_t p_factor = std::max<std::uint64_t>(j - 1, 1) + 1;
  for (std::uint64_t p = 1; j + p_factor * p + t <= size; ++p) {
    // The largest n0' the table can prove: j*n0' + p_factor*p + t <= size.
    const std::uint64_t max_n0 = (size - t - p_factor * p) / j;
    std::uint64_t n0 = 0;
    bool ok = true;
    for (std::uint64_t n = size - p; n-- > 0;) {
      if (g[n] != g[n + p]) {
        n0 = n + 1;
        ok = n0 <= max_n0;
        break;
      }
    }
    if (!ok) continue;
    // A divisor d of p may be the true period: the values are p-periodic from n0,
    // so d holds from m = max(n0(d), n0) on if the table checks one whole period.
    for (std::uint64_t d = 1; d < p; ++d) {
      if (p % d != 0) continue;
      std::uint64_t n0d = 0;
      for (std::uint64_t n = size - d; n-- > 0;) {
        if (g[n] != g[n + d]) {
          n0d = n + 1;
          break;
        }
      }
      if (std::max(n0d, n0) + p + d <= size) return Periodicity{.period = d, .preperiod = n0d};
    }
    return Periodicity{.period = p, .preperiod = n0};
  }
  return find_arithmetic_period(rules, g);
}

template std::optional<Periodicity> find_period<std::uint16_t>(const HeapRules&, std::span<const std::uint16_t>);
template std::optional<Periodicity> find_period<std::uint32_t>(const HeapRules&, std::span<const std::uint32_t>);

}  // namespace grundy::heap
