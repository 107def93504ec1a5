#include "grundy/heap/census_run.hpp"

#include <exception>
#include <optional>
#include <thread>

namespace grundy::heap {

CensusRun::CensusRun(CensusSpec spec, std::vector<HeapRules> games, std::vector<bool> done, std::size_t unsolved_done)
    : spec_(std::move(spec)), games_(std::move(games)), done_(std::move(done)), unsolved_(unsolved_done) {
  done_.resize(games_.size(), false);
  for (std::size_t i = 0; i < games_.size(); ++i) {
    if (done_[i]) ++done_total_;
    else todo_.push_back(i);
  }
  started_ = Clock::now();
}

void CensusRun::run(unsigned threads, const std::atomic<bool>* stop,
                    const std::function<void(std::size_t, CensusRow&&)>& on_row) {
  threads = std::max(1U, std::min<unsigned>(threads, static_cast<unsigned>(std::max<std::size_t>(todo_.size(), 1))));
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  {
    std::lock_guard lock(mutex_);
    running_.assign(threads, Running{});
    started_ = Clock::now();
  }
  // Raised by the user's stop or a failure: ends each game under way.
  std::atomic<bool> halt{false};
  auto worker = [&](unsigned slot) {
    try {
      while (!halt.load()) {
        const std::size_t k = next_.fetch_add(1);
        if (k >= todo_.size()) break;
        const std::size_t game = todo_[k];
        {
          std::lock_guard lock(mutex_);
          running_[slot] = Running{.game = game, .since = Clock::now(), .busy = true};
        }
        std::optional<CensusRow> row = census_game(games_[game], spec_, &halt);
        std::lock_guard lock(mutex_);
        running_[slot].busy = false;
        if (!row) break;  // stopped: the game under way is dropped
        if (row->status == CensusStatus::unsolved) ++unsolved_;
        ++finished_;
        ++done_total_;
        on_row(game, std::move(*row));
      }
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!failed.exchange(true)) error = std::current_exception();
      halt.store(true);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker, t);
  // The user's stop becomes the run's halt (which also ends the run after a failure).
  std::atomic<bool> joined{false};
  std::thread watcher([&] {
    while (!joined.load()) {
      if (stop != nullptr && stop->load()) halt.store(true);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  for (std::thread& t : pool) t.join();
  joined.store(true);
  watcher.join();
  if (error) std::rethrow_exception(error);
}

CensusProgress CensusRun::progress() const {
  std::lock_guard lock(mutex_);
  CensusProgress p;
  p.done = done_total_;
  p.total = games_.size();
  p.unsolved = unsolved_;
  const auto now = Clock::now();
  for (const Running& r : running_) {
    if (!r.busy) continue;
    const double seconds = std::chrono::duration<double>(now - r.since).count();
    if (p.longest_code.empty() || seconds > p.longest_seconds) {
      p.longest_code = games_[r.game].name();
      p.longest_seconds = seconds;
    }
  }
  if (finished_ > 0) {
    const double elapsed = std::chrono::duration<double>(now - started_).count();
    p.eta_seconds = elapsed / static_cast<double>(finished_) * static_cast<double>(games_.size() - done_total_);
  }
  return p;
}

}  // namespace grundy::heap
