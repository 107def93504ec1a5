// Fibonacci Nim's winners by Zeckendorf's theorem (Whinihan 1963): write the
// heap n as a sum of non-consecutive Fibonacci numbers (its Zeckendorf form);
// the player to move wins exactly when the smallest of them is at most what
// they may take now. A take a is then winning when it empties the heap or when
// the heap left, n - a, has its smallest Zeckendorf term above 2a. Every such
// a is found among at most one candidate per Fibonacci number (below), so a
// heap of 2^63-1 is answered in about 90^2 steps with no search.
#pragma once

#include <cstdint>
#include <vector>

namespace grundy::games {

/// The smallest term of n's Zeckendorf form (n >= 1).
[[nodiscard]] std::uint64_t zeckendorf_smallest(std::uint64_t n);

/// True when the player to move in Fibonacci Nim, with a heap of n and at most
/// `cap` tokens to take now, wins (n >= 0; a heap of 0 is lost).
[[nodiscard]] bool fibonacci_nim_first_wins(std::uint64_t heap, std::uint64_t cap);

/// Every winning take, ascending: the a in [1, cap] that leave a lost position
/// (empty when the position is lost).
[[nodiscard]] std::vector<std::uint64_t> fibonacci_nim_winning_takes(std::uint64_t heap, std::uint64_t cap);

}  // namespace grundy::games
