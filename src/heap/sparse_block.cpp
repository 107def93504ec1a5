#include "sparse_block.hpp"

#include <immintrin.h>

#include <algorithm>
#include <bit>
#include <cstring>

#include "cpu_features.hpp"

namespace grundy::heap::detail {

namespace {

// The portable form, and the reference for the vector form below: one bit per
// pair, set in the mask word of heap size n.
template <class V>
void share_scalar(const SparseBlock<V>& block, std::size_t first, std::size_t last, std::uint64_t heap_from,
                  std::uint64_t heap_to, std::uint64_t* masks) {
  for (std::size_t j = first; j < last; ++j) {
    const std::uint64_t r = block.partners[j];
    const std::uint64_t v = block.partner_values[j];
    for (std::size_t s = 0; s < block.splits.size(); ++s) {
      const std::uint64_t k = block.splits[s];
      const V* src = block.sources[j * block.splits.size() + s];
      for (std::uint64_t i = heap_from; i < heap_to; ++i) {
        if (block.unequal_split && block.begin + i - k == 2 * r) continue;  // (r, r) is not a move
        const std::uint64_t x = v ^ src[i];
        if (x >= 64 * std::uint64_t{block.words}) continue;  // padding (SparseBlock::padded)
        masks[(x >> 6) * block.length + i] |= std::uint64_t{1} << (x & 63);
      }
    }
  }
}

// 16-bit values with AVX2: lanes are heap sizes. A tile of consecutive n keeps
// its masks in registers as 32-bit chunks (chunk c: values 32c .. 32c + 31,
// vpsllvd giving 0 outside it) while every partner passes, so each partner's
// values are read as one forward run and nothing is stored per pair. kChunks
// is 2 (values < 64), 4 (< 128) or 8 (< 256); with 8, a tile is 8 heap sizes
// (8 accumulators), otherwise 16 (lanes 0-3, 8-11 in `low`, the rest in `high`).
// Values 256 .. 511 (kHigh) are set one by one where a pass of 8 pairs meets
// one: sixteen chunks would not fit the sixteen vector registers, and in the
// games that reach them (Grundy's game past n = 475,094,020) they are rare, so
// a test per pass costs less than a second pass over every partner.
alignas(32) const std::uint16_t kEqualLane[32] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                                  0xffff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

// A padded block's partners whose every pair of the tile at heap size i has its
// other heap in the block (r + k <= i for every split k): past them in [at, end).
// They mark nothing, and in a near pass (partners below twice the block's
// length) they are a quarter of the lanes. The partners ascend within each
// class group (SparseBlock::odd_partners; one group without a common mask), so
// the padded ones of a group are found by a search: a member's claim of a near
// pass is a tile or two, and a walk from the group's first partner was about a
// tenth of the claim.
template <bool kPadded>
std::size_t past_padding(const SparseBlock<std::uint16_t>& block, std::uint64_t largest_split, std::uint64_t i,
                         std::size_t at, std::size_t end) {
  if constexpr (!kPadded) return at;
  const auto padding = [&](std::uint64_t r) { return r + largest_split <= i; };
  const std::uint64_t* const partners = block.partners.data();
  const std::size_t odd_end = std::clamp(block.odd_partners, at, end);
  if (at < odd_end) {
    at = static_cast<std::size_t>(std::partition_point(partners + at, partners + odd_end, padding) - partners);
    if (at < odd_end) return at;
  }
  return static_cast<std::size_t>(std::partition_point(partners + at, partners + end, padding) - partners);
}

inline std::uint64_t largest_of(std::span<const std::uint64_t> splits) {
  return splits.empty() ? 0 : *std::max_element(splits.begin(), splits.end());
}

// All ones in the lanes that hold a value 256 .. 511 (one from 512 on is padding).
[[gnu::target("avx2")]] inline __m256i high_values(__m256i x) {
  return _mm256_cmpeq_epi16(_mm256_srli_epi16(x, 8), _mm256_set1_epi16(1));
}

// Values 256 .. 511 among the `count` XORs of a pass (lane l: heap size i + l),
// except lane `skip` (the equal split of Grundy's game).
void mark_high(const std::uint16_t* lanes, unsigned count, std::uint64_t skip, std::uint64_t* masks,
               std::uint64_t length) {
  for (unsigned l = 0; l < count; ++l) {
    if (lanes[l] < 256 || lanes[l] >= 512 || l == skip) continue;  // 512 on: padding (SparseBlock::padded)
    masks[(lanes[l] >> 6) * length + l] |= std::uint64_t{1} << (lanes[l] & 63);
  }
}

// Eight heaps' 64-bit mask words from their low and high 32-bit halves (lane l
// of each): ORs lanes 0-3 into at[0..3] and lanes 4-7 into at[gap..gap + 3].
[[gnu::target("avx2")]] inline void or_lanes_into_words(__m256i low_halves, __m256i high_halves, std::uint64_t* at,
                                                        std::uint64_t gap) {
  const __m256i first = _mm256_unpacklo_epi32(low_halves, high_halves);    // lanes 0, 1 | 4, 5
  const __m256i second = _mm256_unpackhi_epi32(low_halves, high_halves);   // lanes 2, 3 | 6, 7
  auto* const lower = reinterpret_cast<__m256i*>(at);
  auto* const upper = reinterpret_cast<__m256i*>(at + gap);
  _mm256_storeu_si256(lower, _mm256_or_si256(_mm256_loadu_si256(lower), _mm256_permute2x128_si256(first, second, 0x20)));
  _mm256_storeu_si256(upper, _mm256_or_si256(_mm256_loadu_si256(upper), _mm256_permute2x128_si256(first, second, 0x31)));
}

template <unsigned kChunks, bool kUnequal, bool kHigh, bool kPadded>
[[gnu::target("avx2")]] void share_avx2(const SparseBlock<std::uint16_t>& block, std::size_t first, std::size_t last,
                                        std::uint64_t heap_from, std::uint64_t heap_to, std::uint64_t* masks) {
  constexpr bool kWide = kChunks == 8;
  constexpr unsigned kHalves = kWide ? 1 : 2;
  constexpr std::uint64_t kTile = kWide ? 8 : 16;
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i zero = _mm256_setzero_si256();
  const std::uint64_t largest_split = largest_of(block.splits);
  std::size_t live = first;  // past the partners all padding (past_padding)
  for (std::uint64_t i = heap_from; i < heap_to; i += kTile) {
    __m256i acc[kChunks][kHalves];
    for (auto& chunk : acc) {
      for (auto& half : chunk) half = zero;
    }
    const std::uint64_t n0 = block.begin + i;
    live = past_padding<kPadded>(block, largest_split, i, live, last);
    for (std::size_t j = live; j < last; ++j) {
      const std::uint64_t r = block.partners[j];
      const auto v = static_cast<short>(block.partner_values[j]);
      for (std::size_t s = 0; s < block.splits.size(); ++s) {
        const std::uint64_t k = block.splits[s];
        const std::uint16_t* src = block.sources[j * block.splits.size() + s] + i;
        __m256i half[kHalves];
        if constexpr (kWide) {
          __m128i x = _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src)), _mm_set1_epi16(v));
          if constexpr (kHigh) {
            // Values 256 .. 511; padding (512 on, kPadded) reaches no chunk by itself.
            const __m128i high = kPadded ? _mm_cmpeq_epi16(_mm_srli_epi16(x, 8), _mm_set1_epi16(1))
                                         : _mm_and_si128(x, _mm_set1_epi16(static_cast<short>(0xff00)));
            if (_mm_testz_si128(high, high) == 0) {
              alignas(16) std::uint16_t lanes[8];
              _mm_store_si128(reinterpret_cast<__m128i*>(lanes), x);
              mark_high(lanes, 8, kUnequal ? 2 * r + k - n0 : kTile, masks + i, block.length);
            }
          }
          if constexpr (kUnequal) {
            // n - k = 2r: (r, r) is not a move; an all-ones lane reaches no chunk.
            const std::uint64_t equal_at = 2 * r + k - n0;
            if (equal_at < kTile) {
              x = _mm_or_si128(x, _mm_loadu_si128(reinterpret_cast<const __m128i*>(kEqualLane + 16 - equal_at)));
            }
          }
          half[0] = _mm256_cvtepu16_epi32(x);
        } else {
          __m256i x = _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src)), _mm256_set1_epi16(v));
          if constexpr (kUnequal) {
            const std::uint64_t equal_at = 2 * r + k - n0;
            if (equal_at < kTile) {
              x = _mm256_or_si256(x, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kEqualLane + 16 - equal_at)));
            }
          }
          half[0] = _mm256_unpacklo_epi16(x, zero);
          half[1] = _mm256_unpackhi_epi16(x, zero);
        }
        for (unsigned c = 0; c < kChunks; ++c) {
          const __m256i base = _mm256_set1_epi32(static_cast<int>(32 * c));
          for (unsigned h = 0; h < kHalves; ++h) {
            acc[c][h] = _mm256_or_si256(acc[c][h], _mm256_sllv_epi32(one, _mm256_sub_epi32(half[h], base)));
          }
        }
      }
    }
    // Lanes 0-3 of half h hold heap sizes i + 4 h + 0..3, lanes 4-7 the four
    // after a gap of 4 (16-value tiles) or none (wide, one half): the unpacks'
    // order. Chunks 2 w and 2 w + 1 make word w of each heap's mask.
    constexpr std::uint64_t kGap = kWide ? 4 : 8;
    for (unsigned w = 0; w < kChunks / 2; ++w) {
      for (unsigned h = 0; h < kHalves; ++h) {
        or_lanes_into_words(acc[2 * w][h], acc[2 * w + 1][h], masks + w * block.length + i + 4 * h, kGap);
      }
    }
  }
}

