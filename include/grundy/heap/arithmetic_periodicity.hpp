// Proven arithmetic periodicity g(n + p) = g(n) + s (n >= n0, saltus s > 0) of a
// take-and-break game, the regularity of hexadecimal games whose values grow
// (Austin 1976; Howse and Nowakowski, TCS 313, 2004; Siegel, Combinatorial Game
// Theory, ch. IV). The proof here is a finite symbolic induction, for s a power of
// two and g(n) < s below n0 + p; docs/heap_tables.md states it; cost O(t * (n0+p)^3).
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "grundy/heap/periodicity.hpp"
#include "grundy/heap/rules.hpp"

namespace grundy::heap {

/// Work above which prove_arithmetic_period gives up (kinds of options enumerated).
inline constexpr std::uint64_t kMaxArithmeticProofWork = 200'000'000;

/// The table length g(0..length-1) that proves g(n + p) = g(n) + s for every
/// n >= n0 (period.saltus = s), or nothing when the condition of
/// docs/heap_tables.md fails (s not a power of two, a value g(n) >= s for
/// n < max(n0, 1) + p, an option kind that could reach the claimed value or a
/// value below it left uncovered, or more than kMaxArithmeticProofWork kinds).
/// Reads g(0..max(n0, 1) + p - 1). Grundy's game is never proven.
template <class V>
std::optional<std::uint64_t> arithmetic_proof_length(const HeapRules& rules, const Periodicity& period,
                                                     std::span<const V> g);

/// The smallest period p (then the smallest n0) with a power-of-two saltus that
/// g(0..size-1) proves arithmetic (arithmetic_proof_length), or nothing.
template <class V>
std::optional<Periodicity> find_arithmetic_period(const HeapRules& rules, std::span<const V> g);

/// How many periods a pattern must be seen over before observe_arithmetic_period
/// reports it, and the longest period it looks for.
inline constexpr std::uint64_t kObservedPeriods = 8;
inline constexpr std::uint64_t kMaxObservedPeriod = 1 << 12;

/// The arithmetic pattern g(n + p) = g(n) + s (any s > 0) that g(0..size-1)
/// follows from some n0 to its end, over at least kObservedPeriods periods and
/// the later half of the table (smallest p first): a regularity seen, not proven
/// (0.3f: period 6, saltus 3, where no power-of-two saltus exists), so no heap
/// beyond the table is answered from it. Nothing when none is seen.
template <class V>
std::optional<Periodicity> observe_arithmetic_period(std::span<const V> g);

extern template std::optional<std::uint64_t> arithmetic_proof_length<std::uint16_t>(const HeapRules&,
                                                                                    const Periodicity&,
                                                                                    std::span<const std::uint16_t>);
extern template std::optional<std::uint64_t> arithmetic_proof_length<std::uint32_t>(const HeapRules&,
                                                                                    const Periodicity&,
                                                                                    std::span<const std::uint32_t>);
extern template std::optional<Periodicity> find_arithmetic_period<std::uint16_t>(const HeapRules&,
                                                                                 std::span<const std::uint16_t>);
extern template std::optional<Periodicity> find_arithmetic_period<std::uint32_t>(const HeapRules&,
                                                                                 std::span<const std::uint32_t>);
extern template std::optional<Periodicity> observe_arithmetic_period<std::uint16_t>(std::span<const std::uint16_t>);
extern template std::optional<Periodicity> observe_arithmetic_period<std::uint32_t>(std::span<const std::uint32_t>);

}  // namespace grundy::heap
