#include "grundy/heap/table.hpp"

#include <chrono>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <span>
#include <thread>

#include "common/text.hpp"

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/table_file.hpp"

namespace grundy::heap {

HeapTable::HeapTable(HeapRules rules) : rules_(std::move(rules)) {}

HeapTable::HeapTable(HeapRules rules, std::vector<std::uint16_t> narrow)
    : rules_(std::move(rules)), narrow_(std::move(narrow)) {}

HeapTable::HeapTable(HeapRules rules, std::vector<std::uint32_t> wide)
    : rules_(std::move(rules)), wide_(std::move(wide)), wide_mode_(true) {}

void HeapTable::widen() {
  if (wide_mode_) return;
  wide_.assign(narrow_.begin(), narrow_.end());
  narrow_.clear();
  narrow_.shrink_to_fit();
  wide_mode_ = true;
}

void HeapTable::truncate(std::uint64_t count) {
  if (count >= size()) return;
  if (wide_mode_) {
    wide_.resize(count);
  } else {
    narrow_.resize(count);
  }
  period_.reset();
  searched_at_.reset();
}

const std::optional<Periodicity>& HeapTable::detect_period() {
  if (searched_at_ == size()) return period_;
  searched_at_ = size();
  if (wide_mode_) {
    period_ = find_period(rules_, std::span<const std::uint32_t>(wide_));
  } else {
    period_ = find_period(rules_, std::span<const std::uint16_t>(narrow_));
  }
  return period_;
}

Nimber HeapTable::value(std::uint64_t n) const {
  if (n < size()) return at(n);
  if (period_) {
    const std::uint64_t n0 = period_->preperiod;
    const std::uint64_t p = period_->period;
    const std::uint64_t s = period_->saltus;
    const Nimber base = at(n0 + (n - n0) % p);
    const std::uint64_t steps = (n - n0) / p;
    if (s != 0 && steps > (std::numeric_limits<Nimber>::max() - base) / s) {
      throw InputError(grundy::detail::message("g(", n, ") of ", format_code(rules_),
                                       " does not fit in 64 bits (it grows by ", s, " every ", p, " tokens)"));
    }
    return base + steps * s;  // g(n) = g(n0 + (n - n0) mod p) + s * ((n - n0) div p)
  }
  throw InputError(grundy::detail::message("g(", n, ") of ", format_code(rules_), " is beyond the computed table (g(0..",
                                   size() == 0 ? 0 : size() - 1, ")) and no period is proven"));
}

namespace {

using Clock = std::chrono::steady_clock;

template <class V>
std::uint64_t run_kernel(KernelMethod method, const HeapRules& rules, std::vector<V>& values, std::uint64_t upto,
                         const KernelControl& control) {
  if (method == KernelMethod::plain) return extend_plain<V>(rules, values, upto, control);
  return extend_fast<V>(rules, values, upto, control);
}

// Watches the clock while a kernel runs: raises the kernel's stop flag when the
// user asks to stop or a checkpoint is due, and reports progress.
class Monitor {
 public:
  Monitor(const ExtendOptions& options, std::atomic<bool>& kernel_stop, std::atomic<std::uint64_t>& progress,
          std::uint64_t target)
      : options_(options), kernel_stop_(kernel_stop), progress_(progress), target_(target) {
    start_ = Clock::now();
    start_done_ = progress.load();
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
      if (options_.deadline && now >= *options_.deadline) {
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
  Clock::time_point next_checkpoint_;
  std::atomic<bool> checkpoint_due_{false};
  std::atomic<bool> deadline_passed_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool finished_ = false;
  std::thread thread_;
};

bool past(const std::optional<Clock::time_point>& deadline) {
  return deadline.has_value() && Clock::now() >= *deadline;
}

[[noreturn]] void throw_time_exceeded(const HeapTable& table) {
  throw TimeExceeded(grundy::detail::message("the time limit passed while computing the table of ", table.rules().name(),
                                     " (", table.size(), " values known)"));
}

}  // namespace

ExtendResult extend_table(HeapTable& table, std::uint64_t upto, const ExtendOptions& options) {
  ExtendResult result;
  if (upto == std::numeric_limits<std::uint64_t>::max()) throw InputError("--upto is too large");
  const std::uint64_t target = upto + 1;
  if (table.size() >= target) {
    table.detect_period();
    return result;
  }
  if (past(options.deadline)) throw_time_exceeded(table);
  options.budget.require(target * (table.wide() ? 4 : 2), grundy::detail::message("the table g(0..", upto, ")"));

  std::atomic<bool> kernel_stop{false};
  std::atomic<std::uint64_t> progress{table.size()};
  Monitor monitor(options, kernel_stop, progress, target);
  const KernelControl control{.stop = &kernel_stop,
                              .progress = &progress,
                              .threads = std::max(options.threads, 1U),
                              .stats = options.kernel_stats};
  while (table.size() < target) {
    kernel_stop.store(false);
    if (options.stop != nullptr && options.stop->load()) kernel_stop.store(true);
    const std::uint64_t before = table.size();
    if (table.wide()) {
      run_kernel(options.method, table.rules(), table.wide_values(), upto, control);
    } else {
      table.narrow_values().reserve(target);
      run_kernel(options.method, table.rules(), table.narrow_values(), upto, control);
    }
    progress.store(table.size());
    if (table.size() >= target) break;
    if (monitor.deadline_passed() || past(options.deadline)) throw_time_exceeded(table);
    if (options.stop != nullptr && options.stop->load()) {
      if (!options.checkpoint_path.empty()) {
        save_table(table, options.checkpoint_path);
        ++result.checkpoints_saved;
      }
      result.outcome = ExtendOutcome::stopped;
      return result;
    }
    if (monitor.checkpoint_due()) {
      save_table(table, options.checkpoint_path);
      ++result.checkpoints_saved;
      monitor.checkpoint_done();
      continue;
    }
    if (kernel_stop.load() && table.size() > before) continue;  // a stray stop: go on
    if (table.wide()) {
      throw Error(grundy::detail::message("g(", table.size(), ") does not fit in 32 bits"));
    }
    options.budget.require(target * 4, grundy::detail::message("the table g(0..", upto, ") with 32-bit values"));
    table.widen();
  }
  table.detect_period();
  return result;
}

}  // namespace grundy::heap
