// grundy table octal CODE --upto N, and grundy table kayles|dawsons-kayles|
// dawsons-chess|officers|grundys-game --upto N: g(0..N) of a heap game, its
// proven period, statistics, checkpoints, resume and table files.
#include <cstdio>
#include <fstream>

#include <fmt/format.h>

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/grow.hpp"
#include "grundy/heap/table_file.hpp"
#include "grundy/heap/table_stats.hpp"
#include "heap_run.hpp"
#include "registry.hpp"
#include "table.hpp"

namespace grundy::cli {

namespace {

constexpr std::uint64_t kMaxUpto = std::uint64_t{1} << 40;

struct TableCommandOptions {
  std::string code;
  std::string upto;
  HeapRunOptions run;
  std::string checkpoint;
  double checkpoint_every = 300;
  std::string resume;
  std::string output;
  std::string format = "binary";
  bool summary = false;
  bool until_period = false;
};

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
    notes.push_back(fmt::format("sparse space: rare when parity(g(n) & {}){} = {}: {} rare values, the last at n = {}",
                                stats.rare->mask, stats.rare->heap_parity ? " ^ (n & 1)" : "", stats.rare->rare_parity,
                                stats.rare_count,
                                stats.last_rare ? fmt::format("{}", *stats.last_rare) : std::string("-")));
  }
  return notes;
}

void write_output(const heap::HeapTable& table, const TableCommandOptions& o) {
  if (o.output.empty()) return;
  if (o.format == "binary") {
    heap::save_table(table, o.output);
    return;
  }
  std::ofstream out(o.output);
  if (!out) throw Error(fmt::format("cannot write '{}'", o.output));
  heap::write_text(table, out);
}

void run_table(const heap::HeapRules& rules, const TableCommandOptions& o, const GlobalOptions& global) {
  const std::uint64_t upto = parse_count(o.upto, "--upto", kMaxUpto);
  if (o.checkpoint_every < 0) throw InputError("--checkpoint-every: must not be negative");
  std::shared_ptr<heap::HeapTable> table;
  std::uint64_t loaded_size = 0;
  if (!o.resume.empty()) {
    table = std::make_shared<heap::HeapTable>(heap::load_table(o.resume));
    if (!heap::same_game(table->rules(), rules)) {
      throw InputError(fmt::format("--resume {}: the file holds {} ({}), not {} ({})", o.resume, table->rules().name(),
                                   heap::format_code(table->rules()), rules.name(), heap::format_code(rules)));
    }
    loaded_size = table->size();
    table->truncate(upto + 1);
  } else {
    table = std::make_shared<heap::HeapTable>(rules);
  }
  heap::ExtendOptions options = extend_options(o.run, global);
  options.checkpoint_path = o.checkpoint;
  options.checkpoint_every = o.checkpoint_every;
  heap::KernelStats kernel_stats;
  options.kernel_stats = &kernel_stats;
  {
    StopOnSignals signals;
    // --until-period: grow by doubling and stop at the first proven period.
    const heap::ExtendResult result = o.until_period ? heap::grow_table(*table, {.cover = upto, .limit = upto}, options)
                                                     : heap::extend_table(*table, upto, options);
    clear_progress_line();
    if (result.outcome == heap::ExtendOutcome::stopped) {
      if (o.checkpoint.empty()) {
        throw Interrupted(fmt::format("interrupted at n = {}; nothing saved (use --checkpoint FILE to keep the work)",
                                      table->size()));
      }
      throw Interrupted(fmt::format("interrupted at n = {}; checkpoint saved to {} (continue with --resume {})",
                                    table->size(), o.checkpoint, o.checkpoint));
    }
  }
  const std::uint64_t last = table->size() - 1;  // upto, or less with --until-period
  // The final checkpoint; never replace a longer resumed file by a shorter table.
  if (!o.checkpoint.empty() && table->size() >= loaded_size) heap::save_table(*table, o.checkpoint);
  write_output(*table, o);

  TableReport report{.game = rules.name()};
  if (!o.summary) {
    report.values.reserve(table->size());
    for (std::uint64_t n = 0; n < table->size(); ++n) report.values.push_back(table->at(n));
  }
  if (table->period()) {
    report.period = table->period()->period;
    report.preperiod = table->period()->preperiod;
  }
  // The fast kernel's own sparse-space mask, when it used one; else chosen from the frequencies.
  std::optional<heap::RareSplit> split;
  if (kernel_stats.rare_mask.load() != 0 && kernel_stats.rare_mask.load() <= 0xffffffffULL) {
    split = heap::RareSplit{.mask = static_cast<std::uint32_t>(kernel_stats.rare_mask.load()),
                            .heap_parity = kernel_stats.heap_parity.load()};
  }
  const heap::TableStats stats = heap::compute_stats(*table, split);
  report.extra["rare_mask_source"] = split ? "kernel" : "frequencies";
  report.extra["code"] = heap::format_code(rules);
  if (o.summary) report.extra["upto"] = last;
  report.extra["period_status"] =
      table->period() ? "proven" : (rules.unequal_split() ? "no periodicity theorem" : "none up to upto");
  report.extra["method"] = o.run.method;
  report.extra["value_bits"] = table->value_bits();
  report.extra["stats"] = stats_json(stats);
  if (!table->period()) {
    report.notes.push_back(rules.unequal_split()
                               ? fmt::format("no period declared: Grundy's game has no periodicity theorem")
                               : fmt::format("no period up to {}", last));
  }
  for (auto& note : stats_notes(stats)) report.notes.push_back(std::move(note));
  if (o.summary && !global.json) {
    std::string out = fmt::format("{} (code {}): g(0..{})\n", rules.name(), heap::format_code(rules), last);
    if (report.period) {
      out += fmt::format("periodic from n0 = {} with period {} (proven)\n", *report.preperiod, *report.period);
    }
    for (const std::string& note : report.notes) out += note + '\n';
    std::fputs(out.c_str(), stdout);
    return;
  }
  print_table(report, global);
}

