// grundy nim PILE...: the game of Nim.
#include <fmt/format.h>

#include "grundy/core/analysis.hpp"
#include "grundy/games/nim.hpp"
#include "registry.hpp"
#include "table.hpp"

namespace grundy::cli {

void add_nim_command(CLI::App& app, GlobalOptions& options) {
  auto* command = app.add_subcommand("nim", "Nim: take any number of tokens from one pile");
  command->footer(
      "Rules: a move removes one or more tokens from a single pile; whoever cannot move loses.\n"
      "Position: pile sizes, 0 .. 2^63-1. A pile of n has value n.\n"
      "Example: grundy nim 3 4 5   (nim-sum 2: the first player wins by taking 2 from the 3)");
  auto positions = std::make_shared<std::vector<std::string>>();
  add_positions(*command, *positions, "pile sizes")->required();
  command->callback([&options, positions] {
    const games::Nim nim;
    Analyzer<games::Nim> analyzer(nim, options.budget());
    const auto piles = parse_counts(*positions, "pile", games::Nim::kMaxPile);
    const auto analysis = analyzer.analyze(piles);
    Report report{.game = "nim", .components = *positions, .values = analysis.values, .value = analysis.nim_sum};
    for (const auto& win : analysis.winning_moves) {
      ReportMove move{.component = win.component,
                      .text = fmt::format("take {} from the pile of {}, leaving {}", win.move.from - win.move.to,
                                          win.move.from, win.move.to)};
      move.fields["from"] = win.move.from;
      move.fields["to"] = win.result;
      report.winning_moves.push_back(std::move(move));
    }
    print_report(report, options);
  });
}

void add_nim_table(CLI::App& table, GlobalOptions& options) {
  auto* command = table.add_subcommand("nim", "Nim: g(n) = n");
  auto upto = std::make_shared<std::string>();
  add_upto(*command, *upto);
  command->callback([&options, upto] {
    const std::uint64_t n = parse_count(*upto, "--upto", 100'000'000);
    TableReport report{.game = "nim"};
    for (std::uint64_t i = 0; i <= n; ++i) report.values.push_back(games::Nim{}.value(i));
    report.period = std::nullopt;
    print_table(report, options);
  });
}

}  // namespace grundy::cli