// Values by class, when every source value is common (SparseBlock::common_sources_mask
// = M, t its highest bit): in a pass, every value x = v ^ g has the class
// parity(x & M) = parity(v & M) ^ 1, so the pass sets bits of that class only,
// indexed without bit t (idx = the bits below t, then those above t shifted down):
// kIdxChunks 32-bit chunks instead of 2 kIdxChunks chunks of values. The partners
// come grouped by class (SparseBlock::odd_partners), so one class's chunks are
// live at a time and a tile is 16 heap sizes: half the work of share_avx2 per pair.
// Bit t comes back when a tile is stored: x's bit t is its class ^ parity(x & M & (2^t - 1)).
// kHigh (values below 512, eight words): an XOR below 256 has the class
// parity(x & M & 255), so those go by class with M & 255 (four index chunks, as
// for four words), and a pass that meets one from 256 sets it one by one, as
// share_avx2 does (values from 256 are 0.01% of Grundy's game's to 2^30).
// The index of a value in the marking by class (share_by_class_avx2, _avx512):
// M the sources' common mask (its bits below 256 with values from 256, kHigh),
// t its highest bit; the index is the value without bit t.
template <unsigned kIdxChunks>
struct ClassIndex {
  ClassIndex(const SparseBlock<std::uint16_t>& block, bool high) {
    const std::uint64_t mask = high ? block.common_sources_mask & 0xff : block.common_sources_mask;
    const unsigned t = 63U - static_cast<unsigned>(std::countl_zero(mask));
    below_t = static_cast<std::uint16_t>((1U << t) - 1);
    // Values below 2^(t+1) (bit t the highest a value has): the index is x
    // without bit t, x & top_keep. Padding (and all-ones lanes) keeps its bits
    // above t, so its index stays past every chunk.
    top_bit_only = 64ULL * block.words == std::uint64_t{2} << t;
    top_keep = static_cast<std::uint16_t>(below_t | ~((2U << t) - 1U));
    segment_chunks = 1U << (t - 5);
    // pattern[k] bit b is parity((32 k + b) & M): the parity of b's bits under M
    // (bit q of b set in the lanes of kBitOfLane[q]), flipped where 32 k has odd
    // parity. Made per call, and a claim is a tile or two: a few steps, not a
    // parity for each of a chunk's 32 values.
    const std::uint64_t low_mask = mask & below_t;
    std::uint32_t lanes = 0;
    for (unsigned q = 0; q < 5; ++q) {
      if (((low_mask >> q) & 1U) != 0) lanes ^= kBitOfLane[q];
    }
    for (unsigned k = 0; k < segment_chunks && k < kIdxChunks; ++k) {
      pattern[k] = (std::popcount((32 * k) & low_mask) & 1) != 0 ? ~lanes : lanes;
    }
  }
  static constexpr std::uint32_t kBitOfLane[5] = {0xaaaaaaaa, 0xcccccccc, 0xf0f0f0f0, 0xff00ff00, 0xffff0000};
  std::uint16_t below_t = 0;               // the bits below t
  std::uint16_t top_keep = 0;              // below_t and the bits above t
  bool top_bit_only = false;               // the index is x & top_keep
  unsigned segment_chunks = 0;             // index chunks per 2^t values
  std::uint32_t pattern[kIdxChunks] = {};  // pattern[k] bit b: parity((32 k + b) & M) over the bits below t
};

