// Heap sizes in blocks on a team, for the methods whose work per heap size is
// nearly all options whose heaps lie well below it (the dense method's pairs,
// the plain method's options): for a block [begin, end) every member takes heap
// sizes from a shared cursor and does, in any order, the part of each that reads
// only values below some `known` (the speculation); then member 0 finishes the
// block's heap sizes in order with the few options that reach into
// [known, n) and commits the values. The finish of block j overlaps the
// speculation of block j + 1, so `known` is at least block j's begin, and is
// what member 0 has committed when the heap size is taken (the fewer options
// are left to the finish, the fewer speculations fail). The only time a member
// works alone is where member 0 is still finishing after the next block's heap
// sizes are all taken (the serial time, timed here).
// The values are those of one thread, whatever the team's size.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "worker_team.hpp"

namespace grundy::heap::detail {

/// One block: heap sizes [begin, end), speculated from the values below known
/// at least; slot (0 or 1) tells the block being finished from the one being
/// speculated.
struct SpeculatedBlock {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
  std::uint64_t known = 0;
  unsigned slot = 0;
};

/// Why run_speculated_blocks returned.
enum class BlocksOutcome {
  done,     // every heap size up to `end` is committed
  stopped,  // method.stopped() was true between two blocks
  cut,      // method.finish returned false: committed up to where it said
};

/// How the team spent run_speculated_blocks: `overlapped` is the wall time in
/// which two or more members computed (the rest is serial); the CPU times are
/// member 0's in-order finish and all members' work. finish_cpu / team_cpu is
/// the serial fraction of the method, whatever the machine's load: the finish
/// is the one part no other member can take (Amdahl: K members gain at most
/// 1 / (f + (1 - f) / K)).
struct SpeculatedTimes {
  std::chrono::nanoseconds wall{0};
  std::chrono::nanoseconds overlapped{0};
  std::chrono::nanoseconds finish_cpu{0};
  std::chrono::nanoseconds team_cpu{0};
  /// Heap sizes whose speculation failed (an option into the block changed its
  /// value): the method counts them, and finished them in full.
  std::uint64_t redone = 0;
  SpeculatedTimes& operator+=(const SpeculatedTimes& other) {
    wall += other.wall;
    overlapped += other.overlapped;
    finish_cpu += other.finish_cpu;
    team_cpu += other.team_cpu;
    redone += other.redone;
    return *this;
  }
};

/// The CPU time of the calling thread.
std::chrono::nanoseconds thread_cpu_time();

/// Adds `times` to the process's totals (read by benchmarks: speculated_totals).
void add_speculated_totals(const SpeculatedTimes& times);
/// The totals of every run_speculated_blocks of this process so far.
SpeculatedTimes speculated_totals();

/// Method:
///   std::uint64_t block_length(std::uint64_t begin) const: the heap sizes of the
///     block starting at begin (>= 1);
///   void prepare(const SpeculatedBlock&): called by the caller's thread before
///     the team speculates the block (while member 0 may finish the block
///     before it): copy here what the speculation reads of the method's state;
///   void speculate(const SpeculatedBlock&, std::uint64_t n, std::uint64_t known,
///     unsigned member): reads values below known only (known >= block.known,
///     and <= n; member: which scratch to use);
///   bool finish(const SpeculatedBlock&, std::uint64_t n): commits g(n) (every
///     value below n known; the method keeps each n's `known`), or returns
///     false to end here (n not committed, or committed and the next
///     speculation made void: the method knows which);
///   bool stopped() const: asked between blocks.
/// The table's storage must not move while this runs (reserve it up to end).
template <class Method>
BlocksOutcome run_speculated_blocks(WorkerTeam& team, Method& method, std::uint64_t begin, std::uint64_t end,
                                    SpeculatedTimes& times) {
  using Clock = std::chrono::steady_clock;
  const unsigned members = team.size();
  const auto started = Clock::now();
  std::atomic<std::uint64_t> cursor{0};
  std::atomic<std::uint64_t> committed{begin};  // values member 0 has committed (release: readable below it)
  // When each member ran out of work in the current team run (member 0: after its finish too).
  std::vector<Clock::time_point> idle(members);
  std::vector<std::chrono::nanoseconds> cpu(members);  // each member's CPU time in the current team run
  SpeculatedTimes spent;

  const auto next_block = [&](std::uint64_t from, std::uint64_t known, unsigned slot) {
    const SpeculatedBlock block{
        .begin = from, .end = std::min(end, from + method.block_length(from)), .known = known, .slot = slot};
    method.prepare(block);
    return block;
  };
  const auto speculate_all = [&](const SpeculatedBlock& block, unsigned t) {
    for (std::uint64_t n = cursor.fetch_add(1, std::memory_order_relaxed); n < block.end;
         n = cursor.fetch_add(1, std::memory_order_relaxed)) {
      const std::uint64_t known = std::min(n, std::max(block.known, committed.load(std::memory_order_acquire)));
      method.speculate(block, n, known, t);
    }
  };
  // Adds the span in which at least two members worked: up to the second-last one to go idle.
  const auto account = [&](Clock::time_point run_start) {
    if (members < 2) return;
    std::vector<Clock::time_point> ends = idle;
    std::nth_element(ends.begin(), ends.end() - 2, ends.end());
    const Clock::time_point second_last = *(ends.end() - 2);
    if (second_last > run_start) spent.overlapped += second_last - run_start;
    for (const std::chrono::nanoseconds member : cpu) spent.team_cpu += member;
  };

  SpeculatedBlock current = next_block(begin, begin, 0);
  cursor.store(current.begin, std::memory_order_relaxed);
  {
    const auto run_start = Clock::now();
    auto first = [&](unsigned t) {
      const std::chrono::nanoseconds cpu_start = thread_cpu_time();
      speculate_all(current, t);
      idle[t] = Clock::now();
      cpu[t] = thread_cpu_time() - cpu_start;
    };
    team.run(first);
    account(run_start);
  }
  BlocksOutcome outcome = BlocksOutcome::done;
  for (;;) {
    const bool more = current.end < end;
    const SpeculatedBlock next = more ? next_block(current.end, current.begin, 1 - current.slot) : SpeculatedBlock{};
    cursor.store(next.begin, std::memory_order_relaxed);
    bool cut = false;
    const auto run_start = Clock::now();
    auto finish_and_speculate = [&](unsigned t) {
      const std::chrono::nanoseconds cpu_start = thread_cpu_time();
      if (t == 0) {
        // The one place where a member works on its own while the others may run dry.
        for (std::uint64_t n = current.begin; n < current.end; ++n) {
          if (!method.finish(current, n)) {
            cut = true;
            break;
          }
          committed.store(n + 1, std::memory_order_release);
        }
        spent.finish_cpu += thread_cpu_time() - cpu_start;
      }
      if (more && !(t == 0 && cut)) speculate_all(next, t);  // cut is member 0's: others need not stop
      idle[t] = Clock::now();
      cpu[t] = thread_cpu_time() - cpu_start;
    };
    team.run(finish_and_speculate);
    account(run_start);
    if (cut) {
      outcome = BlocksOutcome::cut;
      break;
    }
    if (!more) break;
    if (method.stopped()) {
      outcome = BlocksOutcome::stopped;
      break;
    }
    current = next;
  }
  spent.wall = Clock::now() - started;
  times += spent;
  add_speculated_totals(spent);
  return outcome;
}

}  // namespace grundy::heap::detail
