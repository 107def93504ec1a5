// The pebble game on a DAG: parse graph text and compute every vertex's nimber.
// Fast path: Digraph::parse (one pass, interned string_views, CSR) + dag_nimbers
// (iterative DFS, stamped mex). Baseline, the plain way: getline
// and istringstream, std::unordered_map<std::string, std::vector<std::string>>
// adjacency, recursive DFS with an std::unordered_map<std::string, int> memo and a
// std::set mex. Both run on 10^5 vertices / 10^6 edges (random DAG: edges go to a
// uniformly random later vertex, so the baseline's recursion stays shallow); the
// fast path alone also runs the 10^6 / 10^7.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "grundy/games/dag.hpp"

namespace {

using grundy::games::Digraph;

// A random DAG as text: vertex i gets a random name, each edge goes from a random
// vertex to a random later one, edges in random file order.
const std::string& dag_text(std::size_t vertices, std::size_t edges) {
  static std::map<std::pair<std::size_t, std::size_t>, std::string> cache;
  auto [it, inserted] = cache.try_emplace({vertices, edges});
  if (!inserted) return it->second;
  std::mt19937_64 rng(42);
  std::vector<std::size_t> label(vertices);
  std::iota(label.begin(), label.end(), std::size_t{0});
  std::shuffle(label.begin(), label.end(), rng);
  std::string& text = it->second;
  text.reserve(edges * 18);
  for (std::size_t e = 0; e < edges; ++e) {
    const std::size_t from = rng() % (vertices - 1);
    const std::size_t to = from + 1 + rng() % (vertices - 1 - from);
    text += 'v';
    text += std::to_string(label[from]);
    text += ' ';
    text += 'v';
    text += std::to_string(label[to]);
    text += '\n';
  }
  return text;
}

struct Baseline {
  std::unordered_map<std::string, std::vector<std::string>> adjacency;
  std::unordered_map<std::string, int> memo;

  int grundy(const std::string& v) {
    if (auto it = memo.find(v); it != memo.end()) return it->second;
    std::set<int> seen;
    for (const std::string& w : adjacency[v]) seen.insert(grundy(w));
    int mex = 0;
    while (seen.count(mex) != 0) ++mex;
    return memo[v] = mex;
  }
};

std::uint64_t baseline_checksum(const std::string& text) {
  Baseline b;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string from, to;
    if (!(fields >> from)) continue;
    auto& successors = b.adjacency[from];
    if (fields >> to) {
      successors.push_back(to);
      b.adjacency[to];
    }
  }
  std::vector<std::string> names;
  for (const auto& entry : b.adjacency) names.push_back(entry.first);
  std::uint64_t sum = 0;
  for (const std::string& v : names) sum += static_cast<std::uint64_t>(b.grundy(v));
  return sum;
}

std::uint64_t fast_checksum(const std::string& text) {
  const Digraph graph = Digraph::parse(std::vector<char>(text.begin(), text.end()), "bench");
  std::uint64_t sum = 0;
  for (grundy::Nimber x : grundy::games::dag_nimbers(graph)) sum += x;
  return sum;
}

void set_counters(benchmark::State& state, std::size_t edges) {
  state.counters["edges/s"] = benchmark::Counter(static_cast<double>(edges) * static_cast<double>(state.iterations()),
                                                 benchmark::Counter::kIsRate);
}

void BM_DagFast(benchmark::State& state) {
  const auto vertices = static_cast<std::size_t>(state.range(0));
  const auto edges = static_cast<std::size_t>(state.range(1));
  const std::string& text = dag_text(vertices, edges);
  std::uint64_t sum = 0;
  for (auto _ : state) sum = fast_checksum(text);
  state.counters["nimber_sum"] = static_cast<double>(sum);
  set_counters(state, edges);
}

void BM_DagBaseline(benchmark::State& state) {
  const auto vertices = static_cast<std::size_t>(state.range(0));
  const auto edges = static_cast<std::size_t>(state.range(1));
  const std::string& text = dag_text(vertices, edges);
  std::uint64_t sum = 0;
  for (auto _ : state) sum = baseline_checksum(text);
  state.counters["nimber_sum"] = static_cast<double>(sum);  // must equal the fast path's
  set_counters(state, edges);
}

// Parse and solve separately on the big graph: where the time goes.
void BM_DagParseOnly(benchmark::State& state) {
  const std::string& text = dag_text(1'000'000, 10'000'000);
  for (auto _ : state) {
    const Digraph graph = Digraph::parse(std::vector<char>(text.begin(), text.end()), "bench");
    benchmark::DoNotOptimize(graph.edge_count());
  }
  set_counters(state, 10'000'000);
}

void BM_DagSolveOnly(benchmark::State& state) {
  const std::string& text = dag_text(1'000'000, 10'000'000);
  const Digraph graph = Digraph::parse(std::vector<char>(text.begin(), text.end()), "bench");
  for (auto _ : state) benchmark::DoNotOptimize(grundy::games::dag_nimbers(graph));
  set_counters(state, 10'000'000);
}

}  // namespace

BENCHMARK(BM_DagFast)->Args({100'000, 1'000'000})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DagBaseline)->Args({100'000, 1'000'000})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DagFast)->Args({1'000'000, 10'000'000})->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_DagParseOnly)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_DagSolveOnly)->Unit(benchmark::kMillisecond)->Iterations(3);
