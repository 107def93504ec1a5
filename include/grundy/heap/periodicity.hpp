// Proven periodicity of a heap game's values (Guy and Smith's theorem).
// With t the most tokens one move removes and j the most heaps it leaves, if
// g(n + p) = g(n) for every n with n0 <= n < j*n0 + max(j-1,1)*p + t, then for
// every n >= n0 (for j = 2 this is the familiar 2*n0 + p + t). find_period picks
// the smallest such p the table proves, then the smallest n0. Grundy's game
// (unequal splits) has no such theorem and is never declared periodic. Without
// such a period, find_period looks for an arithmetic one (arithmetic_periodicity.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "grundy/heap/rules.hpp"

namespace grundy::heap {

/// g(n + period) = g(n) + saltus for every n >= preperiod, proven (saltus 0:
/// ordinary periodicity; CGSuite's [period, preperiod, saltus]).
struct Periodicity {
  std::uint64_t period = 0;
  std::uint64_t preperiod = 0;
  std::uint64_t saltus = 0;
  friend bool operator==(const Periodicity&, const Periodicity&) = default;
};

/// "periodic from n0 = 10 with period 4 (proven)", or for a saltus s > 0
/// "arithmetic-periodic from n0 = 1 with period 3 and saltus 1 (proven)".
std::string period_text(const Periodicity& period);

/// True when the theorem can prove a period of these rules: never for Grundy's
/// game's unequal splits, nor for a generalized code with a repeating tail, an
/// unbounded number of heaps or a modifier (take_break_code.hpp).
bool period_theorem_applies(const HeapRules& rules);

/// The table length the theorem needs to prove period p from n0: g(0..length-1).
std::uint64_t proof_length(const HeapRules& rules, std::uint64_t period, std::uint64_t preperiod);

/// The smallest period (then the smallest pre-period) that g(0..size-1) proves,
/// else the smallest arithmetic period it proves (find_arithmetic_period), or nothing. O(size) for typical tables: each candidate p is rejected at its
/// first mismatch, scanning down from the end of the table.
template <class V>
std::optional<Periodicity> find_period(const HeapRules& rules, std::span<const V> g);

/// The pattern g(n + p) = g(n) + s (s >= 0, smallest p first, then s = 0 before
/// an arithmetic one) that g(0..size-1) follows to its end over its later half
/// and at least 8 periods: for games no theorem covers, reported as seen, never
/// used to answer a heap beyond the table. Nothing when none is seen.
template <class V>
std::optional<Periodicity> observe_period(std::span<const V> g);

extern template std::optional<Periodicity> observe_period<std::uint16_t>(std::span<const std::uint16_t>);
extern template std::optional<Periodicity> observe_period<std::uint32_t>(std::span<const std::uint32_t>);

extern template std::optional<Periodicity> find_period<std::uint16_t>(const HeapRules&, std::span<const std::uint16_t>);
extern template std::optional<Periodicity> find_period<std::uint32_t>(const HeapRules&, std::span<const std::uint32_t>);

}  // namespace grundy::heap
