#include "grundy/heap/stream_table.hpp"

#include <algorithm>
#include <limits>

#include "common/text.hpp"

#include "extend_monitor.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/process_group.hpp"
#include "grundy/heap/table_file.hpp"

namespace grundy::heap {

namespace {

void save(const HeapRules& rules, const StreamedValues& g, const std::string& path) {
  save_table_stream(
      rules, g.size(),
      [&g](std::uint64_t begin, std::uint64_t count, std::uint16_t* out) { g.read(begin, count, out); }, path);
}

void resume(const HeapRules& rules, std::uint64_t upto, const std::string& path, StreamedValues& g,
            StreamedTable& result) {
  const HeapRules found = read_table_stream(
      path, upto + 1,
      [&g](const std::uint16_t* values, std::uint64_t count) {
        for (std::uint64_t i = 0; i < count; ++i) g.push_back(values[i]);
      },
      result.loaded);
  if (!same_game(found, rules)) {
    throw InputError(grundy::detail::message("--resume ", path, ": the file holds ", found.name(), " (",
                                             format_code(found), "), not ", rules.name(), " (", format_code(rules),
                                             ")"));
  }
}

}  // namespace

StreamedTable stream_table(const HeapRules& rules, std::uint64_t upto, const ExtendOptions& options,
                           const StreamOptions& stream) {
  if (!streams(rules)) {
    throw InputError(grundy::detail::message(rules.name(),
                                             " cannot be computed in bounded memory (it needs "
                                             "two-heap splits and no three-heap ones)"));
  }
  if (upto == std::numeric_limits<std::uint64_t>::max()) throw InputError("--upto is too large");
  StreamedTable result;
  // In a group (grundy-mpi) the first process alone holds the spilled values;
  // the others keep the same head, window and cursors, and receive from it what
  // lies beyond them (StreamedValues::share_reads).
  SpillFile file(stream.spill_dir, writes_files());
  StreamedValues g(file, stream.sizes, &result.stats);
  if (!stream.resume.empty()) resume(rules, upto, stream.resume, g, result);
  const std::uint64_t target = upto + 1;
  {
    std::atomic<bool> kernel_stop{false};
    std::atomic<std::uint64_t> progress{g.size()};
    detail::Monitor monitor(options, kernel_stop, progress, target);
    // In a group (grundy-mpi) every process streams its own copy in the same
    // bounded memory, and the blocks are shared as in memory.
    const KernelControl control{.stop = &kernel_stop,
                                .progress = &progress,
                                .threads = std::max(options.threads, 1U),
                                .stats = options.kernel_stats,
                                .group = process_group()};
    while (g.size() < target) {
      kernel_stop.store(options.stop != nullptr && options.stop->load());
      const std::uint64_t before = g.size();
      extend_fast_streamed(rules, g, upto, control);
      progress.store(g.size());
      if (g.size() >= target) break;
      if (monitor.deadline_passed() ||
          (options.deadline.has_value() && std::chrono::steady_clock::now() >= *options.deadline)) {
        throw TimeExceeded(grundy::detail::message("the time limit passed while computing the table of ", rules.name(),
                                                   " (", g.size(), " values known)"));
      }
      if (options.stop != nullptr && options.stop->load()) {
        if (!options.checkpoint_path.empty()) {
          save(rules, g, options.checkpoint_path);
          ++result.checkpoints_saved;
        }
        result.outcome = ExtendOutcome::stopped;
        break;
      }
      if (monitor.checkpoint_due()) {
        save(rules, g, options.checkpoint_path);
        ++result.checkpoints_saved;
        monitor.checkpoint_done();
        continue;
      }
      // A stray stop (or one another process of the group asked for): go on.
      if ((kernel_stop.load() || process_group() != nullptr) && g.size() > before) continue;
      throw Error(grundy::detail::message("g(", g.size(), ") of ", rules.name(),
                                          " does not fit in 16 bits, which a table in bounded memory holds; "
                                          "compute it without --summary"));
    }
  }
  result.size = g.size();
  if (result.outcome == ExtendOutcome::complete) {
    // Only the process that prints needs the period (and only it can read the spilled values).
    if (writes_files()) result.period = find_period_streamed(rules, g);
    // The final checkpoint; never replace a longer resumed file by a shorter table.
    if (!options.checkpoint_path.empty() && g.size() >= result.loaded) save(rules, g, options.checkpoint_path);
    if (!stream.output.empty()) save(rules, g, stream.output);
  }
  result.counters = g.counters();
  return result;
}

}  // namespace grundy::heap
