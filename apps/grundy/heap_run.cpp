#include "heap_run.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>

#include <fmt/format.h>

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/grow.hpp"
#include "grundy/heap/table_cache.hpp"

namespace grundy::cli {

namespace {

std::atomic<bool> g_stop{false};
std::atomic<bool> g_progress_drawn{false};

extern "C" void on_stop_signal(int) { g_stop.store(true); }

std::string format_duration(double seconds) {
  if (seconds < 0) return "?";
  const auto s = static_cast<std::uint64_t>(seconds);
  if (s < 60) return fmt::format("{}s", s);
  if (s < 3600) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}h{:02}m", s / 3600, (s / 60) % 60);
}

std::string format_rate(double rate) {
  if (rate >= 1e6) return fmt::format("{:.1f}M", rate / 1e6);
  if (rate >= 1e3) return fmt::format("{:.1f}k", rate / 1e3);
  return fmt::format("{:.0f}", rate);
}

void draw_progress(const heap::ExtendProgress& p) {
  std::string line = fmt::format("\r  g(n) n = {} / {} ({:.1f}%)  {} values/s  ETA {}", p.done, p.target - 1,
                                 100.0 * static_cast<double>(p.done) / static_cast<double>(p.target),
                                 format_rate(p.values_per_second), format_duration(p.eta_seconds));
  if (p.rare_count > 0) line += fmt::format("  rare {}", p.rare_count);
  line += "\033[K";
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
  g_progress_drawn.store(true);
}

struct sigaction g_old_int;
struct sigaction g_old_term;

}  // namespace

void add_heap_run_options(CLI::App& command, HeapRunOptions& run) {
  command
      .add_option("--method", run.method, "fast (default: vectorised + sparse space) or plain (the O(n^2) reference)")
      ->check(CLI::IsMember({"fast", "plain"}));
  command.add_option("--threads", run.threads, "worker threads for the table kernel")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
}

heap::ExtendOptions extend_options(const HeapRunOptions& run, const GlobalOptions& global) {
  heap::ExtendOptions options;
  options.method = run.method == "plain" ? heap::KernelMethod::plain : heap::KernelMethod::fast;
  options.threads = run.threads;
  options.budget = global.budget();
  options.stop = &StopOnSignals::stop_flag();
  if (!global.quiet && isatty(STDERR_FILENO) != 0) options.on_progress = draw_progress;
  return options;
}

void clear_progress_line() {
  if (g_progress_drawn.exchange(false)) {
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
}

StopOnSignals::StopOnSignals() {
  g_stop.store(false);
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &g_old_int);
  sigaction(SIGTERM, &action, &g_old_term);
}

StopOnSignals::~StopOnSignals() {
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
}

const std::atomic<bool>& StopOnSignals::stop_flag() { return g_stop; }

std::shared_ptr<heap::HeapTable> table_for_heaps(const heap::HeapRules& rules, std::uint64_t largest_heap,
                                                 std::uint64_t limit, const heap::ExtendOptions& options) {
  if (rules.unequal_split() && largest_heap > limit) {
    throw InputError(fmt::format("heap {}: {} has no periodicity theorem, so its values must be computed up to the "
                                 "heap, beyond --upto {}; pass --upto N (N >= {})",
                                 largest_heap, rules.name(), limit, largest_heap));
  }
  auto table = std::make_shared<heap::HeapTable>(rules);
  const auto cache_dir = heap::TableCache::default_dir();
  const std::optional<heap::TableCache> cache =
      cache_dir ? std::optional<heap::TableCache>(heap::TableCache(*cache_dir)) : std::nullopt;
  const auto result = heap::grow_table(*table, {.cover = largest_heap, .limit = limit}, options,
                                       cache ? &*cache : nullptr);
  clear_progress_line();
  if (result.outcome == heap::ExtendOutcome::stopped) throw Interrupted("interrupted while computing the table");
  if (!table->knows(largest_heap)) {
    throw InputError(
        fmt::format("heap {}: {} has no proven period up to {} and the heap is beyond that table; "
                    "pass --upto N (N >= {}) to compute further",
                    largest_heap, rules.name(), table->size() - 1, largest_heap));
  }
  return table;
}

}  // namespace grundy::cli
