// The rect game: the engine (components, cornered memo keys, bit-board moves,
// options split into components with few flood fills, generic memoised solver)
// beside the engine as it was before each speed round (8-image symmetric keys,
// boost hash memo; unsplit options) and beside the plain method (memoised search over
// whole-board bitmasks, four nested loops over rectangles, unordered_map memo,
// unordered_set mex) on the same boards in the same run.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "grundy/core/analysis.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/solver.hpp"
#include "grundy/games/rect.hpp"
#include "support/searched_rect.hpp"

namespace {

using grundy::games::Rect;

// ---- The plain method (baseline), for an R x C board, bit i*C + j. ----
class StatementMethod {
 public:
  StatementMethod(int rows, int cols) : rows_(rows), cols_(cols) {}

  int grundy(std::uint64_t pos) {
    if (pos == 0) return 0;
    if (auto it = memo_.find(pos); it != memo_.end()) return it->second;
    std::unordered_set<int> values;
    for (int i = 0; i < rows_; ++i) {
      for (int j = i; j < rows_; ++j) {
        for (int k = 0; k < cols_; ++k) {
          for (int l = k; l < cols_; ++l) {
            const std::int64_t res = check_one(pos, i, j, k, l);
            if (res != -1) values.insert(grundy(static_cast<std::uint64_t>(res)));
          }
        }
      }
    }
    int mex = 0;
    while (values.find(mex) != values.end()) ++mex;
    memo_[pos] = mex;
    return mex;
  }

  [[nodiscard]] std::size_t memo_size() const { return memo_.size(); }

  // The board of the engine's 8x8 frame as this method's bitmask.
  [[nodiscard]] std::uint64_t from_frame(std::uint64_t cells) const {
    std::uint64_t pos = 0;
    for (int r = 0; r < rows_; ++r) {
      for (int c = 0; c < cols_; ++c) {
        if (((cells >> (8 * r + c)) & 1U) != 0) pos |= std::uint64_t{1} << (r * cols_ + c);
      }
    }
    return pos;
  }

 private:
  // Clears rows i..j, columns k..l if all are 1; -1 otherwise.
  [[nodiscard]] std::int64_t check_one(std::uint64_t pos, int i, int j, int k, int l) const {
    for (int x = i; x <= j; ++x) {
      for (int y = k; y <= l; ++y) {
        const std::uint64_t b = std::uint64_t{1} << (x * cols_ + y);
        if ((pos & b) == 0) return -1;
        pos &= ~b;
      }
    }
    return static_cast<std::int64_t>(pos);
  }

