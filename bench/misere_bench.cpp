// The generic misère search (multiset states: components canonicalised, sorted,
// memoised by the multiset's hash, cut-offs) beside a plain recursive misère
// search memoised on raw positions (the vector of heaps as it stands, unsorted),
// on sums of small Kayles heaps. Each iteration starts with an empty memo.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "grundy/core/analysis.hpp"
#include "grundy/games/octal.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/misere/misere_search.hpp"

namespace {

using Heaps = std::vector<std::uint64_t>;

const grundy::games::OctalGame& kayles() {
  static const auto table = std::make_shared<const grundy::heap::HeapTable>(grundy::heap::parse_heap_rules("0.77"));
  static const grundy::games::OctalGame game(table);
  return game;
}

// Baseline: recursion over whole positions, memo keyed by the raw heap vector.
bool plain_wins(const Heaps& heaps, std::map<Heaps, bool>& memo) {
  if (auto it = memo.find(heaps); it != memo.end()) return it->second;
  bool any = false;
  bool wins = false;
  for (std::size_t i = 0; i < heaps.size() && !wins; ++i) {
    grundy::OptionRecorder<std::uint64_t, grundy::games::OctalGame::Move> recorder;
    kayles().options(heaps[i], recorder);
    for (const auto& option : recorder.options()) {
      any = true;
      Heaps next;
      for (std::size_t k = 0; k < heaps.size(); ++k) {
        if (k != i) next.push_back(heaps[k]);
      }
      next.insert(next.end(), option.components.begin(), option.components.end());
      if (!plain_wins(next, memo)) {
        wins = true;
        break;
      }
    }
  }
  memo[heaps] = any ? wins : true;
  return memo[heaps];
}

const Heaps kSums[] = {{4, 5, 6}, {3, 5, 7, 2}, {6, 7, 8}};

void BM_PlainRecursiveMisere(benchmark::State& state) {
  const Heaps& heaps = kSums[state.range(0)];
  for (auto _ : state) {
    std::map<Heaps, bool> memo;
    benchmark::DoNotOptimize(plain_wins(heaps, memo));
  }
}

void BM_MisereSearch(benchmark::State& state) {
  const Heaps& heaps = kSums[state.range(0)];
  for (auto _ : state) {
    grundy::misere::MisereSearch<grundy::games::OctalGame> search(kayles());
    benchmark::DoNotOptimize(search.first_player_wins(heaps));
  }
}

BENCHMARK(BM_PlainRecursiveMisere)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MisereSearch)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

}  // namespace