template <unsigned kIdxChunks, bool kUnequal, bool kHigh, bool kPadded>
[[gnu::target("avx2")]] void share_by_class_avx2(const SparseBlock<std::uint16_t>& block, std::size_t first,
                                                 std::size_t last, std::uint64_t heap_from, std::uint64_t heap_to,
                                                 std::uint64_t* masks) {
  constexpr std::uint64_t kTile = 16;
  const ClassIndex<kIdxChunks> index(block, kHigh);
  const unsigned segment_chunks = index.segment_chunks;
  const std::uint32_t* const pattern = index.pattern;
  const bool top_bit_only = index.top_bit_only;
  const auto below_t = index.below_t;
  // Partners [0, odd_partners) have odd values: their pairs' values are of class 0.
  const std::size_t split = std::clamp(block.odd_partners, first, last);
  const std::size_t from[2] = {first, split};
  const std::size_t to[2] = {split, last};
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i zero = _mm256_setzero_si256();
  const __m256i keep = _mm256_set1_epi16(static_cast<short>(below_t));
  const __m256i top_keep = _mm256_set1_epi16(static_cast<short>(index.top_keep));
  const __m256i high_bits = _mm256_set1_epi16(static_cast<short>(0xff00));
  const std::uint64_t largest_split = largest_of(block.splits);
  std::size_t live[2] = {from[0], from[1]};  // past each class's partners all padding (past_padding)
  // Lane l of half h holds heap size i + 4 h + l (l < 4) or i + 4 h + 4 + l (l >= 4): the unpacks' order.
  for (std::uint64_t i = heap_from; i < heap_to; i += kTile) {
    const std::uint64_t n0 = block.begin + i;
    alignas(32) std::uint32_t lanes[2][kIdxChunks][2][8] = {};
    for (unsigned cls = 0; cls < 2; ++cls) {
      live[cls] = past_padding<kPadded>(block, largest_split, i, live[cls], to[cls]);
      if (live[cls] >= to[cls]) continue;
      __m256i acc[kIdxChunks][2];
      for (auto& chunk : acc) chunk[0] = chunk[1] = zero;
      for (std::size_t j = live[cls]; j < to[cls]; ++j) {
        const std::uint64_t r = block.partners[j];
        const __m256i v = _mm256_set1_epi16(static_cast<short>(block.partner_values[j]));
        for (std::size_t s = 0; s < block.splits.size(); ++s) {
          const std::uint64_t k = block.splits[s];
          const std::uint16_t* src = block.sources[j * block.splits.size() + s] + i;
          __m256i x = _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src)), v);
          // All ones where x is 256 .. 511, set one by one: those lanes then reach
          // no chunk. Padding (512 on, kPadded) keeps its high bits in the index,
          // which reaches no chunk either.
          __m256i high_lanes = zero;
          if constexpr (kHigh) {
            const __m256i high = kPadded ? high_values(x) : _mm256_and_si256(x, high_bits);
            if (_mm256_testz_si256(high, high) == 0) {
              alignas(32) std::uint16_t xors[16];
              _mm256_store_si256(reinterpret_cast<__m256i*>(xors), x);
              mark_high(xors, 16, kUnequal ? 2 * r + k - n0 : kTile, masks + i, block.length);
              high_lanes =
                  kPadded ? high : _mm256_xor_si256(_mm256_cmpeq_epi16(high, zero), _mm256_cmpeq_epi16(zero, zero));
            }
          }
          x = top_bit_only
                  ? _mm256_and_si256(x, top_keep)
                  : _mm256_or_si256(_mm256_and_si256(x, keep), _mm256_andnot_si256(keep, _mm256_srli_epi16(x, 1)));
          x = _mm256_or_si256(x, high_lanes);
          if constexpr (kUnequal) {  // after the index: an all-ones lane reaches no chunk
            const std::uint64_t equal_at = 2 * r + k - n0;
            if (equal_at < kTile) {
              x = _mm256_or_si256(x, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kEqualLane + 16 - equal_at)));
            }
          }
          const __m256i half[2] = {_mm256_unpacklo_epi16(x, zero), _mm256_unpackhi_epi16(x, zero)};
          for (unsigned c = 0; c < kIdxChunks; ++c) {
            const __m256i base = _mm256_set1_epi32(static_cast<int>(32 * c));
            for (unsigned h = 0; h < 2; ++h) {
              acc[c][h] = _mm256_or_si256(acc[c][h], _mm256_sllv_epi32(one, _mm256_sub_epi32(half[h], base)));
            }
          }
        }
      }
      for (unsigned c = 0; c < kIdxChunks; ++c) {
        for (unsigned h = 0; h < 2; ++h) _mm256_store_si256(reinterpret_cast<__m256i*>(lanes[cls][c][h]), acc[c][h]);
      }
    }
    // Bit t back, eight heap sizes at once: a chunk of class cls holds values
    // with bit t where pattern ^ cls says so, without it elsewhere; then two
    // 32-bit chunks make each 64-bit word of a heap's mask.
    for (unsigned h = 0; h < 2; ++h) {
      __m256i values[2 * kIdxChunks];
      for (auto& chunk : values) chunk = zero;
      for (unsigned cls = 0; cls < 2; ++cls) {
        const std::uint32_t flip = cls != 0 ? ~std::uint32_t{0} : 0;
        for (unsigned c = 0; c < kIdxChunks; ++c) {
          const __m256i bits = _mm256_load_si256(reinterpret_cast<const __m256i*>(lanes[cls][c][h]));
          const unsigned segment = c / segment_chunks;
          const unsigned within = c % segment_chunks;
          const __m256i bit_t_set = _mm256_set1_epi32(static_cast<int>(pattern[within] ^ flip));
          __m256i& without_t = values[(2 * segment) * segment_chunks + within];
          __m256i& with_t = values[(2 * segment + 1) * segment_chunks + within];
          without_t = _mm256_or_si256(without_t, _mm256_andnot_si256(bit_t_set, bits));
          with_t = _mm256_or_si256(with_t, _mm256_and_si256(bits, bit_t_set));
        }
      }
      for (unsigned w = 0; w < kIdxChunks; ++w) {
        or_lanes_into_words(values[2 * w], values[2 * w + 1], masks + w * block.length + i + 4 * h, 8);
      }
    }
  }
}

