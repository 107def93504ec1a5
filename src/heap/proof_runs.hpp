// A round's proofs as runs, one a member, each claimed from a cursor on a
// cache line of its own. With one cursor for all, every claim moved its line
// from core to core: 20 claims a round on two threads, about 60 on sixteen,
// each costing a round trip between cores (55 ns where they share a cache,
// 330 where they do not, bench/core_round_trip) and, on many cores, waiting
// behind the others' claims of the same line. Here a member claims from its
// own run, on its own core, and takes from another's run (a steal, the only
// claims that move a line) once its own has nothing ready.
//
// Proofs become ready in order (the guesses are made one after another, by
// member 0); a proof j may be claimed once j < ready. Member 0 guesses first,
// so its run is the block's last, and the others' runs come before it in the
// members' order.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <memory>

namespace grundy::heap::detail {

class ProofRuns {
 public:
  /// Splits proofs [0, count) into `members` runs of (nearly) equal length.
  /// By one thread, before the members claim.
  void reset(std::size_t count, unsigned members) {
    if (members != members_) {
      runs_ = std::make_unique<Run[]>(members);
      members_ = members;
    }
    std::size_t first = 0;
    for (unsigned order = 0; order < members; ++order) {
      const unsigned member = order + 1 == members ? 0 : order + 1;
      const std::size_t length = count / members + (order < count % members ? 1 : 0);
      runs_[member].end = first + length;
      runs_[member].cursor.store(first, std::memory_order_relaxed);
      first += length;
    }
  }

  /// A claim by `member` of proofs [first, first + taken) below `ready`: from
  /// its own run while that has proofs ready, else from the next member's run
  /// that has. A claim takes the proofs ready in the run at most, and of them
  /// a share: a quarter (its own run) or a half (a steal: few steals, and the
  /// run's owner keeps the rest), at least `least` and at most `most`. False
  /// when no run has a proof below `ready` (now).
  bool claim(unsigned member, std::size_t ready, std::size_t least, std::size_t most, std::size_t& first,
             std::size_t& taken) {
    for (unsigned k = 0; k < members_; ++k) {
      const unsigned owner = (member + k) % members_;
      if (claim_from(runs_[owner], ready, k == 0 ? 4 : 2, least, most, first, taken)) return true;
    }
    return false;
  }

 private:
  struct alignas(64) Run {
    std::atomic<std::size_t> cursor{0};  // the run's next proof
    std::size_t end = 0;                 // past the run's last proof (set by reset alone)
  };

  static bool claim_from(Run& run, std::size_t ready, std::size_t part, std::size_t least, std::size_t most,
                         std::size_t& first, std::size_t& taken) {
    const std::size_t limit = std::min(run.end, ready);
    std::size_t at = run.cursor.load(std::memory_order_relaxed);
    while (at < limit) {
      const std::size_t left = limit - at;
      const std::size_t take = std::max<std::size_t>(1, std::min({left, most, std::max(least, left / part)}));
      if (run.cursor.compare_exchange_weak(at, at + take, std::memory_order_relaxed)) {
        first = at;
        taken = take;
        return true;
      }
    }
    return false;
  }

  std::unique_ptr<Run[]> runs_;
  unsigned members_ = 0;
};

}  // namespace grundy::heap::detail
