#include "heap_tables.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <ctime>
#include <string>
#include <thread>

#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/heap/arithmetic_periodicity.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/grow.hpp"
#include "grundy/heap/process_group.hpp"
#include "grundy/heap/stream_table.hpp"
#include "grundy/heap/table_file.hpp"
#include "grundy/heap/table_stats.hpp"
#include "progress_text.hpp"

namespace grundy::catalogue {

HeapRun heap_run(const RuleValues& values) {
  HeapRun run;
  const std::string method = rule_value(values, "--method", "fast");
  if (method != "fast" && method != "plain") {
    throw InputError(fmt::format("--method: '{}' is not fast or plain", method));
  }
  run.method = method == "plain" ? heap::KernelMethod::plain : heap::KernelMethod::fast;
  const std::string threads = rule_value(values, "--threads");
  run.threads = std::max(std::thread::hardware_concurrency(), 1U);
  if (!threads.empty()) {
    run.threads = static_cast<unsigned>(parse_count(threads, "--threads", 256));
    if (run.threads == 0) throw InputError("--threads: must be at least 1");
  }
  return run;
}

std::shared_ptr<const heap::TableCache> heap_cache(const RuleValues& values) {
  if (!rule_value(values, "--no-cache").empty()) return nullptr;
  const auto dir = heap::TableCache::default_dir();
  if (!dir) return nullptr;
  return std::make_shared<const heap::TableCache>(*dir);
}

RuleOption no_cache_option() {
  return RuleOption{.name = "--no-cache",
                    .kind = RuleOption::Kind::flag,
                    .help = "do not read or write the on-disk table cache"};
}

std::vector<RuleOption> heap_table_options() {
  return {
      RuleOption{.name = "--checkpoint",
                 .kind = RuleOption::Kind::value,
                 .value_name = "FILE",
                 .help = "save the table here (atomically) now and then, on SIGINT/SIGTERM and at the end"},
      RuleOption{.name = "--checkpoint-every",
                 .kind = RuleOption::Kind::value,
                 .value_name = "SECONDS",
                 .help = "seconds between checkpoints",
                 .default_value = "300"},
      RuleOption{.name = "--resume",
                 .kind = RuleOption::Kind::value,
                 .value_name = "FILE",
                 .help = "continue from a table file (a checkpoint, or --output in binary or text format)"},
      RuleOption{.name = "--until-period",
                 .kind = RuleOption::Kind::flag,
                 .help = "stop as soon as a period is proven (the table grows by doubling up to --upto)"},
      RuleOption{.name = "--bounded-memory",
                 .kind = RuleOption::Kind::flag,
                 .help = "with --summary: keep only a window of the values in memory even when the whole table "
                         "would fit (it does so anyway beyond 2^26 values)"},
  };
}

heap::ExtendOptions extend_options(const HeapRun& run, const Context& context) {
  heap::ExtendOptions options;
  options.method = run.method;
  options.threads = run.threads;
  options.budget = context.memory;
  options.stop = context.stop;
  options.deadline = context.deadline;
  if (context.progress && context.on_progress) {
    auto draw = context.on_progress;
    options.on_progress = [draw](const heap::ExtendProgress& p) { draw(table_progress_line(p)); };
  }
  return options;
}

void cover_heaps(heap::HeapTable& table, std::uint64_t largest_heap, std::uint64_t limit, const HeapRun& run,
                 const Context& context, const heap::TableCache* cache) {
  if (table.knows(largest_heap)) return;
  const heap::HeapRules& rules = table.rules();
  if (!heap::period_theorem_applies(rules) && largest_heap > limit) {
    throw InputError(fmt::format("heap {}: {} has no periodicity theorem, so its values must be computed up to the "
                                 "heap, beyond --upto {}; pass --upto N (N >= {})",
                                 largest_heap, rules.name(), limit, largest_heap));
  }
  const auto result = heap::grow_table(table, heap::GrowGoal{.cover = largest_heap, .limit = limit},
                                       extend_options(run, context), cache);
  if (context.on_progress) context.on_progress("");
  if (result.outcome == heap::ExtendOutcome::stopped) throw Interrupted("interrupted while computing the table");
  if (!table.knows(largest_heap)) {
    throw InputError(fmt::format("heap {}: {} has no proven period up to {} and the heap is beyond that table; "
                                 "pass --upto N (N >= {}) to compute further",
                                 largest_heap, rules.name(), table.size() - 1, largest_heap));
  }
}

namespace {

Json stats_json(const heap::TableStats& stats) {
  Json json = Json::object();
  json["largest"] = stats.largest;
  json["largest_at"] = stats.largest_at;
  Json frequencies = Json::object();
  for (std::size_t v = 0; v < stats.frequencies.size(); ++v) {
    if (stats.frequencies[v] != 0) frequencies[std::to_string(v)] = stats.frequencies[v];
  }
  json["frequencies"] = std::move(frequencies);
  json["rare_mask"] = stats.rare ? Json(stats.rare->mask) : Json(nullptr);
  json["rare_heap_parity"] = stats.rare ? stats.rare->heap_parity : false;
  json["rare_parity"] = stats.rare ? Json(stats.rare->rare_parity) : Json(nullptr);
  json["rare_count"] = stats.rare_count;
  json["last_rare"] = stats.last_rare ? Json(*stats.last_rare) : Json(nullptr);
  return json;
}

std::vector<std::string> stats_notes(const heap::TableStats& stats) {
  std::vector<std::string> notes;
  notes.push_back(fmt::format("largest value {} first at n = {}", stats.largest, stats.largest_at));
  std::string freq = "value frequencies:";
  for (std::size_t v = 0; v < stats.frequencies.size(); ++v) {
    if (stats.frequencies[v] != 0) freq += fmt::format(" {}:{}", v, stats.frequencies[v]);
  }
  notes.push_back(freq);
  if (stats.rare) {
    notes.push_back(fmt::format("sparse space: rare when parity(g(n) & {}){} = {}: {}", stats.rare->mask,
                                stats.rare->heap_parity ? " ^ (n & 1)" : "", stats.rare->rare_parity,
                                stats.last_rare ? fmt::format("{} rare values, the last at n = {}", stats.rare_count,
                                                              *stats.last_rare)
                                                : std::string("no rare values")));
  }
  return notes;
}

std::shared_ptr<heap::HeapTable> start_table(const heap::HeapRules& rules, std::uint64_t upto,
                                             const TableRequest& request, std::uint64_t& loaded_size) {
  if (request.resume.empty()) return std::make_shared<heap::HeapTable>(rules);
  auto table = std::make_shared<heap::HeapTable>(heap::load_table(request.resume));
  if (!heap::same_game(table->rules(), rules)) {
    throw InputError(fmt::format("--resume {}: the file holds {} ({}), not {} ({})", request.resume,
                                 table->rules().name(), heap::format_code(table->rules()), rules.name(),
                                 heap::format_code(rules)));
  }
  loaded_size = table->size();
  table->truncate(upto + 1);
  return table;
}

// Wall and processor time of the computation, and the kernel's overlapped time
// (two or more workers at once): the rest of the wall time is serial.
class ParallelClock {
 public:
  ParallelClock() : wall_(std::chrono::steady_clock::now()), cpu_(std::clock()) {}