// GCC 12 warns of its own AVX-512 conversions (they start from an undefined register).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

// Sixteen heaps' 64-bit mask words (lane l: heap l) from their low and high
// 32-bit halves, ORed into at[0 .. 16).
[[gnu::target("avx2,avx512f,avx512bw")]] inline void or_chunks_into_words(__m512i low_halves, __m512i high_halves,
                                                                          std::uint64_t* at) {
  for (unsigned q = 0; q < 2; ++q) {
    const __m256i low = q == 0 ? _mm512_castsi512_si256(low_halves) : _mm512_extracti64x4_epi64(low_halves, 1);
    const __m256i high = q == 0 ? _mm512_castsi512_si256(high_halves) : _mm512_extracti64x4_epi64(high_halves, 1);
    const __m512i words =
        _mm512_or_si512(_mm512_cvtepu32_epi64(low), _mm512_slli_epi64(_mm512_cvtepu32_epi64(high), 32));
    _mm512_storeu_si512(at + 8 * q, _mm512_or_si512(_mm512_loadu_si512(at + 8 * q), words));
  }
}

// share_avx2 with AVX-512 (F, BW): a tile is 32 heap sizes, each chunk of
// values one register of 16 of them (the AVX2 form's tiles are 16 heap sizes
// in two registers a chunk, or 8 in one for values below 256). A stretch's
// last tile of 16, if any, goes to the AVX2 form.
template <unsigned kChunks, bool kUnequal, bool kHigh, bool kPadded>
[[gnu::target("avx2,avx512f,avx512bw")]] void share_avx512(const SparseBlock<std::uint16_t>& block, std::size_t first,
                                                           std::size_t last, std::uint64_t heap_from,
                                                           std::uint64_t heap_to, std::uint64_t* masks) {
  constexpr std::uint64_t kTile = 32;
  const __m512i one = _mm512_set1_epi32(1);
  const __m512i zero = _mm512_setzero_si512();
  const __m512i all_ones = _mm512_set1_epi16(-1);
  const std::uint64_t largest_split = largest_of(block.splits);
  std::size_t live = first;
  std::uint64_t i = heap_from;
  for (; i + kTile <= heap_to; i += kTile) {
    __m512i acc[kChunks][2];  // chunk c, half h: values 32 c .. 32 c + 31 of heap sizes i + 16 h + l
    for (auto& chunk : acc) chunk[0] = chunk[1] = zero;
    const std::uint64_t n0 = block.begin + i;
    live = past_padding<kPadded>(block, largest_split, i, live, last);
    for (std::size_t j = live; j < last; ++j) {
      const std::uint64_t r = block.partners[j];
      const __m512i v = _mm512_set1_epi16(static_cast<short>(block.partner_values[j]));
      for (std::size_t s = 0; s < block.splits.size(); ++s) {
        const std::uint64_t k = block.splits[s];
        const std::uint16_t* src = block.sources[j * block.splits.size() + s] + i;
        __m512i x = _mm512_xor_si512(_mm512_loadu_si512(src), v);
        if constexpr (kHigh) {
          // Values 256 .. 511 (they reach no chunk); padding (512 on, kPadded) reaches none by itself.
          const __mmask32 high = kPadded ? _mm512_cmpeq_epi16_mask(_mm512_srli_epi16(x, 8), _mm512_set1_epi16(1))
                                         : _mm512_test_epi16_mask(x, _mm512_set1_epi16(static_cast<short>(0xff00)));
          if (high != 0) {
            alignas(64) std::uint16_t lanes[kTile];
            _mm512_store_si512(lanes, x);
            mark_high(lanes, kTile, kUnequal ? 2 * r + k - n0 : kTile, masks + i, block.length);
          }
        }
        if constexpr (kUnequal) {  // n - k = 2r: (r, r) is not a move; an all-ones lane reaches no chunk
          const std::uint64_t equal_at = 2 * r + k - n0;
          if (equal_at < kTile) x = _mm512_mask_mov_epi16(x, __mmask32{1} << equal_at, all_ones);
        }
        const __m512i half[2] = {_mm512_cvtepu16_epi32(_mm512_castsi512_si256(x)),
                                 _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(x, 1))};
        for (unsigned c = 0; c < kChunks; ++c) {
          const __m512i base = _mm512_set1_epi32(static_cast<int>(32 * c));
          for (unsigned h = 0; h < 2; ++h) {
            acc[c][h] = _mm512_or_si512(acc[c][h], _mm512_sllv_epi32(one, _mm512_sub_epi32(half[h], base)));
          }
        }
      }
    }
    for (unsigned w = 0; w < kChunks / 2; ++w) {
      for (unsigned h = 0; h < 2; ++h) {
        or_chunks_into_words(acc[2 * w][h], acc[2 * w + 1][h], masks + w * block.length + i + 16 * h);
      }
    }
  }
  if (i < heap_to) share_avx2<kChunks, kUnequal, kHigh, kPadded>(block, first, last, i, heap_to, masks);
}

