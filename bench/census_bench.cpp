// The census on 1 and 2 threads side by side (the pool's scaling): the
// two-digit codes (127 games) to 2^16 and the three-digit codes (1,023 games)
// to 2^13, no time budget, so both runs compute exactly the same tables. Real
// time is what the pool saves; compare the pairs of the same run
// (docs/PERFORMANCE.md, "Census").
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "grundy/heap/census_run.hpp"

namespace {

using grundy::heap::CensusRow;
using grundy::heap::CensusRun;
using grundy::heap::CensusSpec;

void census(benchmark::State& state) {
  CensusSpec spec;
  spec.digits = static_cast<unsigned>(state.range(0));
  spec.upto = static_cast<std::uint64_t>(state.range(1));
  spec.seconds = 0;
  const auto threads = static_cast<unsigned>(state.range(2));
  const auto games = grundy::heap::census_games(spec);
  std::size_t unsolved = 0;
  for (auto _ : state) {
    CensusRun run(spec, games, std::vector<bool>(games.size(), false), 0);
    unsolved = 0;
    run.run(threads, nullptr, [&](std::size_t, CensusRow&& row) {
      unsolved += row.status == grundy::heap::CensusStatus::unsolved ? 1 : 0;
    });
  }
  state.counters["games/s"] =
      benchmark::Counter(static_cast<double>(games.size()), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["unsolved"] = static_cast<double>(unsolved);
}

BENCHMARK(census)
    ->ArgNames({"digits", "upto", "threads"})
    ->Args({2, 1 << 16, 1})
    ->Args({2, 1 << 16, 2})
    ->Args({3, 1 << 13, 1})
    ->Args({3, 1 << 13, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MeasureProcessCPUTime();

}  // namespace