  int rows_, cols_;
  std::unordered_map<std::uint64_t, int> memo_;
};

// Fixed random boards in the 8x8 frame (the same in every run); with max_cells > 0,
// only boards of at most that many 1-cells are kept.
std::vector<std::uint64_t> random_boards(int side, double density, std::size_t count, std::uint64_t seed,
                                         int max_cells = 0) {
  std::mt19937_64 rng(seed);
  std::bernoulli_distribution one(density);
  std::vector<std::uint64_t> boards;
  while (boards.size() < count) {
    std::uint64_t cells = 0;
    for (int r = 0; r < side; ++r) {
      for (int c = 0; c < side; ++c) {
        if (one(rng)) cells |= std::uint64_t{1} << (8 * r + c);
      }
    }
    if (max_cells == 0 || std::popcount(cells) <= max_cells) boards.push_back(cells);
  }
  return boards;
}

// Arguments shared by the random-board benchmarks: side, density in percent,
// number of boards, memory budget in MiB (engine only), most 1-cells (0: any).
std::vector<std::uint64_t> boards_of(const benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  return random_boards(side, static_cast<double>(state.range(1)) / 100.0, static_cast<std::size_t>(state.range(2)),
                       1000U + static_cast<std::uint64_t>(side), static_cast<int>(state.range(4)));
}

std::vector<std::uint64_t> all_four_by_four() {
  std::vector<std::uint64_t> boards;
  for (std::uint64_t b = 0; b < 65536; ++b) {
    std::uint64_t cells = 0;
    for (int i = 0; i < 16; ++i) {
      if (((b >> i) & 1U) != 0) cells |= std::uint64_t{1} << (8 * (i / 4) + i % 4);
    }
    boards.push_back(cells);
  }
  return boards;
}

// ---- All 65,536 4x4 boards, one shared memo each. ----
void BM_Rect4x4All_Engine(benchmark::State& state) {
  const auto boards = all_four_by_four();
  std::size_t memo = 0, wins = 0;
  for (auto _ : state) {
    grundy::Solver<Rect> solver{Rect{}};
    wins = 0;
    for (const auto b : boards) wins += solver.value(b) != 0;
    memo = solver.memo_size();
  }
  state.counters["memo_positions"] = static_cast<double>(memo);
  state.counters["first_player_wins"] = static_cast<double>(wins);
}
BENCHMARK(BM_Rect4x4All_Engine)->Unit(benchmark::kMillisecond);

void BM_Rect4x4All_Statement(benchmark::State& state) {
  const auto boards = all_four_by_four();
  std::size_t memo = 0, wins = 0;
  for (auto _ : state) {
    StatementMethod method(4, 4);
    wins = 0;
    for (const auto b : boards) wins += method.grundy(method.from_frame(b)) != 0;
    memo = method.memo_size();
  }
  state.counters["memo_positions"] = static_cast<double>(memo);
  state.counters["first_player_wins"] = static_cast<double>(wins);
}
BENCHMARK(BM_Rect4x4All_Statement)->Unit(benchmark::kMillisecond);

// ---- Random boards, a fresh memo per board (what one `grundy rect` call does). ----
void BM_RectRandom_Engine(benchmark::State& state) {
  const auto boards = boards_of(state);
  const grundy::MemoryBudget budget(static_cast<std::uint64_t>(state.range(3)) << 20);
  std::size_t memo_total = 0, memo_max = 0, out_of_budget = 0;
  std::uint64_t bytes_max = 0;
  for (auto _ : state) {
    memo_total = memo_max = out_of_budget = 0;
    bytes_max = 0;
    for (const auto b : boards) {
      grundy::Solver<Rect> solver(Rect{}, budget);
      try {
        benchmark::DoNotOptimize(solver.value(b));
      } catch (const grundy::BudgetExceeded&) {
        ++out_of_budget;
      }
      memo_total += solver.memo_size();
      memo_max = std::max(memo_max, solver.memo_size());
      bytes_max = std::max(bytes_max, solver.memo_bytes());
    }
  }
  state.counters["boards"] = static_cast<double>(boards.size());
  state.counters["memo_avg"] = static_cast<double>(memo_total) / static_cast<double>(boards.size());
  state.counters["memo_max"] = static_cast<double>(memo_max);
  state.counters["memo_MiB_max"] = static_cast<double>(bytes_max) / (1 << 20);
  state.counters["out_of_budget"] = static_cast<double>(out_of_budget);
}

void BM_RectRandom_Statement(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const auto boards = boards_of(state);
  std::size_t memo_total = 0, memo_max = 0;
  for (auto _ : state) {
    memo_total = memo_max = 0;
    for (const auto b : boards) {
      StatementMethod method(side, side);
      benchmark::DoNotOptimize(method.grundy(method.from_frame(b)));
      memo_total += method.memo_size();
      memo_max = std::max(memo_max, method.memo_size());
    }
  }
  state.counters["boards"] = static_cast<double>(boards.size());
  state.counters["memo_avg"] = static_cast<double>(memo_total) / static_cast<double>(boards.size());
  state.counters["memo_max"] = static_cast<double>(memo_max);
}

constexpr std::int64_t kBudgetMiB = 4096;

// 5x5 at 0.5 and 0.7: both methods, 20 boards.
BENCHMARK(BM_RectRandom_Engine)
    ->Args({5, 50, 20, kBudgetMiB, 0})
    ->Args({5, 70, 20, kBudgetMiB, 0})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RectRandom_Statement)->Args({5, 50, 20, 0, 0})->Args({5, 70, 20, 0, 0})->Unit(benchmark::kMillisecond);
// 6x6 at 0.5: the engine on 100 boards. Side by side with the statement's method
// only on 6x6 boards of at most 16 cells (up to 2^16 whole-board states each; a
// typical 18-cell board already costs it minutes and gigabytes). At 0.7 (about 25
// cells, up to 2^25 states per board) the statement's method is out of reach.
BENCHMARK(BM_RectRandom_Engine)
    ->Args({6, 50, 100, kBudgetMiB, 0})
    ->Args({6, 50, 5, kBudgetMiB, 16})
    ->Args({6, 70, 30, kBudgetMiB, 0})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_RectRandom_Statement)->Args({6, 50, 5, 0, 16})->Unit(benchmark::kMillisecond)->Iterations(1);
