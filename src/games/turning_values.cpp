// Values of coin-turning games' heap representations (methods in the header).
#include "grundy/games/turning_values.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include <fmt/format.h>

#include "grundy/core/mex.hpp"

namespace grundy::games {

namespace turning_values_detail {

constexpr std::pair<std::size_t, std::uint64_t> kNoMemo{0, 0};

bool plain_count_range(const TurningCode& code) {
  if (code.items().size() != 1) return false;
  const TurningItem& item = code.items().front();
  return item.spacing == TurningItem::Spacing::any && item.span == TurningItem::kUnbounded && !item.leftmost;
}

bool open_consecutive(const TurningCode& code) {
  if (code.items().size() != 1) return false;
  const TurningItem& item = code.items().front();
  return item.spacing == TurningItem::Spacing::consecutive && item.max_coins == TurningItem::kUnbounded &&
         item.span == TurningItem::kUnbounded && !item.leftmost;
}

// A growable bitmap of nimbers; values past the end read as absent.
class ValueBits {
 public:
  [[nodiscard]] bool test(Nimber v) const { return (v >> 6) < words_.size() && ((words_[v >> 6] >> (v & 63)) & 1) != 0; }
  void set(Nimber v) {
    if ((v >> 6) >= words_.size()) words_.resize(std::max<std::size_t>((v >> 6) + 1, words_.size() * 2), 0);
    words_[v >> 6] |= std::uint64_t{1} << (v & 63);
  }

 private:
  std::vector<std::uint64_t> words_;
};

// A GF(2) basis, one vector per leading bit: is a nimber a nim-sum of the inserted ones?
class XorBasis {
 public:
  void insert(Nimber v) {
    for (int bit = 63; bit >= 0 && v != 0; --bit) {
      if (((v >> bit) & 1) == 0) continue;
      if (basis_[bit] == 0) {
        basis_[bit] = v;
        return;
      }
      v ^= basis_[bit];
    }
  }
  [[nodiscard]] bool spans(Nimber v) const {
    for (int bit = 63; bit >= 0 && v != 0; --bit) {
      if (((v >> bit) & 1) != 0) v ^= basis_[bit];
    }
    return v == 0;
  }

