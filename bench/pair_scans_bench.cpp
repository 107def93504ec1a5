// The proofs' scan of split pairs for K targets (find_any): a table of 2^16
// values below 128 (Grundy's game's values lie below 128 until past 2^22) and
// targets it never reaches, so that each scan reads every pair (a, r - a) up
// to r / 2. A proof mostly reads the table's two ends, the smallest heaps and
// the latest values, where the processor's caches hold them: the table is sized
// for the second-level cache (from 2^20 values on, the scans wait for memory
// and every form runs at its pace). The AVX-512
// form where the processor runs it, beside the AVX2 form in the same run
// (`Avx2`); items are pairs. And the short runs of a block's own pairs.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "heap/cpu_features.hpp"
#include "heap/pair_scans.hpp"

namespace {

using grundy::heap::detail::find_any;
using grundy::heap::detail::use_avx512;

const std::vector<std::uint16_t>& table() {
  static const std::vector<std::uint16_t> values = [] {
    std::mt19937_64 random(42);
    std::vector<std::uint16_t> v(std::size_t{1} << 16);
    for (auto& x : v) x = static_cast<std::uint16_t>(random() % 128);
    return v;
  }();
  return values;
}

void scan(benchmark::State& state, bool wide) {
  use_avx512(wide);
  const int count = static_cast<int>(state.range(0));
  const std::vector<std::uint16_t>& g = table();
  const std::uint64_t r = g.size() - 1;
  std::uint16_t t[8];
  for (int j = 0; j < 8; ++j) t[j] = static_cast<std::uint16_t>(128 + (j < count ? j : 0));
  for (auto _ : state) {
    std::uint32_t found = 0;
    benchmark::DoNotOptimize(find_any(g.data(), g.data() + r, 0, r / 2 + 1, t, count, found));
    benchmark::DoNotOptimize(found);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(r / 2 + 1));
  use_avx512(true);
}

// A block's own pairs of one heap size (about 128 on Grundy's game's blocks of
// 256) against its candidates: reached_in_run, items pairs.
void scan_run(benchmark::State& state, bool wide) {
  use_avx512(wide);
  const int count = static_cast<int>(state.range(0));
  const std::vector<std::uint16_t>& g = table();
  constexpr std::uint64_t kRun = 128;
  std::uint16_t t[8];
  for (int j = 0; j < 8; ++j) t[j] = static_cast<std::uint16_t>(128 + (j < count ? j : 0));
  std::uint64_t r = 1024;
  for (auto _ : state) {
    benchmark::DoNotOptimize(grundy::heap::detail::reached_in_run(g.data(), g.data() + r, kRun, t, count));
    r = r + 1 < g.size() ? r + 1 : 1024;
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kRun));
  use_avx512(true);
}

void BM_ScanPairs(benchmark::State& state) { scan(state, true); }
void BM_ScanPairsAvx2(benchmark::State& state) { scan(state, false); }
void BM_ScanRun(benchmark::State& state) { scan_run(state, true); }
void BM_ScanRunAvx2(benchmark::State& state) { scan_run(state, false); }

}  // namespace

BENCHMARK(BM_ScanPairs)->Arg(1)->Arg(2)->Arg(4)->Arg(8);
BENCHMARK(BM_ScanPairsAvx2)->Arg(1)->Arg(2)->Arg(4)->Arg(8);
BENCHMARK(BM_ScanRun)->Arg(2)->Arg(4)->Arg(8);
BENCHMARK(BM_ScanRunAvx2)->Arg(2)->Arg(4)->Arg(8);
