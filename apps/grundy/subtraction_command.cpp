// grundy subtraction --set S PILE... and grundy table subtraction --set S --upto N.
#include <fmt/format.h>

#include <algorithm>

#include "grundy/core/analysis.hpp"
#include "grundy/games/subtraction.hpp"
#include "registry.hpp"
#include "table.hpp"

namespace grundy::cli {

namespace {

constexpr std::uint64_t kMaxPile = 1'000'000'000'000'000'000;
constexpr std::uint64_t kMaxTable = 10'000'000;

// The game, computed as far as `largest_pile` needs (or until its period is proven).
games::Subtraction make_game(const std::string& set_text, const GlobalOptions& options, std::uint64_t largest_pile) {
  return games::Subtraction(parse_count_list(set_text, "--set", games::Subtraction::kMaxElement), options.budget(),
                            largest_pile);
}

CLI::Option* add_set_option(CLI::App& command, std::string& set_text) {
  return command.add_option("--set", set_text, "the subtraction set: positive whole numbers, comma-separated")
      ->required()
      ->type_name("S1,S2,...");
}

std::string period_note(const games::Subtraction& game) {
  if (!game.period()) {
    return fmt::format("S = {{{}}}: values computed for piles 0..{}; no period proven that far (none needed)",
                       fmt::join(game.set(), ","), game.computed() - 1);
  }
  return fmt::format("S = {{{}}}: values are periodic with period {} from n0 = {} (proven)", fmt::join(game.set(), ","),
                     *game.period(), *game.preperiod());
}

Json optional_json(const std::optional<std::uint64_t>& value) { return value ? Json(*value) : Json(nullptr); }

}  // namespace

void add_subtraction_command(CLI::App& app, GlobalOptions& options) {
  auto* command = app.add_subcommand("subtraction", "subtraction game: take exactly s tokens, s in a set S");
  command->footer(
      "Rules: a move removes exactly s tokens from one pile, for some s in the finite set S\n"
      "(s no larger than the pile); whoever cannot move loses.\n"
      "Rule option: --set S1,S2,...  positive whole numbers up to 10^9 (duplicates are merged).\n"
      "Position: pile sizes, 0 .. 10^18. The values are computed until their period is proven\n"
      "(the first repeated window of max(S) values), then every pile is answered in O(1);\n"
      "when the proof is further off than the piles, only the piles' values are computed.\n"
      "Example: grundy subtraction --set 1,2,3 3 4 5   (values 3, 0, 1, nim-sum 2: the first player wins)");
  auto set_text = std::make_shared<std::string>();
  add_set_option(*command, *set_text);
  auto positions = std::make_shared<std::vector<std::string>>();
  add_positions(*command, *positions, "pile sizes")->required();
  command->callback([&options, set_text, positions] {
    const std::vector<std::uint64_t> piles = parse_counts(*positions, "pile", kMaxPile);
    const games::Subtraction game = make_game(*set_text, options, *std::max_element(piles.begin(), piles.end()));
    Analyzer<games::Subtraction> analyzer(game, options.budget());
    const auto analysis = analyzer.analyze(piles);
    Report report{
        .game = "subtraction", .components = *positions, .values = analysis.values, .value = analysis.nim_sum};
    for (const auto& win : analysis.winning_moves) {
      const std::uint64_t left = win.move.from - win.move.take;
      ReportMove move{
          .component = win.component,
          .text = fmt::format("take {} from the pile of {}, leaving {}", win.move.take, win.move.from, left)};
      move.fields["from"] = win.move.from;
      move.fields["take"] = win.move.take;
      move.fields["to"] = win.result;
      report.winning_moves.push_back(std::move(move));
    }
    report.extra["set"] = game.set();
    report.extra["period"] = optional_json(game.period());
    report.extra["preperiod"] = optional_json(game.preperiod());
    report.notes.push_back(period_note(game));
    print_report(report, options);
  });
}

void add_subtraction_table(CLI::App& table, GlobalOptions& options) {
  auto* command = table.add_subcommand("subtraction", "subtraction game S: g(0..N), proven period and pre-period");
  command->footer("Example: grundy table subtraction --set 2,5,7 --upto 30");
  auto set_text = std::make_shared<std::string>();
  add_set_option(*command, *set_text);
  auto upto = std::make_shared<std::string>();
  add_upto(*command, *upto);
  command->callback([&options, set_text, upto] {
    const std::uint64_t n = parse_count(*upto, "--upto", kMaxTable);
    const games::Subtraction game = make_game(*set_text, options, n);
    TableReport report{.game = "subtraction"};
    report.values.reserve(n + 1);
    for (std::uint64_t i = 0; i <= n; ++i) report.values.push_back(game.value(i));
    report.period = game.period();
    report.preperiod = game.preperiod();
    report.extra["set"] = game.set();
    print_table(report, options);
  });
}

}  // namespace grundy::cli
