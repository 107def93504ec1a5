#include "game_commands.hpp"

#include <algorithm>

#include <fmt/format.h>

#include <fstream>
#include <limits>
#include <memory>

#include "common/text.hpp"
#include "grundy/catalogue/catalogue.hpp"
#include "grundy/catalogue/limits.hpp"
#include "grundy/catalogue/json_text.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/plot/svg_plot.hpp"
#include "grundy/plot/table_plot.hpp"
#include "serve_command.hpp"
#include "table_output.hpp"

namespace grundy::cli {

namespace {

using catalogue::GameInfo;
using catalogue::RuleOption;

constexpr std::uint64_t kMaxListed = 1'000'000'000;

std::string footer_of(const GameInfo& info, const std::string& prefix) {
  std::string footer = "Rules: " + info.rules + "\nPosition: " + info.syntax + "\nLimits: " + info.limits;
  footer += "\nExample: grundy " + prefix + info.example;
  return footer;
}

std::size_t parse_listing(const std::string& text, const char* what, std::size_t fallback) {
  if (text.empty()) return fallback;
  return static_cast<std::size_t>(parse_count(text, what, kMaxListed));
}

}  // namespace

bool empty_position_typed(const catalogue::GameInfo& info) { return !info.reads_input && !info.position_optional; }

std::vector<std::string> typed_position(const catalogue::GameInfo& info, const std::vector<std::string>& arguments) {
  if (empty_position_typed(info) && arguments.size() == 1 && arguments.front().empty()) return {};
  return arguments;
}

namespace {

void add_game(CLI::App& app, GlobalOptions& options, const catalogue::Entry& entry) {
  const GameInfo& info = entry.info();
  CLI::App* command = app.add_subcommand(info.name, info.summary);
  for (const std::string& alias : info.aliases) command->alias(alias);
  command->footer(footer_of(info, ""));
  auto args = std::make_shared<Arguments>();
  add_rule_options(*command, info.rule_options, *args);
  CLI::Option* position_argument =
      command->add_option("position", args->positions, "the position: " + info.component_noun + "s (limits below)")->allow_extra_args();
  if (!info.reads_input && !info.position_optional && !info.has_batch) position_argument->required();
  command->add_option("--max-moves", args->max_moves, "list at most N winning moves, N up to 10^9 (JSON always has "
                                                      "the full count in winning_moves_count)")
      ->type_name("N");
  if (info.has_batch) command->add_flag("--batch", args->flags["--batch"], "the contest format on standard input");
  add_misere_flag(*command, *args);
  command->callback([&options, &entry, args] {
    const catalogue::Context context = make_context(options, kDefaultAnswerSeconds);
    StopOnSignals signals;
    auto instance = make_instance(entry, *args, context);
    if (args->flags["--batch"]) {
      if (options.json) throw InputError(entry.info().name + ": --batch prints the contest format; it cannot be "
                                                              "combined with --json");
      if (args->misere) throw InputError(entry.info().name + ": --batch answers normal play; it cannot be combined "
                                                              "with --misere");
      if (!args->positions.empty()) {
        throw InputError(entry.info().name + ": --batch reads its rows from standard input, not arguments");
      }
      const detail::InputBounds bounds{.what = "the " + entry.info().name + " --batch input",
                                       .allowed = entry.info().batch_bytes,
                                       .limits = catalogue::search_limits(context)};
      write_out(instance->batch(detail::read_input("-", bounds)));
      return;
    }
    const std::size_t max_moves = parse_listing(args->max_moves, "--max-moves", std::numeric_limits<std::size_t>::max());
    const catalogue::Position position = instance->parse(typed_position(entry.info(), args->positions));
    const catalogue::Report report =
        args->misere ? instance->analyse_misere(position, max_moves) : instance->analyse(position, max_moves);
    write_out(options.json ? catalogue::report_json_text(report) + "\n" : catalogue::report_text(report));
  });
}

void add_explained_game(CLI::App& explain, GlobalOptions& options, const catalogue::Entry& entry) {
  const GameInfo& info = entry.info();
  CLI::App* command = explain.add_subcommand(info.name, "explain a position of " + info.summary);
  for (const std::string& alias : info.aliases) command->alias(alias);
  command->footer(footer_of(info, "explain "));
  auto args = std::make_shared<Arguments>();
  add_rule_options(*command, info.rule_options, *args);
  CLI::Option* position_argument =
      command->add_option("position", args->positions, "the position: " + info.component_noun + "s")->allow_extra_args();
  if (!info.reads_input && !info.position_optional) position_argument->required();
  command->add_option("--limit", args->limit, "list at most N options per component, N up to 10^9 (default "
                                              "100; the count is always given)")
      ->type_name("N");
  command->add_option("--max-moves", args->max_moves, "list at most N winning moves, N up to 10^9")->type_name("N");
  add_misere_flag(*command, *args);
  command->callback([&options, &entry, args] {
    const catalogue::Context context = make_context(options, kDefaultAnswerSeconds);
    StopOnSignals signals;
    auto instance = make_instance(entry, *args, context);
    const std::size_t limit = parse_listing(args->limit, "--limit", 100);
    const std::size_t max_moves = parse_listing(args->max_moves, "--max-moves", std::numeric_limits<std::size_t>::max());
    const catalogue::Position position = instance->parse(typed_position(entry.info(), args->positions));
    std::vector<catalogue::ComponentExplanation> components;
    for (std::size_t i = 0; i < position.components.size(); ++i) {
      components.push_back(args->misere ? instance->explain_misere(position, i, limit)
                                        : instance->explain(position, i, limit));
    }
    const catalogue::Report report =
        args->misere ? instance->analyse_misere(position, max_moves) : instance->analyse(position, max_moves);
    write_out(options.json ? catalogue::explanation_json_text(report, components) + "\n"
                           : catalogue::explanation_text(report, components));
  });
}

void add_table_game(CLI::App& table, GlobalOptions& options, const catalogue::Entry& entry) {
  const GameInfo& info = entry.info();
  CLI::App* command = table.add_subcommand(info.name, "g(0..N) of " + info.summary);
  for (const std::string& alias : info.aliases) command->alias(alias);
  command->footer(fmt::format("Example: grundy table {} --upto 30\nLimits: --upto at most {}", info.name,
                              info.table_max_upto));
  auto args = std::make_shared<Arguments>();
  auto output = std::make_shared<TableOutputOptions>();
  add_rule_options(*command, info.rule_options, *args, "--upto");  // the table's own --upto is N
  add_rule_options(*command, info.table_options, *args);
  command->add_option("--upto", args->upto, fmt::format("compute g(0..N), N at most {}", info.table_max_upto))
      ->required()
      ->type_name("N");
  add_table_output_options(*command, *output);
  command->add_flag("--misere", args->misere, "add each heap's misère value and genus (N at most 40)");
  command->callback([&options, &entry, args, output] {
    const catalogue::Context context = make_context(options, 0);
    StopOnSignals signals;
    // A game with the table option --columns has two-dimensional tables: --upto M,N.
    const auto& table_options = entry.info().table_options;
    const std::size_t comma = args->upto.find(',');
    if (comma != std::string::npos && std::any_of(table_options.begin(), table_options.end(),
                                                  [](const auto& option) { return option.name == "--columns"; })) {
      args->values["--columns"] = args->upto.substr(comma + 1);
      args->upto.resize(comma);
    }
    auto instance = make_instance(entry, *args, context);
    const std::uint64_t upto = parse_count(args->upto, "--upto", entry.info().table_max_upto);
    catalogue::TableRequest request = table_request(entry.info(), args->rules, *output);
    request.misere = args->misere;
    const catalogue::TableResult result = instance->table(upto, request);
    print_table(result, *output, options);
  });
}

void add_plot_game(CLI::App& plot, GlobalOptions& options, const catalogue::Entry& entry) {
  const GameInfo& info = entry.info();
  CLI::App* command = plot.add_subcommand(info.name, "plot g(n) against n of " + info.summary);
  for (const std::string& alias : info.aliases) command->alias(alias);
  command->footer(fmt::format("Example: grundy plot {} --upto 300 -o {}.svg\nLimits: --upto at most {}", info.name,
                              info.name, info.table_max_upto));
  auto args = std::make_shared<Arguments>();
  auto output = std::make_shared<std::string>();
  add_rule_options(*command, info.rule_options, *args, "--upto");
  command->add_option("--upto", args->upto, fmt::format("plot g(0..N), N at most {}", info.table_max_upto))
      ->required()
      ->type_name("N");
  command->add_option("-o,--output", *output, "the SVG file to write ('-': standard output)")
      ->required()
      ->type_name("FILE");
  command->callback([&options, &entry, args, output] {
    const catalogue::Context context = make_context(options, 0);
    StopOnSignals signals;
    auto instance = make_instance(entry, *args, context);
    const std::uint64_t upto = parse_count(args->upto, "--upto", entry.info().table_max_upto);
    const catalogue::TableResult table = instance->table(upto, catalogue::TableRequest{});
    const std::string svg = plot::svg_plot(plot::table_plot(table));
    if (*output == "-") {
      write_out(svg);
      return;
    }
    write_output_file(*output, svg);
    if (options.json) {
      catalogue::Json json = catalogue::table_json(table, false);
      json.erase("values");
      json["output"] = *output;
      write_out(catalogue::json_text(json) + "\n");
    } else {
      write_out(fmt::format("wrote {}: g(0..{}) of {}{}\n", *output, table.upto, table.game,
                            table.period ? fmt::format(", period {} from n0 = {}{}", *table.period, *table.preperiod,
                                                       table.saltus.value_or(0) != 0
                                                           ? fmt::format(" and saltus {}", *table.saltus)
                                                           : "")
                                         : ""));
    }
  });
}

}  // namespace

void add_plot_command(CLI::App& app, GlobalOptions& options) {
  CLI::App* plot = app.add_subcommand("plot", "draw g(n) against n of a heap game as an SVG scatter plot");
  plot->require_subcommand(1);
  for (const catalogue::Entry* entry : catalogue::games()) {
    if (entry->info().has_table) add_plot_game(*plot, options, *entry);
  }
}

void add_misere_flag(CLI::App& command, Arguments& args) {
  command.add_flag("--misere", args.misere, "misère play: the player who makes the last move loses");
}

void add_rule_options(CLI::App& command, const std::vector<RuleOption>& options, Arguments& args,
                      const std::string& skip) {
  for (const RuleOption& option : options) {
    if (option.name == skip) continue;
    CLI::Option* added = nullptr;
    switch (option.kind) {
      case RuleOption::Kind::flag:
        added = command.add_flag(option.name, args.flags[option.name], option.help);
        break;
      case RuleOption::Kind::positional:
      case RuleOption::Kind::value: {
        std::string help = option.help;
        if (!option.default_value.empty()) help += " (default " + option.default_value + ")";
        added = command.add_option(option.name, args.values[option.name], help)->type_name(option.value_name);
        if (!option.choices.empty()) added->check(CLI::IsMember(option.choices));
        break;
      }
    }
    if (option.required) added->required();
  }
}

std::unique_ptr<catalogue::Instance> make_instance(const catalogue::Entry& entry, Arguments& args,
                                                   const catalogue::Context& context) {
  args.collect();
  return entry.make(args.rules, context);
}

void add_game_commands(CLI::App& app, GlobalOptions& options) {
  for (const catalogue::Entry* entry : catalogue::games()) add_game(app, options, *entry);
}

void add_explain_command(CLI::App& app, GlobalOptions& options) {
  CLI::App* explain = app.add_subcommand("explain", "why a position has its value: every option, its value, the mex");
  explain->footer("Run 'grundy explain GAME --help' for a game's position syntax.\nExample: grundy explain nim 3 5");
  explain->require_subcommand(1);
  for (const catalogue::Entry* entry : catalogue::games()) add_explained_game(*explain, options, *entry);
}

void add_table_command(CLI::App& app, GlobalOptions& options) {
  CLI::App* table = app.add_subcommand("table", "print g(0..N) of a heap game, with its proven period");
  table->require_subcommand(1);
  for (const catalogue::Entry* entry : catalogue::games()) {
    if (entry->info().has_table) add_table_game(*table, options, *entry);
  }
}

void add_all_commands(CLI::App& app, GlobalOptions& options) {
  add_game_commands(app, options);
  add_explain_command(app, options);
  add_table_command(app, options);
  add_examples_command(app, options);
  add_plot_command(app, options);
  add_play_command(app, options);
  add_quotient_command(app, options);
  add_census_command(app, options);
  add_serve_command(app, options);
}

}  // namespace grundy::cli
