// The proofs' scan of split pairs for targets (find_any_body) in AVX-512
// registers: 32 pairs a vector, the partners reversed by one permutation, and
// the lanes that reach no target kept in a mask register, chained from one
// test to the next (no OR of the tests); a block where some lane reaches a
// target is looked at again target by target, as in the AVX2 form.
#include <immintrin.h>

#include <array>

#include "pair_scans.hpp"

namespace grundy::heap::detail {

namespace {

constexpr std::uint64_t kWide = 32;  // 16-bit lanes of a 512-bit register
// The AVX2 form's block, so that both return the same end (the callers resume there).
constexpr std::uint64_t kStep = kScanBlock<std::uint16_t>;
static_assert(kStep == 2 * kWide);

// Lane j: 31 - j (to reverse the partners' lanes), or j; loaded from constants.
template <bool kReversed>
alignas(64) constexpr std::array<std::uint16_t, kWide> kLaneIndex = [] {
  std::array<std::uint16_t, kWide> index{};
  for (std::uint16_t j = 0; j < kWide; ++j) index[j] = kReversed ? static_cast<std::uint16_t>(kWide - 1 - j) : j;
  return index;
}();
template <bool kReversed>
[[gnu::target("avx2,avx512f,avx512bw")]] inline __m512i lane_indices() {
  return _mm512_load_si512(kLaneIndex<kReversed>.data());
}

// The XORs of the pairs (lo[at + j], *(hi - at - j)), j < 32.
[[gnu::target("avx2,avx512f,avx512bw")]] inline __m512i wide_pair_xors(const std::uint16_t* lo, const std::uint16_t* hi,
                                                                       std::uint64_t at, __m512i reverse) {
  const __m512i forward = _mm512_loadu_si512(lo + at);
  const __m512i backward = _mm512_loadu_si512(hi - at - (kWide - 1));
  return _mm512_xor_si512(forward, _mm512_permutexvar_epi16(reverse, backward));
}

// The lanes set in `miss` whose x equals none of the K targets: each target's
// comparison, chained through the mask.
template <int K>
struct EachTarget {
  __m512i target[K];
  [[gnu::target("avx2,avx512f,avx512bw")]] explicit EachTarget(const std::uint16_t* t) {
    for (int j = 0; j < K; ++j) target[j] = _mm512_set1_epi16(static_cast<short>(t[j]));
  }
  [[gnu::target("avx2,avx512f,avx512bw")]] [[nodiscard]] __mmask32 missed(__mmask32 miss, __m512i x) const {
    for (int j = 0; j < K; ++j) miss = _mm512_mask_cmpneq_epi16_mask(miss, x, target[j]);
    return miss;
  }
};

// The same by one look-up whatever K, for targets below 512: bit x of a
// 512-bit set of the targets, its 16-bit word x >> 4 fetched by a permutation
// (which reads bits 4-8 of x) and tested against the bit 1 << (x & 15). A lane
// whose x is 512 or more shifts by x & 0xfe0f, at least 16, to no bit at all.
// Three instructions on the shuffle port a vector, where each target's
// comparison takes one there (eight targets: 9 against 3).
template <int K>
struct TargetSet {
  __m512i words;
  [[gnu::target("avx2,avx512f,avx512bw")]] explicit TargetSet(const std::uint16_t* t) {
    const __m512i lane = lane_indices<false>();
    words = _mm512_setzero_si512();
    for (int j = 0; j < K; ++j) {
      const __mmask32 word = _mm512_cmpeq_epi16_mask(lane, _mm512_set1_epi16(static_cast<short>(t[j] >> 4)));
      words = _mm512_or_si512(words, _mm512_maskz_set1_epi16(word, static_cast<short>(1U << (t[j] & 15U))));
    }
  }
  [[gnu::target("avx2,avx512f,avx512bw")]] [[nodiscard]] __mmask32 missed(__mmask32 miss, __m512i x) const {
    const __m512i word = _mm512_permutexvar_epi16(_mm512_srli_epi16(x, 4), words);
    const __m512i bit =
        _mm512_sllv_epi16(_mm512_set1_epi16(1), _mm512_and_si512(x, _mm512_set1_epi16(static_cast<short>(0xfe0f))));
    return _mm512_mask_testn_epi16_mask(miss, word, bit);
  }
  static bool holds(const std::uint16_t* t) {
    for (int j = 0; j < K; ++j) {
      if (t[j] >= 512) return false;
    }
    return true;
  }
};

// The targets some lane of `lanes` in x equals, as bits, without a branch a
// target: which of them a hit holds varies (in the AVX2 scans the same test
// was a mispredicted branch about every hit, callgrind).
template <int K>
[[gnu::target("avx2,avx512f,avx512bw")]] std::uint32_t targets_in(__m512i x, __mmask32 lanes, const std::uint16_t* t) {
  std::uint32_t found = 0;
  for (int j = 0; j < K; ++j) {
    const __mmask32 equal = _mm512_mask_cmpeq_epi16_mask(lanes, x, _mm512_set1_epi16(static_cast<short>(t[j])));
    found |= static_cast<std::uint32_t>(equal != 0) << j;
  }
  return found;
}

template <int K, class Filter>
[[gnu::target("avx2,avx512f,avx512bw")]] std::uint64_t find_any_wide(const std::uint16_t* lo, const std::uint16_t* hi,
                                                                     std::uint64_t a, std::uint64_t end,
                                                                     const std::uint16_t* t, std::uint32_t& found) {
  // Made here, where it is inlined (a 512-bit argument would pass between code
  // of two instruction sets, the set's making out of line).
  const Filter filter(t);
  const __m512i reverse = lane_indices<true>();
  constexpr auto kEvery = static_cast<__mmask32>(~0U);
  // `found` is written once, on return: or-ed into memory target by target, the
  // caller's read of it waited for the chain of stores.
  for (; a + kStep <= end; a += kStep) {
    const __m512i first = wide_pair_xors(lo, hi, a, reverse);
    const __m512i second = wide_pair_xors(lo, hi, a + kWide, reverse);
    if (filter.missed(filter.missed(kEvery, first), second) == kEvery) continue;
    found = targets_in<K>(first, kEvery, t) | targets_in<K>(second, kEvery, t);
    return a + kStep;
  }
  return find_any_pairwise<std::uint16_t, K>(lo, hi, a, end, t, found);
}

template <int K>
std::uint64_t find_any_wide(const std::uint16_t* lo, const std::uint16_t* hi, std::uint64_t a, std::uint64_t end,
                            const std::uint16_t* t, std::uint32_t& found) {
  // From four targets on, the set's look-up takes fewer instructions than the comparisons.
  if (K >= 4 && TargetSet<K>::holds(t)) return find_any_wide<K, TargetSet<K>>(lo, hi, a, end, t, found);
  return find_any_wide<K, EachTarget<K>>(lo, hi, a, end, t, found);
}

// reached_in_run_body in AVX-512 registers: whole vectors, then the last one's
// lanes below count, loaded under a mask (nothing read past the run).
template <int K, class Filter>
[[gnu::target("avx2,avx512f,avx512bw")]] std::uint32_t reached_in_run_wide(const std::uint16_t* lo,
                                                                           const std::uint16_t* hi, std::uint64_t count,
                                                                           const std::uint16_t* t) {
  const Filter filter(t);  // made here, as in find_any_wide
  const __m512i reverse = lane_indices<true>();
  constexpr auto kEvery = static_cast<__mmask32>(~0U);
  std::uint32_t found = 0;
  std::uint64_t i = 0;
  for (; i + kWide <= count; i += kWide) {
    const __m512i x = wide_pair_xors(lo, hi, i, reverse);
    if (const __mmask32 miss = filter.missed(kEvery, x); miss != kEvery) found |= targets_in<K>(x, ~miss, t);
  }
  if (i < count) {
    const unsigned left = static_cast<unsigned>(count - i);
    const auto inside = static_cast<__mmask32>((1U << left) - 1U);
    const __m512i forward = _mm512_maskz_loadu_epi16(inside, lo + i);
    // hi - i - 31 + l for l from 32 - left: the pairs i .. count - 1, reversed.
    const __m512i backward =
        _mm512_maskz_loadu_epi16(static_cast<__mmask32>(kEvery << (kWide - left)), hi - i - (kWide - 1));
    const __m512i x = _mm512_xor_si512(forward, _mm512_permutexvar_epi16(reverse, backward));
    if (const __mmask32 miss = filter.missed(inside, x); miss != inside) found |= targets_in<K>(x, inside & ~miss, t);
  }
  return found;
}

template <int K>
std::uint32_t reached_in_run_wide(const std::uint16_t* lo, const std::uint16_t* hi, std::uint64_t count,
                                  const std::uint16_t* t) {
  // A run is a few vectors: the set's making pays only for eight targets.
  if (K >= 8 && TargetSet<K>::holds(t)) return reached_in_run_wide<K, TargetSet<K>>(lo, hi, count, t);
  return reached_in_run_wide<K, EachTarget<K>>(lo, hi, count, t);
}

}  // namespace

std::uint32_t reached_in_run_avx512(const std::uint16_t* lo, const std::uint16_t* hi, std::uint64_t count,
                                    const std::uint16_t* t, int targets) {
  if (targets <= 2) return reached_in_run_wide<2>(lo, hi, count, t);
  if (targets <= 4) return reached_in_run_wide<4>(lo, hi, count, t);
  return reached_in_run_wide<8>(lo, hi, count, t);
}

std::uint64_t find_any_avx512(const std::uint16_t* lo, const std::uint16_t* hi, std::uint64_t a, std::uint64_t end,
                              const std::uint16_t* t, int count, std::uint32_t& found) {
  if (count <= 1) return find_any_wide<1>(lo, hi, a, end, t, found);
  if (count <= 2) return find_any_wide<2>(lo, hi, a, end, t, found);
  if (count <= 4) return find_any_wide<4>(lo, hi, a, end, t, found);
  return find_any_wide<8>(lo, hi, a, end, t, found);
}

}  // namespace grundy::heap::detail
