// Heap sizes on a team, for the methods whose work per heap size is nearly all
// options whose heaps lie well below it (the dense method's pairs, the plain
// method's options): every member takes heap sizes from a shared cursor and
// does, in any order, the part of each that reads only values below some
// `known` (the speculation); member 0 finishes the heap sizes in order with the
// few options that reach into [known, n) and commits the values. There are no
// rounds: a heap size n may be taken once the values below n - lead(n) are
// committed (the method's bound on how far the speculation runs ahead; known is
// what member 0 has committed when n is taken), and member 0 finishes each n as
// soon as its speculation is stored, taking heap sizes itself while it waits.
// So no member waits for the slowest heap size of a block (a heap size's scan
// varies widely): a member waits only where the finish is `lead` behind, or
// member 0 for a heap size still being speculated with nothing left to take.
// The values are those of one thread, whatever the team's size.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <vector>

#include "busy_log.hpp"
#include "worker_team.hpp"

namespace grundy::heap::detail {

/// Why run_speculated returned.
enum class BlocksOutcome {
  done,     // every heap size up to `end` is committed
  stopped,  // method.stopped() was true after a heap size was committed
  cut,      // method.finish returned false: committed up to where it said
};

/// How the team spent run_speculated: `overlapped` is the wall time in which
/// two or more members computed (the rest is serial); the times are member 0's
/// in-order finish (wall time, member 0 computing throughout) and all members'
/// CPU time. finish_cpu / team_cpu is
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
/// The totals of every run_speculated of this process so far.
SpeculatedTimes speculated_totals();

/// What a team's run spent, from its members' busy logs and processor times
/// (finish_cpu: member 0's time in order), added to `times` and to the
/// process's totals.
inline void add_team_times(const std::vector<BusyLog>& logs, const std::vector<std::chrono::nanoseconds>& cpu,
                           std::chrono::nanoseconds finish_cpu, std::chrono::steady_clock::time_point started,
                           SpeculatedTimes& times) {
  SpeculatedTimes spent;
  const auto members = static_cast<unsigned>(logs.size());
  if (members >= 2) {
    std::vector<std::pair<std::int64_t, int>> events;
    spent.overlapped = std::chrono::nanoseconds(overlapped_nanoseconds(logs, members, events));
  }
  for (const std::chrono::nanoseconds member : cpu) spent.team_cpu += member;
  spent.finish_cpu = finish_cpu;
  spent.wall = std::chrono::steady_clock::now() - started;
  times += spent;
  add_speculated_totals(spent);
}

/// Method:
///   std::uint64_t lead(std::uint64_t n) const: n may be speculated once the
///     values below n - lead(n) are committed (>= 1);
///   void prepare(std::uint64_t capacity): called before the team starts; the
///     method keeps heap size n's speculation in entry n % capacity (a power
///     of two), from speculate(n) until finish(n);
///   void speculate(std::uint64_t n, std::uint64_t known, unsigned member): reads
///     values below known only (n - lead(n) <= known <= n; member: which
///     scratch to use);
///   bool finish(std::uint64_t n): commits g(n) (every value below n known; the
///     method keeps each n's `known`), or returns false to end here (n not
///     committed, or committed and the speculations after it made void: the
///     method knows which);
///   bool stopped() const: asked after each heap size committed.
/// The table's storage must not move while this runs (reserve it up to end).
template <class Method>
BlocksOutcome run_speculated(WorkerTeam& team, Method& method, std::uint64_t begin, std::uint64_t end,
                             SpeculatedTimes& times) {
  using Clock = std::chrono::steady_clock;
  const unsigned members = team.size();
  const auto started = Clock::now();
  if (begin >= end) return BlocksOutcome::done;
  // Entry n % capacity is free again once n - capacity is finished, which any
  // lead below capacity ensures (the lead may peak between begin and end: it is
  // clamped).
  const std::uint64_t capacity = std::bit_ceil(2 * std::max(method.lead(begin), method.lead(end - 1)) + 2);
  method.prepare(capacity);
  std::vector<std::atomic<std::uint64_t>> stored(capacity);  // n + 1 once n's speculation is stored
  std::atomic<std::uint64_t> cursor{begin};     // the next heap size to take
  std::atomic<std::uint64_t> committed{begin};  // values member 0 has committed (release: readable below it)
  std::atomic<bool> over{false};                // member 0 is done: the others stop taking heap sizes
  std::vector<BusyLog> logs(members);
  std::vector<std::chrono::nanoseconds> cpu(members);
  std::chrono::nanoseconds finish_time{0};
  BlocksOutcome outcome = BlocksOutcome::done;

  // The next heap size for a member to speculate, or end when none may be taken yet.
  const auto take = [&] {
    std::uint64_t n = cursor.load(std::memory_order_relaxed);
    while (n < end) {
      const std::uint64_t lead = std::min(method.lead(n), capacity - 1);
      if (n > committed.load(std::memory_order_acquire) + lead) return end;  // too far ahead of the finish
      if (cursor.compare_exchange_weak(n, n + 1, std::memory_order_relaxed)) return n;
    }
    return end;
  };
  const auto speculate = [&](std::uint64_t n, unsigned t) {
    method.speculate(n, std::min(n, committed.load(std::memory_order_acquire)), t);
    stored[n % capacity].store(n + 1, std::memory_order_release);
  };
  auto work = [&](unsigned t) {
    const std::chrono::nanoseconds cpu_start = thread_cpu_time();
    BusyLog& log = logs[t];
    log.begin();
    unsigned spins = 0;
    if (t == 0) {
      for (std::uint64_t n = begin; n < end;) {
        if (stored[n % capacity].load(std::memory_order_acquire) == n + 1) {
          log.busy();
          spins = 0;
          const auto finishing = Clock::now();
          const bool committed_n = method.finish(n);
          finish_time += Clock::now() - finishing;
          if (!committed_n) {
            outcome = BlocksOutcome::cut;
            break;
          }
          committed.store(++n, std::memory_order_release);
          if (n < end && method.stopped()) {
            outcome = BlocksOutcome::stopped;
            break;
          }
        } else if (const std::uint64_t m = take(); m < end) {
          log.busy();
          spins = 0;
          speculate(m, 0);
        } else {
          log.idle();  // n is another member's, still being speculated
          pause_briefly(++spins);
        }
      }
      over.store(true, std::memory_order_release);
    } else {
      while (!over.load(std::memory_order_acquire)) {
        if (const std::uint64_t m = take(); m < end) {
          log.busy();
          spins = 0;
          speculate(m, t);
        } else if (cursor.load(std::memory_order_relaxed) >= end) {
          break;  // every heap size is taken
        } else {
          log.idle();  // the finish is a lead behind
          pause_briefly(++spins);
        }
      }
    }
    log.end();
    cpu[t] = thread_cpu_time() - cpu_start;
  };
  team.run(work);
  add_team_times(logs, cpu, finish_time, started, times);
  return outcome;
}

}  // namespace grundy::heap::detail