 private:
  std::array<Nimber, 64> basis_{};
};

// Moves turning at most three coins: the others are nothing, one coin or two.
std::vector<Nimber> by_pairs(const TurningItem& item, std::uint64_t n, const SearchLimits& limits) {
  const bool none_ok = item.min_coins <= 1;
  const bool one_ok = item.min_coins <= 2 && item.max_coins >= 2;
  const bool two_ok = item.max_coins >= 3;
  std::vector<Nimber> g(n + 1, 0);
  limits.memory.require((n + 1) * sizeof(Nimber) * 3, fmt::format("the table of heaps 0..{}", n));
  ValueBits present;
  std::vector<Nimber> distinct;  // the values met so far, in order of first appearance
  XorBasis differences;          // spans every nim-sum of two earlier values
  bool repeated = false;         // two coins of equal value: their nim-sum 0 is reachable
  SearchWatch watch(limits);
  const auto pair_reaches = [&](Nimber m) {
    if (m == 0) return repeated;
    if (!differences.spans(m)) return false;
    for (Nimber a : distinct) {
      if (present.test(a ^ m)) return true;
    }
    return false;
  };
  const auto reaches = [&](Nimber m) {
    return (none_ok && m == 0) || (one_ok && present.test(m)) || (two_ok && pair_reaches(m));
  };
  Nimber mex = 0;  // the reachable set only grows with n, so the mex never falls
  for (std::uint64_t h = 1; h <= n; ++h) {
    watch.tick([] { return kNoMemo; });
    while (reaches(mex)) ++mex;
    g[h] = mex;
    if (present.test(mex)) {
      repeated = true;
    } else {
      if (!distinct.empty()) differences.insert(mex ^ distinct.front());
      distinct.push_back(mex);
      present.set(mex);
    }
  }
  return g;
}

// dst[i] |= src[i ^ shift] over every bit i.
void or_shifted(std::vector<std::uint64_t>& dst, const std::vector<std::uint64_t>& src, Nimber shift) {
  static constexpr std::array<std::uint64_t, 6> kLowHalves = {0x5555555555555555, 0x3333333333333333,
                                                             0x0F0F0F0F0F0F0F0F, 0x00FF00FF00FF00FF,
                                                             0x0000FFFF0000FFFF, 0x00000000FFFFFFFF};
  const std::size_t word_shift = shift >> 6;
  const unsigned bit_shift = static_cast<unsigned>(shift & 63);
  for (std::size_t w = 0; w < dst.size(); ++w) {
    std::uint64_t x = src[w ^ word_shift];
    for (unsigned s = 0; s < 6; ++s) {
      const unsigned width = 1U << s;
      if ((bit_shift & width) != 0) x = ((x & kLowHalves[s]) << width) | ((x >> width) & kLowHalves[s]);
    }
    dst[w] |= x;
  }
}

// Any number of coins in a range: one bitmap per count of other coins.
std::vector<Nimber> by_bitmaps(const TurningItem& item, std::uint64_t n, const SearchLimits& limits) {
  const bool open = item.max_coins == TurningItem::kUnbounded;
  // Layers 0 .. top: exact counts of other coins; when open, the top one means "at least top".
  const std::uint64_t top = open ? item.min_coins - 1 : std::min<std::uint64_t>(item.max_coins - 1, n);
  const std::uint64_t lowest_used = item.min_coins - 1;
  std::vector<std::vector<std::uint64_t>> layers(top + 1, std::vector<std::uint64_t>(1, 0));
  layers[0][0] = 1;
  std::vector<Nimber> g(n + 1, 0);
  std::vector<std::uint64_t> scratch;
  SearchWatch watch(limits);
  Nimber mex = 0;
  const auto reaches = [&](Nimber m) {
    if ((m >> 6) >= layers[0].size()) return false;
    for (std::uint64_t j = lowest_used; j <= top; ++j) {
      if (((layers[j][m >> 6] >> (m & 63)) & 1) != 0) return true;
    }
    return false;
  };
  for (std::uint64_t h = 1; h <= n; ++h) {
    watch.tick([] { return kNoMemo; });
    watch.add_positions(layers.size() * layers[0].size() * 64 - 1);
    while (reaches(mex)) ++mex;
    g[h] = mex;
    if (h == n) break;
    // Coin h joins the others of every larger heap: grow the bitmaps to hold its value, then extend.
    const std::size_t words = std::max<std::size_t>(1, std::bit_ceil((mex >> 6) + 1));
    if (words > layers[0].size()) {
      limits.memory.require((layers.size() + 1) * words * 8 + (n + 1) * sizeof(Nimber),
                            fmt::format("the value bitmaps of heap {} (values up to {})", h + 1, mex));
      for (auto& layer : layers) layer.resize(words, 0);
    }
    if (open) {
      scratch.assign(words, 0);
      or_shifted(scratch, layers[top], mex);
      if (top > 0) or_shifted(scratch, layers[top - 1], mex);
      for (std::size_t w = 0; w < words; ++w) layers[top][w] |= scratch[w];
    }
    for (std::uint64_t j = open ? top : top + 1; j-- > 1;) or_shifted(layers[j], layers[j - 1], mex);
  }
  return g;
}

// An open consecutive range: heap h reaches P(h-1) ^ P(j) for j <= h - min_coins.
std::vector<Nimber> by_prefix_trie(const TurningItem& item, std::uint64_t n, const SearchLimits& limits) {
  // Every value is at most n (a mex over at most n options), so prefix nim-sums fit in `bits` bits.
  const int bits = std::max(1, static_cast<int>(std::bit_width(n)));
  const std::uint64_t leaves = std::uint64_t{1} << bits;
  limits.memory.require(2 * leaves * sizeof(std::uint32_t) + (n + 1) * 2 * sizeof(Nimber),
                        fmt::format("the prefix trie of heaps 0..{}", n));
  std::vector<std::uint32_t> count(2 * leaves, 0);  // distinct prefixes under each node (node 1 the root)
  const auto insert = [&](Nimber prefix) {
    std::uint64_t node = leaves + prefix;
    if (count[node] != 0) return;
    for (; node >= 1; node >>= 1) ++count[node];
  };
  // The least m with (m ^ c) not inserted: walk down preferring m's bit 0.
  const auto mex_shifted = [&](Nimber c) {
    Nimber m = 0;
    std::uint64_t node = 1;
    for (int bit = bits - 1; bit >= 0; --bit) {
      const std::uint64_t same = 2 * node + ((c >> bit) & 1);
      const std::uint64_t full = std::uint64_t{1} << bit;
      if (count[same] == full) {
        m |= Nimber{1} << bit;
        node = same ^ 1;
      } else {
        node = same;
      }
      if (count[node] == 0) break;
    }
    return m;
  };
  std::vector<Nimber> g(n + 1, 0);
  std::vector<Nimber> prefix(n + 1, 0);
  SearchWatch watch(limits);
  for (std::uint64_t h = 1; h <= n; ++h) {
    watch.tick([] { return kNoMemo; });
    if (h >= item.min_coins) {
      insert(prefix[h - item.min_coins]);
      g[h] = mex_shifted(prefix[h - 1]);
    }
    prefix[h] = prefix[h - 1] ^ g[h];
  }
  return g;
}

}  // namespace turning_values_detail

std::vector<Nimber> turning_values_plain(const TurningCode& code, std::uint64_t n, const SearchLimits& limits) {
  limits.memory.require((n + 1) * sizeof(Nimber), fmt::format("the table of heaps 0..{}", n));
  std::vector<Nimber> g(n + 1, 0);
  SearchWatch watch(limits);
  MexSet reached;
  for (std::uint64_t h = 1; h <= n; ++h) {
    reached.clear();
    code.for_each_move(static_cast<std::uint32_t>(h), [&](std::span<const std::uint32_t> coins) {
      watch.tick([] { return turning_values_detail::kNoMemo; });
      Nimber sum = 0;
      for (std::size_t i = 0; i + 1 < coins.size(); ++i) sum ^= g[coins[i]];
      reached.insert(sum);
    });
    g[h] = reached.mex();
  }
  return g;
}

std::string turning_method(const TurningCode& code) {
  if (turning_values_detail::open_consecutive(code)) return "prefix trie";
  if (!turning_values_detail::plain_count_range(code)) return "plain";
  return code.items().front().max_coins <= 3 ? "pairs" : "bitmaps";
}

std::vector<Nimber> turning_values(const TurningCode& code, std::uint64_t n, const SearchLimits& limits) {
  const std::string method = turning_method(code);
  if (method == "pairs") return turning_values_detail::by_pairs(code.items().front(), n, limits);
  if (method == "bitmaps") return turning_values_detail::by_bitmaps(code.items().front(), n, limits);
  if (method == "prefix trie") return turning_values_detail::by_prefix_trie(code.items().front(), n, limits);
  return turning_values_plain(code, n, limits);
}

}  // namespace grundy::games
