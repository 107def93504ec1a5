#include "grundy/heap/table_stats.hpp"

#include <algorithm>
#include <bit>

#include "grundy/heap/moves.hpp"

namespace grundy::heap {

namespace {

constexpr unsigned kMaxMaskBits = 20;  // masks over at most 2^20 values

// In place: h[m] becomes sum_v h[v] * (-1)^popcount(v & m).
void walsh_hadamard(std::vector<std::int64_t>& h) {
  for (std::size_t len = 1; len < h.size(); len <<= 1) {
    for (std::size_t i = 0; i < h.size(); i += len << 1) {
      for (std::size_t j = i; j < i + len; ++j) {
        const std::int64_t a = h[j];
        const std::int64_t b = h[j + len];
        h[j] = a + b;
        h[j + len] = a - b;
      }
    }
  }
}

// Transforms of the frequencies: plain[m] = #even - #odd parity of (g & m);
// by_heap[m] the same for parity(g & m) ^ (n & 1).
struct Transforms {
  std::vector<std::int64_t> plain;
  std::vector<std::int64_t> by_heap;
};

Transforms transforms(const std::vector<std::uint64_t>& frequencies, const std::vector<std::uint64_t>& even_counts,
                      std::size_t size) {
  Transforms t{std::vector<std::int64_t>(size, 0), std::vector<std::int64_t>(size, 0)};
  for (std::size_t v = 0; v < frequencies.size(); ++v) {
    const auto even = static_cast<std::int64_t>(even_counts[v]);
    const auto odd = static_cast<std::int64_t>(frequencies[v] - even_counts[v]);
    t.plain[v] = even + odd;
    t.by_heap[v] = even - odd;
  }
  walsh_hadamard(t.plain);
  walsh_hadamard(t.by_heap);
  return t;
}

}  // namespace

bool is_rare(const RareSplit& split, std::uint32_t value, std::uint64_t n) {
  unsigned p = static_cast<unsigned>(std::popcount(value & split.mask)) & 1U;
  if (split.heap_parity) p ^= static_cast<unsigned>(n & 1);
  return p == split.rare_parity;
}

SparseSpaceRule sparse_space_rule(const HeapRules& rules) {
  SparseSpaceRule rule;
  if (any_allows(rules, 3) || !any_allows(rules, 2)) return rule;
  rule.applies = true;
  rule.heap_parity = true;
  bool first = true;
  for (std::uint64_t k = 0; k < rules.digits().size(); ++k) {
    if (!allows(rules.digits()[k], 2)) continue;
    const auto parity = static_cast<unsigned>(k & 1);
    if (first) rule.heap_parity_rare = parity;
    if (!first && parity != rule.heap_parity_rare) rule.heap_parity = false;
    first = false;
  }
  return rule;
}

std::optional<RareSplit> StatsAccumulator::sparse_space(const SparseSpaceRule& rule) const {
  const unsigned bits = static_cast<unsigned>(std::bit_width(largest_));
  if (!rule.applies || count_ == 0 || bits == 0 || bits > kMaxMaskBits) return std::nullopt;
  const Transforms t = transforms(frequencies_, even_counts_, std::size_t{1} << bits);
  const auto total = static_cast<std::int64_t>(count_);
  std::optional<RareSplit> best;
  std::uint64_t best_count = count_;
  const auto consider = [&](const RareSplit& s, std::int64_t transform) {
    const auto c = static_cast<std::uint64_t>((total + transform) / 2);
    if (!best || c < best_count) {
      best = s;
      best_count = c;
    }
  };
  for (std::size_t m = 1; m < t.plain.size(); ++m) {
    const auto mask = static_cast<std::uint32_t>(m);
    consider(RareSplit{mask, false, 0}, t.plain[m]);
    if (rule.heap_parity) {
      consider(RareSplit{mask, true, rule.heap_parity_rare}, rule.heap_parity_rare ? -t.by_heap[m] : t.by_heap[m]);
    }
  }
  if (!best || best_count * 12 >= count_) return std::nullopt;
  return best;
}

void StatsAccumulator::grow(std::uint32_t value) {
  frequencies_.resize(std::size_t{value} + 1, 0);
  even_counts_.resize(std::size_t{value} + 1, 0);
  last_at_.resize(2 * (std::size_t{value} + 1), 0);
}

TableStats StatsAccumulator::finish(std::optional<RareSplit> split) const {
  TableStats stats;
  stats.count = count_;
  if (stats.count == 0) return stats;
  stats.frequencies = frequencies_;
  stats.largest = largest_;
  stats.largest_at = largest_at_;
  const auto total = static_cast<std::int64_t>(stats.count);
  const unsigned bits = static_cast<unsigned>(std::bit_width(stats.largest));
  const bool given = split.has_value() && split->mask != 0;
  if (!given && (bits == 0 || bits > kMaxMaskBits)) return stats;
  const unsigned span_bits = given ? std::max(bits, static_cast<unsigned>(std::bit_width(split->mask))) : bits;
  if (span_bits > kMaxMaskBits) return stats;
  const std::size_t size = std::size_t{1} << span_bits;
  const Transforms t = transforms(stats.frequencies, even_counts_, size);
  // Rare classes: parity 0 of (g & m): (total + plain[m]) / 2 values; with the heap
  // parity, class c: (total + (c ? -1 : 1) * by_heap[m]) / 2 values.
  auto count_of = [&](const RareSplit& s) {
    const std::int64_t h = s.heap_parity ? (s.rare_parity ? -t.by_heap[s.mask] : t.by_heap[s.mask]) : t.plain[s.mask];
    return static_cast<std::uint64_t>((total + h) / 2);
  };
  std::optional<RareSplit> best;
  std::uint64_t best_count = stats.count;
  auto consider = [&](const RareSplit& s) {
    const std::uint64_t c = count_of(s);
    if (!best || c < best_count) {
      best = s;
      best_count = c;
    }
  };
  if (given) {
    if (split->heap_parity) {
      consider(RareSplit{split->mask, true, 0});
      consider(RareSplit{split->mask, true, 1});
    } else {
      consider(RareSplit{split->mask, false, 0});
    }
  } else {
    for (std::size_t m = 1; m < size; ++m) {
      const auto mask = static_cast<std::uint32_t>(m);
      consider(RareSplit{mask, false, 0});
      consider(RareSplit{mask, true, 0});
      consider(RareSplit{mask, true, 1});
    }
    if (2 * best_count >= stats.count) return stats;
  }
  stats.rare = best;
  stats.rare_count = best_count;
  // The last rare n: the latest last occurrence among the rare (value, n parity) classes.
  std::uint64_t last = 0;
  for (std::size_t v = 0; v < frequencies_.size(); ++v) {
    for (unsigned parity = 0; parity < 2; ++parity) {
      if (is_rare(*best, static_cast<std::uint32_t>(v), parity)) last = std::max(last, last_at_[2 * v + parity]);
    }
  }
  if (last > 0) stats.last_rare = last - 1;
  return stats;
}

StatsAccumulator accumulate_stats(const HeapTable& table) {
  StatsAccumulator accumulator;
  for (std::uint64_t n = 0; n < table.size(); ++n) accumulator.add(n, table.at(n));
  return accumulator;
}

TableStats compute_stats(const HeapTable& table, std::optional<RareSplit> split) {
  return accumulate_stats(table).finish(split);
}

}  // namespace grundy::heap
