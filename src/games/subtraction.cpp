#include "grundy/games/subtraction.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <unordered_map>

#include <string>

#include <boost/unordered/unordered_flat_map.hpp>

#include "grundy/core/errors.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/core/parse.hpp"

namespace grundy::games {

namespace {

// Polynomial hash of the last s_max values modulo the Mersenne prime 2^61 - 1,
// rolled in O(1) a step. Equal hashes are confirmed by comparing the windows, so a
// collision costs time, never a wrong period.
constexpr std::uint64_t kMod = (std::uint64_t{1} << 61) - 1;
constexpr std::uint64_t kBase = 0x1d2f3a4b5c6d7e1ULL % kMod;

__extension__ using Uint128 = unsigned __int128;  // g++ and clang: a 64x64 -> 128 multiply

std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b) {
  const Uint128 product = static_cast<Uint128>(a) * b;
  std::uint64_t r = static_cast<std::uint64_t>(product & kMod) + static_cast<std::uint64_t>(product >> 61);
  if (r >= kMod) r -= kMod;
  return r;
}

std::uint64_t add_mod(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = a + b;
  if (r >= kMod) r -= kMod;
  return r;
}

std::uint64_t pow_mod(std::uint64_t base, std::uint64_t exponent) {
  std::uint64_t result = 1;
  while (exponent != 0) {
    if (exponent & 1U) result = mul_mod(result, base);
    base = mul_mod(base, base);
    exponent >>= 1U;
  }
  return result;
}

// Remembers the first index at which each window hash was seen; a genuine
// collision (same hash, different window) goes to a rarely used overflow list.
class WindowIndex {
 public:
  // The index of an earlier window equal to the one ending before `end`, or 0.
  std::uint64_t find_or_add(std::uint64_t hash, std::uint64_t end, const std::vector<std::uint32_t>& g,
                            std::uint64_t width) {
    auto [it, inserted] = first_.try_emplace(hash, end);
    if (inserted) return 0;
    if (same_window(g, it->second, end, width)) return it->second;
    auto [lo, hi] = overflow_.equal_range(hash);
    for (auto o = lo; o != hi; ++o) {
      if (same_window(g, o->second, end, width)) return o->second;
    }
    overflow_.emplace(hash, end);
    return 0;
  }

  [[nodiscard]] bool will_grow() const { return first_.size() + 1 > first_.max_load(); }
  [[nodiscard]] std::uint64_t bytes() const {
    return first_.bucket_count() * (sizeof(std::pair<std::uint64_t, std::uint64_t>) + 1) + overflow_.size() * 48;
  }

 private:
  static bool same_window(const std::vector<std::uint32_t>& g, std::uint64_t a, std::uint64_t b, std::uint64_t width) {
    return std::equal(g.begin() + static_cast<std::ptrdiff_t>(a - width), g.begin() + static_cast<std::ptrdiff_t>(a),
                      g.begin() + static_cast<std::ptrdiff_t>(b - width));
  }

  boost::unordered_flat_map<std::uint64_t, std::uint64_t> first_;
  std::unordered_multimap<std::uint64_t, std::uint64_t> overflow_;
};

}  // namespace

