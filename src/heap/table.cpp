#include "grundy/heap/table.hpp"

#include <chrono>
#include <limits>
#include <span>
#include <thread>

#include <time.h>

#include "common/text.hpp"

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/table_file.hpp"
#include "extend_monitor.hpp"

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
using detail::Monitor;

template <class V>
std::uint64_t run_kernel(KernelMethod method, const HeapRules& rules, std::vector<V>& values, std::uint64_t upto,
                         const KernelControl& control) {
  if (method == KernelMethod::plain) return extend_plain<V>(rules, values, upto, control);
  return extend_fast<V>(rules, values, upto, control);
}

bool past_deadline(const ExtendOptions& options) {
  return (options.deadline.has_value() && Clock::now() >= *options.deadline) ||
         (options.thread_cpu_deadline.has_value() && thread_cpu_seconds() >= *options.thread_cpu_deadline);
}

[[noreturn]] void throw_time_exceeded(const HeapTable& table) {
  throw TimeExceeded(grundy::detail::message("the time limit passed while computing the table of ", table.rules().name(),
                                     " (", table.size(), " values known)"));
}

}  // namespace

double thread_cpu_seconds() {
  timespec used{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &used);
  return static_cast<double>(used.tv_sec) + 1e-9 * static_cast<double>(used.tv_nsec);
}

ExtendResult extend_table(HeapTable& table, std::uint64_t upto, const ExtendOptions& options) {
  ExtendResult result;
  if (upto == std::numeric_limits<std::uint64_t>::max()) throw InputError("--upto is too large");
  const std::uint64_t target = upto + 1;
  if (table.size() >= target) {
    table.detect_period();
    return result;
  }
  if (past_deadline(options)) throw_time_exceeded(table);
  options.budget.require(target * (table.wide() ? 4 : 2), grundy::detail::message("the table g(0..", upto, ")"));

  std::atomic<bool> kernel_stop{false};
  std::atomic<std::uint64_t> progress{table.size()};
  Monitor monitor(options, kernel_stop, progress, target);
  const KernelControl control{.stop = &kernel_stop,
                              .progress = &progress,
                              .threads = std::max(options.threads, 1U),
                              .stats = options.kernel_stats,
                              .group = process_group()};
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
    if (monitor.deadline_passed() || past_deadline(options)) throw_time_exceeded(table);
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
    // A stray stop (or one another process of the group asked for): go on.
    if (table.size() > before) continue;
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
