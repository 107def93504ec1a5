// Tame sums answered from their genera (misere::TameAnalyzer: a genus per
// follower, then the misère Nim rule) beside the generic misère search over
// whole sums, on the same sums of tame components: the outcome and every
// winning move, each iteration from empty memos. Sums of Dawson's Kayles heaps
// (tame up to 9, and 11) and of subtraction game {1,2,3} heaps.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "grundy/core/analysis.hpp"
#include "grundy/core/solver.hpp"
#include "grundy/games/octal.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/misere/misere_search.hpp"
#include "grundy/misere/tame.hpp"

namespace {

using Heaps = std::vector<std::uint64_t>;

const grundy::games::OctalGame& dawsons() {
  static const auto table = std::make_shared<const grundy::heap::HeapTable>(grundy::heap::parse_heap_rules("0.07"));
  static const grundy::games::OctalGame game(table);
  return game;
}

const grundy::games::Subtraction& subtraction() {
  static const grundy::games::Subtraction game({1, 2, 3});
  return game;
}

const Heaps kDawsonsSums[] = {{9, 11, 7}, {9, 11, 8, 6}, {9, 11, 9, 7, 8}};
const Heaps kSubtractionSums[] = {{20, 25, 30}, {30, 35, 40, 45}};

// Baseline: the generic search for the outcome, then for each option of each component.
template <class G>
std::size_t search_answer(const G& game, const Heaps& sum) {
  grundy::misere::MisereSearch<G> search(game);
  if (!search.first_player_wins(sum)) return 0;
  std::size_t wins = 0;
  for (std::size_t i = 0; i < sum.size(); ++i) {
    grundy::OptionRecorder<std::uint64_t, grundy::MoveOf<G>> recorder;
    game.options(sum[i], recorder);
    for (const auto& option : recorder.options()) {
      Heaps after;
      for (std::size_t k = 0; k < sum.size(); ++k) {
        if (k != i) after.push_back(sum[k]);
      }
      after.insert(after.end(), option.components.begin(), option.components.end());
      wins += search.first_player_wins(after) ? 0 : 1;
    }
  }
  return wins;
}

template <class G>
std::size_t tame_answer(const G& game, const Heaps& sum) {
  grundy::Solver<G> solver(game);
  grundy::misere::GenusCalculator<G> genera(game, grundy::SearchLimits{});
  grundy::misere::TameAnalyzer<G> tame(game, genera, [&](const std::uint64_t& p) { return solver.value(p); });
  return tame.answer(sum)->winning_moves.size();
}

void BM_DawsonsSearch(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(search_answer(dawsons(), kDawsonsSums[state.range(0)]));
}
void BM_DawsonsTame(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(tame_answer(dawsons(), kDawsonsSums[state.range(0)]));
}
void BM_SubtractionSearch(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(search_answer(subtraction(), kSubtractionSums[state.range(0)]));
}
void BM_SubtractionTame(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(tame_answer(subtraction(), kSubtractionSums[state.range(0)]));
}

BENCHMARK(BM_DawsonsSearch)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DawsonsTame)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SubtractionSearch)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SubtractionTame)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);

}  // namespace
