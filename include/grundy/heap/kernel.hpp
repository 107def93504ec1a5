// Table kernels: extend g(0..k-1) of a heap game to g(0..upto), bottom-up.
// Every kernel has this one signature, so the table engine (checkpoints,
// periodicity, files) is written once and the kernels only compute. A kernel
// works on one value type V (uint16_t first, uint32_t when values outgrow it)
// and stops early, cleanly, when asked to or when a value does not fit in V.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/heap/process_group.hpp"
#include "grundy/heap/rules.hpp"

namespace grundy::heap {

/// What a kernel reports about its method while it runs (read by a progress line
/// or the table statistics from another thread; every field is atomic).
struct KernelStats {
  /// Rare heaps (sparse-space method) under the current mask; 0 with the dense method.
  std::atomic<std::uint64_t> rare_count{0};
  /// The current sparse-space mask M (0 while the dense method is in use). Heap
  /// i >= 1 is rare when popcount(g(i) & M) is even; with heap_parity, when
  /// popcount(g(i) & M) + i + k is even, k being the tokens removed by the
  /// game's split digits (all of one parity then).
  std::atomic<std::uint64_t> rare_mask{0};
  /// True when the rare/common split also depends on the heap-size parity.
  std::atomic<bool> heap_parity{false};
  /// The largest rare heap so far (0 when none).
  std::atomic<std::uint64_t> last_rare{0};
  /// Heap sizes computed by the sparse-space method and by the dense method.
  std::atomic<std::uint64_t> sparse_steps{0};
  std::atomic<std::uint64_t> dense_steps{0};
  /// Wall time (nanoseconds) in which two or more of the kernel's workers
  /// computed at once: a kernel that runs workers adds each such span here, and
  /// the rest of the run's wall time is its serial time (the table's "parallel"
  /// report). Kernels on one thread add nothing.
  std::atomic<std::uint64_t> overlapped_nanoseconds{0};
  /// Two parts of the serial time of a kernel with several workers (threads,
  /// or processes of a group). Alone: stretches of heap sizes it computed on
  /// one worker: those too small for its shared methods, the timed trials of
  /// one thread, and stretches where one thread (in a group, each process by
  /// itself) was found faster (KernelControl::adaptive). Waiting: the serial
  /// time inside stretches the workers shared, in which the others waited (for
  /// a round's last claims, for member 0 between rounds, for a reduction, or
  /// for a member the machine descheduled). The rest of the serial time is
  /// outside the stretches: set-up, reviews of the sparse space, and what the
  /// table engine does around the kernel.
  std::atomic<std::uint64_t> alone_nanoseconds{0};
  std::atomic<std::uint64_t> waiting_nanoseconds{0};
  /// The sparse-space method on a team: heap sizes whose value was guessed (to be
  /// proven in parallel), and guesses found wrong (a rare heap, or a dropped guess
  /// with KernelControl::spoil_guesses), after which the block went on in order.
  std::atomic<std::uint64_t> guessed_steps{0};
  std::atomic<std::uint64_t> failed_guesses{0};
  /// Of the guessed heap sizes, those member 0 confirmed while the others still
  /// proved the block (a team in memory), not after it.
  std::atomic<std::uint64_t> confirmed_in_round{0};
  /// A group of processes in memory: blocks whose far share was marked two
  /// rounds ahead, from the guesses of the block two before it (void, and
  /// marked again, where a guess of the block between failed).
  std::atomic<std::uint64_t> shares_marked_ahead{0};
  /// A group of processes in memory: blocks whose guesses one process made
  /// while every process proved the block before (the others received them).
  std::atomic<std::uint64_t> guessed_ahead{0};
  /// Blocks' far shares marked one class of values per pass (every pair's other
  /// heap a common one: the cheaper marking).
  std::atomic<std::uint64_t> shares_by_class{0};
  /// Stretches of blocks whose heap sizes' pairs inside their block (values
  /// from 64 on: two mask words or more) were tried by the scan with the
  /// candidates, not marked one by one.
  std::atomic<std::uint64_t> own_pairs_scanned{0};
  /// Of the guessed heap sizes, those guessed by chunks without rounds (values
  /// below 64 on a team of one process).
  std::atomic<std::uint64_t> chunked_steps{0};
  /// Timed trials (KernelControl::adaptive) ended at their deadline
  /// (KernelControl::trial_overrun).
  std::atomic<std::uint64_t> overrun_trials{0};
};

struct KernelControl {
  /// When set and true, the kernel returns at the next heap size it starts.
  const std::atomic<bool>* stop = nullptr;
  /// When set, the kernel stores here how many values are valid, now and then.
  std::atomic<std::uint64_t>* progress = nullptr;
  /// Worker threads the kernel may use (1 = this thread only).
  unsigned threads = 1;
  /// When true, extend_fast times stretches of heap sizes on one thread and on
  /// `threads` and goes on with the faster (a busy machine can make threads
  /// slower); when false it always uses `threads` where its method can (tests,
  /// benchmarks of the thread count). Values never depend on it.
  bool adaptive = true;
  /// A timed trial of one mode ends, after a whole block, once it has taken
  /// this many times the other mode's latest pace for its whole stretch: on a
  /// busy machine a member waits for a descheduled one at every block, and an
  /// unbounded trial of the team cost more than the rest of a small table.
  /// Tests set it near 0 to cut every such trial. Values never depend on it.
  double trial_overrun = 2;
  /// Tests only: the heap sizes a timed trial spans at least (0: the kernel's
  /// own, 2^15 on a team, 2^13 in a group), so that small tables alternate the
  /// modes too; a stretch left shorter than that is not timed. Values never
  /// depend on it.
  std::uint64_t trial_length = 0;
  /// Tests only: the longest block the sparse-space method speculates (0: the
  /// kernel's own, 512 heap sizes on a team, 256 in a group), so that a team
  /// and a group can cut the same blocks. Values never depend on it.
  std::uint64_t longest_block = 0;
  /// When set, extend_fast reports its method here (extend_plain ignores it).
  KernelStats* stats = nullptr;
  /// When set (and of more than one process), extend_fast shares the blocks of
  /// the sparse-space method with the group's other processes, which must run
  /// the same kernel on the same table; the values never depend on it. Then a
  /// stop takes effect at a block all processes agree on.
  ProcessGroup* group = nullptr;
  /// On a team of at least this many members, the sparse-space method finishes
  /// the heap sizes of each block in parallel, by speculation (guessed common,
  /// proven by every member, confirmed in order); on smaller teams member 0
  /// finishes them in order while the others share the next block. On two
  /// members (where member 0's guesses find the candidates too) the
  /// speculation leaves a third of the in-order finish's serial time at about
  /// its speed; beyond two, the in-order finish (about half of one thread's
  /// work) caps the team near 2x. The same in bounded memory, where the
  /// members read only the head and the window during a block. Values below
  /// 64 (one mask word) go by chunks instead, guessed in order and proved by
  /// every member without rounds (on a team of one process). 0: never.
  /// Values never depend on it.
  unsigned speculative_from = 2;
  /// Tests only: the sparse-space method on a team drops its guesses from the
  /// middle of every block as if a rare heap were there, so that the recovery
  /// (the rest of the block in order) runs everywhere; the dense method drops
  /// every eighth heap size's speculation and computes it again in full.
  /// Values never depend on it.
  bool spoil_guesses = false;
  /// Tests only: false marks every share by all its values, never one class per
  /// pass (the reference the class marking is checked against). Values never
  /// depend on it.
  bool mark_by_class = true;
  /// Tests only: false marks each heap size's pairs inside its block one by
  /// one whatever its values, never leaving them to the scan (the reference the
  /// scan is checked against). Values never depend on it.
  bool scan_own_pairs = true;
  /// Tests only: in a group with the table in memory, the part of each far
  /// share the process that guesses ahead starts with, in 32nds of an even
  /// part, and no proofs (unset: an even part and an even share of the
  /// proofs); from there it follows the processes' times. Values never depend
  /// on it.
  std::optional<std::uint64_t> guesser_far_start;
};

/// The plain method: for each n, every option's value into a seen-set, then the
/// mex. O(n^2) for split moves. The reference every faster kernel must match.
/// Extends `values` (which holds g(0..values.size()-1), at least g(0)) towards
/// g(upto); returns values.size() afterwards: upto + 1 unless it stopped early
/// (stop requested, or a value exceeded V's range: widen V and call again).
template <class V>
std::uint64_t extend_plain(const HeapRules& rules, std::vector<V>& values, std::uint64_t upto,
                           const KernelControl& control = {});

extern template std::uint64_t extend_plain<std::uint16_t>(const HeapRules&, std::vector<std::uint16_t>&,
                                                           std::uint64_t, const KernelControl&);
extern template std::uint64_t extend_plain<std::uint32_t>(const HeapRules&, std::vector<std::uint32_t>&,
                                                           std::uint64_t, const KernelControl&);

/// The fast method: same contract and exactly the same values as extend_plain
/// (including when called chunk by chunk or on a loaded prefix), computed with
/// a vectorised candidate check and, where the game has a sparse space, the
/// rare/common method. Uses up to control.threads threads; results do not
/// depend on the thread count.
template <class V>
std::uint64_t extend_fast(const HeapRules& rules, std::vector<V>& values, std::uint64_t upto,
                          const KernelControl& control = {});

extern template std::uint64_t extend_fast<std::uint16_t>(const HeapRules&, std::vector<std::uint16_t>&,
                                                          std::uint64_t, const KernelControl&);
extern template std::uint64_t extend_fast<std::uint32_t>(const HeapRules&, std::vector<std::uint32_t>&,
                                                          std::uint64_t, const KernelControl&);

}  // namespace grundy::heap
