// grundy octal CODE HEAP..., and the named heap games (kayles, dawsons-kayles,
// dawsons-chess, officers, grundys-game): values, winner and every winning move
// of a sum of heaps, with heaps up to 2^63-1 once the game's period is proven.
#include <fmt/format.h>

#include "grundy/core/analysis.hpp"
#include "grundy/games/octal.hpp"
#include "grundy/heap/codes.hpp"
#include "heap_run.hpp"
#include "registry.hpp"

namespace grundy::cli {

namespace {

constexpr std::uint64_t kDefaultHeapLimit = 100'000;
constexpr std::uint64_t kDefaultThreeHeapLimit = 2'000;
constexpr std::uint64_t kMaxUpto = std::uint64_t{1} << 40;

const char* const kCodeHelp =
    "Codes: d0.d1d2...dk, one digit per number of tokens removed (d_i for removing i).\n"
    "A digit is a sum of: 1 = may remove the whole heap, 2 = may leave one heap,\n"
    "4 = may leave two non-empty heaps, 8 = three heaps (hexadecimal digits 8-f).\n"
    "d0 is 0, or 4 (8, c) when a heap may be split without removing anything.\n"
    "Examples: 0.77 Kayles, 0.07 Dawson's Kayles, 0.007 Treblecross, 0.137 Dawson's chess,\n"
    "0.6 Officers, 4.0 (split a heap in two), 0.3f (hexadecimal).\n"
    "Names: kayles, dawsons-kayles, treblecross, dawsons-chess, officers, grundys-game.\n";

std::string move_text(const games::OctalGame::Move& m, bool grundys) {
  std::string text;
  if (grundys && m.take == 0) {
    text = fmt::format("split the heap of {}", m.from);
  } else if (m.take == 0) {
    text = fmt::format("split the heap of {} without removing any", m.from);
  } else {
    text = fmt::format("take {} from the heap of {}", m.take, m.from);
  }
  switch (m.heaps) {
    case 0:
      return text + ", leaving nothing";
    case 1:
      return text + fmt::format(", leaving {}", m.to[0]);
    case 2:
      if (m.step == 0) return text + fmt::format(", leaving {} + {}", m.to[0], m.to[1]);
      return text + fmt::format(", leaving a + b with a = {}, {}, ..., {} (every {}th: {} ways)", m.to[0],
                                m.to[0] + m.step, m.to[0] + (m.count - 1) * m.step, m.step, m.count);
    default:
      return text + fmt::format(", leaving {} + {} + {}", m.to[0], m.to[1], m.to[2]);
  }
}

void run_heap_game(const heap::HeapRules& rules, const std::vector<std::string>& texts, const std::string& upto,
                   const HeapRunOptions& run, const GlobalOptions& global) {
  const std::vector<std::uint64_t> heaps = parse_counts(texts, "heap", games::OctalGame::kMaxHeap);
  // Three-heap moves make each value O(n^2): a smaller default keeps answers quick.
  const std::uint64_t default_limit = heap::max_heaps_left(rules) >= 3 ? kDefaultThreeHeapLimit : kDefaultHeapLimit;
  const std::uint64_t limit = upto.empty() ? default_limit : parse_count(upto, "--upto", kMaxUpto);
  const std::uint64_t largest = heaps.empty() ? 0 : *std::max_element(heaps.begin(), heaps.end());
  StopOnSignals signals;
  auto table = table_for_heaps(rules, largest, limit, extend_options(run, global));
  const games::OctalGame game(table);
  Analyzer<games::OctalGame> analyzer(game, global.budget());
  const auto analysis = analyzer.analyze(heaps);

  Report report{.game = rules.name(), .components = texts, .values = analysis.values, .value = analysis.nim_sum};
  for (const auto& win : analysis.winning_moves) {
    const auto& m = win.move;
    ReportMove move{.component = win.component, .text = move_text(m, rules.unequal_split())};
    move.fields["take"] = m.take;
    move.fields["from"] = m.from;
    move.fields["to"] = std::vector<std::uint64_t>(m.to.begin(), m.to.begin() + m.heaps);
    if (m.step != 0) {
      move.fields["step"] = m.step;
      move.fields["count"] = m.count;
      move.fields["last"] =
          std::vector<std::uint64_t>{m.to[0] + (m.count - 1) * m.step, m.to[1] - (m.count - 1) * m.step};
    }
    report.winning_moves.push_back(std::move(move));
  }
  report.extra["code"] = heap::format_code(rules);
  const auto& period = table->period();
  report.extra["period"] = period ? Json(period->period) : Json(nullptr);
  report.extra["preperiod"] = period ? Json(period->preperiod) : Json(nullptr);
  report.extra["table_upto"] = table->size() - 1;
  if (period) {
    report.notes.push_back(fmt::format("{}: periodic from n0 = {} with period {} (proven)", heap::format_code(rules),
                                       period->preperiod, period->period));
  }
  print_report(report, global);
}

void add_game(CLI::App& app, GlobalOptions& options, const std::string& name, const std::string& description,
              bool takes_code) {
  auto* command = app.add_subcommand(name, description);
  std::string footer;
  if (takes_code) {
    footer = "Rules: a move takes tokens from one heap and may split what is left, as the code says.\n";
    footer += kCodeHelp;
  } else {
    footer = description + ".\n";
  }
  footer +=
      "Position: heap sizes, 0 .. 2^63-1 once the period is proven; otherwise up to --upto\n"
      "(default 100000, 2000 for codes with three-heap moves): the table is grown (doubling) until it covers the heaps "
      "or proves a period.\n"
      "Winning moves in JSON: take (tokens removed), from (the heap), to (heaps left); a split of a\n"
      "huge heap may come as a family: also step, count and last (a = to[0] + i*step, i < count).\n";
  footer +=
      takes_code ? "Example: grundy octal 0.07 5 8   (Dawson's Kayles)" : fmt::format("Example: grundy {} 10 13", name);
  command->footer(footer);
  auto code = std::make_shared<std::string>();
  if (takes_code) command->add_option("code", *code, "octal or hexadecimal code, or a name")->required();
  auto positions = std::make_shared<std::vector<std::string>>();
  add_positions(*command, *positions, "heap sizes")->required();
  auto upto = std::make_shared<std::string>();
  command->add_option("--upto", *upto, "compute values up to N at most (default 100000; 2000 with three-heap moves)")
      ->type_name("N");
  auto run = std::make_shared<HeapRunOptions>();
  add_heap_run_options(*command, *run);
  command->callback([&options, name, takes_code, code, positions, upto, run] {
    const heap::HeapRules rules = heap::parse_heap_rules(takes_code ? *code : name);
    run_heap_game(rules, *positions, *upto, *run, options);
  });
}

}  // namespace

void add_octal_commands(CLI::App& app, GlobalOptions& options) {
  add_game(app, options, "octal", "octal and hexadecimal take-and-break heap games (0.77, 0.07, 4.007, ...)", true);
  for (const heap::HeapAlias& alias : heap::heap_aliases()) {
    if (alias.name == "treblecross") continue;  // the board game of that name is its own command
    add_game(app, options, std::string(alias.name), std::string(alias.description), false);
  }
}

}  // namespace grundy::cli