void add_table(CLI::App& table, GlobalOptions& options, const std::string& name, const std::string& description,
               bool takes_code) {
  auto* command = table.add_subcommand(name, description);
  auto o = std::make_shared<TableCommandOptions>();
  if (takes_code) command->add_option("code", o->code, "octal or hexadecimal code, or a name")->required();
  add_upto(*command, o->upto);
  add_heap_run_options(*command, o->run);
  command
      ->add_option("--checkpoint", o->checkpoint,
                   "save the table here (atomically) now and then, on SIGINT/SIGTERM "
                   "and at the end")
      ->type_name("FILE");
  command->add_option("--checkpoint-every", o->checkpoint_every, "seconds between checkpoints")
      ->capture_default_str()
      ->type_name("SECONDS");
  command->add_option("--resume", o->resume, "continue from a table file (checkpoint or --output)")->type_name("FILE");
  command->add_option("--output", o->output, "also write the table to FILE")->type_name("FILE");
  command->add_option("--format", o->format, "format of --output: binary (default; docs/heap_tables.md) or text")
      ->check(CLI::IsMember({"binary", "text"}));
  command->add_flag("--summary", o->summary, "print period and statistics only, not the values");
  command->add_flag("--until-period", o->until_period,
                    "stop as soon as a period is proven (the table grows by doubling up to --upto)");
  command->footer(
      std::string(takes_code ? "CODE: an octal/hexadecimal code (0.77, 4.007, 0.3f) or a name "
                               "(kayles, dawsons-kayles, treblecross, dawsons-chess, officers, grundys-game).\n"
                             : "") +
      "The period is proven by the Guy-Smith theorem (docs/heap_tables.md); Grundy's game is never declared "
      "periodic.\nLong runs: a progress line on a terminal; Ctrl-C saves the checkpoint and stops.\n"
      "Example: grundy table octal 0.137 --upto 200 --summary\n"
      "         grundy table octal 0.16 --upto 600000 --checkpoint run.ght --summary");
  command->callback(
      [&options, name, takes_code, o] { run_table(heap::parse_heap_rules(takes_code ? o->code : name), *o, options); });
}

}  // namespace

void add_heap_tables(CLI::App& table, GlobalOptions& options) {
  add_table(table, options, "octal", "an octal or hexadecimal take-and-break game (0.77, 0.007, ...)", true);
  for (const heap::HeapAlias& alias : heap::heap_aliases()) {
    if (alias.name == "treblecross") continue;  // use: grundy table octal treblecross
    add_table(table, options, std::string(alias.name), std::string(alias.description), false);
  }
}

}  // namespace grundy::cli
