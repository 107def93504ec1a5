#include "grundy/heap/census_run.hpp"

#include <condition_variable>
#include <deque>
#include <exception>
#include <new>
#include <optional>
#include <stdexcept>
#include <thread>

#include "grundy/core/errors.hpp"

namespace grundy::heap {

namespace census_run_detail {

using Kind = CensusMessage::Kind;

// Waiting for a message: short enough that a free thread gets its next game
// at once, long enough that the waiting costs no measurable CPU time.
constexpr auto kPoll = std::chrono::milliseconds(1);

// Games a process other than 0 holds beyond those its free threads wait for: a
// thread that finishes takes the next at once, while another is on its way (a
// round trip of two polls per game left a process idle 5-10% of a census of
// short games). At the end of a census this process may hold two games the others
// could have run: a tail of two games at most.
constexpr std::size_t kGamesAhead = 2;

// A failure as a message: the one-line text and whether it is the user's (exit status 2).
CensusMessage failure_message(const std::exception_ptr& error) {
  CensusMessage message{.kind = Kind::failed};
  try {
    std::rethrow_exception(error);
  } catch (const Error& e) {
    message.text = e.what();
  } catch (const std::bad_alloc&) {
    message.text = kOutOfMemoryMessage;
  } catch (const std::exception& e) {
    message.text = e.what();
    message.internal = true;
  } catch (...) {
    message.text = "an unknown failure";
    message.internal = true;
  }
  return message;
}

std::exception_ptr failure_of(const CensusMessage& message) {
  const std::string text = "rank " + std::to_string(message.from) + ": " + message.text;
  if (message.internal) return std::make_exception_ptr(std::runtime_error(text));
  return std::make_exception_ptr(Error(text));
}

}  // namespace census_run_detail

using census_run_detail::Kind;

// What the threads of one run and the thread that called run() share.
struct CensusRun::Shared {
  // Raised by the user's stop, a failure or process 0: ends each game under way.
  std::atomic<bool> halt{false};
  std::atomic<unsigned> live{0};  // threads of the pool still running
  std::exception_ptr error;       // the first failure (guarded by mutex_)
  const std::atomic<bool>* stop = nullptr;
  bool dealer = true;
  // A process but 0: the games dealt to it, and the rows to send (all guarded by `inbox`).
  std::mutex inbox;
  std::condition_variable dealt;
  std::deque<std::size_t> games;
  unsigned waiting = 0;  // threads waiting for a game
  bool finish = false;   // every game is dealt
  std::vector<std::pair<std::size_t, CensusRow>> rows;

