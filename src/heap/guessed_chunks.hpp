// Chunks of heap sizes on a team, for a method whose value of a heap size is
// quick to guess in order and costly to prove: every member marks chunks
// ahead (the part of each that reads only values lead chunks below it), member
// 0 guesses each chunk's values in order from those marks and appends them to
// the table, every member proves guessed chunks (reading the guesses below
// them), and the proved chunks are confirmed in order by member 0, or on a
// large team by any member, one at a time (a token: member 0's guesses are
// then the only part in order). There are no
// rounds: a member waits only where the guesses are `lead` chunks behind the
// marking, or member 0 for a chunk still being marked with nothing else to
// take. A failed proof ends the run at its heap size (the guesses after it
// are void: the method truncates the table there once the team is done).
// The values are those of the method in order, whatever the team's size.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <vector>

#include "busy_log.hpp"
#include "speculated_blocks.hpp"
#include "worker_team.hpp"

namespace grundy::heap::detail {

/// The members from which any member confirms (run_guessed); below, member 0 alone.
inline constexpr unsigned kSharedConfirmationsFrom = 8;
/// The chunks a claim takes at most (run_guessed): each claim moves the
/// cursors' and the states' lines from core to core, about as long as a
/// small chunk's proof (0.167 to 2^26 on two threads: a seventh of the team's
/// samples were the claims' cache misses with one chunk a claim).
inline constexpr std::uint64_t kChunksClaimed = 4;

/// Method (chunks c in [0, chunks)):
///   std::uint64_t lead() const: chunk c may be marked once chunks below c - lead are guessed (>= 1);
///   void prepare(std::uint64_t capacity): before the team starts; chunk c's state lives in entry c % capacity;
///   void mark(std::uint64_t c, std::uint64_t guessed, unsigned member): reads the values of the
///     chunks below `guessed` only (c - lead <= guessed <= c);
///   bool guess(std::uint64_t c): member 0, in order, once c is marked: appends c's guesses to the
///     table, or returns false (nothing appended past where it stopped) to guess no more;
///   void prove(std::uint64_t c, unsigned member): once c is guessed;
///   bool confirm(std::uint64_t c): member 0, or from kSharedConfirmationsFrom members any member,
///     one at a time (never beside another confirm), in
///     order, once c is proved: commits its values, or returns false where a proof failed (the run
///     ends; the method knows where);
///   bool stopped() const: asked after each confirmed chunk, by the member that confirmed it.
/// Returns the chunks confirmed. The table's storage must not move while this
/// runs (reserve it up to the last chunk).
template <class Method>
std::uint64_t run_guessed(WorkerTeam& team, Method& method, std::uint64_t chunks, SpeculatedTimes& times) {
  using Clock = std::chrono::steady_clock;
  const unsigned members = team.size();
  const auto started = Clock::now();
  if (chunks == 0) return 0;
  const std::uint64_t lead = method.lead();
  // Entries from the oldest chunk not confirmed to the newest marked: lead
  // chunks marked ahead of the guesses, and as many guessed but not confirmed.
  const std::uint64_t capacity = std::bit_ceil(4 * lead + 4);
  // The other members take confirmations too only on a team large enough for
  // member 0's part in order (guesses and confirmations: about 12% of 0.167's
  // work) to bind it. On two members, whose member 0 keeps up, the
  // confirmations' state crossing between the cores and the members' polling
  // of the token cost 6% (BM_Octal0167_InMemory/16777216/2).
  const bool shared_confirmations = members >= kSharedConfirmationsFrom;
  method.prepare(capacity);
  std::vector<std::atomic<std::uint64_t>> marked(capacity);  // c + 1 once c is marked
  std::vector<std::atomic<std::uint64_t>> proved(capacity);  // c + 1 once c is proved
  alignas(64) std::atomic<std::uint64_t> mark_cursor{0};     // the next chunk to mark
  alignas(64) std::atomic<std::uint64_t> prove_cursor{0};    // the next chunk to prove
  alignas(64) std::atomic<std::uint64_t> guessed{0};         // chunks member 0 has guessed (release)
  alignas(64) std::atomic<std::uint64_t> confirmed{0};       // and confirmed
  alignas(64) std::atomic<std::uint64_t> guess_end{chunks};  // where the guesses stop
  alignas(64) std::atomic<bool> confirming{false};           // a member holds the confirmations' token
  std::atomic<bool> halted{false};                           // a proof failed, or the method stopped
  std::atomic<bool> over{false};                             // member 0 is done
  std::vector<BusyLog> logs(members);
  std::vector<std::chrono::nanoseconds> cpu(members);
  const auto entry = [&](std::uint64_t c) { return c & (capacity - 1); };  // a mask: % was a division

  auto work = [&](unsigned t) {
    const std::chrono::nanoseconds cpu_start = thread_cpu_time();
    BusyLog& log = logs[t];
    log.begin();
    // A claim of up to kChunksClaimed proofs (made here, each published as
    // it is done); false when none is guessed and free.
    const auto claim_proof = [&] {
      std::uint64_t p = prove_cursor.load(std::memory_order_relaxed);
      while (true) {
        const std::uint64_t ready = guessed.load(std::memory_order_acquire);
        if (p >= ready) return false;
        const std::uint64_t stop = std::min(ready, p + kChunksClaimed);
        if (prove_cursor.compare_exchange_weak(p, stop, std::memory_order_relaxed)) {
          log.busy();
          for (; p < stop; ++p) {
            method.prove(p, t);
            proved[entry(p)].store(p + 1, std::memory_order_release);
          }
          return true;
        }
      }
    };
    // A claim of up to kChunksClaimed chunks to mark, up to `last` (marked here,
    // in order); false when none may be taken.
    const auto claim_mark = [&](std::uint64_t last) {
      std::uint64_t c = mark_cursor.load(std::memory_order_relaxed);
      while (true) {
        const std::uint64_t end = std::min(last + 1, guess_end.load(std::memory_order_acquire));
        if (c >= end) return false;
        const std::uint64_t done = guessed.load(std::memory_order_acquire);
        const std::uint64_t room = confirmed.load(std::memory_order_acquire) + capacity;
        if (c > done + lead || c >= room) return false;
        const std::uint64_t stop = std::min({end, done + lead + 1, room, c + kChunksClaimed});
        if (mark_cursor.compare_exchange_weak(c, stop, std::memory_order_relaxed)) {
          log.busy();
          for (; c < stop; ++c) {
            method.mark(c, std::min(c, done), t);
            marked[entry(c)].store(c + 1, std::memory_order_release);
          }
          return true;
        }
      }
    };
    // The next proved chunks confirmed in order, by member 0 or on a large
    // team by whichever member takes the token (on member 0 alone, its guesses
    // and confirmations were all of the team's part in order); false when none was.
    const auto try_confirm = [&] {
      std::uint64_t c = confirmed.load(std::memory_order_acquire);
      if (c >= guessed.load(std::memory_order_acquire) || proved[entry(c)].load(std::memory_order_acquire) != c + 1 ||
          (shared_confirmations &&
           (confirming.load(std::memory_order_relaxed) || confirming.exchange(true, std::memory_order_acquire)))) {
        return false;
      }
      log.busy();
      c = confirmed.load(std::memory_order_relaxed);  // as the last holder left it
      bool any = false;
      while (!halted.load(std::memory_order_relaxed) && c < guessed.load(std::memory_order_acquire) &&
             proved[entry(c)].load(std::memory_order_acquire) == c + 1) {
        if (!method.confirm(c)) {
          halted.store(true, std::memory_order_release);
          break;
        }
        confirmed.store(++c, std::memory_order_release);
        any = true;
        if (method.stopped()) halted.store(true, std::memory_order_release);
      }
      if (shared_confirmations) confirming.store(false, std::memory_order_release);
      return any;
    };
    unsigned spins = 0;
    if (t == 0) {
      std::uint64_t next_guess = 0;
      while (true) {
        const std::uint64_t done = confirmed.load(std::memory_order_acquire);
        const std::uint64_t last_guess = guess_end.load(std::memory_order_relaxed);
        // Stopped, or every chunk before the guesses' end confirmed.
        if (halted.load(std::memory_order_acquire) || done >= last_guess) break;
        if (next_guess < last_guess && marked[entry(next_guess)].load(std::memory_order_acquire) == next_guess + 1) {
          log.busy();
          spins = 0;
          const bool guessed_all = method.guess(next_guess);
          if (!guessed_all) {
            guess_end.store(next_guess, std::memory_order_release);  // confirm the chunks before it, no more
          } else {
            guessed.store(++next_guess, std::memory_order_release);
          }
        } else if (try_confirm() || claim_mark(next_guess) || claim_proof() || claim_mark(chunks)) {
          // The chunk member 0 waits for first (it is the guesses' path), then the others' work.
          spins = 0;
        } else {
          log.idle();
          pause_briefly(++spins);
        }
      }
      over.store(true, std::memory_order_release);
      log.end();
      cpu[0] = thread_cpu_time() - cpu_start;
    } else {
      while (!over.load(std::memory_order_acquire)) {
        // The chunk member 0 guesses next first, else confirmations (on a large team), proofs, chunks further ahead.
        if (claim_mark(guessed.load(std::memory_order_relaxed) + 1) || (shared_confirmations && try_confirm()) ||
            claim_proof() || claim_mark(chunks)) {
          spins = 0;
        } else {
          log.idle();
          pause_briefly(++spins);
        }
      }
      log.end();
      cpu[t] = thread_cpu_time() - cpu_start;
    }
  };
  team.run(work);
  // Member 0's time in order is not timed: two clock reads a chunk were 3% of its time.
  add_team_times(logs, cpu, std::chrono::nanoseconds{0}, started, times);
  return confirmed.load(std::memory_order_relaxed);
}

}  // namespace grundy::heap::detail
