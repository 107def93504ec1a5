// The vector scans of a table's split pairs (g[a], g[r - a]): the XORs of
// their values against a few targets, or marked. Each body is written once
// with GCC vector extensions and compiled twice, for AVX2 and for the baseline
// x86-64, chosen at run time; the scan for targets has an AVX-512 form for
// 16-bit values (pair_scans_avx512.cpp), the proofs' main loop.
#pragma once

#include <cstdint>
#include <cstring>

#include <immintrin.h>

#include "cpu_features.hpp"

namespace grundy::heap::detail {

/// find_any_body (below) for 16-bit values in AVX-512 registers (F, BW): the
/// same answer and the same `found`, for the first `count` (1..8) targets.
std::uint64_t find_any_avx512(const std::uint16_t* lo, const std::uint16_t* hi, std::uint64_t a, std::uint64_t end,
                              const std::uint16_t* t, int count, std::uint32_t& found);
/// reached_in_run_body (below) the same way: the same bits for the first
/// `targets` (1..8) targets, and nothing read past the run.
std::uint32_t reached_in_run_avx512(const std::uint16_t* lo, const std::uint16_t* hi, std::uint64_t count,
                                    const std::uint16_t* t, int targets);

using U16x16 [[gnu::vector_size(32)]] = std::uint16_t;
using U32x8 [[gnu::vector_size(32)]] = std::uint32_t;
using U64x4 [[gnu::vector_size(32)]] = std::uint64_t;

template <class V>
struct Lanes;

template <>
struct Lanes<std::uint16_t> {
  using Vec = U16x16;
  static constexpr std::uint64_t kWidth = 16;
};

template <>
struct Lanes<std::uint32_t> {
  using Vec = U32x8;
  static constexpr std::uint64_t kWidth = 8;
};

// The baseline forms are never inlined into their dispatch: inlined, their
// stack frame (aligned for 32-byte vectors) was set up on every call, whatever
// form the processor took (2% of a table's time, perf).

// How many pairs the vector loop tests between two looks at its hit flags.
template <class V>
constexpr std::uint64_t kScanBlock = 4 * Lanes<V>::kWidth;

// With AVX2 one vptest (g++): the four words moved to general registers and
// ORed took a tenth of the eight-target scan on 0.007.
template <bool kAvx2, class Vec>
[[gnu::always_inline]] inline bool any_lane(const Vec& v) {
#if !defined(__clang__)
  if constexpr (kAvx2) {
    using Words [[gnu::vector_size(32)]] = long long;
    Words words;
    std::memcpy(&words, &v, sizeof words);
    return __builtin_ia32_ptestz256(words, words) == 0;
  }
#endif
  U64x4 words;
  std::memcpy(&words, &v, sizeof words);
  return (words[0] | words[1] | words[2] | words[3]) != 0;
}

// Every lane `value`, by a shuffle of lane 0: `Vec{} + value` made g++ build
// each 256-bit target from two 128-bit halves stored to the stack and loaded
// back whole, a stalled load per target and call (a quarter of the scan's time
// with eight targets, by perf annotate).
// (Written through a reference: a vector returned by value from code compiled
// for the baseline too would change the ABI.)
template <class Vec, class V>
[[gnu::always_inline]] inline void splat(Vec& out, V value) {
  Vec v = Vec{};
  v[0] = value;
#if defined(__clang__)
  if constexpr (sizeof(Vec) / sizeof(V) == 16) {
    out = __builtin_shufflevector(v, v, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  } else {
    out = __builtin_shufflevector(v, v, 0, 0, 0, 0, 0, 0, 0, 0);
  }
#else
  out = __builtin_shuffle(v, Vec{});
#endif
}

// The XORs of the pairs (lo[at + j], *(hi - at - j)), j < W, in the lanes of x
// (loaded forward, the partners loaded backwards and reversed).
template <class V, class Vec>
[[gnu::always_inline]] inline void pair_xors(const V* lo, const V* hi, std::uint64_t at, Vec& x) {
  constexpr std::uint64_t kW = Lanes<V>::kWidth;
  Vec y;
  std::memcpy(&x, lo + at, sizeof x);
  std::memcpy(&y, hi - at - (kW - 1), sizeof y);
  // y holds g[r - at - (W-1) ...]; reversed, lane j is g[r - at - j].
  // clang (the fuzz build) lacks __builtin_shuffle; the g++ build keeps it.
#if defined(__clang__)
  if constexpr (kW == 16) {
    y = __builtin_shufflevector(y, y, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  } else {
    y = __builtin_shufflevector(y, y, 7, 6, 5, 4, 3, 2, 1, 0);
  }
#else
  if constexpr (kW == 16) {
    y = __builtin_shuffle(y, Vec{15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0});
  } else {
    y = __builtin_shuffle(y, Vec{7, 6, 5, 4, 3, 2, 1, 0});
  }
#endif
  x ^= y;
}

// marks[lo[i] ^ *(hi - i)] = 1 for i < count: the XORs a vector at a time,
// stored one by one (the scalar loop spent four of its seven instructions a
// pair on its own bookkeeping).
template <class V>
[[gnu::always_inline]] inline void mark_pair_xors_body(const V* lo, const V* hi, std::uint64_t count,
                                                       std::uint8_t* marks) {
  using Vec = typename Lanes<V>::Vec;
  constexpr std::uint64_t kW = Lanes<V>::kWidth;
  std::uint64_t i = 0;
  for (; i + kW <= count; i += kW) {
    Vec x;
    pair_xors(lo, hi, i, x);
    V lanes[kW];
    std::memcpy(lanes, &x, sizeof x);
    for (std::uint64_t j = 0; j < kW; ++j) marks[lanes[j]] = 1;
  }
  for (; i < count; ++i) marks[lo[i] ^ *(hi - i)] = 1;
}

template <class V>
[[gnu::target("avx2")]] void mark_pair_xors_avx2(const V* lo, const V* hi, std::uint64_t count, std::uint8_t* marks) {
  mark_pair_xors_body(lo, hi, count, marks);
}

template <class V>
[[gnu::noinline]] void mark_pair_xors_base(const V* lo, const V* hi, std::uint64_t count, std::uint8_t* marks) {
  mark_pair_xors_body(lo, hi, count, marks);
}

// find_any_body's tail, past its last whole block: pair by pair, to the first
// pair that reaches a target (its end, `found` the targets it reaches), or end
// (`found` 0). `found` is written once.
template <class V, int K>
[[gnu::always_inline]] inline std::uint64_t find_any_pairwise(const V* lo, const V* hi, std::uint64_t a,
                                                              std::uint64_t end, const V* t, std::uint32_t& found) {
  for (; a < end; ++a) {
    const auto x = static_cast<V>(lo[a] ^ *(hi - a));
    std::uint32_t seen = 0;
    for (int j = 0; j < K; ++j) {
      if (x == t[j]) seen |= std::uint32_t{1} << j;
    }
    if (seen != 0) {
      found = seen;
      return a + 1;
    }
  }
  found = 0;
  return end;
}

// Scans the pairs (lo[a], *(hi - a)), a in [a, end), kScanBlock at a time, for the
// first block in which some lo[a] ^ *(hi - a) equals one of the K targets
// t[0..K-1] (for a table g: lo = g and hi = g + r give the pairs (a, r - a));
// returns the end of that block (or end) and sets bit j of `found` for each
// target seen in it (0 when none was seen before end).
template <class V, int K, bool kAvx2>
[[gnu::always_inline]] inline std::uint64_t find_any_body(const V* lo, const V* hi, std::uint64_t a, std::uint64_t end,
                                                          const V* t, std::uint32_t& found) {
  using Vec = typename Lanes<V>::Vec;
  constexpr std::uint64_t kW = Lanes<V>::kWidth;
  constexpr std::uint64_t kVectors = kScanBlock<V> / kW;
  Vec target[K];
  for (int j = 0; j < K; ++j) splat(target[j], t[j]);
  found = 0;
  while (a + kScanBlock<V> <= end) {
    Vec hit = Vec{};
    for (std::uint64_t u = 0; u < kVectors; ++u) {
      Vec x;
      pair_xors(lo, hi, a + u * kW, x);
      for (int j = 0; j < K; ++j) hit |= reinterpret_cast<Vec>(x == target[j]);
    }
    if (any_lane<kAvx2>(hit)) {
      // Rare: recompute the block (keeping it would spill the targets).
      for (int j = 0; j < K; ++j) {
        Vec h = Vec{};
        for (std::uint64_t u = 0; u < kVectors; ++u) {
          Vec x;
          pair_xors(lo, hi, a + u * kW, x);
          h |= reinterpret_cast<Vec>(x == target[j]);
        }
        found |= static_cast<std::uint32_t>(any_lane<kAvx2>(h)) << j;  // no branch: which targets hit varies
      }
      return a + kScanBlock<V>;
    }
    a += kScanBlock<V>;
  }
  return find_any_pairwise<V, K>(lo, hi, a, end, t, found);
}

template <class V, int K>
[[gnu::target("avx2")]] std::uint64_t find_any_avx2(const V* lo, const V* hi, std::uint64_t a, std::uint64_t end,
                                                    const V* t, std::uint32_t& found) {
  return find_any_body<V, K, true>(lo, hi, a, end, t, found);
}

template <class V, int K>
[[gnu::noinline]] std::uint64_t find_any_base(const V* lo, const V* hi, std::uint64_t a, std::uint64_t end, const V* t,
                                              std::uint32_t& found) {
  return find_any_body<V, K, false>(lo, hi, a, end, t, found);
}

/// find_any_body for the first `count` (1..8) of the 8 targets t: for 16-bit
/// values in AVX-512 registers where in use (pair_scans_avx512.cpp), else AVX2
/// when the processor has it (unused slots repeat t[0]).
template <class V>
std::uint64_t find_any(const V* lo, const V* hi, std::uint64_t a, std::uint64_t end, const V* t, int count,
                       std::uint32_t& found) {
  if constexpr (sizeof(V) == 2) {
    if (avx512_in_use()) return find_any_avx512(lo, hi, a, end, t, count, found);
  }
  if (kHaveAvx2) {
    if (count <= 1) return find_any_avx2<V, 1>(lo, hi, a, end, t, found);
    if (count <= 2) return find_any_avx2<V, 2>(lo, hi, a, end, t, found);
    if (count <= 4) return find_any_avx2<V, 4>(lo, hi, a, end, t, found);
    return find_any_avx2<V, 8>(lo, hi, a, end, t, found);
  }
  if (count <= 1) return find_any_base<V, 1>(lo, hi, a, end, t, found);
  if (count <= 2) return find_any_base<V, 2>(lo, hi, a, end, t, found);
  if (count <= 4) return find_any_base<V, 4>(lo, hi, a, end, t, found);
  return find_any_base<V, 8>(lo, hi, a, end, t, found);
}

// The bits of the targets t[0..7] that some pair (lo[i], *(hi - i)), i < count,
// reaches: whole vectors throughout, the last one's lanes past count left out,
// so it reads up to kW - 1 pairs past the run (lo[count + kW - 2] and
// hi - count - kW + 2 at the most). For the short runs of a block's own pairs,
// where find_any_body's tail went one pair at a time.
// Only the first K targets are compared (the slots past the live ones repeat
// t[0]): most heap sizes have few candidates.
template <class V, int K, bool kAvx2>
[[gnu::always_inline]] inline std::uint32_t reached_in_run_body(const V* lo, const V* hi, std::uint64_t count,
                                                                const V* t) {
  using Vec = typename Lanes<V>::Vec;
  constexpr std::uint64_t kW = Lanes<V>::kWidth;
  Vec target[K];
  for (int j = 0; j < K; ++j) splat(target[j], t[j]);
  std::uint32_t found = 0;
  // Inlined always, as the body: its vptest needs the caller's AVX2 target
  // (an instrumented build, -fprofile-generate, left it a call and failed).
  const auto test = [&](const Vec& x, const Vec& inside) __attribute__((always_inline)) {
    Vec hit = Vec{};
    for (int j = 0; j < K; ++j) hit |= reinterpret_cast<Vec>(x == target[j]);
    if (!any_lane<kAvx2>(hit & inside)) return;
    for (int j = 0; j < K; ++j) {
      found |= static_cast<std::uint32_t>(any_lane<kAvx2>(reinterpret_cast<Vec>(x == target[j]) & inside)) << j;
    }
  };
  Vec all;
  splat(all, static_cast<V>(~V{0}));
  std::uint64_t i = 0;
  for (; i + kW <= count; i += kW) {
    Vec x;
    pair_xors(lo, hi, i, x);
    test(x, all);
  }
  if (i < count) {  // the last vector's lanes from count on are left out
    Vec lane;
    for (std::uint64_t j = 0; j < kW; ++j) lane[j] = static_cast<V>(j);
    Vec left;
    splat(left, static_cast<V>(count - i));
    Vec x;
    pair_xors(lo, hi, i, x);
    test(x, reinterpret_cast<Vec>(lane < left));
  }
  return found;
}

template <class V, int K>
[[gnu::target("avx2")]] std::uint32_t reached_in_run_avx2(const V* lo, const V* hi, std::uint64_t count, const V* t) {
  return reached_in_run_body<V, K, true>(lo, hi, count, t);
}

template <class V, int K>
[[gnu::noinline]] std::uint32_t reached_in_run_base(const V* lo, const V* hi, std::uint64_t count, const V* t) {
  return reached_in_run_body<V, K, false>(lo, hi, count, t);
}

/// reached_in_run_body for the first `targets` (1..8) of the 8 targets t: for
/// 16-bit values in AVX-512 registers where in use, else AVX2 when the
/// processor has it.
template <class V>
std::uint32_t reached_in_run(const V* lo, const V* hi, std::uint64_t count, const V* t, int targets) {
  if constexpr (sizeof(V) == 2) {
    if (avx512_in_use()) return reached_in_run_avx512(lo, hi, count, t, targets);
  }
  if (kHaveAvx2) {
    if (targets <= 2) return reached_in_run_avx2<V, 2>(lo, hi, count, t);
    if (targets <= 4) return reached_in_run_avx2<V, 4>(lo, hi, count, t);
    return reached_in_run_avx2<V, 8>(lo, hi, count, t);
  }
  if (targets <= 2) return reached_in_run_base<V, 2>(lo, hi, count, t);
  if (targets <= 4) return reached_in_run_base<V, 4>(lo, hi, count, t);
  return reached_in_run_base<V, 8>(lo, hi, count, t);
}

/// mark_pair_xors_body, AVX2 when the processor has it.
template <class V>
void mark_pair_xors(const V* lo, const V* hi, std::uint64_t count, std::uint8_t* marks) {
  if (kHaveAvx2) return mark_pair_xors_avx2(lo, hi, count, marks);
  mark_pair_xors_base(lo, hi, count, marks);
}

// Lane l of `hits` set where some pair j in [from, to) reaches targets[l]:
// values[j] ^ at[l - heaps[j]] == targets[l] (at: the guess of the chunk's
// first heap size less the split; the lanes' guesses are consecutive).
template <class V, bool kAvx2>
[[gnu::always_inline]] inline void chunk_hits_body(const V* at, const std::uint64_t* heaps, const V* values,
                                                   std::size_t from, std::size_t to, const V* targets, V* hits) {
  using Vec = typename Lanes<V>::Vec;
  Vec target;
  Vec hit;
  std::memcpy(&target, targets, sizeof target);
  std::memcpy(&hit, hits, sizeof hit);
  for (std::size_t j = from; j < to; ++j) {
    Vec reached;
    std::memcpy(&reached, at - heaps[j], sizeof reached);
    Vec value;
    splat(value, values[j]);
    hit |= reinterpret_cast<Vec>((reached ^ value) == target);
  }
  std::memcpy(hits, &hit, sizeof hit);
}

template <class V>
[[gnu::target("avx2")]] void chunk_hits_avx2(const V* at, const std::uint64_t* heaps, const V* values, std::size_t from,
                                             std::size_t to, const V* targets, V* hits) {
  chunk_hits_body<V, true>(at, heaps, values, from, to, targets, hits);
}

template <class V>
[[gnu::noinline]] void chunk_hits_base(const V* at, const std::uint64_t* heaps, const V* values, std::size_t from,
                                       std::size_t to, const V* targets, V* hits) {
  chunk_hits_body<V, false>(at, heaps, values, from, to, targets, hits);
}

/// chunk_hits_body, AVX2 when the processor has it.
template <class V>
void chunk_hits(const V* at, const std::uint64_t* heaps, const V* values, std::size_t from, std::size_t to,
                const V* targets, V* hits) {
  if (kHaveAvx2) return chunk_hits_avx2(at, heaps, values, from, to, targets, hits);
  chunk_hits_base(at, heaps, values, from, to, targets, hits);
}

}  // namespace grundy::heap::detail
