// The period search of periodicity.hpp written once over any indexable values
// (a span in memory, or a streamed table read back from its file), so a streamed
// run proves exactly what the in-memory table proves. Private to src/heap.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

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

// g[i] for i falling, as the period search reads the value p before the last
// for p = 1, 2, ...: where the values are read back from a file (a streamed
// table's read), a block at a time, backwards; one lookup a value was most of
// the search over a streamed table (0.167 to 2^26: 0.3 s, one thread alone).
template <class G>
class FallingReader {
 public:
  explicit FallingReader(const G& g) : g_(g) {}
  std::uint64_t operator()(std::uint64_t i) {
    if constexpr (requires(std::uint16_t * out) { g_.read(i, i, out); }) {
      if (i < begin_ || i - begin_ >= buffer_.size()) {
        begin_ = i + 1 - std::min(i + 1, kBlock);
        buffer_.resize(i + 1 - begin_);
        g_.read(begin_, buffer_.size(), buffer_.data());
      }
      return buffer_[i - begin_];
    } else {
      return g_[i];
    }
  }

 private:
  static constexpr std::uint64_t kBlock = std::uint64_t{1} << 16;
  const G& g_;
  std::uint64_t begin_ = 0;
  std::vector<std::uint16_t> buffer_;
};

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
  const std::uint64_t last = g[size - 1];
  FallingReader<G> before_last(g);
  for (std::uint64_t p = 1; j + p_factor * p + t <= size; ++p) {
    // The largest n0' the table can prove: j*n0' + p_factor*p + t <= size.
    const std::uint64_t max_n0 = (size - t - p_factor * p) / j;
    // Most p fail at the last pair, and then n0 = size - p lies past max_n0
    // (as p_factor >= 2): read in order, not scanned.
    if (before_last(size - 1 - p) != last) continue;
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
