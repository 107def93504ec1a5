#include "grundy/games/wythoff_positions.hpp"

#include <algorithm>

#include <boost/multiprecision/cpp_int.hpp>

namespace grundy::games {

namespace {

using Big = boost::multiprecision::cpp_int;

// floor((shift + y * sqrt(r^2 + 4)) / divisor) for y >= 0 and a nonnegative
// result: the root is irrational (r^2 + 4 is no square for r >= 1), so
// replacing y * sqrt(D) by its floor changes no floor of the quotient.
Big floor_with_root(const Big& shift, std::uint64_t y, std::uint64_t r, std::uint64_t divisor) {
  const Big big_y = y;
  const Big d = Big(r) * r + 4;
  return (shift + boost::multiprecision::sqrt(big_y * big_y * d)) / divisor;
}

Big lower(std::uint64_t n, std::uint64_t r) {
  // a_n = floor(n * (2 - r + sqrt(D)) / 2)
  return floor_with_root(Big(n) * 2 - Big(n) * r, n, r, 2);
}

std::optional<std::uint64_t> small(const Big& x) {
  if (x > Big(UINT64_MAX)) return std::nullopt;
  return static_cast<std::uint64_t>(x);
}

}  // namespace

std::optional<std::uint64_t> r_wythoff_lower(std::uint64_t n, std::uint64_t r) { return small(lower(n, r)); }

std::optional<std::uint64_t> r_wythoff_partner(std::uint64_t x, std::uint64_t r) {
  if (x == 0) return 0;
  // How many a_n (n >= 1) are at most x: floor((x + 1) / alpha), with
  // 1 / alpha = (sqrt(D) + r - 2) / (2r).
  const std::uint64_t y = x + 1;  // x <= 2^63-1 in every caller; y fits
  const Big count = floor_with_root(Big(y) * r - Big(y) * 2, y, r, 2 * r);
  const auto n = static_cast<std::uint64_t>(count);
  if (n >= 1 && lower(n, r) == x) return small(Big(x) + Big(r) * n);
  // The a's and b's share out the numbers 1..x between them: x is b_m, m = x - n.
  const std::uint64_t m = x - n;
  return small(lower(m, r));
}

bool r_wythoff_losing(std::uint64_t a, std::uint64_t b, std::uint64_t r) {
  const std::uint64_t low = std::min(a, b);
  const std::uint64_t high = std::max(a, b);
  if ((high - low) % r != 0) return false;
  return lower((high - low) / r, r) == low;
}

std::vector<WythoffTake> r_wythoff_winning_takes(std::uint64_t a, std::uint64_t b, std::uint64_t r) {
  std::vector<WythoffTake> takes;
  if (r_wythoff_losing(a, b, r)) return takes;
  const auto to_b = r_wythoff_partner(b, r);
  if (to_b && *to_b < a) takes.push_back({a - *to_b, 0});
  const auto to_a = r_wythoff_partner(a, r);
  if (to_a && *to_a < b) takes.push_back({0, b - *to_a});
  // From both piles, k from the first and l from the second, |k - l| < r, to a
  // losing pair (x, x + r*n) or (x + r*n, x): its difference is within r of b - a.
  std::vector<WythoffTake> both;
  const auto add_pairs = [&](std::uint64_t small_pile, std::uint64_t large_pile, bool swapped) {
    // Losing pairs (s, s + r*n) with s < small_pile, s + r*n < large_pile and
    // |(large_pile - small_pile) - r*n| < r.
    if (small_pile > large_pile) {
      if (small_pile - large_pile >= r || large_pile == 0) return;
      const WythoffTake take{small_pile, large_pile};  // to (0, 0), n = 0
      both.push_back(swapped ? WythoffTake{take.second, take.first} : take);
      return;
    }
    const std::uint64_t d = large_pile - small_pile;
    for (std::uint64_t n = d / r; n <= d / r + 1; ++n) {
      const Big diff = Big(n) * r;
      if (diff >= Big(d) + r || diff + r <= Big(d)) continue;
      const Big s = lower(n, r);
      const Big t = s + diff;
      if (s > Big(small_pile) || t > Big(large_pile)) continue;
      if (s == Big(small_pile) || t == Big(large_pile)) continue;  // a take of 0 from a pile
      const WythoffTake take{small_pile - static_cast<std::uint64_t>(s), large_pile - static_cast<std::uint64_t>(t)};
      both.push_back(swapped ? WythoffTake{take.second, take.first} : take);
    }
  };
  add_pairs(a, b, false);
  add_pairs(b, a, true);
  std::sort(both.begin(), both.end(), [](const WythoffTake& x, const WythoffTake& y) {
    return x.first != y.first ? x.first < y.first : x.second < y.second;
  });
  both.erase(std::unique(both.begin(), both.end()), both.end());
  takes.insert(takes.end(), both.begin(), both.end());
  return takes;
}

}  // namespace grundy::games
