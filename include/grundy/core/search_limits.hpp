// The limits of a long computation: a memory budget, a deadline, a stop flag
// (set by a signal handler) and a progress callback. Searches call
// SearchWatch::tick() once per unit of work; it only counts, and every
// kCheckEvery ticks looks at the clock and the flag, so the hot path pays one
// increment and one branch (a clock read costs ~20 ns, once per 1024 positions).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>

#include "grundy/core/memory_budget.hpp"

namespace grundy {

/// What a running search reports to its progress callback.
struct SearchProgress {
  std::uint64_t positions = 0;      ///< positions searched (or table entries computed) so far
  std::size_t memo_size = 0;        ///< values held in the memo or table
  std::uint64_t memo_bytes = 0;     ///< bytes held by the memo or table
  double seconds = 0;               ///< seconds since the search began
  double positions_per_second = 0;  ///< positions / seconds
};

/// Memory, time and interruption limits of one search (or of every search a
/// solver makes). A MemoryBudget converts implicitly: the other limits are off.
struct SearchLimits {
  using Clock = std::chrono::steady_clock;

  MemoryBudget memory;
  /// Past it the search throws TimeExceeded.
  std::optional<Clock::time_point> deadline;
  /// When it reads true the search throws Interrupted; must outlive the search.
  const std::atomic<bool>* stop = nullptr;
  /// Called about every progress_every seconds while a search runs (not at all when empty).
  std::function<void(const SearchProgress&)> on_progress;
  double progress_every = 0.5;

  SearchLimits() = default;
  SearchLimits(MemoryBudget budget) : memory(budget) {}  // NOLINT: implicit by design

  /// A budget and a deadline `seconds` from now (no deadline when seconds <= 0).
  static SearchLimits with_seconds(MemoryBudget budget, double seconds);
};

/// Enforces SearchLimits on one running search; one per search, cheap to make.
class SearchWatch {
 public:
  /// How many ticks pass between two looks at the clock and the stop flag.
  static constexpr std::uint32_t kCheckEvery = 1024;

  /// Starts the clock. `limits` must outlive the watch.
  explicit SearchWatch(const SearchLimits& limits);

  /// Counts one unit of work; every kCheckEvery units (the first included) calls
  /// check(). `memo` is called only then and returns {memo size, memo bytes}.
  template <class MemoStats>
  void tick(MemoStats&& memo) {
    if ((positions_++ & (kCheckEvery - 1)) == 0 && active_) check(memo());
  }

  /// Throws TimeExceeded past the deadline, Interrupted when the stop flag is set,
  /// and reports progress when it is due.
  void check(std::pair<std::size_t, std::uint64_t> memo);

  /// For searches that check on their own schedule (a table row at a time):
  /// counts n units of work without looking at the clock.
  void add_positions(std::uint64_t n) { positions_ += n; }
  /// True when some limit besides memory is set (else check() has nothing to do).
  [[nodiscard]] bool active() const { return active_; }

  [[nodiscard]] std::uint64_t positions() const { return positions_; }
  /// Seconds since the watch was made.
  [[nodiscard]] double seconds() const;

 private:
  const SearchLimits* limits_;
  bool active_;  // any limit besides memory: otherwise tick() never looks at the clock
  SearchLimits::Clock::time_point start_;
  SearchLimits::Clock::time_point next_progress_;
  std::uint64_t positions_ = 0;
};

}  // namespace grundy
