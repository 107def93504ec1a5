// Running a census on every core: a pool of threads takes the games one at a
// time from a shared counter, so a slow game holds up only its own thread. Each
// game's table runs on one thread (the games are the parallel work) and its own
// time budget. With other processes (census_processes.hpp), process 0 deals
// the games to every process's threads and gathers the rows.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "grundy/heap/census.hpp"
#include "grundy/heap/census_processes.hpp"

namespace grundy::heap {

/// A census run's state, for a progress line.
struct CensusProgress {
  std::size_t done = 0;      // games with a row (including rows resumed)
  std::size_t total = 0;     // games in the census
  std::size_t unsolved = 0;  // rows so far with no proven period
  std::string longest_code;  // the game running longest now ("" when none runs)
  double longest_seconds = 0;
  double eta_seconds = -1;  // -1 until a game of this run has finished
};

class CensusRun {
 public:
  /// A run of `games` (census order); done[i] marks the games whose row exists
  /// already (resumed), `unsolved_done` how many of those are unsolved.
  CensusRun(CensusSpec spec, std::vector<HeapRules> games, std::vector<bool> done, std::size_t unsolved_done);

  /// Computes every game not done on `threads` threads until all are done or
  /// `stop` is raised (games under way are then dropped). on_row(index, row) is
  /// called for each finished game, one call at a time, from the thread that
  /// computed it. An exception from a game or from on_row stops the run and is
  /// rethrown here once the threads have ended.
  /// With `processes` (more than one), every process calls run() with the same
  /// games: process 0 deals the games not done to its own threads and to the
  /// others', and calls on_row for every row, its own and theirs (from this
  /// thread); the others compute the games dealt to them and call on_row for
  /// none. A failure or stop of any process stops every one; process 0 rethrows
  /// another process's failure ("rank N: ...").
  void run(unsigned threads, const std::atomic<bool>* stop,
           const std::function<void(std::size_t, CensusRow&&)>& on_row, CensusProcesses* processes = nullptr);

  /// True when the last run stopped before every game was done (a stop, a failure, here or in another process).
  [[nodiscard]] bool halted() const { return halted_; }

  /// The progress now (from any thread).
  [[nodiscard]] CensusProgress progress() const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Running {
    std::size_t game = 0;
    Clock::time_point since;
    bool busy = false;
  };

  struct Shared;
  void deal(Shared& shared, CensusProcesses& processes, const std::function<void(std::size_t, CensusRow&&)>& on_row);
  void work(Shared& shared, CensusProcesses& processes);
  void record(std::size_t game, CensusRow&& row, const std::function<void(std::size_t, CensusRow&&)>& on_row);

  CensusSpec spec_;
  std::vector<HeapRules> games_;
  std::vector<bool> done_;
  std::vector<std::size_t> todo_;
  std::atomic<std::size_t> next_{0};
  mutable std::mutex mutex_;  // guards everything below and on_row calls
  std::vector<Running> running_;
  std::size_t finished_ = 0;  // games of this run finished
  std::size_t done_total_ = 0;
  std::size_t unsolved_ = 0;
  Clock::time_point started_;
  bool halted_ = false;
};

}  // namespace grundy::heap
