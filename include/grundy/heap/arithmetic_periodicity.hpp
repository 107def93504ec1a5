// Proven arithmetic periodicity g(n + p) = g(n) + s (n >= n0, saltus s > 0) of a
// take-and-break game, the regularity of hexadecimal games whose values grow
// (Austin 1976; Howse and Nowakowski, TCS 313, 2004; Siegel, Combinatorial Game
// Theory, ch. IV). Two proofs, docs/heap_tables.md states both: a finite symbolic
// induction for s a power of two and g(n) < s below n0 + p, cost O(t * (n0+p)^3);
// and, for any saltus (0.3f: 3), a decision by automata over binary digits.
#pragma once

#include <cstddef>
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

/// The most states one automaton of automatic_proof_length, or one search of a
/// product of two, may have, and the largest period, preperiod and saltus it takes.
inline constexpr std::size_t kMaxProofStates = std::size_t{1} << 18;
inline constexpr std::uint64_t kMaxAutomaticPeriod = std::uint64_t{1} << 24;

/// The table length g(0..length-1) that proves g(n + p) = g(n) + s for every
/// n >= n0, for any saltus s: automata over binary digits decide that the values
/// so defined from g(0..max(n0, 1) + p - 1) follow the mex rule at every heap
/// size (docs/heap_tables.md, "Any saltus"). Nothing when they do not, when the
/// rest of g does not follow the claim, for Grundy's game, or when an automaton
/// or a search passes kMaxProofStates states.
template <class V>
std::optional<std::uint64_t> automatic_proof_length(const HeapRules& rules, const Periodicity& period,
                                                    std::span<const V> g);

/// The smallest period p (then the smallest n0) with a power-of-two saltus that
/// g(0..size-1) proves arithmetic (arithmetic_proof_length); else the pattern
/// observe_arithmetic_period sees, when automatic_proof_length proves it; or nothing.
template <class V>
std::optional<Periodicity> find_arithmetic_period(const HeapRules& rules, std::span<const V> g);

/// How many periods a pattern must be seen over before observe_arithmetic_period
/// reports it, and the longest period it looks for.
inline constexpr std::uint64_t kObservedPeriods = 8;
inline constexpr std::uint64_t kMaxObservedPeriod = 1 << 12;

/// The arithmetic pattern g(n + p) = g(n) + s (any s > 0) that g(0..size-1)
/// follows from some n0 to its end, over at least kObservedPeriods periods and
/// the later half of the table (smallest p first): the claim the automata try,
/// and, unproven, a regularity reported as seen, not proven (0.bfb to 400:
/// period 1 from 154, which its values leave at 429), from which no heap beyond
/// the table is answered. Nothing when none is seen.
template <class V>
std::optional<Periodicity> observe_arithmetic_period(std::span<const V> g);

extern template std::optional<std::uint64_t> arithmetic_proof_length<std::uint16_t>(const HeapRules&,
                                                                                    const Periodicity&,
                                                                                    std::span<const std::uint16_t>);
extern template std::optional<std::uint64_t> arithmetic_proof_length<std::uint32_t>(const HeapRules&,
                                                                                    const Periodicity&,
                                                                                    std::span<const std::uint32_t>);
extern template std::optional<std::uint64_t> automatic_proof_length<std::uint16_t>(const HeapRules&,
                                                                                   const Periodicity&,
                                                                                   std::span<const std::uint16_t>);
extern template std::optional<std::uint64_t> automatic_proof_length<std::uint32_t>(const HeapRules&,
                                                                                   const Periodicity&,
                                                                                   std::span<const std::uint32_t>);
extern template std::optional<Periodicity> find_arithmetic_period<std::uint16_t>(const HeapRules&,
                                                                                 std::span<const std::uint16_t>);
extern template std::optional<Periodicity> find_arithmetic_period<std::uint32_t>(const HeapRules&,
                                                                                 std::span<const std::uint32_t>);
extern template std::optional<Periodicity> observe_arithmetic_period<std::uint16_t>(std::span<const std::uint16_t>);
extern template std::optional<Periodicity> observe_arithmetic_period<std::uint32_t>(std::span<const std::uint32_t>);

}  // namespace grundy::heap