// 8x8: the engine only (the statement's method would need up to 2^32 states per
// board). Density 0.5 within 1 GiB; density 0.7 within 64 MiB, where boards beyond
// the budget end in BudgetExceeded and are counted in out_of_budget.
BENCHMARK(BM_RectRandom_Engine)
    ->Args({8, 50, 50, 1024, 0})
    ->Args({8, 70, 5, 64, 0})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

// ---- The speed goal: 20 random 6x6 boards (10 at density 0.5, 10 at 0.7), the
// value and every winning move of each with a fresh analyzer (what 20 `grundy
// rect` calls do): the engine's default memo beside the memo it had before (a
// boost flat hash map, no prefetch) in the same run. ----
std::vector<std::uint64_t> twenty_boards() {
  auto boards = random_boards(6, 0.5, 10, 1006);
  const auto dense = random_boards(6, 0.7, 10, 1006);  // the first 10 of BM_RectRandom_Engine's 6x6 sets
  boards.insert(boards.end(), dense.begin(), dense.end());
  return boards;
}

// The engine as the first speed round left it: every option one set of cells,
// split by the solver's decompose (one flood fill per component), because the
// adapter below hides the solver sink's add_parts from the game.
struct RectUnsplit : Rect {
  template <class Sink>
  struct Unsplit {
    Sink* sink;
    void add(const Move& m, std::span<const Position> rest) { sink->add(m, rest); }
    void add(const Move& m, std::initializer_list<Position> rest) { sink->add(m, rest); }
    void add(const Move& m) { sink->add(m); }
  };
  template <class Sink>
  void options(Position cells, Sink& sink) const {
    Unsplit<Sink> unsplit{&sink};
    Rect::options(cells, unsplit);
  }
};

// The engine's rect game as it was before the speed work: each of the 8 images
// cornered on its own (and options unsplit).
struct RectBefore : RectUnsplit {
  [[nodiscard]] Position canonical(Position cells) const {
    using namespace grundy::games::rect_bits;
    Position best = ~Position{0};
    const Position images[2] = {cells, transpose(cells)};
    for (const Position image : images) {
      const Position across = flip_columns(image);
      const Position candidates[4] = {image, flip_rows(image), across, flip_rows(across)};
      for (const Position candidate : candidates) best = std::min(best, to_corner(candidate));
    }
    return best;
  }
};

// The 8-image symmetric key computed the faster way (one cornering, 4 images
// when the box is not square): isolates the effect of the key from its cost.
struct RectSymmetric : Rect {
  [[nodiscard]] Position canonical(Position cells) const { return symmetric_canonical(cells); }
};

// Arguments: 0 = the twenty 6x6 boards, 1 = twenty random 5x5 boards at density 0.7.
template <class Game, class Memo>
void BM_RectTwentyAnalyze(benchmark::State& state) {
  const auto boards = state.range(0) == 0 ? twenty_boards() : random_boards(5, 0.7, 20, 1005);
  std::size_t memo_total = 0, wins = 0, moves = 0;
  for (auto _ : state) {
    memo_total = wins = moves = 0;
    for (const auto b : boards) {
      const Game game;
      grundy::Analyzer<Game, Memo> analyzer(game);
      const std::vector<std::uint64_t> sum{b};
      const auto analysis = analyzer.analyze(sum);
      wins += analysis.first_player_wins() ? 1 : 0;
      moves += analysis.winning_moves.size();
      memo_total += analyzer.solver().memo_size();
    }
  }
  state.counters["boards"] = static_cast<double>(boards.size());
  state.counters["first_player_wins"] = static_cast<double>(wins);
  state.counters["winning_moves"] = static_cast<double>(moves);
  state.counters["memo_avg"] = static_cast<double>(memo_total) / static_cast<double>(boards.size());
}
using BaselineMemo = grundy::HashMemo<std::uint64_t, grundy::PositionHash<std::uint64_t>>;
using NewMemo = grundy::DefaultMemoOf<Rect>;
using SmallPageMemo = grundy::FlatMemo<std::uint64_t, false>;  // FlatMemo before the third round
BENCHMARK_TEMPLATE(BM_RectTwentyAnalyze, RectBefore, BaselineMemo)
    ->Arg(1)
    ->Arg(0)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_TEMPLATE(BM_RectTwentyAnalyze, RectBefore, NewMemo)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_TEMPLATE(BM_RectTwentyAnalyze, RectSymmetric, NewMemo)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_TEMPLATE(BM_RectTwentyAnalyze, RectUnsplit, NewMemo)
    ->Arg(1)
    ->Arg(0)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_TEMPLATE(BM_RectTwentyAnalyze, Rect, NewMemo)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->Iterations(1);
