// The busy spans of a team's members, for the time in which two or more of
// them computed at once (the tables' "parallel" report: the rest of the wall
// time is serial).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <utility>
#include <vector>

#include "grundy/heap/kernel.hpp"

namespace grundy::heap::detail {

/// One member's busy spans in one job (steady-clock nanoseconds); a cache line
/// each, since every member marks its own log as it takes work.
class alignas(64) BusyLog {
 public:
  void begin() {
    spans_.clear();
    from_ = now();
    busy_ = true;
  }
  void idle() {  // the member waits for work
    if (!busy_) return;
    spans_.emplace_back(from_, now());
    busy_ = false;
  }
  void busy() {  // it has work again
    if (busy_) return;
    from_ = now();
    busy_ = true;
  }
  void end() { idle(); }
  [[nodiscard]] const std::vector<std::pair<std::int64_t, std::int64_t>>& spans() const { return spans_; }

 private:
  static std::int64_t now() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
  std::vector<std::pair<std::int64_t, std::int64_t>> spans_;
  std::int64_t from_ = 0;
  bool busy_ = false;
};

/// The wall time in which two or more of logs[0 .. members) were busy;
/// `events` is scratch.
inline std::uint64_t overlapped_nanoseconds(const std::vector<BusyLog>& logs, unsigned members,
                                            std::vector<std::pair<std::int64_t, int>>& events) {
  events.clear();
  for (unsigned t = 0; t < members; ++t) {
    for (const auto& [from, to] : logs[t].spans()) {
      events.emplace_back(from, 1);
      events.emplace_back(to, -1);
    }
  }
  std::sort(events.begin(), events.end());
  std::int64_t overlapped = 0;
  int busy = 0;
  for (std::size_t e = 0; e < events.size(); ++e) {
    if (busy >= 2 && e > 0) overlapped += events[e].first - events[e - 1].first;
    busy += events[e].second;
  }
  return static_cast<std::uint64_t>(overlapped);
}

/// The serial time of one stretch of heap sizes: its wall time less the
/// overlapped time the kernel added meanwhile, added when the clock ends to
/// `part` of the statistics (KernelStats::alone_nanoseconds for a stretch on
/// one worker of several, waiting_nanoseconds for one the workers shared).
/// Inactive without statistics or for a kernel with one worker.
class StretchClock {
 public:
  StretchClock(KernelStats* stats, std::atomic<std::uint64_t> KernelStats::*part, bool several_workers)
      : stats_(several_workers ? stats : nullptr), part_(part) {
    if (stats_ == nullptr) return;
    from_ = std::chrono::steady_clock::now();
    overlapped_ = stats_->overlapped_nanoseconds.load(std::memory_order_relaxed);
  }
  StretchClock(const StretchClock&) = delete;
  StretchClock& operator=(const StretchClock&) = delete;
  ~StretchClock() {
    if (stats_ == nullptr) return;
    const auto wall = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - from_);
    const std::uint64_t overlapped = stats_->overlapped_nanoseconds.load(std::memory_order_relaxed) - overlapped_;
    const auto nanoseconds = static_cast<std::uint64_t>(std::max<std::int64_t>(wall.count(), 0));
    if (nanoseconds > overlapped) (stats_->*part_).fetch_add(nanoseconds - overlapped, std::memory_order_relaxed);
  }

 private:
  KernelStats* stats_;
  std::atomic<std::uint64_t> KernelStats::*part_;
  std::chrono::steady_clock::time_point from_;
  std::uint64_t overlapped_ = 0;
};

}  // namespace grundy::heap::detail