// share_by_class_avx2 with AVX-512 (F, BW): a tile is 32 heap sizes, one
// 64-byte load a pair where the AVX2 form makes two passes of 32 bytes, and
// each 32-bit chunk is one register of 16 heap sizes where AVX2 needs two:
// about half the instructions a pair. A stretch's last tile of 16, if any,
// goes to the AVX2 form.
template <unsigned kIdxChunks, bool kUnequal, bool kHigh, bool kPadded>
[[gnu::target("avx2,avx512f,avx512bw")]] void share_by_class_avx512(const SparseBlock<std::uint16_t>& block,
                                                                    std::size_t first, std::size_t last,
                                                                    std::uint64_t heap_from, std::uint64_t heap_to,
                                                                    std::uint64_t* masks) {
  constexpr std::uint64_t kTile = 32;
  const ClassIndex<kIdxChunks> index(block, kHigh);
  const unsigned segment_chunks = index.segment_chunks;
  const std::uint32_t* const pattern = index.pattern;
  const bool top_bit_only = index.top_bit_only;
  const auto below_t = index.below_t;
  const std::size_t split = std::clamp(block.odd_partners, first, last);
  const std::size_t from[2] = {first, split};
  const std::size_t to[2] = {split, last};
  const __m512i one = _mm512_set1_epi32(1);
  const __m512i zero = _mm512_setzero_si512();
  const __m512i all_ones = _mm512_set1_epi16(-1);
  const __m512i keep = _mm512_set1_epi16(static_cast<short>(below_t));
  const __m512i top_keep = _mm512_set1_epi16(static_cast<short>(index.top_keep));
  const std::uint64_t largest_split = largest_of(block.splits);
  std::size_t live[2] = {from[0], from[1]};
  std::uint64_t i = heap_from;
  for (; i + kTile <= heap_to; i += kTile) {
    const std::uint64_t n0 = block.begin + i;
    // Lane l of half h: heap size i + 16 h + l.
    alignas(64) std::uint32_t lanes[2][kIdxChunks][2][16] = {};
    for (unsigned cls = 0; cls < 2; ++cls) {
      live[cls] = past_padding<kPadded>(block, largest_split, i, live[cls], to[cls]);
      if (live[cls] >= to[cls]) continue;
      __m512i acc[kIdxChunks][2];
      for (auto& chunk : acc) chunk[0] = chunk[1] = zero;
      for (std::size_t j = live[cls]; j < to[cls]; ++j) {
        const std::uint64_t r = block.partners[j];
        const __m512i v = _mm512_set1_epi16(static_cast<short>(block.partner_values[j]));
        for (std::size_t s = 0; s < block.splits.size(); ++s) {
          const std::uint64_t k = block.splits[s];
          const std::uint16_t* src = block.sources[j * block.splits.size() + s] + i;
          __m512i x = _mm512_xor_si512(_mm512_loadu_si512(src), v);
          // Values 256 .. 511 set one by one; their lanes then reach no chunk
          // (padding, 512 on, keeps its high bits in the index: none either).
          __mmask32 high = 0;
          if constexpr (kHigh) {
            high = kPadded ? _mm512_cmpeq_epi16_mask(_mm512_srli_epi16(x, 8), _mm512_set1_epi16(1))
                           : _mm512_test_epi16_mask(x, _mm512_set1_epi16(static_cast<short>(0xff00)));
            if (high != 0) {
              alignas(64) std::uint16_t xors[kTile];
              _mm512_store_si512(xors, x);
              mark_high(xors, kTile, kUnequal ? 2 * r + k - n0 : kTile, masks + i, block.length);
            }
          }
          // The index: x without bit t (bits below it kept, those above shifted down).
          x = top_bit_only ? _mm512_and_si512(x, top_keep)
                           : _mm512_ternarylogic_epi32(keep, x, _mm512_srli_epi16(x, 1), 0xca);
          if constexpr (kHigh) x = _mm512_mask_mov_epi16(x, high, all_ones);
          if constexpr (kUnequal) {  // n - k = 2r: (r, r) is not a move; an all-ones lane reaches no chunk
            const std::uint64_t equal_at = 2 * r + k - n0;
            if (equal_at < kTile) x = _mm512_mask_mov_epi16(x, __mmask32{1} << equal_at, all_ones);
          }
          const __m512i half[2] = {_mm512_cvtepu16_epi32(_mm512_castsi512_si256(x)),
                                   _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(x, 1))};
          for (unsigned c = 0; c < kIdxChunks; ++c) {
            const __m512i base = _mm512_set1_epi32(static_cast<int>(32 * c));
            for (unsigned h = 0; h < 2; ++h) {
              acc[c][h] = _mm512_or_si512(acc[c][h], _mm512_sllv_epi32(one, _mm512_sub_epi32(half[h], base)));
            }
          }
        }
      }
      for (unsigned c = 0; c < kIdxChunks; ++c) {
        for (unsigned h = 0; h < 2; ++h) _mm512_store_si512(lanes[cls][c][h], acc[c][h]);
      }
    }
    // Bit t back (as in share_by_class_avx2), then each heap's 64-bit words
    // from chunks 2 w (low half) and 2 w + 1 (high half), eight heaps a store.
    for (unsigned h = 0; h < 2; ++h) {
      __m512i values[2 * kIdxChunks];
      for (auto& chunk : values) chunk = zero;
      for (unsigned cls = 0; cls < 2; ++cls) {
        const std::uint32_t flip = cls != 0 ? ~std::uint32_t{0} : 0;
        for (unsigned c = 0; c < kIdxChunks; ++c) {
          const __m512i bits = _mm512_load_si512(lanes[cls][c][h]);
          const unsigned segment = c / segment_chunks;
          const unsigned within = c % segment_chunks;
          const __m512i bit_t_set = _mm512_set1_epi32(static_cast<int>(pattern[within] ^ flip));
          __m512i& without_t = values[(2 * segment) * segment_chunks + within];
          __m512i& with_t = values[(2 * segment + 1) * segment_chunks + within];
          without_t = _mm512_or_si512(without_t, _mm512_andnot_si512(bit_t_set, bits));
          with_t = _mm512_or_si512(with_t, _mm512_and_si512(bits, bit_t_set));
        }
      }
      for (unsigned w = 0; w < kIdxChunks; ++w) {
        or_chunks_into_words(values[2 * w], values[2 * w + 1], masks + w * block.length + i + 16 * h);
      }
    }
  }
  if (i < heap_to) share_by_class_avx2<kIdxChunks, kUnequal, kHigh, kPadded>(block, first, last, i, heap_to, masks);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

