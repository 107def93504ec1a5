// Coin-turning tables and nim-multiplication, each beside its baseline in the same run.
// Tables: the structural methods (pairs for Mock Turtles 1-3, the prefix trie for
// Ruler 1+C, bitmaps for Moidores 1-9) against listing every legal set of coins,
// at a size the listing can do, and alone at 10^6 heaps.
// Nim-multiplication of random 64-bit nimbers: Fermat-power splitting against the
// schoolbook method (the nim-sum of the products of every pair of set bits, from a
// 64 x 64 table of 2-power products); small values against Conway's mex definition.
#include <benchmark/benchmark.h>

#include <array>
#include <bit>
#include <bitset>
#include <random>
#include <vector>

#include "grundy/core/nim_multiply.hpp"
#include "grundy/games/turning_values.hpp"

namespace turning_bench {

using grundy::Nimber;
using grundy::games::TurningCode;

void table_by_structure(benchmark::State& state, const char* code_text) {
  const TurningCode code = TurningCode::parse(code_text);
  const auto n = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(grundy::games::turning_values(code, n));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

void table_by_listing(benchmark::State& state, const char* code_text) {
  const TurningCode code = TurningCode::parse(code_text);
  const auto n = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(grundy::games::turning_values_plain(code, n));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

BENCHMARK_CAPTURE(table_by_structure, mock_turtles, "1-3")->Arg(1000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(table_by_listing, mock_turtles, "1-3")->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(table_by_structure, ruler, "1+C")->Arg(3000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(table_by_listing, ruler, "1+C")->Arg(3000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(table_by_structure, moidores, "1-9")->Arg(22)->Arg(30)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(table_by_listing, moidores, "1-9")->Arg(22)->Unit(benchmark::kMillisecond);

std::vector<Nimber> random_nimbers(std::size_t count) {
  std::mt19937_64 rng(2024);
  std::vector<Nimber> out(count);
  for (Nimber& v : out) v = rng();
  return out;
}

// The schoolbook product: distributivity over the set bits of both factors.
Nimber schoolbook_product(Nimber a, Nimber b) {
  static const auto powers = [] {
    std::array<std::array<Nimber, 64>, 64> t{};
    for (int i = 0; i < 64; ++i) {
      for (int j = 0; j < 64; ++j) t[i][j] = grundy::nim_multiply(Nimber{1} << i, Nimber{1} << j);
    }
    return t;
  }();
  Nimber total = 0;
  for (Nimber x = a; x != 0; x &= x - 1) {
    for (Nimber y = b; y != 0; y &= y - 1) total ^= powers[std::countr_zero(x)][std::countr_zero(y)];
  }
  return total;
}

void nim_multiply_random(benchmark::State& state) {
  const auto values = random_nimbers(1024);
  for (auto _ : state) {
    Nimber acc = 0;
    for (std::size_t i = 0; i + 1 < values.size(); ++i) acc ^= grundy::nim_multiply(values[i], values[i + 1]);
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(state.iterations() * 1023);
}
BENCHMARK(nim_multiply_random);

void nim_multiply_schoolbook(benchmark::State& state) {
  const auto values = random_nimbers(1024);
  (void)schoolbook_product(1, 1);  // the table, outside the timing
  for (auto _ : state) {
    Nimber acc = 0;
    for (std::size_t i = 0; i + 1 < values.size(); ++i) acc ^= schoolbook_product(values[i], values[i + 1]);
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(state.iterations() * 1023);
}
BENCHMARK(nim_multiply_schoolbook);

// Every product below 32 x 32: by Conway's mex definition, and by nim_multiply.
void nim_multiply_table_by_mex(benchmark::State& state) {
  constexpr Nimber kSize = 32;
  for (auto _ : state) {
    std::vector<std::vector<Nimber>> p(kSize, std::vector<Nimber>(kSize, 0));
    for (Nimber a = 0; a < kSize; ++a) {
      for (Nimber b = 0; b < kSize; ++b) {
        std::bitset<256> seen;
        for (Nimber x = 0; x < a; ++x) {
          for (Nimber y = 0; y < b; ++y) seen.set(p[x][b] ^ p[a][y] ^ p[x][y]);
        }
        Nimber mex = 0;
        while (seen.test(mex)) ++mex;
        p[a][b] = mex;
      }
    }
    benchmark::DoNotOptimize(p);
  }
  state.SetItemsProcessed(state.iterations() * 32 * 32);
}
BENCHMARK(nim_multiply_table_by_mex)->Unit(benchmark::kMillisecond);

void nim_multiply_table_direct(benchmark::State& state) {
  constexpr Nimber kSize = 32;
  for (auto _ : state) {
    std::vector<std::vector<Nimber>> p(kSize, std::vector<Nimber>(kSize, 0));
    for (Nimber a = 0; a < kSize; ++a) {
      for (Nimber b = 0; b < kSize; ++b) p[a][b] = grundy::nim_multiply(a, b);
    }
    benchmark::DoNotOptimize(p);
  }
  state.SetItemsProcessed(state.iterations() * 32 * 32);
}
BENCHMARK(nim_multiply_table_direct)->Unit(benchmark::kMillisecond);

}  // namespace turning_bench
