// Treblecross: the 0.007 table (built once per length) and the per-row analysis
// for rows of 200 .. 10^6 cells, beside the plain methods: a memoised game
// tree over whole rows (feasible only for short rows) and the plain
// quadratic nimber table for X.{k}X up to the row length.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "grundy/games/treblecross.hpp"

namespace {

using grundy::games::analyze_treblecross;
using grundy::games::treblecross_table;
using TablePtr = std::shared_ptr<const grundy::heap::HeapTable>;

// The 0.007 table shared by the benchmarks that need one but do not time it
// (Google Benchmark calls a benchmark function several times).
const TablePtr& shared_table(std::uint64_t upto) {
  static TablePtr g;
  if (!g || g->size() <= upto) g = treblecross_table(upto);
  return g;
}

// A row of n cells with marks at random, at least 3 apart, so no move wins at
// once and the gaps carry the game.
std::string random_row(std::size_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::string row(n, '.');
  std::uniform_int_distribution<std::size_t> step(3, 60);
  for (std::size_t i = step(rng); i < n; i += step(rng)) row[i] = 'X';
  return row;
}

// The plain game tree: a row is winning when some move completes XXX or
// leads to a row that is not winning for the opponent (draws count as not won),
// memoised on the row text.
class GameTree {
 public:
  bool winning(std::string& row) {
    if (auto it = memo_.find(row); it != memo_.end()) return it->second;
    bool win = false;
    for (std::size_t c = 0; c < row.size() && !win; ++c) {
      if (row[c] != '.') continue;
      row[c] = 'X';
      win = completes(row, c) || !winning(row);
      row[c] = '.';
    }
    memo_.emplace(row, win);
    return win;
  }
  std::vector<std::size_t> winning_moves(std::string row) {
    std::vector<std::size_t> moves;
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (row[c] != '.') continue;
      row[c] = 'X';
      if (completes(row, c) || !winning(row)) moves.push_back(c + 1);
      row[c] = '.';
    }
    return moves;
  }
  [[nodiscard]] std::size_t size() const { return memo_.size(); }

 private:
  static bool completes(const std::string& row, std::size_t c) {
    const std::size_t lo = c >= 2 ? c - 2 : 0;
    for (std::size_t s = lo; s <= c && s + 2 < row.size(); ++s) {
      if (row[s] == 'X' && row[s + 1] == 'X' && row[s + 2] == 'X') return true;
    }
    return false;
  }
  std::unordered_map<std::string, bool> memo_;
};

void BM_GameTree(benchmark::State& state) {
  const std::string row(static_cast<std::size_t>(state.range(0)), '.');
  std::size_t memo = 0;
  for (auto _ : state) {
    GameTree tree;
    benchmark::DoNotOptimize(tree.winning_moves(row));
    memo = tree.size();
  }
  state.counters["memo"] = static_cast<double>(memo);
}
BENCHMARK(BM_GameTree)->Arg(12)->Arg(15)->Arg(18)->Arg(20)->Unit(benchmark::kMillisecond);

// The engine from scratch on the same rows: table (no cache) plus analysis.
void BM_EngineFromScratch(benchmark::State& state) {
  const std::string row(static_cast<std::size_t>(state.range(0)), '.');
  for (auto _ : state) {
    const auto g = treblecross_table(row.size() + 2);
    benchmark::DoNotOptimize(analyze_treblecross(row, g));
  }
}
BENCHMARK(BM_EngineFromScratch)->Arg(12)->Arg(15)->Arg(18)->Arg(20)->Arg(200)->Unit(benchmark::kMicrosecond);

// The plain method for a 200-cell row: nimbers of X.{k}X for every k by
// the quadratic recurrence, then the sum; here the whole table to n.
void BM_StatementQuadraticTable(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    std::vector<int> g(n + 3, 0);
    std::vector<int> seen(n + 3, -1);
    for (std::size_t k = 3; k <= n + 2; ++k) {
      for (std::size_t a = 0; a + 3 <= k; ++a)
        seen[static_cast<std::size_t>(g[a] ^ g[k - 3 - a])] = static_cast<int>(k);
      int mex = 0;
      while (seen[static_cast<std::size_t>(mex)] == static_cast<int>(k)) ++mex;
      g[k] = mex;
    }
    benchmark::DoNotOptimize(g.data());
  }
}
BENCHMARK(BM_StatementQuadraticTable)->Arg(200)->Arg(10'000)->Unit(benchmark::kMicrosecond);

// The 0.007 table alone (the part the cache saves), to n + 2 heaps.
void BM_Table0007(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(treblecross_table(n + 2));
}
BENCHMARK(BM_Table0007)
    ->Arg(200)
    ->Arg(10'000)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// The same table read back from the on-disk cache (checked: size, checksum,
// first 512 values recomputed), as every later run of the command does.
void BM_Table0007FromCache(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  const auto dir = std::filesystem::temp_directory_path() / "grundy-treblecross-bench-cache";
  std::filesystem::remove_all(dir);
  const grundy::heap::TableCache cache(dir);
  treblecross_table(n + 2, &cache);  // fills the cache
  for (auto _ : state) benchmark::DoNotOptimize(treblecross_table(n + 2, &cache));
  std::filesystem::remove_all(dir);
}
BENCHMARK(BM_Table0007FromCache)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

// Per-row analysis after the table: O(length).
void BM_AnalyzeRow(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::string row = state.range(1) != 0 ? std::string(n, '.') : random_row(n, 42);
  const auto& g = shared_table(grundy::games::treblecross_shape(row).table_upto());
  std::size_t moves = 0;
  for (auto _ : state) {
    const auto a = analyze_treblecross(row, g);
    moves = a.winning_moves.size();
    benchmark::DoNotOptimize(moves);
  }
  state.counters["winning_moves"] = static_cast<double>(moves);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}
BENCHMARK(BM_AnalyzeRow)
    ->Args({200, 0})
    ->Args({10'000, 0})
    ->Args({100'000, 0})
    ->Args({1'000'000, 0})
    ->Args({200, 1})
    ->Args({10'000, 1})
    ->Args({100'000, 1})
    ->Args({1'000'000, 1})
    ->Unit(benchmark::kMicrosecond);

}  // namespace
