// A heap game's value table g(0..N-1) and the engine that grows it.
// Values are stored as uint16 and widened to uint32 only when one needs it
// (never truncated). The engine calls a kernel (kernel.hpp) in chunks, so it can
// save checkpoints every few minutes and stop cleanly on request, and it checks
// for a proven period; with one, g(n) is O(1) for every n up to 2^63-1.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/memory_budget.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/periodicity.hpp"
#include "grundy/heap/rules.hpp"

namespace grundy::heap {

class HeapTable {
 public:
  /// An empty table (size 0) of the given game.
  explicit HeapTable(HeapRules rules);
  /// A table holding the given values (narrow, or wide when `wide` is set).
  HeapTable(HeapRules rules, std::vector<std::uint16_t> narrow);
  HeapTable(HeapRules rules, std::vector<std::uint32_t> wide);

  [[nodiscard]] const HeapRules& rules() const { return rules_; }
  /// Number of known values: g(0..size()-1).
  [[nodiscard]] std::uint64_t size() const { return wide_mode_ ? wide_.size() : narrow_.size(); }
  /// g(n) for n < size().
  [[nodiscard]] std::uint32_t at(std::uint64_t n) const { return wide_mode_ ? wide_[n] : narrow_[n]; }
  /// 16 or 32: the bits each stored value takes.
  [[nodiscard]] unsigned value_bits() const { return wide_mode_ ? 32 : 16; }
  [[nodiscard]] bool wide() const { return wide_mode_; }
  [[nodiscard]] const std::vector<std::uint16_t>& narrow_values() const { return narrow_; }
  [[nodiscard]] const std::vector<std::uint32_t>& wide_values() const { return wide_; }
  [[nodiscard]] std::vector<std::uint16_t>& narrow_values() { return narrow_; }
  [[nodiscard]] std::vector<std::uint32_t>& wide_values() { return wide_; }

  /// Stores values as uint32 from now on (existing values are copied).
  void widen();
  /// Keeps g(0..count-1) only.
  void truncate(std::uint64_t count);

  /// Looks for a period the current table proves (periodicity.hpp) and remembers
  /// it; searches at most once per table size (a second call returns the answer).
  const std::optional<Periodicity>& detect_period();
  /// The period found by the last detect_period(), if any.
  [[nodiscard]] const std::optional<Periodicity>& period() const { return period_; }

  /// True when g(n) is known: n < size(), or any n once a period is proven.
  [[nodiscard]] bool knows(std::uint64_t n) const { return n < size() || period_.has_value(); }
  /// g(n) for any n the table knows; throws InputError otherwise.
  [[nodiscard]] Nimber value(std::uint64_t n) const;

 private:
  HeapRules rules_;
  std::vector<std::uint16_t> narrow_;
  std::vector<std::uint32_t> wide_;
  bool wide_mode_ = false;
  std::optional<Periodicity> period_;
  // The size at which period_ was last searched (none yet: no search).
  std::optional<std::uint64_t> searched_at_;
};

/// Which kernel computes the values: the fast one (extend_fast: vectorised,
/// sparse space, threads) or the plain O(n^2) reference (extend_plain).
enum class KernelMethod { fast, plain };

/// What the engine reports while it runs (from a monitor thread).
struct ExtendProgress {
  std::uint64_t done = 0;        // values known now
  std::uint64_t target = 0;      // values wanted (upto + 1)
  double values_per_second = 0;  // since this extend() began
  double eta_seconds = -1;       // -1 when unknown
  std::uint64_t rare_count = 0;  // rare values so far, when the kernel reports them
};

struct ExtendOptions {
  KernelMethod method = KernelMethod::fast;
  unsigned threads = 1;
  /// Set (e.g. by a signal handler) to stop: the engine saves a checkpoint if it
  /// has a path and returns ExtendOutcome::stopped.
  const std::atomic<bool>* stop = nullptr;
  /// When not empty, the table is saved here (atomically) every checkpoint_every
  /// seconds and when stopped.
  std::string checkpoint_path;
  double checkpoint_every = 300;
  /// Called about every progress_every seconds from a monitor thread.
  std::function<void(const ExtendProgress&)> on_progress;
  double progress_every = 0.5;
  MemoryBudget budget;
  /// When set, the fast kernel reports its sparse-space state here.
  KernelStats* kernel_stats = nullptr;
  /// When set and passed, the engine stops the kernel (where it checks `stop`)
  /// and throws TimeExceeded; nothing is checkpointed.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  /// As `deadline`, on the calling thread's CPU clock (CLOCK_THREAD_CPUTIME_ID, in
  /// seconds): a compute budget that a busy machine does not shorten. Counts the
  /// calling thread only, so it is meant for threads = 1 (the census, one game per thread).
  std::optional<double> thread_cpu_deadline;
};

/// The calling thread's CPU time in seconds (the clock of thread_cpu_deadline).
double thread_cpu_seconds();

enum class ExtendOutcome { complete, stopped };

struct ExtendResult {
  ExtendOutcome outcome = ExtendOutcome::complete;
  std::uint64_t checkpoints_saved = 0;
};

/// Extends the table to g(0..upto) (nothing to do if it is already that long),
/// then looks for a proven period (HeapTable::detect_period). Throws
/// BudgetExceeded when the table would not fit in the budget, TimeExceeded past
/// options.deadline, and Error on a file error while checkpointing.
ExtendResult extend_table(HeapTable& table, std::uint64_t upto, const ExtendOptions& options = {});

}  // namespace grundy::heap