  // The "parallel" field and its line of the summary.
  void report(TableResult& out, const HeapRun& run, const heap::KernelStats& kernel_stats) const {
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_).count();
    const double cpu = static_cast<double>(std::clock() - cpu_) / CLOCKS_PER_SEC;
    const auto seconds = [](const std::atomic<std::uint64_t>& nanoseconds) {
      return static_cast<double>(nanoseconds.load()) * 1e-9;
    };
    const double serial = std::max(0.0, wall - seconds(kernel_stats.overlapped_nanoseconds));
    // The serial time's parts, each within what is left of it (the clocks differ by microseconds).
    const double alone = std::min(serial, seconds(kernel_stats.alone_nanoseconds));
    const double waiting = std::min(serial - alone, seconds(kernel_stats.waiting_nanoseconds));
    const heap::ProcessGroup* group = heap::process_group();
    const unsigned ranks = group != nullptr ? group->size() : 1;
    const auto round = [](double value) { return std::round(value * 1000) / 1000; };
    out.extra["parallel"] = {{"threads", run.threads},           {"ranks", ranks},
                             {"wall_seconds", round(wall)},      {"cpu_seconds", round(cpu)},
                             {"serial_seconds", round(serial)},  {"alone_seconds", round(alone)},
                             {"waiting_seconds", round(waiting)}};
    std::string line = fmt::format(
        "parallel: {} thread{}, {} rank{}: {:.3f} s wall, {:.3f} s processor, {:.3f} s serial "
        "({:.0f}% of the wall time)",
        run.threads, run.threads == 1 ? "" : "s", ranks, ranks == 1 ? "" : "s", wall, cpu, serial,
        wall > 0 ? 100 * serial / wall : 0.0);
    if (run.threads >= 2 || ranks >= 2) {
      line += fmt::format(": {:.3f} s on one worker, {:.3f} s waiting in shared stretches, {:.3f} s around them", alone,
                          waiting, serial - alone - waiting);
    }
    out.notes.push_back(line);
  }

