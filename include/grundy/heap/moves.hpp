// What one digit of a take-and-break code allows, written once for the game,
// the plain kernel and the fast kernel. Digit d_k (removing k tokens): bit
// (1 << j) lets the rest be left as j non-empty heaps, j = 0..3 (Winning Ways
// ch. 4 notation); d_0 removes nothing, so it may only split (j = 2, 3); in
// Grundy's game a two-heap split must leave unequal heaps. Everything here is
// inline and constexpr-friendly, so the kernels' loops cost what they did.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "grundy/heap/rules.hpp"

namespace grundy::heap {

/// The most non-empty heaps one move may leave.
inline constexpr unsigned kMaxHeapsLeft = 3;

/// True when `digit` lets the rest be left as `heaps` non-empty heaps (0..3).
constexpr bool allows(std::uint8_t digit, unsigned heaps) { return ((digit >> heaps) & 1U) != 0; }

/// True when removing `take` tokens from a heap of n can leave `heaps` non-empty
/// heaps at all: none when take = n >= 1, one when 1 <= take < n (a move that
/// removes nothing must split), j >= 2 when n - take >= j.
constexpr bool fits(std::uint64_t n, std::uint64_t take, unsigned heaps) {
  if (take > n) return false;
  const std::uint64_t rest = n - take;
  if (heaps == 0) return take >= 1 && rest == 0;
  if (heaps == 1) return take >= 1 && rest >= 1;
  return rest >= heaps;
}

/// The largest a of the two-heap splits rest = a + (rest - a), a <= rest - a
/// (a < rest - a in Grundy's game). Precondition: rest >= 2.
constexpr std::uint64_t last_pair_first(bool unequal_split, std::uint64_t rest) {
  return unequal_split ? (rest - 1) / 2 : rest / 2;
}
inline std::uint64_t last_pair_first(const HeapRules& rules, std::uint64_t rest) {
  return last_pair_first(rules.unequal_split(), rest);
}

/// True when some digit allows leaving `heaps` heaps.
inline bool any_allows(const HeapRules& rules, unsigned heaps) {
  for (std::uint8_t d : rules.digits()) {
    if (allows(d, heaps)) return true;
  }
  return false;
}

/// Calls visit(take, heaps) for every move shape of a heap of n: take ascending,
/// then heaps ascending.
template <class Visit>
void for_each_shape(const HeapRules& rules, std::uint64_t n, Visit&& visit) {
  const std::uint64_t top = rules.max_take() < n ? rules.max_take() : n;
  for (std::uint64_t k = 0; k <= top; ++k) {
    const std::uint8_t d = rules.digits()[k];
    for (unsigned j = 0; j <= kMaxHeapsLeft; ++j) {
      if (allows(d, j) && fits(n, k, j)) visit(k, j);
    }
  }
}

/// Calls visit(a, b) for the two-heap splits of rest, a <= b ascending in a.
template <class Visit>
void for_each_pair(const HeapRules& rules, std::uint64_t rest, Visit&& visit) {
  const std::uint64_t last = last_pair_first(rules, rest);
  for (std::uint64_t a = 1; a <= last; ++a) visit(a, rest - a);
}

/// Calls visit(a, b, c) for the three-heap splits of rest, a <= b <= c.
template <class Visit>
void for_each_triple(std::uint64_t rest, Visit&& visit) {
  for (std::uint64_t a = 1; 3 * a <= rest; ++a) {
    for (std::uint64_t b = a; a + 2 * b <= rest; ++b) visit(a, b, rest - a - b);
  }
}

/// Calls visit(take, parts) for every option of a heap of n, parts being the
/// heaps left (0 to 3, ascending). O(n) options with two-heap splits, O(n^2) with three.
template <class Visit>
void for_each_option(const HeapRules& rules, std::uint64_t n, Visit&& visit) {
  for_each_shape(rules, n, [&](std::uint64_t k, unsigned heaps) {
    const std::uint64_t rest = n - k;
    if (heaps == 0) {
      visit(k, std::span<const std::uint64_t>());
    } else if (heaps == 1) {
      const std::array<std::uint64_t, 1> parts{rest};
      visit(k, std::span<const std::uint64_t>(parts));
    } else if (heaps == 2) {
      for_each_pair(rules, rest, [&](std::uint64_t a, std::uint64_t b) {
        const std::array<std::uint64_t, 2> parts{a, b};
        visit(k, std::span<const std::uint64_t>(parts));
      });
    } else {
      for_each_triple(rest, [&](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
        const std::array<std::uint64_t, 3> parts{a, b, c};
        visit(k, std::span<const std::uint64_t>(parts));
      });
    }
  });
}

}  // namespace grundy::heap
