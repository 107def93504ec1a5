// Heap-table kernels: extend_fast (vectorised dense method and sparse space)
// beside extend_plain (the O(n^2) seen-set method) in the same binary. The plain
// method is measured at the sizes where it finishes in reasonable time; the
// issue's targets (docs/PERFORMANCE.md, "Heap tables") compare against it by n^2.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "grundy/heap/kernel.hpp"
#include "grundy/heap/periodicity.hpp"
#include "grundy/heap/value_stream.hpp"
#include "heap/speculated_blocks.hpp"
#include "support/thread_group.hpp"

// Under `valgrind --tool=callgrind --instr-atstart=no` the finish benchmarks
// count the instructions of the continued stretch alone (not its prefix): the
// work a team does, whatever the machine's speed.
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#endif

namespace {

using grundy::heap::HeapRules;

const HeapRules kGrundysGame = HeapRules::make("grundys-game", {4}, true);
const HeapRules kTreblecross = HeapRules::make("0.007", {0, 0, 0, 7});
const HeapRules k0167 = HeapRules::make("0.167", {0, 1, 6, 7});

template <bool kFast>
void run_table(benchmark::State& state, const HeapRules& rules, unsigned threads = 1) {
  const auto upto = static_cast<std::uint64_t>(state.range(0));
  grundy::heap::KernelStats stats;
  const grundy::heap::detail::SpeculatedTimes before = grundy::heap::detail::speculated_totals();
  for (auto _ : state) {
    std::vector<std::uint16_t> g;
    g.reserve(upto + 1);
    grundy::heap::KernelControl control;
    control.stats = &stats;
    control.threads = threads;
    control.adaptive = false;  // measure the thread count asked for
    if constexpr (kFast) {
      grundy::heap::extend_fast(rules, g, upto, control);
    } else {
      grundy::heap::extend_plain(rules, g, upto, control);
    }
    benchmark::DoNotOptimize(g.data());
  }
  state.counters["values/s"] = benchmark::Counter(static_cast<double>(upto), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["rare"] = static_cast<double>(stats.rare_count.load());
  state.counters["mask"] = static_cast<double>(stats.rare_mask.load());
  // Speculated blocks (the dense and plain methods on a team): the serial
  // fraction (member 0's in-order finish in the team's CPU time) and the
  // speed-up Amdahl's law gives it on 16 cores.
  const grundy::heap::detail::SpeculatedTimes after = grundy::heap::detail::speculated_totals();
  const auto team_cpu = static_cast<double>((after.team_cpu - before.team_cpu).count());
  if (team_cpu > 0) {
    const double serial = static_cast<double>((after.finish_cpu - before.finish_cpu).count()) / team_cpu;
    state.counters["serial%"] = 100 * serial;
    state.counters["amdahl16"] = 1 / (serial + (1 - serial) / 16);
    state.counters["redone"] = static_cast<double>(after.redone - before.redone);
    // Wall time in the blocks in which only one member computed (a busy machine inflates it).
    const auto wall = static_cast<double>((after.wall - before.wall).count());
    state.counters["alone%"] = 100 * (1 - static_cast<double>((after.overlapped - before.overlapped).count()) / wall);
  }
}

void BM_GrundysGame_Plain(benchmark::State& state) { run_table<false>(state, kGrundysGame); }
void BM_GrundysGame_Fast(benchmark::State& state) { run_table<true>(state, kGrundysGame); }
void BM_Treblecross_Plain(benchmark::State& state) { run_table<false>(state, kTreblecross); }
void BM_Treblecross_Fast(benchmark::State& state) { run_table<true>(state, kTreblecross); }
void BM_Octal0167_Plain(benchmark::State& state) { run_table<false>(state, k0167); }
void BM_Octal0167_Fast(benchmark::State& state) { run_table<true>(state, k0167); }

// One thread (the baseline) beside two, same binary, same run: range(1) = threads.
void BM_GrundysGame_Threads(benchmark::State& state) {
  run_table<true>(state, kGrundysGame, static_cast<unsigned>(state.range(1)));
}
void BM_Octal0167_Threads(benchmark::State& state) {
  run_table<true>(state, k0167, static_cast<unsigned>(state.range(1)));
}
void BM_Plain_Threads(benchmark::State& state) {
  run_table<false>(state, kGrundysGame, static_cast<unsigned>(state.range(1)));
}
BENCHMARK(BM_GrundysGame_Threads)
    ->Args({1 << 20, 1})->Args({1 << 20, 2})->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Octal0167_Threads)
    ->Args({1 << 24, 1})->Args({1 << 24, 2})->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Plain_Threads)
    ->Args({1 << 16, 1})->Args({1 << 16, 2})->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
