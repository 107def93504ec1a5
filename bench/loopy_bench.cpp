// The loopy pebble game: generalized Sprague-Grundy values (loopy_values) and
// remoteness (loopy_remoteness) on random graphs with cycles and self-loops and
// on long chains with back edges, at 10^5 and 10^6 vertices (5 edges a vertex).
// Baseline in the same run: on an acyclic graph, the plain DAG algorithm
// (dag_nimbers) beside loopy_values on the very same graph; the loopy labelling
// must cost at most 2x there. BM_LoopyParseAndSolve is the whole library job on
// 10^6 vertices and 5 * 10^6 edges: read the text, values, remoteness.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "grundy/games/dag.hpp"
#include "grundy/games/loopy.hpp"

namespace {

using grundy::games::Digraph;

enum class Shape { kRandom, kChain, kAcyclic };

// Random: each edge joins two uniform vertices (self-loops included), except
// that every 10th vertex is terminal, so finite values and infinities mix.
// Chain: i -> i - 1 down to the terminal v0, and from every other vertex 4 more
// edges jumping back up by 1..1000 (long cycles). Acyclic: edges go to a later vertex.
const std::string& graph_text(Shape shape, std::size_t vertices) {
  static std::map<std::pair<Shape, std::size_t>, std::string> cache;
  auto [it, inserted] = cache.try_emplace({shape, vertices});
  if (!inserted) return it->second;
  std::mt19937_64 rng(42);
  std::string& text = it->second;
  const std::size_t edges = 5 * vertices;
  text.reserve(edges * 16);
  auto edge = [&text](std::size_t from, std::size_t to) {
    text += 'v';
    text += std::to_string(from);
    text += ' ';
    text += 'v';
    text += std::to_string(to);
    text += '\n';
  };
  for (std::size_t e = 0; e < edges; ++e) {
    std::size_t from = rng() % vertices;
    if (shape == Shape::kRandom) {
      if (from % 10 == 0) ++from;
      edge(std::min(from, vertices - 1), rng() % vertices);
    } else if (shape == Shape::kChain) {
      if (e % 5 == 0) {
        from = e / 5;
        if (from > 0) edge(from, from - 1);
      } else {
        if (from == 0) from = 1;
        edge(from, std::min(vertices - 1, from + 1 + rng() % 1000));
      }
    } else {
      if (from + 1 >= vertices) from = vertices - 2;
      edge(from, from + 1 + rng() % (vertices - 1 - from));
    }
  }
  return text;
}

Digraph parse(const std::string& text) { return Digraph::parse(std::vector<char>(text.begin(), text.end()), "bench"); }

void set_counters(benchmark::State& state, const Digraph& graph) {
  state.counters["edges/s"] = benchmark::Counter(
      static_cast<double>(graph.edge_count()) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void infinite_count(benchmark::State& state, const std::vector<grundy::games::LoopyValue>& values) {
  double infinite = 0;
  for (const auto& v : values) infinite += v.is_finite() ? 0 : 1;
  state.counters["infinite"] = infinite;
}

void BM_LoopyValues(benchmark::State& state) {
  const Digraph graph = parse(graph_text(static_cast<Shape>(state.range(0)), static_cast<std::size_t>(state.range(1))));
  std::vector<grundy::games::LoopyValue> values;
  for (auto _ : state) values = grundy::games::loopy_values(graph);
  infinite_count(state, values);
  set_counters(state, graph);
}

void BM_LoopyRemoteness(benchmark::State& state) {
  const Digraph graph = parse(graph_text(static_cast<Shape>(state.range(0)), static_cast<std::size_t>(state.range(1))));
  for (auto _ : state) benchmark::DoNotOptimize(grundy::games::loopy_remoteness(graph));
  set_counters(state, graph);
}

// The baseline for the acyclic rows of BM_LoopyValues.
void BM_DagNimbers(benchmark::State& state) {
  const Digraph graph = parse(graph_text(Shape::kAcyclic, static_cast<std::size_t>(state.range(1))));
  for (auto _ : state) benchmark::DoNotOptimize(grundy::games::dag_nimbers(graph));
  set_counters(state, graph);
}

void BM_LoopyParseAndSolve(benchmark::State& state) {
  const std::string& text = graph_text(static_cast<Shape>(state.range(0)), 1'000'000);
  for (auto _ : state) {
    const Digraph graph = parse(text);
    benchmark::DoNotOptimize(grundy::games::loopy_values(graph));
    benchmark::DoNotOptimize(grundy::games::loopy_remoteness(graph));
  }
}

constexpr int kRandom = static_cast<int>(Shape::kRandom);
constexpr int kChain = static_cast<int>(Shape::kChain);
constexpr int kAcyclic = static_cast<int>(Shape::kAcyclic);

}  // namespace

BENCHMARK(BM_DagNimbers)->Args({kAcyclic, 100'000})->Args({kAcyclic, 1'000'000})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoopyValues)->Args({kAcyclic, 100'000})->Args({kAcyclic, 1'000'000})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoopyValues)
    ->Args({kRandom, 100'000})
    ->Args({kRandom, 1'000'000})
    ->Args({kChain, 100'000})
    ->Args({kChain, 1'000'000})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoopyRemoteness)->Args({kRandom, 1'000'000})->Args({kChain, 1'000'000})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoopyParseAndSolve)->Arg(kRandom)->Arg(kChain)->Unit(benchmark::kMillisecond)->Iterations(2);