// mark_run_pairs, 16 pairs a step, kWords words (kWords * 2 chunks of 32 values):
// lanes past count read values that exist but are masked to a shift that sets
// nothing. No intrinsic takes an immediate (an unoptimised build could not fold it).
// kHigh: values below 512 in eight words, the vector marking the first four and
// the few from 256 on (Grundy's game past 7,250,049) set one by one.
template <unsigned kWords, bool kHigh = false>
[[gnu::target("avx2")]] void mark_run_pairs_avx2(const std::uint16_t* lo, const std::uint16_t* hi, std::uint64_t count,
                                                 std::uint64_t* seen) {
  constexpr unsigned kChunks = 2 * kWords;
  const __m256i reverse_bytes =
      _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5,
                       2, 3, 0, 1);
  const __m256i swap_halves = _mm256_setr_epi32(4, 5, 6, 7, 0, 1, 2, 3);
  const __m256i lane_end = _mm256_setr_epi16(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
  const __m256i zero = _mm256_setzero_si256();
  const __m256i one = _mm256_set1_epi32(1);
  __m256i acc[kChunks];  // chunk c: values 32 c .. 32 c + 31
  for (auto& chunk : acc) chunk = zero;
  for (std::uint64_t i = 0; i < count; i += 16) {
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(lo + i));
    __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(hi - i - 15));
    b = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(b, reverse_bytes), swap_halves);  // lane j: *(hi - i - j)
    const __m256i left = _mm256_set1_epi16(static_cast<short>(std::min<std::uint64_t>(count - i, 16)));
    const __m256i past = _mm256_cmpgt_epi16(lane_end, left);  // lane j >= left: all ones, a shift past 31
    const __m256i x = _mm256_or_si256(_mm256_xor_si256(a, b), past);
    if constexpr (kHigh) {
      // Lanes past count hold all ones, negative as 16-bit: not above 255.
      const __m256i high = _mm256_cmpgt_epi16(x, _mm256_set1_epi16(255));
      if (_mm256_testz_si256(high, high) == 0) {
        alignas(32) std::uint16_t lanes[16];
        _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), x);
        for (const std::uint16_t v : lanes) {
          if (v >= 256 && v < 512) add_value(seen, v);
        }
      }
    }
    for (const __m256i& h : {_mm256_unpacklo_epi16(x, zero), _mm256_unpackhi_epi16(x, zero)}) {
      for (unsigned c = 0; c < kChunks; ++c) {
        const __m256i base = _mm256_set1_epi32(static_cast<int>(32 * c));
        acc[c] = _mm256_or_si256(acc[c], _mm256_sllv_epi32(one, _mm256_sub_epi32(h, base)));
      }
    }
  }
  for (unsigned w = 0; w < kWords; ++w) {
    // Lane l of chunks 2w and 2w + 1 make a 64-bit word; the four words are OR-ed together.
    const __m256i low = acc[2 * w];
    const __m256i high = acc[2 * w + 1];
    const __m256i words = _mm256_or_si256(_mm256_unpacklo_epi32(low, high), _mm256_unpackhi_epi32(low, high));
    const __m128i two =
        _mm256_castsi256_si128(_mm256_or_si256(words, _mm256_permutevar8x32_epi32(words, swap_halves)));
    seen[w] |= static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_or_si128(two, _mm_unpackhi_epi64(two, two))));
  }
}

// Calls form.template operator()<kUnequal, kPadded>() with the block's rule
// against equal heaps and its padding: each marking form is compiled for each
// (a padded block's forms skip the partners all padding in each tile, and with
// values from 256, kHigh, test for 256 .. 511 alone).
template <class Form>
void for_block_shape(const SparseBlock<std::uint16_t>& block, Form&& form) {
  if (block.padded) {
    if (block.unequal_split) return form.template operator()<true, true>();
    return form.template operator()<false, true>();
  }
  if (block.unequal_split) return form.template operator()<true, false>();
  form.template operator()<false, false>();
}

template <unsigned kChunks, bool kHigh = false>
void share_chunks(const SparseBlock<std::uint16_t>& block, std::size_t first, std::size_t last, std::uint64_t heap_from,
                  std::uint64_t heap_to, std::uint64_t* masks) {
  const bool wide = avx512_in_use();
  for_block_shape(block, [&]<bool kUnequal, bool kPadded>() {
    if (wide) return share_avx512<kChunks, kUnequal, kHigh, kPadded>(block, first, last, heap_from, heap_to, masks);
    share_avx2<kChunks, kUnequal, kHigh, kPadded>(block, first, last, heap_from, heap_to, masks);
  });
}

template <unsigned kIdxChunks, bool kHigh = false>
void share_classes(const SparseBlock<std::uint16_t>& block, std::size_t first, std::size_t last,
                   std::uint64_t heap_from, std::uint64_t heap_to, std::uint64_t* masks) {
  const bool wide = avx512_in_use();
  for_block_shape(block, [&]<bool kUnequal, bool kPadded>() {
    if (wide) {
      return share_by_class_avx512<kIdxChunks, kUnequal, kHigh, kPadded>(block, first, last, heap_from, heap_to, masks);
    }
    share_by_class_avx2<kIdxChunks, kUnequal, kHigh, kPadded>(block, first, last, heap_from, heap_to, masks);
  });
}

}  // namespace

std::uint64_t marking_tile() { return avx512_in_use() ? 2 * kBlockQuantum : kBlockQuantum; }

