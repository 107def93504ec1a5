#include "worker_team.hpp"

#include <mutex>

namespace grundy::heap::detail {

namespace {

// Spins this many times (tens of microseconds) before sleeping: a member is
// usually still awake when the next block starts, and a busy machine loses little.
constexpr unsigned kSpins = 1 << 10;

// Waits until `word` differs from `old`: a short spin, then the futex.
template <class T>
void await_change(const std::atomic<T>& word, T old) {
  for (unsigned i = 0; i < kSpins; ++i) {
    if (word.load(std::memory_order_acquire) != old) return;
    cpu_pause();
  }
  while (word.load(std::memory_order_acquire) == old) word.wait(old, std::memory_order_acquire);
}

std::mutex pool_mutex;
std::vector<std::unique_ptr<WorkerTeam>>& pool() {
  static std::vector<std::unique_ptr<WorkerTeam>> teams;
  return teams;
}

}  // namespace

WorkerTeam::WorkerTeam(unsigned size) {
  for (unsigned t = 1; t < size; ++t) threads_.emplace_back([this, t] { work(t); });
}

WorkerTeam::~WorkerTeam() {
  quit_ = true;
  generation_.fetch_add(1, std::memory_order_release);
  generation_.notify_all();
  for (std::thread& thread : threads_) thread.join();
}

void WorkerTeam::run_erased(void* context, Call call) {
  context_ = context;
  call_ = call;
  pending_.store(size() - 1, std::memory_order_relaxed);
  generation_.fetch_add(1, std::memory_order_release);
  if (!threads_.empty()) generation_.notify_all();
  call(context, 0);
  for (unsigned left = pending_.load(std::memory_order_acquire); left != 0;
       left = pending_.load(std::memory_order_acquire)) {
    await_change(pending_, left);
  }
}

void WorkerTeam::work(unsigned t) {
  std::uint64_t seen = 0;
  for (;;) {
    await_change(generation_, seen);
    seen = generation_.load(std::memory_order_acquire);
    if (quit_) return;
    call_(context_, t);
    if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) pending_.notify_one();
  }
}

void TeamReturn::operator()(WorkerTeam* team) const {
  std::lock_guard lock(pool_mutex);
  pool().emplace_back(team);
}

TeamLease lease_team(unsigned size) {
  {
    std::lock_guard lock(pool_mutex);
    auto& teams = pool();
    for (auto it = teams.begin(); it != teams.end(); ++it) {
      if ((*it)->size() == size) {
        WorkerTeam* team = it->release();
        teams.erase(it);
        return TeamLease(team);
      }
    }
  }
  return TeamLease(new WorkerTeam(size));
}

}  // namespace grundy::heap::detail
