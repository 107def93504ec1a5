// Winners by theorem against the search they replace, in one run: Fibonacci
// Nim at a heap of 10^18 (Zeckendorf: outcome and every winning take) beside
// the memoised search of a heap it can do, and r-Wythoff's winning moves of a
// pair of 10^18 (Fraenkel's losing pairs, exact integer roots) beside the
// search of a small pair.
#include <benchmark/benchmark.h>

#include "grundy/core/solver.hpp"
#include "grundy/games/fibonacci_nim.hpp"
#include "grundy/games/memory_nim.hpp"
#include "grundy/games/wythoff.hpp"
#include "grundy/games/wythoff_positions.hpp"

namespace {

void BM_FibonacciNimZeckendorf(benchmark::State& state) {
  const std::uint64_t heap = 1'000'000'000'000'000'000ULL;
  for (auto _ : state) {
    benchmark::DoNotOptimize(grundy::games::fibonacci_nim_first_wins(heap, heap - 1));
    benchmark::DoNotOptimize(grundy::games::fibonacci_nim_winning_takes(heap, heap - 1));
  }
}
BENCHMARK(BM_FibonacciNimZeckendorf);

// Baseline: the generic memoised search of the opening of a heap of n (a fresh memo each time).
void BM_FibonacciNimSearch(benchmark::State& state) {
  const auto heap = static_cast<std::uint64_t>(state.range(0));
  const auto game = grundy::games::MemoryNim::at_most(2, 1);
  for (auto _ : state) {
    grundy::Solver<grundy::games::MemoryNim> solver(game);
    benchmark::DoNotOptimize(solver.value({heap, 0}));
  }
}
BENCHMARK(BM_FibonacciNimSearch)->Arg(100)->Arg(300)->Unit(benchmark::kMillisecond);

void BM_RWythoffLosingPairs(benchmark::State& state) {
  const std::uint64_t a = 1'000'000'000'000'000'000ULL;
  const auto r = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(grundy::games::r_wythoff_winning_takes(a, a + 12345, r));
}
BENCHMARK(BM_RWythoffLosingPairs)->Arg(1)->Arg(3);

// Baseline: the memoised search of a pair (n, n + 1) (a fresh memo each time).
void BM_RWythoffSearch(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  const grundy::games::Wythoff game(3);
  for (auto _ : state) {
    grundy::Solver<grundy::games::Wythoff> solver(game);
    benchmark::DoNotOptimize(solver.value({n, n + 1}));
  }
}
BENCHMARK(BM_RWythoffSearch)->Arg(100)->Unit(benchmark::kMillisecond);

}  // namespace