SubtractionPeriod find_subtraction_period(const std::vector<std::uint64_t>& set, const MemoryBudget& budget,
                                          std::optional<std::uint64_t> stop_after) {
  const std::uint64_t width = set.back();  // s_max: g(n) depends on g(n - width .. n - 1) only
  const std::uint64_t drop = pow_mod(kBase, width);
  SubtractionPeriod result;
  std::vector<std::uint32_t>& g = result.values;
  // No window can repeat before g(width) is known: that much is needed in any case, asked for at once.
  const std::uint64_t least = std::min(width, stop_after.value_or(width)) + 1;
  budget.require(least * sizeof(std::uint32_t) + 4096, "the subtraction game's period search");
  g.reserve(static_cast<std::size_t>(least));
  WindowIndex windows;
  MexSet mex;
  std::uint64_t hash = 0;
  for (std::uint64_t n = 0;; ++n) {
    if (stop_after && n > *stop_after) return result;  // the piles are covered; no proof yet
    if (g.size() == g.capacity() || windows.will_grow()) {
      // Growing the table or the index briefly holds the old and the new copy.
      budget.require(3 * (g.capacity() * sizeof(std::uint32_t) + windows.bytes()) + 4096,
                     "the subtraction game's period search");
    }
    mex.clear();
    for (std::uint64_t s : set) {
      if (s > n) break;
      mex.insert(g[n - s]);
    }
    const auto value = static_cast<std::uint32_t>(mex.mex());
    g.push_back(value);
    hash = add_mod(mul_mod(hash, kBase), value + 1U);
    if (n >= width) hash = add_mod(hash, kMod - mul_mod(drop, g[n - width] + 1U));
    if (n + 1 < width) continue;
    // From here every move is legal, so the window ending at n determines the rest.
    const std::uint64_t earlier = windows.find_or_add(hash, n + 1, g, width);
    if (earlier == 0) continue;
    const std::uint64_t period = n + 1 - earlier;
    result.period = period;
    // g(m + p) = g(m) holds for all m >= earlier - width; walk back to the least start.
    std::uint64_t start = earlier - width;
    while (start > 0 && g[start - 1] == g[start - 1 + period]) --start;
    result.preperiod = start;
    return result;
  }
}

Subtraction::Subtraction(std::vector<std::uint64_t> set, const MemoryBudget& budget,
                         std::optional<std::uint64_t> largest_pile)
    : set_(std::move(set)) {
  if (set_.empty()) throw InputError("the subtraction set is empty: give at least one positive number");
  std::sort(set_.begin(), set_.end());
  set_.erase(std::unique(set_.begin(), set_.end()), set_.end());
  if (set_.front() == 0) throw InputError("the subtraction set contains 0: every element must be positive");
  if (set_.back() > kMaxElement) {
    throw InputError("the subtraction set element " + std::to_string(set_.back()) + " is over the limit " +
                     std::to_string(kMaxElement));
  }
  scale_ = 0;
  for (const std::uint64_t s : set_) scale_ = std::gcd(scale_, s);
  std::vector<std::uint64_t> blocks;
  for (const std::uint64_t s : set_) blocks.push_back(s / scale_);
  std::optional<std::uint64_t> stop_after;
  if (largest_pile) stop_after = std::max(*largest_pile / scale_, kProofAttempt);
  period_ = find_subtraction_period(blocks, budget, stop_after);
}

std::uint64_t Subtraction::computed() const {
  const std::uint64_t blocks = period_.values.size();
  return blocks > std::numeric_limits<std::uint64_t>::max() / scale_ ? std::numeric_limits<std::uint64_t>::max()
                                                                      : blocks * scale_;
}

std::optional<std::uint64_t> Subtraction::scaled(std::optional<std::uint64_t> blocks) const {
  if (!blocks) return std::nullopt;
  return *blocks * scale_;  // at most 2 * 10^9 blocks of at most 10^9: no overflow
}

void Subtraction::throw_beyond(Position pile) const {
  throw InputError("pile " + std::to_string(pile) + ": the subtraction game's values are known for piles 0.." +
                   std::to_string(computed() - 1) + " only and no period is proven");
}

std::vector<std::uint64_t> parse_subtraction_set(std::string_view text) {
  std::vector<std::uint64_t> set = parse_count_list(text, "--set", Subtraction::kMaxElement, 1);
  std::sort(set.begin(), set.end());
  set.erase(std::unique(set.begin(), set.end()), set.end());
  if (set.front() == 0) throw InputError("the subtraction set contains 0: every element must be positive");
  return set;
}

}  // namespace grundy::games
