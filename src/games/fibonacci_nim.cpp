#include "grundy/games/fibonacci_nim.hpp"

#include <algorithm>
#include <array>

namespace grundy::games {

namespace {

// fib[i] = F(i) with F(1) = F(2) = 1, up to F(93), the last below 2^64.
constexpr std::size_t kFibCount = 94;
constexpr std::array<std::uint64_t, kFibCount> fibonacci_numbers() {
  std::array<std::uint64_t, kFibCount> f{};
  f[1] = 1;
  for (std::size_t i = 2; i < kFibCount; ++i) f[i] = f[i - 1] + f[i - 2];
  return f;
}
constexpr auto kFib = fibonacci_numbers();

// The largest sum of non-consecutive F(i), i >= low (low >= 2), not above x:
// greedy is optimal, since what is left after taking the largest F(i) <= x is
// below F(i-1) and so never calls for F(i-1).
std::uint64_t zeckendorf_floor(std::uint64_t x, std::size_t low) {
  std::uint64_t sum = 0;
  for (std::size_t i = kFibCount - 1; i >= low; --i) {
    if (kFib[i] <= x) {
      sum += kFib[i];
      x -= kFib[i];
    }
  }
  return sum;
}

}  // namespace

std::uint64_t zeckendorf_smallest(std::uint64_t n) {
  std::uint64_t smallest = 0;
  for (std::size_t i = kFibCount - 1; i >= 2 && n != 0; --i) {
    if (kFib[i] <= n) {
      n -= kFib[i];
      smallest = kFib[i];
    }
  }
  return smallest;
}

bool fibonacci_nim_first_wins(std::uint64_t heap, std::uint64_t cap) {
  return heap != 0 && zeckendorf_smallest(heap) <= cap;
}

std::vector<std::uint64_t> fibonacci_nim_winning_takes(std::uint64_t heap, std::uint64_t cap) {
  std::vector<std::uint64_t> takes;
  if (!fibonacci_nim_first_wins(heap, cap)) return takes;
  if (cap >= heap) takes.push_back(heap);
  // A take a wins when the heap left, m = n - a >= 1, has smallest term F(j) > 2a.
  // Such m is F(j) plus a sum y of F(i), i >= j + 2, with n - m <= (F(j) - 1) / 2:
  // y lies in a window shorter than F(j+1), the least gap between such sums, so
  // the largest y below the window's top is the only candidate.
  for (std::size_t j = 2; j < kFibCount && kFib[j] < heap; ++j) {
    const std::uint64_t top = heap - 1 - kFib[j];
    const std::uint64_t y = j + 2 < kFibCount ? zeckendorf_floor(top, j + 2) : 0;
    const std::uint64_t m = kFib[j] + y;
    const std::uint64_t take = heap - m;
    if (take >= 1 && take <= (kFib[j] - 1) / 2 && take <= cap) takes.push_back(take);
  }
  std::sort(takes.begin(), takes.end());
  takes.erase(std::unique(takes.begin(), takes.end()), takes.end());
  return takes;
}

}  // namespace grundy::games
