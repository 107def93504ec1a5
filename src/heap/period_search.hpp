// The period search of periodicity.hpp written once over any indexable values
// (a span in memory, or a streamed table read back from its file), so a streamed
// run proves exactly what the in-memory table proves. Private to src/heap.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "grundy/heap/codes.hpp"
#include "grundy/heap/periodicity.hpp"
#include "grundy/heap/take_break_code.hpp"

namespace grundy::heap::detail {

// j in the theorem: the most heaps a move leaves, at least 1.
inline std::uint64_t heaps_factor(const HeapRules& rules) { return std::max<std::uint64_t>(max_heaps_left(rules), 1); }

// The smallest n0 from which g[0..size-1] follows g(n + p) = g(n) + s to its
// end (size > p): where an observed pattern starts, or whether a claimed one holds.
template <class G>
std::uint64_t pattern_start(const G& g, std::uint64_t size, std::uint64_t p, std::uint64_t s) {
  for (std::uint64_t n = size - p; n-- > 0;) {
    if (std::uint64_t{g[n + p]} != std::uint64_t{g[n]} + s) return n + 1;
  }
  return 0;
}

// find_period over g[0..size-1]: g[n] for n < size.
template <class G>
std::optional<Periodicity> find_period_in(const HeapRules& rules, const G& g, std::uint64_t size) {
  if (!period_theorem_applies(rules) || size == 0) return std::nullopt;
  std::uint64_t j = heaps_factor(rules);
  std::uint64_t t = rules.max_take();
  if (const TakeBreakCode* code = rules.general()) {  // finitely many takes and heaps (period_theorem_applies)
    j = std::max<std::uint64_t>(*code->max_heaps(), 1);
    t = *code->max_take();
  }
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
      if (std::max(n0d, n0) + p + d <= size) return Periodicity{d, n0d};
    }
    return Periodicity{p, n0};
  }
  return std::nullopt;
}

}  // namespace grundy::heap::detail