// The dense method (0.007: no sparse space) and the plain method on a
// hexadecimal code with three-heap splits (0.9: take one, leave none or three
// heaps), each on one thread (the baseline) and on the team of speculated
// blocks: 2 members, and 16 (oversubscribed on a small machine: its serial%
// is the one a 16-core machine would see, its time is not).
const HeapRules kHex09 = HeapRules::make("0.9", {0, 9});
void BM_Treblecross_Threads(benchmark::State& state) {
  run_table<true>(state, kTreblecross, static_cast<unsigned>(state.range(1)));
}
void BM_PlainThreeHeaps_Threads(benchmark::State& state) {
  run_table<false>(state, kHex09, static_cast<unsigned>(state.range(1)));
}
BENCHMARK(BM_Treblecross_Threads)
    ->Args({1 << 17, 1})->Args({1 << 17, 2})->Args({1 << 17, 16})
    ->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_PlainThreeHeaps_Threads)
    ->Args({2000, 1})->Args({2000, 2})->Args({2000, 16})
    ->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();

// The block method's finish on a team: a table continued from a prefix (Grundy's
// game from 2^20, 0.167 from 2^22, 2^18 heap sizes more), with the speculative
// finish (range(1) = 1: every member proves guesses, whatever the team's size)
// beside the finish in order by one member (0) and one thread. Counters: the share of
// the wall time in which one member worked alone (serial) and of the heap sizes
// guessed.
// The table of `rules` below `from` (Grundy's game from 2^20, 0.167 from 2^22),
// computed once per run of the benchmarks.
const std::vector<std::uint16_t>& finish_prefix(const HeapRules& rules, std::uint64_t from) {
  static std::map<std::pair<std::string, std::uint64_t>, std::vector<std::uint16_t>> prefixes;
  std::vector<std::uint16_t>& prefix = prefixes[{rules.name(), from}];
  if (prefix.empty()) grundy::heap::extend_fast(rules, prefix, from - 1);
  return prefix;
}

void run_finish(benchmark::State& state, const HeapRules& rules, std::uint64_t from,
                std::uint64_t length = std::uint64_t{1} << 18) {
  const std::vector<std::uint16_t>& prefix = finish_prefix(rules, from);
  const std::uint64_t upto = from + length - 1;
  grundy::heap::KernelStats stats;
  double wall = 0;
  for (auto _ : state) {
    std::vector<std::uint16_t> g = prefix;
    g.reserve(upto + 1);
    grundy::heap::KernelControl control;
    control.stats = &stats;
    control.threads = static_cast<unsigned>(state.range(0));
    control.adaptive = false;
    control.speculative_from = state.range(1) != 0 ? 2 : 0;
    const auto start = std::chrono::steady_clock::now();
    CALLGRIND_START_INSTRUMENTATION;
    grundy::heap::extend_fast(rules, g, upto, control);
    CALLGRIND_STOP_INSTRUMENTATION;
    wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    benchmark::DoNotOptimize(g.data());
  }
  const double overlapped = static_cast<double>(stats.overlapped_nanoseconds.load()) * 1e-9;
  state.counters["serial%"] = wall > 0 ? 100 * std::max(0.0, wall - overlapped) / wall : 0;
  state.counters["failed"] = static_cast<double>(stats.failed_guesses.load()) / static_cast<double>(state.iterations());
  state.counters["guessed%"] =
      100 * static_cast<double>(stats.guessed_steps.load()) / static_cast<double>((upto + 1 - from) * state.iterations());
  state.counters["chunked%"] = 100 * static_cast<double>(stats.chunked_steps.load()) /
                               static_cast<double>((upto + 1 - from) * state.iterations());
  // Of the guesses, those confirmed while the round still ran (the rest are
  // confirmed after it, while the other members wait).
  state.counters["in_round%"] =
      stats.guessed_steps.load() > 0
          ? 100 * static_cast<double>(stats.confirmed_in_round.load()) / static_cast<double>(stats.guessed_steps.load())
          : 0;
}
void BM_GrundysGame_Finish(benchmark::State& state) { run_finish(state, kGrundysGame, std::uint64_t{1} << 20); }
void BM_Octal0167_Finish(benchmark::State& state) { run_finish(state, k0167, std::uint64_t{1} << 22); }
// Grundy's game from 2^17 by 2^17: past the last rare heap (82,860), values below 128 (blocks of 128 heap sizes).
void BM_GrundysGame_FinishEarly(benchmark::State& state) {
  run_finish(state, kGrundysGame, std::uint64_t{1} << 17, std::uint64_t{1} << 17);
}
// Args: threads, speculative finish.
void finish_runs(benchmark::internal::Benchmark* runs) {
  runs->Args({1, 0})->Args({2, 0})->Args({2, 1})->Iterations(3)->Unit(benchmark::kMillisecond)->UseRealTime();
}
// And 16 members: on two cores their time means little, their instructions
// (callgrind) are the work a 16-core machine would do.
BENCHMARK(BM_GrundysGame_Finish)->Apply(finish_runs)->Args({16, 1});
BENCHMARK(BM_Octal0167_Finish)->Apply(finish_runs);
BENCHMARK(BM_GrundysGame_FinishEarly)->Apply(finish_runs)->Args({16, 1});
// From 2^13 by 2^14: below the last rare heap (82,860), where rare heaps are a few hundred heap sizes apart.
void BM_GrundysGame_FinishRare(benchmark::State& state) {
  run_finish(state, kGrundysGame, std::uint64_t{1} << 13, std::uint64_t{1} << 14);
}
BENCHMARK(BM_GrundysGame_FinishRare)->Apply(finish_runs)->Args({16, 1});