  void fail(std::mutex& mutex, std::exception_ptr failure) {
    std::lock_guard lock(mutex);
    if (!error) error = std::move(failure);
    halt.store(true);
  }
  bool stopped() const { return stop != nullptr && stop->load(); }
};

CensusRun::CensusRun(CensusSpec spec, std::vector<HeapRules> games, std::vector<bool> done, std::size_t unsolved_done)
    : spec_(std::move(spec)), games_(std::move(games)), done_(std::move(done)), unsolved_(unsolved_done) {
  done_.resize(games_.size(), false);
  for (std::size_t i = 0; i < games_.size(); ++i) {
    if (done_[i]) ++done_total_;
    else todo_.push_back(i);
  }
  started_ = Clock::now();
}

void CensusRun::record(std::size_t game, CensusRow&& row, const std::function<void(std::size_t, CensusRow&&)>& on_row) {
  if (row.status == CensusStatus::unsolved) ++unsolved_;
  ++finished_;
  ++done_total_;
  on_row(game, std::move(row));
}

void CensusRun::run(unsigned threads, const std::atomic<bool>* stop,
                    const std::function<void(std::size_t, CensusRow&&)>& on_row, CensusProcesses* processes) {
  if (processes != nullptr && processes->size() <= 1) processes = nullptr;
  Shared shared;
  shared.stop = stop;
  shared.dealer = processes == nullptr || processes->rank() == 0;
  // Process 0 knows how many games are left; another takes what it is dealt.
  threads = std::max(1U, shared.dealer ? std::min<unsigned>(threads, static_cast<unsigned>(std::max<std::size_t>(
                                                                           todo_.size(), 1)))
                                       : threads);
  {
    std::lock_guard lock(mutex_);
    running_.assign(threads, Running{});
    started_ = Clock::now();
  }
  // The next game for a thread of this process, or nullopt when none is left (or the run halts).
  auto take = [&]() -> std::optional<std::size_t> {
    if (shared.dealer) {
      const std::size_t k = next_.fetch_add(1);
      return k < todo_.size() ? std::optional(todo_[k]) : std::nullopt;
    }
    std::unique_lock lock(shared.inbox);
    ++shared.waiting;
    shared.dealt.wait(lock, [&] { return !shared.games.empty() || shared.finish || shared.halt.load(); });
    --shared.waiting;
    if (shared.halt.load() || shared.games.empty()) return std::nullopt;
    const std::size_t game = shared.games.front();
    shared.games.pop_front();
    return game;
  };
  auto worker = [&](unsigned slot) {
    try {
      while (!shared.halt.load()) {
        const std::optional<std::size_t> game = take();
        if (!game) break;
        {
          std::lock_guard lock(mutex_);
          running_[slot] = Running{.game = *game, .since = Clock::now(), .busy = true};
        }
        std::optional<CensusRow> row = census_game(games_[*game], spec_, &shared.halt);
        std::lock_guard lock(mutex_);
        running_[slot].busy = false;
        if (!row) break;  // stopped: the game under way is dropped
        if (shared.dealer) {
          record(*game, std::move(*row), on_row);
        } else {
          ++finished_;
          std::lock_guard rows_lock(shared.inbox);
          shared.rows.emplace_back(*game, std::move(*row));
        }
      }
    } catch (...) {
      shared.fail(mutex_, std::current_exception());
    }
    shared.live.fetch_sub(1);
  };
  shared.live.store(threads);
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker, t);
  if (processes == nullptr) {
    // The user's stop becomes the run's halt (which also ends the run after a failure).
    while (shared.live.load() > 0) {
      if (shared.stopped()) shared.halt.store(true);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  } else {
    try {
      if (shared.dealer) deal(shared, *processes, on_row);
      else work(shared, *processes);
    } catch (...) {
      // The messages themselves failed: end this process's threads, and tell
      // the others (as best it can) so that none waits for this one.
      shared.fail(mutex_, std::current_exception());
      try {
        if (shared.dealer) {
          for (unsigned to = 1; to < processes->size(); ++to) processes->send(to, {.kind = Kind::halt});
        } else {
          processes->send(0, census_run_detail::failure_message(std::current_exception()));
        }
      } catch (...) {
        // The first failure is the one reported.
      }
      {
        std::lock_guard lock(shared.inbox);
      }
      shared.dealt.notify_all();
    }
  }
  for (std::thread& t : pool) t.join();
  halted_ = shared.halt.load();
  if (shared.error) std::rethrow_exception(shared.error);
}

// Process 0: answers every free thread of the others with a game, gathers their
// rows, and ends when its own threads and every other process have ended.
void CensusRun::deal(Shared& shared, CensusProcesses& processes,
                     const std::function<void(std::size_t, CensusRow&&)>& on_row) {
  unsigned open = processes.size() - 1;
  bool halt_sent = false;
  while (shared.live.load() > 0 || open > 0) {
    if (shared.stopped()) shared.halt.store(true);
    if (shared.halt.load() && !halt_sent) {
      for (unsigned to = 1; to < processes.size(); ++to) processes.send(to, {.kind = Kind::halt});
      halt_sent = true;
    }
    std::optional<CensusMessage> message = processes.receive();
    if (!message) {
      std::this_thread::sleep_for(census_run_detail::kPoll);
      continue;
    }
    switch (message->kind) {
      case Kind::want: {
        if (shared.halt.load()) {
          processes.send(message->from, {.kind = Kind::halt});
          break;
        }
        const std::size_t k = next_.fetch_add(1);
        if (k < todo_.size()) processes.send(message->from, {.kind = Kind::game, .game = todo_[k]});
        else processes.send(message->from, {.kind = Kind::finish});
        break;
      }
      case Kind::row:
        try {
          if (!message->row || message->game >= games_.size() || message->row->code != games_[message->game].name()) {
            throw std::runtime_error("a row that is not the game dealt");
          }
          std::lock_guard lock(mutex_);
          record(message->game, std::move(*message->row), on_row);
        } catch (...) {
          shared.fail(mutex_, std::current_exception());
        }
        break;
      case Kind::done:
        --open;
        break;
      case Kind::stopped:
        --open;
        shared.halt.store(true);
        break;
      case Kind::failed:
        --open;
        shared.fail(mutex_, census_run_detail::failure_of(*message));
        break;
      default:
        break;  // only process 0 sends the others
    }
  }
}

// A process but 0: asks process 0 for a game for each free thread, sends each
// row as it finishes, and ends (saying how) once its threads have ended.
void CensusRun::work(Shared& shared, CensusProcesses& processes) {
  unsigned asked = 0;  // games asked for and not answered yet
  bool halted_by_dealer = false;
  while (true) {
    if (shared.stopped()) shared.halt.store(true);
    bool received = false;
    while (std::optional<CensusMessage> message = processes.receive()) {
      received = true;
      std::lock_guard lock(shared.inbox);
      if (message->kind == Kind::game) {
        --asked;
        shared.games.push_back(message->game);
      } else if (message->kind == Kind::finish) {
        --asked;
        shared.finish = true;
      } else if (message->kind == Kind::halt) {
        halted_by_dealer = true;
        shared.halt.store(true);
      }
    }
    std::vector<std::pair<std::size_t, CensusRow>> rows;
    bool ended = false;
    {
      std::lock_guard lock(shared.inbox);
      rows.swap(shared.rows);
      const std::size_t covered = asked + shared.games.size();
      const std::size_t wanted = shared.waiting + census_run_detail::kGamesAhead;
      if (!shared.halt.load() && !shared.finish && wanted > covered) {
        for (std::size_t n = wanted - covered; n > 0; --n, ++asked) processes.send(0, {.kind = Kind::want});
      }
      // Every thread has ended, so the rows just taken are the last.
      ended = shared.live.load() == 0 && (shared.halt.load() || asked == 0);
    }
    shared.dealt.notify_all();
    for (auto& [game, row] : rows) processes.send(0, {.kind = Kind::row, .game = game, .row = std::move(row)});
    if (ended) break;
    if (!received && rows.empty()) std::this_thread::sleep_for(census_run_detail::kPoll);
  }
  std::exception_ptr error;
  {
    std::lock_guard lock(mutex_);
    error = shared.error;
  }
  if (error) processes.send(0, census_run_detail::failure_message(error));
  else if (shared.halt.load() && !halted_by_dealer) processes.send(0, {.kind = Kind::stopped});
  else processes.send(0, {.kind = Kind::done});
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
