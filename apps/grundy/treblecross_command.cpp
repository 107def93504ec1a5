// grundy treblecross ROW | - | --batch: Treblecross rows (statement 001).
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <sstream>

#include "grundy/core/errors.hpp"
#include "grundy/games/treblecross.hpp"
#include "registry.hpp"

namespace grundy::cli {

namespace {

struct TreblecrossArgs {
  std::string row;
  bool batch = false;
  bool no_cache = false;
};

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  while (!lines.empty() && lines.back().find_first_not_of(" \t\r") == std::string::npos) lines.pop_back();
  return lines;
}

// The 0.007 values every row needs: one table, up to the longest gap of all rows.
std::shared_ptr<const heap::HeapTable> values_for(const std::vector<std::string>& rows, const TreblecrossArgs& args,
                                                  const GlobalOptions& options) {
  std::uint64_t upto = 0;
  for (const std::string& row : rows) upto = std::max(upto, games::treblecross_shape(row).table_upto());
  options.budget().require(upto * 8 + 64, "the 0.007 table");
  const auto dir = args.no_cache ? std::nullopt : heap::TableCache::default_dir();
  const std::optional<heap::TableCache> cache = dir ? std::optional(heap::TableCache(*dir)) : std::nullopt;
  heap::ExtendOptions extend;
  extend.budget = options.budget();
  return games::treblecross_table(upto, cache ? &*cache : nullptr, extend);
}

std::string display(const std::string& row) {
  return row.size() <= 100 ? row : fmt::format("{}... ({} cells)", row.substr(0, 60), row.size());
}

void print_single(const std::string& row, const games::TreblecrossAnalysis& a, const GlobalOptions& options) {
  if (options.json) {
    Json json = Json::object();
    json["game"] = "treblecross";
    json["position"] = Json::array({row});
    json["value"] = a.value;
    json["winner"] = a.value != 0 ? "first" : "second";
    json["components"] = a.gap_values;
    json["winning_moves"] = a.winning_moves;
    Json gaps = Json::array();
    for (const auto& gap : a.gaps) gaps.push_back(gap.length);
    json["gaps"] = std::move(gaps);
    json["immediate_win"] = a.immediate_win;
    print_json(json);
    return;
  }
  std::string out = fmt::format("treblecross {}\n", display(row));
  if (a.immediate_win) {
    out += "the first player completes three in a row at once: the first player wins\n";
  } else {
    if (row.size() < 3) out += "a row shorter than 3 cannot be won\n";
    if (!a.gaps.empty()) {
      const std::size_t shown = std::min<std::size_t>(a.gaps.size(), 20);
      std::vector<std::string> parts;
      for (std::size_t i = 0; i < shown; ++i) {
        parts.push_back(fmt::format("{} (value {})", a.gaps[i].length, a.gap_values[i]));
      }
      out += fmt::format("safe runs: {}{}\n", fmt::join(parts, ", "),
                         a.gaps.size() > shown ? fmt::format(", ... ({} runs)", a.gaps.size()) : "");
    }
    out += fmt::format("value {}: {}\n", a.value,
                       a.value != 0 ? "the first player wins" : "the second player wins (every move loses)");
  }
  if (!a.winning_moves.empty()) {
    out += fmt::format("winning moves ({}): mark cell {}\n", a.winning_moves.size(), fmt::join(a.winning_moves, " "));
  }
  std::cout << out;
}

void run_batch(const TreblecrossArgs& args, const GlobalOptions& options) {
  if (options.json)
    throw InputError("treblecross: --batch prints the contest format; it cannot be combined with --json");
  if (!args.row.empty()) throw InputError("treblecross: --batch reads its rows from standard input, not ROW");
  const std::vector<std::string> lines = split_lines(read_stdin());
  if (lines.empty()) throw InputError("treblecross --batch: empty input, expected a count and then one row per line");
  std::string count_text = lines.front();
  count_text.erase(0, count_text.find_first_not_of(" \t"));
  count_text.erase(count_text.find_last_not_of(" \t\r") + 1);
  const std::uint64_t count = parse_count(count_text, "treblecross --batch: the count (line 1)", 1'000'000);
  if (lines.size() - 1 < count) {
    throw InputError(
        fmt::format("treblecross --batch: the count is {} but only {} rows follow", count, lines.size() - 1));
  }
  if (lines.size() - 1 > count) {
    throw InputError(
        fmt::format("treblecross --batch: the count is {} but more rows follow (line {})", count, count + 2));
  }
  std::vector<std::string> rows;
  std::uint64_t total = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    rows.push_back(
        games::parse_treblecross_row(lines[i + 1], fmt::format("treblecross row {} (line {})", i + 1, i + 2)));
    total += rows.back().size();
  }
  options.budget().require(total * 3, "the rows");
  const auto g = values_for(rows, args, options);
  std::string out;
  for (const std::string& row : rows) {
    const auto a = games::analyze_treblecross(row, g);
    out += a.winning() ? "WINNING\n" : "LOSING\n";
    out += fmt::format("{}\n", fmt::join(a.winning_moves, " "));
  }
  std::cout << out;
}

}  // namespace

void add_treblecross_command(CLI::App& app, GlobalOptions& options) {
  auto* command = app.add_subcommand("treblecross", "Treblecross: mark cells of a row, three in a row wins");
  command->footer(
      "Rules: players alternately mark an empty cell ('.') of the row; whoever first makes three\n"
      "consecutive marks ('X') wins. Winning moves are 1-based cells, increasing.\n"
      "Position: ROW of '.' and 'X' (at most 1000000 cells, no XXX), or '-' to read one row from stdin.\n"
      "--batch reads the contest format from stdin (a count, then one row per line) and prints, per row,\n"
      "WINNING or LOSING and a line with every winning first move (empty when losing).\n"
      "The 0.007 table of long rows is cached in $XDG_CACHE_HOME/grundy (or ~/.cache/grundy).\n"
      "Example: grundy treblecross .....   (the first player wins by marking cell 3)");
  auto args = std::make_shared<TreblecrossArgs>();
  command->add_option("row", args->row, "the row, or '-' for standard input");
  command->add_flag("--batch", args->batch, "contest format on standard input");
  command->add_flag("--no-cache", args->no_cache, "do not read or write the on-disk 0.007 table");
  command->callback([&options, args] {
    if (args->batch) {
      run_batch(*args, options);
      return;
    }
    if (args->row.empty()) throw InputError("treblecross: give a ROW, '-' (row on stdin) or --batch");
    const std::string text = args->row == "-" ? read_stdin() : args->row;
    const std::string row = games::parse_treblecross_row(text, "treblecross row");
    const auto g = values_for({row}, *args, options);
    print_single(row, games::analyze_treblecross(row, g), options);
  });
}

}  // namespace grundy::cli