template <class V>
void mark_partner_share(const SparseBlock<V>& block, std::size_t first, std::size_t last, std::uint64_t heap_from,
                        std::uint64_t heap_to, std::uint64_t* masks) {
  if (first >= last || heap_from >= heap_to) return;
  if constexpr (sizeof(V) == 2) {
    if (kHaveAvx2 && block.common_sources_mask != 0) {
      if (block.words == 1) return share_classes<1>(block, first, last, heap_from, heap_to, masks);
      if (block.words == 2) return share_classes<2>(block, first, last, heap_from, heap_to, masks);
      if (block.words == 4) return share_classes<4>(block, first, last, heap_from, heap_to, masks);
      if (block.words == 8 && marks_by_class(8, block.common_sources_mask)) {
        return share_classes<4, true>(block, first, last, heap_from, heap_to, masks);
      }
    }
    if (kHaveAvx2) {
      if (block.words <= 1) return share_chunks<2>(block, first, last, heap_from, heap_to, masks);
      if (block.words <= 2) return share_chunks<4>(block, first, last, heap_from, heap_to, masks);
      if (block.words <= 4) return share_chunks<8>(block, first, last, heap_from, heap_to, masks);
      return share_chunks<8, true>(block, first, last, heap_from, heap_to, masks);
    }
  }
  share_scalar(block, first, last, heap_from, heap_to, masks);
}

template <class V>
void mark_partner_share(const SparseBlock<V>& block, std::size_t first, std::size_t last, std::uint64_t* masks) {
  mark_partner_share(block, first, last, 0, block.length, masks);
}

namespace {

// small_pair_reaches: the gather reads two values at g(rest - 1 - h), the
// other heap's in the upper half.
[[gnu::target("avx2")]] bool small_pair_reaches_avx2(const std::uint16_t* below, const std::int32_t* heaps,
                                                     const std::int32_t* values, std::size_t count, std::uint32_t m) {
  const __m256i target = _mm256_set1_epi32(static_cast<int>(m));
  const __m256i zero = _mm256_setzero_si256();
  for (std::size_t j = 0; j < count; j += 8) {
    const __m256i offsets = _mm256_sub_epi32(zero, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(heaps + j)));
    const __m256i two = _mm256_i32gather_epi32(reinterpret_cast<const int*>(below), offsets, 2);
    const __m256i x =
        _mm256_xor_si256(_mm256_srli_epi32(two, 16), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(values + j)));
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(x, target)) != 0) return true;
  }
  return false;
}

[[gnu::target("avx2")]] void slide_window_avx2(std::uint16_t* window, std::uint16_t newest) {
  static_assert(kWindow == 16, "one 256-bit vector");
  const __m256i old = _mm256_load_si256(reinterpret_cast<const __m256i*>(window));
  const __m256i upper = _mm256_permute2x128_si256(old, old, 0x81);  // the upper half low, zero above
  const __m256i down = _mm256_alignr_epi8(upper, old, 2);           // lane j <- lane j + 1
  _mm256_store_si256(reinterpret_cast<__m256i*>(window), _mm256_insert_epi16(down, static_cast<short>(newest), 15));
}

}  // namespace

bool small_pair_reaches(const std::uint16_t* below, const std::int32_t* heaps, const std::int32_t* values,
                        std::size_t count, std::uint32_t m) {
  return small_pair_reaches_avx2(below, heaps, values, count, m);
}

void slide_window(std::uint16_t* window, std::uint16_t newest) { slide_window_avx2(window, newest); }

void mark_window_pairs(const std::uint16_t* first_values, const std::uint16_t* window, unsigned words,
                       std::uint64_t* seen) {
  // Pair a reads first_values[a - 1] and window[kWindow - a]: a run of kWindow
  // pairs whose other side ends at the window's last value.
  const std::uint16_t* const newest = window + kWindow - 1;
  switch (words) {
    case 1:
      return mark_run_pairs_avx2<1>(first_values, newest, kWindow, seen);
    case 2:
      return mark_run_pairs_avx2<2>(first_values, newest, kWindow, seen);
    case 4:
      return mark_run_pairs_avx2<4>(first_values, newest, kWindow, seen);
    default:
      return mark_run_pairs_avx2<4, true>(first_values, newest, kWindow, seen);
  }
}

template <class V>
void mark_run_pairs(const V* lo, const V* hi, std::uint64_t count, unsigned words, bool slack, std::uint64_t* seen) {
  if constexpr (sizeof(V) == 2) {
    if (slack && kHaveAvx2) {
      switch (words) {
        case 1: return mark_run_pairs_avx2<1>(lo, hi, count, seen);
        case 2: return mark_run_pairs_avx2<2>(lo, hi, count, seen);
        case 4: return mark_run_pairs_avx2<4>(lo, hi, count, seen);
        case 8: return mark_run_pairs_avx2<4, true>(lo, hi, count, seen);
        default: break;
      }
    }
  }
  const auto bit = [lo, hi](std::uint64_t i) { return static_cast<std::uint64_t>(lo[i] ^ *(hi - i)); };
  std::uint64_t i = 0;
  if (words == 1) {
    std::uint64_t even = 0;
    std::uint64_t odd = 0;
    for (; i + 2 <= count; i += 2) {
      even |= std::uint64_t{1} << (bit(i) & 63);
      odd |= std::uint64_t{1} << (bit(i + 1) & 63);
    }
    if (i < count) even |= std::uint64_t{1} << (bit(i) & 63);
    seen[0] |= even | odd;
    return;
  }
  std::uint64_t acc[4][kMaxMaskWords] = {};
  const auto add = [&acc](unsigned set, std::uint64_t x) { add_value(acc[set], x); };
  for (; i + 4 <= count; i += 4) {
    add(0, bit(i));
    add(1, bit(i + 1));
    add(2, bit(i + 2));
    add(3, bit(i + 3));
  }
  for (; i < count; ++i) add(0, bit(i));
  for (unsigned w = 0; w < words; ++w) seen[w] |= acc[0][w] | acc[1][w] | acc[2][w] | acc[3][w];
}

