// A team of persistent worker threads for the table kernels: run(job) calls
// job(t) for t = 0 .. size-1, t = 0 on the caller, and returns when all are done.
// Blocks of a table take tens of microseconds, so a team is reused (leased from a
// process-wide pool: no thread is created per kernel call or per block) and its
// members spin briefly, then sleep on a futex (std::atomic::wait) between jobs.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

namespace grundy::heap::detail {

class WorkerTeam {
 public:
  /// Starts size - 1 threads (size >= 1); the caller is member 0.
  explicit WorkerTeam(unsigned size);
  ~WorkerTeam();
  WorkerTeam(const WorkerTeam&) = delete;
  WorkerTeam& operator=(const WorkerTeam&) = delete;

  /// The number of members, the caller included.
  [[nodiscard]] unsigned size() const { return static_cast<unsigned>(threads_.size()) + 1; }

  /// Calls job(t) on member t for every t, and returns when every call has returned.
  /// job must not throw.
  template <class Job>
  void run(Job& job) {
    run_erased(&job, [](void* context, unsigned t) { (*static_cast<Job*>(context))(t); });
  }

 private:
  using Call = void (*)(void*, unsigned);
  void run_erased(void* context, Call call);
  void work(unsigned t);

  std::vector<std::thread> threads_;
  void* context_ = nullptr;
  Call call_ = nullptr;
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<unsigned> pending_{0};
  bool quit_ = false;
};

/// A spin-wait hint to the core (a pause on x86).
inline void cpu_pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

/// One step of a member's short wait for another: a pause, and from the 17th
/// step on the core to another thread (a busy or oversubscribed machine: the
/// member with the work must run).
inline void pause_briefly(unsigned spins) {
  cpu_pause();
  if (spins > 16) std::this_thread::yield();
}

/// Returns a team to the pool when its lease ends.
struct TeamReturn {
  void operator()(WorkerTeam* team) const;
};
using TeamLease = std::unique_ptr<WorkerTeam, TeamReturn>;

/// A team of `size` members from the process-wide pool (a new one when none is free).
TeamLease lease_team(unsigned size);

}  // namespace grundy::heap::detail
