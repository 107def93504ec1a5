// grundy divide N...: replace an integer by floor(x/2), floor(x/3) or floor(x/6).
#include <fmt/format.h>

#include "grundy/core/analysis.hpp"
#include "grundy/games/divide.hpp"
#include "registry.hpp"
#include "table.hpp"

namespace grundy::cli {

void add_divide_command(CLI::App& app, GlobalOptions& options) {
  auto* command = app.add_subcommand("divide", "divide: replace an integer by floor(x/2), floor(x/3) or floor(x/6)");
  command->footer(
      "Rules: a move picks one integer x and replaces it by floor(x/2), floor(x/3) or floor(x/6);\n"
      "an integer that reaches 0 is removed. Whoever cannot move loses.\n"
      "Position: integers 0 .. 10^18 (0 is already removed: value 0). Only the numbers\n"
      "floor(x / (2^a 3^b)) are reachable, so the memoised search is instant.\n"
      "Example: grundy divide 10 1000000000000000000");
  auto positions = std::make_shared<std::vector<std::string>>();
  add_positions(*command, *positions, "integers")->required();
  command->callback([&options, positions] {
    const games::Divide game;
    const std::vector<std::uint64_t> numbers = parse_counts(*positions, "integer", games::Divide::kMaxInteger);
    Analyzer<games::Divide> analyzer(game, options.budget());
    const auto analysis = analyzer.analyze(numbers);
    Report report{.game = "divide", .components = *positions, .values = analysis.values, .value = analysis.nim_sum};
    for (const auto& win : analysis.winning_moves) {
      const std::uint64_t to = win.move.from / win.move.divisor;
      ReportMove move{.component = win.component,
                      .text = to == 0
                                  ? fmt::format("divide {} by {}, removing it", win.move.from, win.move.divisor)
                                  : fmt::format("divide {} by {}, leaving {}", win.move.from, win.move.divisor, to)};
      move.fields["from"] = win.move.from;
      move.fields["divisor"] = win.move.divisor;
      move.fields["to"] = win.result;
      report.winning_moves.push_back(std::move(move));
    }
    print_report(report, options);
  });
}

void add_divide_table(CLI::App& table, GlobalOptions& options) {
  auto* command = table.add_subcommand("divide", "divide: g(0..N)");
  auto upto = std::make_shared<std::string>();
  add_upto(*command, *upto);
  command->callback([&options, upto] {
    const std::uint64_t n = parse_count(*upto, "--upto", 1'000'000);
    const games::Divide game;
    Solver<games::Divide> solver(game, options.budget());
    TableReport report{.game = "divide"};
    for (std::uint64_t i = 0; i <= n; ++i) report.values.push_back(solver.value(i));
    report.period = std::nullopt;
    print_table(report, options);
  });
}

}  // namespace grundy::cli