// At once when the lowest source, g(begin - largest split - largest partner),
// lies past every rare heap. Else a rare heap q is the other heap of partner r
// for heap size begin + i where r = begin + i - k - q: only the few rare heaps
// that high can be one, each with a window of partners to look at.
bool no_rare_source(std::span<const std::uint64_t> rare, std::uint64_t begin, std::uint64_t length,
                    std::span<const std::uint64_t> splits, std::uint64_t prefix, std::uint64_t largest_partner,
                    std::size_t most) {
  if (rare.empty() || splits.empty()) return true;
  const std::uint64_t largest_split = *std::max_element(splits.begin(), splits.end());
  if (rare.back() + largest_split + largest_partner < begin) return true;
  const std::uint64_t lowest = begin > largest_split + largest_partner ? begin - largest_split - largest_partner : 0;
  const auto first = std::lower_bound(rare.begin(), rare.end(), lowest);
  const auto last = std::lower_bound(first, rare.end(), begin + length);
  if (static_cast<std::size_t>(last - first) > most) return false;
  for (auto q = first; q != last; ++q) {
    for (const std::uint64_t k : splits) {
      const auto reach = static_cast<std::int64_t>(begin) - static_cast<std::int64_t>(k + *q);  // r = reach + i
      const std::int64_t low = std::max<std::int64_t>(1, reach);
      const std::int64_t high =
          std::min(static_cast<std::int64_t>(largest_partner), reach + static_cast<std::int64_t>(length) - 1);
      if (low > high) continue;
      if (low <= static_cast<std::int64_t>(prefix)) return false;  // a heap of the prefix may be a partner
      const auto partner = std::lower_bound(rare.begin(), rare.end(), static_cast<std::uint64_t>(low));
      if (partner != rare.end() && static_cast<std::int64_t>(*partner) <= high) return false;
    }
  }
  return true;
}

namespace {

// The two never overlap: without __restrict__ the loop first tested that, on
// the baseline's narrow vectors; a group's exchange ORs a short row per
// process and mask word (16 ranks: 28.8 -> 16.4 million instructions a rank
// in BM_GrundysGame_Group/16).
[[gnu::always_inline]] inline void combine_masks_body(std::uint64_t* __restrict__ into,
                                                      const std::uint64_t* __restrict__ from, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) into[i] |= from[i];
}

[[gnu::target("avx2")]] void combine_masks_avx2(std::uint64_t* into, const std::uint64_t* from, std::size_t count) {
  combine_masks_body(into, from, count);
}

}  // namespace

void combine_masks(std::uint64_t* into, const std::uint64_t* from, std::size_t count) {
  if (kHaveAvx2) return combine_masks_avx2(into, from, count);
  combine_masks_body(into, from, count);
}

namespace {

// The sources of one or two splits (firsts: at - split), written once for
// AVX2 and once for the baseline (where g++ keeps 64-bit lanes scalar).
template <class V>
[[gnu::always_inline]] inline void point_sources_body(const V* const* firsts, std::size_t ways,
                                                      const std::uint64_t* heaps, std::size_t count,
                                                      const V** sources) {
  if (ways == 1) {
    for (std::size_t j = 0; j < count; ++j) sources[j] = firsts[0] - heaps[j];
    return;
  }
  for (std::size_t j = 0; j < count; ++j) {
    sources[2 * j] = firsts[0] - heaps[j];
    sources[2 * j + 1] = firsts[1] - heaps[j];
  }
}

template <class V>
[[gnu::target("avx2")]] void point_sources_avx2(const V* const* firsts, std::size_t ways, const std::uint64_t* heaps,
                                                std::size_t count, const V** sources) {
  point_sources_body(firsts, ways, heaps, count, sources);
}

template <class V>
void point_sources_base(const V* const* firsts, std::size_t ways, const std::uint64_t* heaps, std::size_t count,
                        const V** sources) {
  point_sources_body(firsts, ways, heaps, count, sources);
}

}  // namespace

template <class V>
void point_sources(const V* at, std::span<const std::uint64_t> splits, std::span<const std::uint64_t> partners,
                   const V** sources) {
  const std::size_t ways = splits.size();
  if (ways > 2) {
    for (std::size_t j = 0; j < partners.size(); ++j) {
      for (std::size_t s = 0; s < ways; ++s) sources[j * ways + s] = at - splits[s] - partners[j];
    }
    return;
  }
  const V* const firsts[2] = {at - splits[0], at - splits[ways - 1]};
  if (kHaveAvx2) {
    point_sources_avx2(firsts, ways, partners.data(), partners.size(), sources);
  } else {
    point_sources_base(firsts, ways, partners.data(), partners.size(), sources);
  }
}

template void mark_partner_share<std::uint16_t>(const SparseBlock<std::uint16_t>&, std::size_t, std::size_t,
                                                std::uint64_t, std::uint64_t, std::uint64_t*);
template void mark_partner_share<std::uint32_t>(const SparseBlock<std::uint32_t>&, std::size_t, std::size_t,
                                                std::uint64_t, std::uint64_t, std::uint64_t*);
template void mark_partner_share<std::uint16_t>(const SparseBlock<std::uint16_t>&, std::size_t, std::size_t,
                                                std::uint64_t*);
template void mark_partner_share<std::uint32_t>(const SparseBlock<std::uint32_t>&, std::size_t, std::size_t,
                                                std::uint64_t*);
template void point_sources<std::uint16_t>(const std::uint16_t*, std::span<const std::uint64_t>,
                                           std::span<const std::uint64_t>, const std::uint16_t**);
template void point_sources<std::uint32_t>(const std::uint32_t*, std::span<const std::uint64_t>,
                                           std::span<const std::uint64_t>, const std::uint32_t**);
template void mark_run_pairs<std::uint16_t>(const std::uint16_t*, const std::uint16_t*, std::uint64_t, unsigned, bool,
                                            std::uint64_t*);
template void mark_run_pairs<std::uint32_t>(const std::uint32_t*, const std::uint32_t*, std::uint64_t, unsigned, bool,
                                            std::uint64_t*);

}  // namespace grundy::heap::detail