// A group of range(0) processes (threads standing for them, one thread each,
// as grundy-mpi's ranks) continuing Grundy's game from 2^20 by 2^18 heap sizes:
// the last member guesses each next block a round ahead (m alone, in order)
// and every member takes its part of the proofs and shares. One member is one
// process alone, the baseline. The members' exchanges are gathers, each
// copying in its part and out the others' (what MPI's receiver does).
// Counter: member 0's time in order (what every
// member repeats: the set-ups, the confirmation) as a share of the wall time.
void BM_GrundysGame_Group(benchmark::State& state) {
  const auto size = static_cast<unsigned>(state.range(0));
  const std::uint64_t from = std::uint64_t{1} << 20;
  const std::vector<std::uint16_t>& prefix = finish_prefix(kGrundysGame, from);
  const std::uint64_t upto = from + (std::uint64_t{1} << 18) - 1;
  double wall = 0;
  std::uint64_t in_order = 0;
  for (auto _ : state) {
    grundy::testing::OrMeeting meeting(size);
    std::vector<std::vector<std::uint16_t>> tables(size, prefix);
    const auto start = std::chrono::steady_clock::now();
    CALLGRIND_START_INSTRUMENTATION;
    std::vector<std::thread> members;
    for (unsigned rank = 0; rank < size; ++rank) {
      members.emplace_back([&, rank] {
        grundy::testing::ThreadMember member(meeting, rank, size);
        grundy::heap::KernelControl control{.threads = 1, .adaptive = false};
        if (size > 1) control.group = &member;
        tables[rank].reserve(upto + 1);
        grundy::heap::extend_fast(kGrundysGame, tables[rank], upto, control);
        if (rank == 0) in_order += member.in_order_nanoseconds();
      });
    }
    for (std::thread& member : members) member.join();
    CALLGRIND_STOP_INSTRUMENTATION;
    wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    benchmark::DoNotOptimize(tables[0].data());
  }
  state.counters["in_order%"] = wall > 0 ? 100 * static_cast<double>(in_order) * 1e-9 / wall : 0;
}
// And 16 processes: their time on two cores means little, their instructions
// (callgrind) are the work of a 16-rank group.
BENCHMARK(BM_GrundysGame_Group)->Arg(1)->Arg(2)->Arg(16)->Iterations(3)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same group in bounded memory, from the start to 2^22 (the head holds
// the first 2^20 values): each member streams its table, member 0 alone
// spills it to a file, and a block's partners are shared out by partners
// (those whose runs lie beyond memory member 0's), its masks ORed whole. One
// member is one process alone, the baseline.
void BM_GrundysGame_GroupStreamed(benchmark::State& state) {
  const auto size = static_cast<unsigned>(state.range(0));
  const std::uint64_t upto = (std::uint64_t{1} << 22) - 1;
  for (auto _ : state) {
    grundy::testing::OrMeeting meeting(size);
    CALLGRIND_START_INSTRUMENTATION;
    std::vector<std::thread> members;
    for (unsigned rank = 0; rank < size; ++rank) {
      members.emplace_back([&, rank] {
        grundy::testing::ThreadMember member(meeting, rank, size);
        grundy::heap::SpillFile file("", rank == 0);
        grundy::heap::StreamedValues g(file, grundy::heap::StreamSizes{});
        grundy::heap::KernelControl control{.threads = 1, .adaptive = false};
        if (size > 1) control.group = &member;
        grundy::heap::extend_fast_streamed(kGrundysGame, g, upto, control);
        benchmark::DoNotOptimize(g.size());
      });
    }
    for (std::thread& member : members) member.join();
    CALLGRIND_STOP_INSTRUMENTATION;
  }
}
BENCHMARK(BM_GrundysGame_GroupStreamed)->Arg(1)->Arg(2)->Iterations(3)->Unit(benchmark::kMillisecond)->UseRealTime();

// The table in bounded memory (values spilled to a file, read back through the
// head, the window and cursors) beside the same kernel on the table in memory
// (run_table above): range(1) = threads, the team always used when 2.
template <bool kStreamed>
void run_stored(benchmark::State& state, const HeapRules& rules) {
  const auto upto = static_cast<std::uint64_t>(state.range(0));
  const grundy::heap::KernelControl control{.threads = static_cast<unsigned>(state.range(1)), .adaptive = false};
  for (auto _ : state) {
    if constexpr (kStreamed) {
      grundy::heap::SpillFile file;
      grundy::heap::StreamedValues g(file, grundy::heap::StreamSizes{});
      grundy::heap::extend_fast_streamed(rules, g, upto, control);
      benchmark::DoNotOptimize(g.size());
    } else {
      std::vector<std::uint16_t> g;
      grundy::heap::extend_fast(rules, g, upto, control);
      benchmark::DoNotOptimize(g.data());
    }
  }
  state.counters["values/s"] = benchmark::Counter(static_cast<double>(upto), benchmark::Counter::kIsIterationInvariantRate);
}
void BM_GrundysGame_InMemory(benchmark::State& state) { run_stored<false>(state, kGrundysGame); }
void BM_GrundysGame_Streamed(benchmark::State& state) { run_stored<true>(state, kGrundysGame); }
void BM_Octal0167_InMemory(benchmark::State& state) { run_stored<false>(state, k0167); }
void BM_Octal0167_Streamed(benchmark::State& state) { run_stored<true>(state, k0167); }
BENCHMARK(BM_GrundysGame_InMemory)
    ->Args({1 << 20, 1})->Args({1 << 20, 2})->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GrundysGame_Streamed)
    ->Args({1 << 20, 1})->Args({1 << 20, 2})->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
