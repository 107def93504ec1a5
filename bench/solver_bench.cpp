// The generic memoised solver on a deep game and a wide game, each beside the
// plain method of the original problems: plain recursion, std::unordered_map memo,
// std::set for the mex. Reports positions solved per second.
#include <benchmark/benchmark.h>

#include <malloc.h>

#include <cstdint>
#include <set>
#include <unordered_map>
#include <vector>

#include "grundy/core/solver.hpp"

namespace {

// Both methods run under one allocator policy: keep freed memory instead of
// returning it to the kernel, so that each iteration measures the search, not
// the page faults of re-mapping the previous iteration's buffers.
const bool kAllocatorKeepsMemory = [] {
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  return true;
}();

// Deep: remove 1, 2 or 5 tokens; a pile of n is n moves deep.
struct TakeOneTwoFive {
  using Position = std::uint64_t;
  using Move = std::uint64_t;
  template <class Sink>
  void options(Position n, Sink& sink) const {
    for (std::uint64_t take : {1, 2, 5}) {
      if (take <= n) sink.add(take, {n - take});
    }
  }
};

// Wide: Wythoff's game on two piles packed in one word; a position (a, b) has
// a + b + min(a, b) options.
struct Wythoff {
  using Position = std::uint64_t;
  using Move = std::uint64_t;
  static Position pack(std::uint64_t a, std::uint64_t b) { return a << 32 | b; }
  template <class Sink>
  void options(Position p, Sink& sink) const {
    const std::uint64_t a = p >> 32, b = p & 0xffffffffU;
    for (std::uint64_t k = 1; k <= a; ++k) sink.add(0, {pack(a - k, b)});
    for (std::uint64_t k = 1; k <= b; ++k) sink.add(0, {pack(a, b - k)});
    for (std::uint64_t k = 1; k <= a && k <= b; ++k) sink.add(0, {pack(a - k, b - k)});
  }
};

// The plain method, for any game above.
template <class G>
class RecursiveBaseline {
 public:
  explicit RecursiveBaseline(const G& game) : game_(game) {}
  std::uint64_t value(typename G::Position p) {
    if (auto it = memo_.find(p); it != memo_.end()) return it->second;
    Collector collector;
    game_.options(p, collector);
    std::set<std::uint64_t> seen;
    for (auto child : collector.children) seen.insert(value(child));
    std::uint64_t mex = 0;
    while (seen.count(mex)) ++mex;
    memo_[p] = mex;
    return mex;
  }
  std::size_t size() const { return memo_.size(); }

 private:
  struct Collector {
    std::vector<typename G::Position> children;
    template <class M>
    void add(const M&, std::initializer_list<typename G::Position> c) {
      children.insert(children.end(), c.begin(), c.end());
    }
  };
  const G& game_;
  std::unordered_map<typename G::Position, std::uint64_t> memo_;
};

template <class Solve>
void run(benchmark::State& state, Solve solve) {
  std::size_t positions = 0;
  for (auto _ : state) positions = solve();
  state.counters["positions"] = static_cast<double>(positions);
  state.counters["positions_per_s"] =
      benchmark::Counter(static_cast<double>(positions) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

void BM_Deep_Solver(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  run(state, [n] {
    TakeOneTwoFive game;
    grundy::Solver<TakeOneTwoFive> solver(game);
    benchmark::DoNotOptimize(solver.value(n));
    return solver.memo_size();
  });
}
void BM_Deep_Baseline(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  run(state, [n] {
    TakeOneTwoFive game;
    RecursiveBaseline<TakeOneTwoFive> baseline(game);
    benchmark::DoNotOptimize(baseline.value(n));
    return baseline.size();
  });
}
void BM_Wide_Solver(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  run(state, [n] {
    Wythoff game;
    grundy::Solver<Wythoff> solver(game);
    benchmark::DoNotOptimize(solver.value(Wythoff::pack(n, n)));
    return solver.memo_size();
  });
}
void BM_Wide_Baseline(benchmark::State& state) {
  const auto n = static_cast<std::uint64_t>(state.range(0));
  run(state, [n] {
    Wythoff game;
    RecursiveBaseline<Wythoff> baseline(game);
    benchmark::DoNotOptimize(baseline.value(Wythoff::pack(n, n)));
    return baseline.size();
  });
}

// The baseline recurses once per move of depth: 20,000 is about what a default
// 8 MiB stack survives; the solver also runs a million deep.
BENCHMARK(BM_Deep_Solver)->Arg(20'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Deep_Baseline)->Arg(20'000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Wide_Solver)->Arg(100)->Arg(300)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Wide_Baseline)->Arg(100)->Arg(300)->Unit(benchmark::kMillisecond);

}  // namespace
