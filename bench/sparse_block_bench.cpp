// The block method's marking step on a block shaped like Grundy's game past
// 2^28 (128 heap sizes, about 1,300 rare partners, one split, equal heaps left
// out): the vector form for values below 256 (four mask words) and below 512
// (eight words: values from 256 set one by one, `High` gives them the share of
// the pairs in its argument, per mille), the form that marks one class of
// values per pass (every source common; values below 256, or below 512 with
// those from 256 set one by one), beside the portable
// form (32-bit values) as the baseline; where the processor runs AVX-512, the
// AVX2 forms (`Avx2`) beside the AVX-512 ones, whose tiles are 32 heap sizes.
// Items are pairs times heap sizes.
// And a team's block of 256 heap sizes as K members share it, by partners
// (each member's masks ORed after) beside by heap sizes (one set of masks).
// And a team's near pass, whose sources are padded where a pair's other heap
// lies in the block, beside the portable form.
// And the pairs of small heaps as one word (values below 64) beside the plain loop.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "heap/cpu_features.hpp"
#include "heap/sparse_block.hpp"

namespace {

using grundy::heap::detail::combine_masks;
using grundy::heap::detail::mark_partner_share;
using grundy::heap::detail::SparseBlock;

constexpr std::uint64_t kLength = 128;
constexpr std::uint64_t kBegin = 1 << 20;
constexpr std::size_t kPartners = 1300;

template <class V>
struct Block {
  Block(unsigned words_, unsigned high_per_mille, std::uint64_t length_ = kLength) : words(words_), length(length_) {
    std::mt19937_64 random(42);
    // Values below 256, and per mille of them from 256 on (where the width allows).
    table.resize(kBegin);
    for (auto& v : table) {
      const bool high = words > 4 && random() % 1000 < high_per_mille;
      v = static_cast<V>(high ? 256 + random() % 256 : random() % std::min<unsigned>(256, 64 * words));
    }
    for (std::size_t j = 0; j < kPartners; ++j) partners.push_back(length + j * (kBegin / 2 / kPartners));
    for (std::uint64_t r : partners) {
      values.push_back(table[r]);
      sources.push_back(table.data() + (kBegin - r));
    }
  }
  [[nodiscard]] SparseBlock<V> view() const {
    return SparseBlock<V>{.begin = kBegin,
                          .length = length,
                          .splits = splits,
                          .partners = partners,
                          .partner_values = values,
                          .sources = sources,
                          .unequal_split = true,
                          .words = words};
  }
  unsigned words;
  std::uint64_t length;
  std::vector<V> table;
  std::vector<std::uint64_t> splits{0};
  std::vector<std::uint64_t> partners;
  std::vector<V> values;
  std::vector<const V*> sources;
};

// Times marking every partner of the block into masks of `words` words, `chunk`
// partners a call (a team's members claim chunks of about 100 to 500 partners
// on Grundy's game: each call stores its tiles into the masks once).
template <class V>
void time_marking(benchmark::State& state, const SparseBlock<V>& view, unsigned words, std::size_t chunk) {
  std::vector<std::uint64_t> masks(words * kLength);
  for (auto _ : state) {
    for (std::size_t first = 0; first < kPartners; first += chunk) {
      mark_partner_share(view, first, std::min(kPartners, first + chunk), masks.data());
    }
    benchmark::DoNotOptimize(masks.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kPartners * kLength));
}

template <class V>
void BM_MarkBlock(benchmark::State& state) {
  const Block<V> block(static_cast<unsigned>(state.range(0)), static_cast<unsigned>(state.range(1)));
  time_marking(state, block.view(), block.words, kPartners);
}

// The AVX2 forms while it lives, on a processor that runs AVX-512 too.
struct Avx2Forms {
  Avx2Forms() { grundy::heap::detail::use_avx512(false); }
  ~Avx2Forms() { grundy::heap::detail::use_avx512(true); }
  Avx2Forms(const Avx2Forms&) = delete;
  Avx2Forms& operator=(const Avx2Forms&) = delete;
};

void BM_MarkBlockAvx2(benchmark::State& state) {
  const Avx2Forms forms;
  BM_MarkBlock<std::uint16_t>(state);
}
BENCHMARK(BM_MarkBlockAvx2)->Name("BM_MarkBlockVectorAvx2")->ArgNames({"words", "high"})->Args({4, 0})->Args({8, 1});

// 16-bit values: the vector form; 32-bit values: the portable form (the baseline).
// Arguments: mask words, then values from 256 on per mille.
BENCHMARK(BM_MarkBlock<std::uint16_t>)
    ->Name("BM_MarkBlockVector")
    ->ArgNames({"words", "high"})
    ->Args({4, 0})
    ->Args({8, 0})
    ->Args({8, 1})
    ->Args({8, 10})
    ->Args({8, 100});
// The same block marked one class per pass: the sources made common under
// Grundy's game's mask (parity(g & M) = 1: M = 254 below 256, 510 below 512,
// as past 2^30), the partners grouped by class. Arguments as above; the vector
// form of the same width is the baseline.
// The block with every source common under Grundy's game's mask, its partners
// grouped by class, odd values first.
struct ClassBlock {
  ClassBlock(unsigned words, unsigned high_per_mille, std::uint64_t length = kLength)
      : mask(words > 4 ? 510 : 254), block(words, high_per_mille, length) {
    for (std::uint64_t n = length + kPartners * (kBegin / 2 / kPartners); n < kBegin; ++n) {
      if ((std::popcount(block.table[n] & mask) & 1) == 0) block.table[n] ^= 2;
    }
    std::vector<std::size_t> order(kPartners);
    for (std::size_t j = 0; j < kPartners; ++j) order[j] = j;
    const auto odd = [&](std::size_t j) { return (std::popcount(block.values[j] & mask) & 1) != 0; };
    std::stable_partition(order.begin(), order.end(), odd);
    odd_count = static_cast<std::size_t>(std::count_if(order.begin(), order.end(), odd));
    for (std::size_t j : order) {
      partners.push_back(block.partners[j]);
      values.push_back(block.values[j]);
      sources.push_back(block.sources[j]);
    }
  }
  [[nodiscard]] SparseBlock<std::uint16_t> view() const {
    SparseBlock<std::uint16_t> view = block.view();
    view.partners = partners;
    view.partner_values = values;
    view.sources = sources;
    view.common_sources_mask = mask;
    view.odd_partners = odd_count;
    return view;
  }
  std::uint64_t mask;
  Block<std::uint16_t> block;
  std::size_t odd_count = 0;
  std::vector<std::uint64_t> partners;
  std::vector<std::uint16_t> values;
  std::vector<const std::uint16_t*> sources;
};

void BM_MarkBlockByClass(benchmark::State& state) {
  const ClassBlock block(static_cast<unsigned>(state.range(0)), static_cast<unsigned>(state.range(1)));
  time_marking(state, block.view(), block.block.words, static_cast<std::size_t>(state.range(2)));
}
BENCHMARK(BM_MarkBlockByClass)
    ->ArgNames({"words", "high", "chunk"})
    ->Args({4, 0, kPartners})
    ->Args({4, 0, 80})
    ->Args({8, 1, kPartners})
    ->Args({8, 10, kPartners});

void BM_MarkBlockByClassAvx2(benchmark::State& state) {
  const Avx2Forms forms;
  BM_MarkBlockByClass(state);
}
BENCHMARK(BM_MarkBlockByClassAvx2)
    ->ArgNames({"words", "high", "chunk"})
    ->Args({4, 0, kPartners})
    ->Args({4, 0, 80})
    ->Args({8, 1, kPartners});

// A team's block of Grundy's game (256 heap sizes, four mask words, one class
// per pass) as `members` share its far share, one thread doing every member's
// part in turn: by partners (2 members' worth of chunks each, the split the
// team used: each into the member's own masks, cleared first, ORed into the
// first member's after) or by heap sizes (2 stretches a member of whole tiles
// of 16, at least one tile, into the one set of masks). The time is the work
// the block costs the team in all, whatever the cores.
void BM_MarkTeamBlock(benchmark::State& state) {
  constexpr std::uint64_t kTeamLength = 256;
  const auto members = static_cast<std::size_t>(state.range(0));
  const bool by_heaps = state.range(1) != 0;
  const ClassBlock block(4, 0, kTeamLength);
  const SparseBlock<std::uint16_t> view = block.view();
  const std::size_t words = 4 * kTeamLength;
  std::vector<std::vector<std::uint64_t>> masks(by_heaps ? 1 : members, std::vector<std::uint64_t>(words));
  const std::size_t chunk = std::max<std::size_t>(16, kPartners / (2 * members));
  const std::uint64_t step = std::max<std::uint64_t>(16, kTeamLength / (2 * members) / 16 * 16);
  for (auto _ : state) {
    if (by_heaps) {
      for (std::uint64_t from = 0; from < kTeamLength; from += step) {
        const std::uint64_t to = std::min(kTeamLength, from + step);
        for (std::size_t w = 0; w < 4; ++w) {
          std::fill(masks[0].begin() + static_cast<std::ptrdiff_t>(w * kTeamLength + from),
                    masks[0].begin() + static_cast<std::ptrdiff_t>(w * kTeamLength + to), 0);
        }
        mark_partner_share(view, 0, kPartners, from, to, masks[0].data());
      }
    } else {
      for (auto& own : masks) std::fill(own.begin(), own.end(), 0);
      std::size_t member = 0;
      for (std::size_t first = 0; first < kPartners; first += chunk) {
        mark_partner_share(view, first, std::min(kPartners, first + chunk), masks[member].data());
        member = (member + 1) % members;
      }
      for (std::size_t t = 1; t < members; ++t) combine_masks(masks[0].data(), masks[t].data(), words);
    }
    benchmark::DoNotOptimize(masks[0].data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kPartners * kTeamLength));
}
BENCHMARK(BM_MarkTeamBlock)
    ->ArgNames({"members", "by_heaps"})
    ->Args({1, 0})
    ->Args({2, 0})
    ->Args({2, 1})
    ->Args({4, 0})
    ->Args({4, 1})
    ->Args({16, 0})
    ->Args({16, 1})
    ->Args({64, 0})
    ->Args({64, 1});

BENCHMARK(BM_MarkBlock<std::uint32_t>)
    ->Name("BM_MarkBlockPortable")
    ->ArgNames({"words", "high"})
    ->Args({4, 0})
    ->Args({8, 10});

// A team's near pass over a block of Grundy's game (256 heap sizes): every heap
// r below twice the length is a partner, read from a copy of the values just
// below the block padded with the largest value where the other heap lies in
// the block itself (SparseBlock::padded: about a quarter of the lanes of the
// pass). A tile of 16 heap sizes a call, as the members claim it. Every source
// common under the mask (254 below 256, 510 below 512), the partners grouped
// by class, odd values first. 16-bit values: the vector form by class; 32-bit
// values: the portable form (the baseline). Items are the pairs marked.
template <class V>
struct NearBlock {
  static constexpr std::uint64_t kNearLength = 256;
  explicit NearBlock(unsigned words_) : words(words_), mask(words_ > 4 ? 510 : 254) {
    std::mt19937_64 random(11);
    const std::uint64_t below = 2 * kNearLength;  // the copy: heaps begin - 2L .. begin - 1
    copy.resize(below + kNearLength, std::numeric_limits<V>::max());
    for (std::uint64_t j = 0; j < below; ++j) {
      auto v = static_cast<V>(random() % 256);
      if ((std::popcount(v & mask) & 1) == 0) v ^= 2;  // common
      copy[j] = v;
    }
    std::vector<std::uint64_t> all;
    std::vector<V> all_values;
    for (std::uint64_t r = 1; r < below; ++r) {
      all.push_back(r);
      all_values.push_back(static_cast<V>(random() % 256));
    }
    for (int odd = 1; odd >= 0; --odd) {
      for (std::size_t j = 0; j < all.size(); ++j) {
        if ((std::popcount(all_values[j] & mask) & 1) != odd) continue;
        partners.push_back(all[j]);
        values.push_back(all_values[j]);
        sources.push_back(copy.data() + (below - all[j]));
      }
      if (odd == 1) odd_count = partners.size();
    }
  }
  [[nodiscard]] SparseBlock<V> view() const {
    return SparseBlock<V>{.begin = kBegin,
                          .length = kNearLength,
                          .splits = splits,
                          .partners = partners,
                          .partner_values = values,
                          .sources = sources,
                          .unequal_split = true,
                          .words = words,
                          .common_sources_mask = mask,
                          .odd_partners = odd_count,
                          .padded = true};
  }
  unsigned words;
  std::uint64_t mask;
  std::vector<V> copy;
  std::vector<std::uint64_t> splits{0};
  std::vector<std::uint64_t> partners;
  std::vector<V> values;
  std::vector<const V*> sources;
  std::size_t odd_count = 0;
};

template <class V>
void BM_MarkNearBlock(benchmark::State& state) {
  const NearBlock<V> block(static_cast<unsigned>(state.range(0)));
  const SparseBlock<V> view = block.view();
  constexpr std::uint64_t kLengthNear = NearBlock<V>::kNearLength;
  std::vector<std::uint64_t> masks(block.words * kLengthNear);
  for (auto _ : state) {
    for (std::uint64_t from = 0; from < kLengthNear; from += grundy::heap::detail::kBlockQuantum) {
      mark_partner_share(view, 0, block.partners.size(), from, from + grundy::heap::detail::kBlockQuantum,
                         masks.data());
    }
    benchmark::DoNotOptimize(masks.data());
    benchmark::ClobberMemory();
  }
  // Heap size i pairs with r > i (its other heap below the block): 2L - 1 - i partners.
  const std::int64_t pairs =
      static_cast<std::int64_t>(kLengthNear * (2 * kLengthNear - 1) - kLengthNear * (kLengthNear - 1) / 2);
  state.SetItemsProcessed(state.iterations() * pairs);
}
BENCHMARK(BM_MarkNearBlock<std::uint16_t>)->Name("BM_MarkNearBlockVector")->ArgName("words")->Arg(4)->Arg(8);
BENCHMARK(BM_MarkNearBlock<std::uint32_t>)->Name("BM_MarkNearBlockPortable")->ArgName("words")->Arg(4)->Arg(8);

// The pairs of a block's own values as each heap size is finished, one run per
// heap size of a stretch. Values below 64 (0.167's blocks: runs of up to 31
// pairs): the vector form, and the plain one it replaced (a bit set in a word in
// memory per pair) as the baseline. Values below 256 (Grundy's game below
// 7,250,049, four mask words; runs of up to 255 pairs on a team): the vector
// form, and the scalar one (four interleaved word sets) that the same function
// takes without slack. Items are pairs.
struct SmallPairs {
  // Values below `limit`, and one in every `rare` from `limit` to twice it.
  explicit SmallPairs(unsigned limit, unsigned rare = 0) {
    std::mt19937_64 random(7);
    table.resize(1 << 16);
    for (auto& v : table) {
      v = static_cast<std::uint16_t>(rare != 0 && random() % rare == 0 ? limit + random() % limit : random() % limit);
    }
  }
  std::vector<std::uint16_t> table;
  static constexpr std::uint64_t kFirstRest = 1 << 15;
  static constexpr std::uint64_t kRuns = 1024;
};

// Times mark(g, rest, count, seen) over the stretch's runs; seen holds 8 words.
template <class Mark>
void time_runs(benchmark::State& state, unsigned limit, Mark mark, unsigned rare = 0) {
  const SmallPairs pairs(limit, rare);
  const auto count = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) {
    std::uint64_t seen[8] = {};
    for (std::uint64_t rest = SmallPairs::kFirstRest; rest < SmallPairs::kFirstRest + SmallPairs::kRuns; ++rest) {
      mark(pairs.table.data(), rest, count, seen);
      benchmark::DoNotOptimize(seen);
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * SmallPairs::kRuns * count));
}