// 0.167 on two threads: guessed by chunks (values below 64), in memory and in bounded memory alike.
BENCHMARK(BM_Octal0167_InMemory)
    ->Args({1 << 24, 1})
    ->Args({1 << 24, 2})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_Octal0167_Streamed)
    ->Args({1 << 24, 1})
    ->Args({1 << 24, 2})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The period search at a table's end (0.167 to 2^24, not periodic: every p
// up to half the table is tried), over the values in bounded memory (read back
// from the file) beside the same values in memory (the baseline).
void BM_PeriodSearch_InMemory(benchmark::State& state) {
  std::vector<std::uint16_t> g;
  grundy::heap::extend_fast(k0167, g, static_cast<std::uint64_t>(state.range(0)), grundy::heap::KernelControl{});
  for (auto _ : state) {
    benchmark::DoNotOptimize(grundy::heap::find_period(k0167, std::span<const std::uint16_t>(g)));
  }
}
void BM_PeriodSearch_Streamed(benchmark::State& state) {
  grundy::heap::SpillFile file;
  grundy::heap::StreamedValues g(file, grundy::heap::StreamSizes{});
  grundy::heap::extend_fast_streamed(k0167, g, static_cast<std::uint64_t>(state.range(0)),
                                     grundy::heap::KernelControl{});
  for (auto _ : state) benchmark::DoNotOptimize(grundy::heap::find_period_streamed(k0167, g));
}
BENCHMARK(BM_PeriodSearch_InMemory)->Arg(1 << 24)->Iterations(3)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PeriodSearch_Streamed)->Arg(1 << 24)->Iterations(3)->Unit(benchmark::kMillisecond);

// Grundy's game: plain to 2^16 and 2^17, fast to the same sizes and to 2^20, 2^24.
BENCHMARK(BM_GrundysGame_Plain)->Arg(1 << 16)->Arg(1 << 17)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_GrundysGame_Fast)
    ->Arg(1 << 16)->Arg(1 << 17)->Arg(1 << 20)->Arg(1 << 24)->Iterations(1)->Unit(benchmark::kMillisecond);
// 0.007: both methods to 2^18 (the target's own size).
BENCHMARK(BM_Treblecross_Plain)->Arg(1 << 16)->Arg(1 << 18)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Treblecross_Fast)->Arg(1 << 16)->Arg(1 << 18)->Iterations(1)->Unit(benchmark::kMillisecond);
// 0.167: plain to 2^16, fast to 2^16, 2^24 and 2^28 (512 MiB of values).
BENCHMARK(BM_Octal0167_Plain)->Arg(1 << 16)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Octal0167_Fast)
    ->Arg(1 << 16)->Arg(1 << 24)->Arg(1 << 28)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