 private:
  std::chrono::steady_clock::time_point wall_;
  std::clock_t cpu_;
};

// The fields and notes every heap table reports, from its statistics.
void describe(TableResult& out, const heap::HeapRules& rules, const HeapRun& run, unsigned value_bits,
              const std::optional<heap::RareSplit>& split, const heap::TableStats& stats) {
  out.extra["code"] = heap::format_code(rules);
  out.extra["period_status"] =
      out.period ? "proven" : (heap::period_theorem_applies(rules) ? "none up to upto" : "no periodicity theorem");
  out.extra["method"] = run.method == heap::KernelMethod::plain || rules.general() != nullptr ? "plain" : "fast";
  out.extra["value_bits"] = value_bits;
  out.extra["rare_mask_source"] = split ? "kernel" : "frequencies";
  out.extra["observed_period"] = nullptr;  // set by note_observed_period where the values are at hand
  out.extra["stats"] = stats_json(stats);
  if (!out.period) {
    if (rules.unequal_split()) {
      out.notes.push_back("no period declared: Grundy's game has no periodicity theorem");
    } else if (!heap::period_theorem_applies(rules)) {
      out.notes.push_back(fmt::format("no period up to {}, and none declared: no periodicity theorem covers this code",
                                      out.upto));
    } else {
      out.notes.push_back(fmt::format("no period up to {}", out.upto));
    }
  }
  for (auto& note : stats_notes(stats)) out.notes.push_back(std::move(note));
}

// A table without a proven period whose values follow an arithmetic pattern to
// their end: reported as seen, not proven (heap::observe_arithmetic_period).
void note_observed_period(TableResult& out, const heap::HeapTable& table) {
  if (table.period() || table.rules().unequal_split()) return;
  // Where no theorem could prove one, an ordinary period is reported as seen too.
  const bool any_saltus = !heap::period_theorem_applies(table.rules());
  const std::optional<heap::Periodicity> seen =
      table.wide() ? (any_saltus ? heap::observe_period(std::span<const std::uint32_t>(table.wide_values()))
                                 : heap::observe_arithmetic_period(std::span<const std::uint32_t>(table.wide_values())))
                   : (any_saltus ? heap::observe_period(std::span<const std::uint16_t>(table.narrow_values()))
                                 : heap::observe_arithmetic_period(std::span<const std::uint16_t>(table.narrow_values())));
  if (!seen) return;
  out.extra["observed_period"] = {{"period", seen->period}, {"preperiod", seen->preperiod}, {"saltus", seen->saltus}};
  // Right after "no period up to N".
  const auto no_period = std::find_if(out.notes.begin(), out.notes.end(),
                                      [](const std::string& note) { return note.starts_with("no period"); });
  out.notes.insert(no_period == out.notes.end() ? no_period : no_period + 1,
                   seen->saltus == 0
                       ? fmt::format("periodic pattern from n0 = {} with period {} seen to n = {} (not proven: no "
                                     "heap beyond the table is answered from it)",
                                     seen->preperiod, seen->period, table.size() - 1)
                       : fmt::format("arithmetic-periodic pattern from n0 = {} with period {} and saltus {} seen to n "
                                     "= {} (not proven: no heap beyond the table is answered from it)",
                                     seen->preperiod, seen->period, seen->saltus, table.size() - 1));
}

[[noreturn]] void throw_interrupted(std::uint64_t size, const TableRequest& request) {
  if (request.checkpoint.empty()) {
    throw Interrupted(
        fmt::format("interrupted at n = {}; nothing saved (use --checkpoint FILE to keep the work)", size));
  }
  throw Interrupted(fmt::format("interrupted at n = {}; checkpoint saved to {} (continue with --resume {})", size,
                                request.checkpoint, request.checkpoint));
}

// Below this many values a table in memory (128 MiB of 16-bit values) is cheap,
// and faster: the block method and the threads read it directly.
constexpr std::uint64_t kStreamFrom = std::uint64_t{1} << 26;

// A run whose values nobody reads afterwards (--summary), large or asked to be
// (--bounded-memory), and whose game the fast kernel's rare/common method
// serves: computed in bounded memory (by every process of a group alike).
bool streamed(const heap::HeapRules& rules, std::uint64_t upto, const TableRequest& request, const HeapRun& run) {
  const bool large = upto >= kStreamFrom;
  return request.summary && (request.bounded_memory || large) && !request.until_period &&
         !request.misere && run.method == heap::KernelMethod::fast && heap::streams(rules) &&
         (request.resume.empty() || heap::table_file_width(request.resume) == 2);
}

TableResult streamed_table(const heap::HeapRules& rules, std::uint64_t upto, const TableRequest& request,
                           const HeapRun& run, const Context& context) {
  heap::ExtendOptions options = extend_options(run, context);
  options.checkpoint_path = request.checkpoint;
  options.checkpoint_every = request.checkpoint_every;
  heap::KernelStats kernel_stats;
  options.kernel_stats = &kernel_stats;
  heap::StreamOptions stream;
  stream.resume = request.resume;
  stream.output = request.stream_output;
  const ParallelClock clock;
  const heap::StreamedTable table = heap::stream_table(rules, upto, options, stream);
  if (context.on_progress) context.on_progress("");
  if (table.outcome == heap::ExtendOutcome::stopped) throw_interrupted(table.size, request);
  TableResult out{.game = rules.name(), .upto = table.size - 1};
  out.output_written = !request.stream_output.empty();
  if (table.period) {
    out.period = table.period->period;
    out.preperiod = table.period->preperiod;
  }
  // The sparse space is decided from the values alone, not from the kernel's run (its mask depends on where the run
  // started): fresh, resumed and chunked runs, on any number of threads, report the same one.
  const std::optional<heap::RareSplit> split = table.stats.sparse_space(heap::sparse_space_rule(rules));
  describe(out, rules, run, 16, split, table.stats.finish(split));
  out.extra["memory"] = "bounded";
  clock.report(out, run, kernel_stats);
  return out;
}

}  // namespace