// mark_run_pairs over values below `limit` (one in `rare` from limit to twice
// it) with `words` mask words; without slack it takes the scalar form.
void run_pairs(benchmark::State& state, unsigned limit, unsigned words, bool slack, unsigned rare = 0) {
  time_runs(
      state, limit,
      [words, slack](const std::uint16_t* g, std::uint64_t rest, std::uint64_t count, std::uint64_t* seen) {
        grundy::heap::detail::mark_run_pairs(g + 1, g + rest - 1, count, words, slack, seen);
      },
      rare);
}

void BM_RunPairsBelow64(benchmark::State& state) { run_pairs(state, 64, 1, true); }
BENCHMARK(BM_RunPairsBelow64)->ArgName("pairs")->Arg(15)->Arg(31)->Arg(128);

void BM_RunPairsBelow64Plain(benchmark::State& state) {
  time_runs(state, 64, [](const std::uint16_t* g, std::uint64_t rest, std::uint64_t count, std::uint64_t* seen) {
    for (std::uint64_t a = 1; a <= count; ++a) {
      const std::uint64_t x = g[a] ^ g[rest - a];
      seen[x >> 6] |= std::uint64_t{1} << (x & 63);
    }
  });
}
BENCHMARK(BM_RunPairsBelow64Plain)->ArgName("pairs")->Arg(15)->Arg(31)->Arg(128);

void BM_RunPairsBelow256(benchmark::State& state) { run_pairs(state, 256, 4, true); }
BENCHMARK(BM_RunPairsBelow256)->ArgName("pairs")->Arg(31)->Arg(64)->Arg(128)->Arg(255);

void BM_RunPairsBelow256Scalar(benchmark::State& state) { run_pairs(state, 256, 4, false); }
BENCHMARK(BM_RunPairsBelow256Scalar)->ArgName("pairs")->Arg(31)->Arg(64)->Arg(128)->Arg(255);

// Values below 512 as Grundy's game has them past 7,250,049: below 256 but one in a thousand.
void BM_RunPairsBelow512(benchmark::State& state) { run_pairs(state, 256, 8, true, 1000); }
BENCHMARK(BM_RunPairsBelow512)->ArgName("pairs")->Arg(64)->Arg(128)->Arg(255);

void BM_RunPairsBelow512Scalar(benchmark::State& state) { run_pairs(state, 256, 8, false, 1000); }
BENCHMARK(BM_RunPairsBelow512Scalar)->ArgName("pairs")->Arg(64)->Arg(128)->Arg(255);

}  // namespace