// Third round: known values of small components, huge pages for the memo; each alone and both.
BENCHMARK_TEMPLATE(BM_RectTwentyAnalyze, grundy::testing::SearchedRect, SmallPageMemo)
    ->Arg(1)
    ->Arg(0)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_TEMPLATE(BM_RectTwentyAnalyze, grundy::testing::SearchedRect, NewMemo)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_TEMPLATE(BM_RectTwentyAnalyze, Rect, SmallPageMemo)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->Iterations(1);

// Fourth round: one board searched by several threads (ParallelSolver), each board
// in a fresh analyzer as one `grundy rect --threads N` call. Arguments: board set
// (as above), threads (1: the one-thread Solver, the baseline). Wall time and the
// process's CPU time: on a loaded machine the threads may not get their cores
// (and with the kernel's autogroup scheduling a session's threads share one
// session's slice). `busiest_s` sums, board by board, the CPU seconds of the
// thread that worked longest: threads never wait for each other, so it is the
// wall time the boards need when every thread has a core of its own.
void BM_RectTwentyThreads(benchmark::State& state) {
  const auto boards = state.range(0) == 0 ? twenty_boards() : random_boards(5, 0.7, 20, 1005);
  const auto threads = static_cast<unsigned>(state.range(1));
  std::size_t memo_total = 0, moves = 0;
  double busiest = 0;
  for (auto _ : state) {
    memo_total = moves = 0;
    busiest = 0;
    for (const auto b : boards) {
      const Rect game;
      grundy::Analyzer<Rect> analyzer(game);
      analyzer.solver().set_threads(threads);
      const std::vector<std::uint64_t> sum{b};
      const double cpu_before = grundy::detail::thread_cpu_seconds();
      moves += analyzer.analyze(sum).winning_moves.size();
      double board_busiest = grundy::detail::thread_cpu_seconds() - cpu_before;
      if (const auto* parallel = analyzer.solver().parallel()) {
        for (const auto& work : parallel->thread_work()) board_busiest = std::max(board_busiest, work.cpu_seconds);
      }
      busiest += board_busiest;
      memo_total += analyzer.solver().memo_size();
    }
  }
  state.counters["winning_moves"] = static_cast<double>(moves);
  state.counters["memo_avg"] = static_cast<double>(memo_total) / static_cast<double>(boards.size());
  state.counters["busiest_s"] = busiest;
}
BENCHMARK(BM_RectTwentyThreads)
    ->Args({1, 1})
    ->Args({1, 2})
    ->Args({0, 1})
    ->Args({0, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MeasureProcessCPUTime()
    ->Iterations(1);

// ---- The hot path alone: the options of one dense 8x8 position, split and canonicalised. ----
void BM_RectOptionsSplitCanonical(benchmark::State& state) {
  const auto boards = random_boards(8, 0.7, 64, 99);
  const Rect game;
  std::vector<std::uint64_t> parts;
  std::size_t options = 0;
  struct Sink {
    const Rect* game;
    std::vector<std::uint64_t>* parts;
    std::size_t* options;
    std::uint64_t acc = 0;
    void add(const Rect::Move&, std::initializer_list<std::uint64_t> rest) {
      parts->clear();
      game->decompose(*rest.begin(), *parts);
      for (const auto p : *parts) acc ^= game->canonical(p);
      ++*options;
    }
    void add(const Rect::Move&) { ++*options; }
  };
  for (auto _ : state) {
    Sink sink{&game, &parts, &options};
    for (const auto b : boards) game.options(b, sink);
    benchmark::DoNotOptimize(sink.acc);
  }
  state.counters["options"] = benchmark::Counter(static_cast<double>(options), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RectOptionsSplitCanonical);

}  // namespace
