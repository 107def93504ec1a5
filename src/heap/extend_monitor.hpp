// The table engine's monitor thread, shared by the in-memory engine (table.cpp)
// and the streamed one (stream_table.cpp): while a kernel runs it raises the
// kernel's stop flag when the user asks to stop, a checkpoint is due or the
// deadline passed, and reports progress. Private to src/heap.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

#include <pthread.h>
#include <time.h>

#include "grundy/heap/table.hpp"

namespace grundy::heap::detail {

using Clock = std::chrono::steady_clock;

// Watches the clock while a kernel runs: raises the kernel's stop flag when the
// user asks to stop or a checkpoint is due, and reports progress.
class Monitor {
 public:
  Monitor(const ExtendOptions& options, std::atomic<bool>& kernel_stop, std::atomic<std::uint64_t>& progress,
          std::uint64_t target)
      : options_(options), kernel_stop_(kernel_stop), progress_(progress), target_(target) {
    start_ = Clock::now();
    start_done_ = progress.load();
    // The budget's clock is the calling thread's (the one that runs the kernel).
    if (pthread_getcpuclockid(pthread_self(), &caller_cpu_clock_) != 0) caller_cpu_clock_ = CLOCK_THREAD_CPUTIME_ID;
    next_checkpoint_ = start_ + to_duration(options.checkpoint_every);
    thread_ = std::thread([this] { run(); });
  }
  ~Monitor() {
    {
      std::lock_guard lock(mutex_);
      finished_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  Monitor(const Monitor&) = delete;
  Monitor& operator=(const Monitor&) = delete;

  [[nodiscard]] bool checkpoint_due() const { return checkpoint_due_.load(); }
  [[nodiscard]] bool deadline_passed() const { return deadline_passed_.load(); }
  void checkpoint_done() {
    checkpoint_due_.store(false);
    std::lock_guard lock(mutex_);
    next_checkpoint_ = Clock::now() + to_duration(options_.checkpoint_every);
  }

 private:
  static Clock::duration to_duration(double seconds) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::max(seconds, 0.0)));
  }

  void run() {
    std::unique_lock lock(mutex_);
    auto last_report = Clock::now();
    while (!finished_) {
      wake_.wait_for(lock, std::chrono::milliseconds(50));
      if (finished_) break;
      const auto now = Clock::now();
      if (options_.stop != nullptr && options_.stop->load()) kernel_stop_.store(true);
      if ((options_.deadline && now >= *options_.deadline) || caller_cpu_budget_spent()) {
        deadline_passed_.store(true);
        kernel_stop_.store(true);
      }
      if (!options_.checkpoint_path.empty() && now >= next_checkpoint_ && !checkpoint_due_.load()) {
        checkpoint_due_.store(true);
        kernel_stop_.store(true);
      }
      if (options_.on_progress && now - last_report >= to_duration(options_.progress_every)) {
        last_report = now;
        report(now);
      }
    }
  }

  [[nodiscard]] bool caller_cpu_budget_spent() const {
    if (!options_.thread_cpu_deadline) return false;
    timespec used{};
    if (clock_gettime(caller_cpu_clock_, &used) != 0) return false;
    return static_cast<double>(used.tv_sec) + 1e-9 * static_cast<double>(used.tv_nsec) >= *options_.thread_cpu_deadline;
  }

  void report(Clock::time_point now) const {
    ExtendProgress info;
    info.done = progress_.load();
    info.target = target_;
    if (options_.kernel_stats != nullptr) info.rare_count = options_.kernel_stats->rare_count.load();
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    if (elapsed > 0 && info.done > start_done_) {
      info.values_per_second = static_cast<double>(info.done - start_done_) / elapsed;
      // Plain kernels slow down linearly with n: estimate with the work ~ n^2.
      const double done = static_cast<double>(info.done);
      const double target = static_cast<double>(info.target);
      const double first = static_cast<double>(start_done_);
      const double work_done = done * done - first * first;
      if (work_done > 0) info.eta_seconds = elapsed * (target * target - done * done) / work_done;
    }
    options_.on_progress(info);
  }

  const ExtendOptions& options_;
  std::atomic<bool>& kernel_stop_;
  std::atomic<std::uint64_t>& progress_;
  std::uint64_t target_;
  std::uint64_t start_done_ = 0;
  Clock::time_point start_;
  clockid_t caller_cpu_clock_{};
  Clock::time_point next_checkpoint_;
  std::atomic<bool> checkpoint_due_{false};
  std::atomic<bool> deadline_passed_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool finished_ = false;
  std::thread thread_;
};

}  // namespace grundy::heap::detail
