// The winning moves of one heap of a game with an arithmetic period (0.8:
// g(n) = (n - 1) div 3; 0.3f: saltus 3), found by residue and value classes
// (family threshold 0: the path huge heaps take), beside the baseline that
// tries every split of the heap one by one with the same values.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>

#include "grundy/core/analysis.hpp"
#include "grundy/games/octal.hpp"
#include "grundy/heap/codes.hpp"

namespace {

std::shared_ptr<grundy::heap::HeapTable> periodic_table(const std::string& code) {
  auto table = std::make_shared<grundy::heap::HeapTable>(grundy::heap::parse_heap_rules(code));
  grundy::heap::extend_table(*table, 1000);
  return table;
}

// The winning moves of a heap of state.range(0) tokens (target 0), counted.
void run(benchmark::State& state, const std::string& code, std::uint64_t threshold) {
  const auto table = periodic_table(code);
  const grundy::games::OctalGame game(table, threshold);
  const auto n = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) {
    grundy::CountingRecorder<std::uint64_t, grundy::games::OctalGame::Move> sink(0);
    game.moves_to(n, 0, sink);
    benchmark::DoNotOptimize(sink.counted());
  }
}

void BM_ClassesOctal08(benchmark::State& state) { run(state, "0.8", 0); }
void BM_EverySplitOctal08(benchmark::State& state) { run(state, "0.8", ~std::uint64_t{0}); }
void BM_ClassesOctal3f(benchmark::State& state) { run(state, "0.3f", 0); }
void BM_EverySplitOctal3f(benchmark::State& state) { run(state, "0.3f", ~std::uint64_t{0}); }

BENCHMARK(BM_ClassesOctal08)->Arg(1000)->Arg(3000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EverySplitOctal08)->Arg(1000)->Arg(3000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ClassesOctal3f)->Arg(1000)->Arg(3000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EverySplitOctal3f)->Arg(1000)->Arg(3000)->Unit(benchmark::kMillisecond);

}  // namespace