TableResult heap_table(const heap::HeapRules& rules, std::uint64_t upto, const TableRequest& request,
                       const HeapRun& run, const Context& context) {
  if (request.checkpoint_every < 0) throw InputError("--checkpoint-every: must not be negative");
  if (streamed(rules, upto, request, run)) return streamed_table(rules, upto, request, run, context);
  std::uint64_t loaded_size = 0;
  std::shared_ptr<heap::HeapTable> table = start_table(rules, upto, request, loaded_size);
  heap::ExtendOptions options = extend_options(run, context);
  options.checkpoint_path = request.checkpoint;
  options.checkpoint_every = request.checkpoint_every;
  heap::KernelStats kernel_stats;
  options.kernel_stats = &kernel_stats;
  // --until-period: grow by doubling and stop at the first proven period.
  const ParallelClock clock;
  const heap::ExtendResult result = request.until_period
                                        ? heap::grow_table(*table, heap::GrowGoal{.cover = upto, .limit = upto}, options)
                                        : heap::extend_table(*table, upto, options);
  if (context.on_progress) context.on_progress("");
  if (result.outcome == heap::ExtendOutcome::stopped) throw_interrupted(table->size(), request);
  table->detect_period();
  // The final checkpoint; never replace a longer resumed file by a shorter table.
  if (!request.checkpoint.empty() && table->size() >= loaded_size) heap::save_table(*table, request.checkpoint);

  TableResult out{.game = rules.name(), .upto = table->size() - 1, .heap_table = table};
  if (table->period()) {
    out.period = table->period()->period;
    out.preperiod = table->period()->preperiod;
    out.saltus = table->period()->saltus;
  }
  const heap::StatsAccumulator accumulated = heap::accumulate_stats(*table);
  const std::optional<heap::RareSplit> split = accumulated.sparse_space(heap::sparse_space_rule(rules));
  describe(out, rules, run, table->value_bits(), split, accumulated.finish(split));
  note_observed_period(out, *table);
  clock.report(out, run, kernel_stats);
  // A binary --output FILE asked for with --summary: written here, like a streamed run does.
  if (!request.stream_output.empty()) {
    heap::save_table(*table, request.stream_output);
    out.output_written = true;
  }
  return out;
}

}  // namespace grundy::catalogue
