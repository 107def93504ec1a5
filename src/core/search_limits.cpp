// Deadline, stop flag and progress reports of a running search (see search_limits.hpp).
#include "grundy/core/search_limits.hpp"

#include <cstdio>
#include <string>

#include "grundy/core/errors.hpp"

namespace grundy {

namespace {

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", seconds);
  return text;
}

std::chrono::duration<double> as_duration(double seconds) { return std::chrono::duration<double>(seconds); }

}  // namespace

SearchLimits SearchLimits::with_seconds(MemoryBudget budget, double seconds) {
  SearchLimits limits(budget);
  if (seconds > 0) {
    limits.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(as_duration(seconds));
  }
  return limits;
}

SearchWatch::SearchWatch(const SearchLimits& limits)
    : limits_(&limits),
      active_(limits.deadline.has_value() || limits.stop != nullptr || static_cast<bool>(limits.on_progress)),
      start_(SearchLimits::Clock::now()),
      next_progress_(start_ +
                     std::chrono::duration_cast<SearchLimits::Clock::duration>(as_duration(limits.progress_every))) {}

double SearchWatch::seconds() const {
  return std::chrono::duration<double>(SearchLimits::Clock::now() - start_).count();
}

void SearchWatch::check(std::pair<std::size_t, std::uint64_t> memo) {
  if (limits_->stop != nullptr && limits_->stop->load(std::memory_order_relaxed)) {
    throw Interrupted("interrupted after " + seconds_text(seconds()) + " of search");
  }
  const auto now = SearchLimits::Clock::now();
  if (limits_->deadline && now >= *limits_->deadline) {
    throw TimeExceeded("time budget exceeded: the search was stopped after " + seconds_text(seconds()) +
                       " (raise it with --time)");
  }
  if (limits_->on_progress && now >= next_progress_) {
    next_progress_ =
        now + std::chrono::duration_cast<SearchLimits::Clock::duration>(as_duration(limits_->progress_every));
    SearchProgress progress;
    progress.positions = positions_;
    progress.memo_size = memo.first;
    progress.memo_bytes = memo.second;
    progress.seconds = seconds();
    progress.positions_per_second = progress.seconds > 0 ? static_cast<double>(positions_) / progress.seconds : 0;
    limits_->on_progress(progress);
  }
}

}  // namespace grundy
