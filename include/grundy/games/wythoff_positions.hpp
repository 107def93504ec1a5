// The losing pairs of Fraenkel's r-Wythoff (two piles; take from one, or k and
// l from both with |k - l| < r): (a_n, a_n + r*n) with a_n the least number not
// yet in an earlier pair, which is floor(n * alpha), alpha = (2 - r + sqrt(r^2 + 4)) / 2
// (Fraenkel 1982; r = 1 is Wythoff's golden ratio). The floors are taken in exact
// integer arithmetic (integer square roots of multiprecision numbers), so piles
// up to 2^63-1 are answered without floating point. Winning moves of a pair then
// follow in O(1): every pile belongs to exactly one losing pair.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace grundy::games {

/// a_n of r-Wythoff (r >= 1), when it fits 64 bits.
[[nodiscard]] std::optional<std::uint64_t> r_wythoff_lower(std::uint64_t n, std::uint64_t r);

/// The other pile of the losing pair holding x (0 for 0), when it fits 64 bits.
[[nodiscard]] std::optional<std::uint64_t> r_wythoff_partner(std::uint64_t x, std::uint64_t r);

/// True when the pair (a, b) is lost for the player to move.
[[nodiscard]] bool r_wythoff_losing(std::uint64_t a, std::uint64_t b, std::uint64_t r);

/// A move of r-Wythoff: tokens taken from the first and the second pile.
struct WythoffTake {
  std::uint64_t first = 0;
  std::uint64_t second = 0;
  friend bool operator==(const WythoffTake&, const WythoffTake&) = default;
};

/// Every winning move from (a, b): first-pile takes, second-pile takes, then
/// takes from both by the first pile's take (empty when the pair is lost).
[[nodiscard]] std::vector<WythoffTake> r_wythoff_winning_takes(std::uint64_t a, std::uint64_t b, std::uint64_t r);

}  // namespace grundy::games
