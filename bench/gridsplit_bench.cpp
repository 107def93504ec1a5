// Grid splitting: the compressed bottom-up table beside the statement's O(N^6)
// dynamic programme (all sub-rectangles of the full grid, every cell scanned,
// a hash set for the mex), on 20 x 20 and 30 x 30 grids; then the fast table
// alone on the targets (100 x 100 with 200 candidates, 40 x 40 full).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "grundy/games/gridsplit.hpp"
#include "support/gridsplit_reference.hpp"

namespace {

using grundy::games::GridSplitBoard;
using grundy::games::GridSplitTable;

// density_percent 100 = full grid; otherwise each cell a candidate with that chance.
GridSplitBoard make_board(std::size_t n, std::size_t m, int density_percent, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::bernoulli_distribution pick(density_percent / 100.0);
  std::vector<std::uint8_t> cells(n * m);
  for (auto& cell : cells) cell = density_percent >= 100 || pick(rng) ? 1 : 0;
  return GridSplitBoard(n, m, std::move(cells));
}

// Exactly `count` candidates at distinct random cells.
GridSplitBoard sparse_board(std::size_t n, std::size_t m, std::size_t count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint8_t> cells(n * m, 0);
  std::uniform_int_distribution<std::size_t> any(0, n * m - 1);
  for (std::size_t placed = 0; placed < count;) {
    auto& cell = cells[any(rng)];
    if (cell == 0) {
      cell = 1;
      ++placed;
    }
  }
  return GridSplitBoard(n, m, std::move(cells));
}

// The plain O(N^6) dynamic programme (tests/support), the baseline.
unsigned statement_dp(const GridSplitBoard& b) {
  return grundy::testing::GridSplitReference(b).get(0, b.rows(), 0, b.cols());
}

void BM_StatementDp(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const GridSplitBoard board = make_board(n, n, static_cast<int>(state.range(1)), 1);
  unsigned value = 0;
  for (auto _ : state) benchmark::DoNotOptimize(value = statement_dp(board));
  state.counters["value"] = value;
  state.counters["candidates"] = static_cast<double>(board.candidate_count());
}

// Builds the fast table once per iteration and reports its value and size.
void measure_fast_table(benchmark::State& state, const GridSplitBoard& board) {
  grundy::Nimber value = 0;
  std::uint64_t bytes = 0;
  for (auto _ : state) {
    const GridSplitTable table(board);
    benchmark::DoNotOptimize(value = table.value());
    bytes = table.bytes();
  }
  state.counters["value"] = static_cast<double>(value);
  state.counters["table_bytes"] = static_cast<double>(bytes);
}

void BM_FastTable(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const GridSplitBoard board = make_board(n, n, static_cast<int>(state.range(1)), 1);
  measure_fast_table(state, board);
  state.counters["candidates"] = static_cast<double>(board.candidate_count());
}

void grids(benchmark::internal::Benchmark* b) {
  for (int n : {20, 30}) {
    for (int density : {10, 30, 100}) b->Args({n, density});
  }
  b->Unit(benchmark::kMillisecond);
}
BENCHMARK(BM_StatementDp)->Apply(grids)->Iterations(1);
BENCHMARK(BM_FastTable)->Apply(grids);

void BM_FastTarget100x100x200(benchmark::State& state) {
  const GridSplitBoard board = sparse_board(100, 100, 200, 5);
  grundy::Nimber value = 0;
  std::uint64_t bytes = 0, work = 0;
  std::size_t rows = 0, cols = 0;
  for (auto _ : state) {
    const GridSplitTable table(board);
    benchmark::DoNotOptimize(value = table.value());
    bytes = table.bytes();
    work = table.work();
    rows = table.compressed_rows();
    cols = table.compressed_cols();
  }
  state.counters["value"] = static_cast<double>(value);
  state.counters["table_bytes"] = static_cast<double>(bytes);
  state.counters["work"] = static_cast<double>(work);
  state.counters["rows"] = static_cast<double>(rows);
  state.counters["cols"] = static_cast<double>(cols);
}
BENCHMARK(BM_FastTarget100x100x200)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_FastTargetFull40(benchmark::State& state) { measure_fast_table(state, make_board(40, 40, 100, 1)); }
BENCHMARK(BM_FastTargetFull40)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
