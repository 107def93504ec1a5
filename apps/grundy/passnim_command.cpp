// grundy passnim PILE...: Nim where each pile has one pass; `n*` or `n:used`
// marks a pile whose pass is already used.
#include <fmt/format.h>

#include "grundy/core/analysis.hpp"
#include "grundy/games/passnim.hpp"
#include "registry.hpp"
#include "table.hpp"

namespace grundy::cli {

namespace {

games::PassPile parse_pile(std::string_view text, std::size_t index) {
  return games::parse_pass_pile(text, fmt::format("pile {}", index + 1));
}

std::string pile_text(const games::PassPile& pile) { return games::format_pass_pile(pile); }

}  // namespace

void add_passnim_command(CLI::App& app, GlobalOptions& options) {
  auto* command = app.add_subcommand("passnim", "pass-Nim: Nim where each pile allows one pass");
  command->footer(
      "Rules: Nim (a move removes one or more tokens from one pile), and every non-empty pile\n"
      "also allows one pass: a move that removes nothing, usable once per pile by either player.\n"
      "The pass stays with the pile as it shrinks. Whoever cannot move loses.\n"
      "Position: pile sizes 0 .. 2^63-1; write n* or n:used for a pile whose pass is used\n"
      "(quote n* in a shell). Values: g(0) = 0, g(n) = n+1 for odd n, g(n) = n-1 for even n >= 2;\n"
      "a pile with its pass used is a Nim pile, g = n.\n"
      "Example: grundy passnim 18 47 34   (values 17, 48, 33, nim-sum 0: the second player wins)");
  auto positions = std::make_shared<std::vector<std::string>>();
  add_positions(*command, *positions, "piles: n, or n* / n:used when the pile's pass is used")->required();
  command->callback([&options, positions] {
    const games::PassNim game;
    std::vector<games::PassPile> piles;
    for (std::size_t i = 0; i < positions->size(); ++i) piles.push_back(parse_pile((*positions)[i], i));
    Analyzer<games::PassNim> analyzer(game, options.budget());
    const auto analysis = analyzer.analyze(piles);
    Report report{.game = "passnim", .components = *positions, .values = analysis.values, .value = analysis.nim_sum};
    for (const auto& win : analysis.winning_moves) {
      const bool pass = win.move.take == 0;
      const games::PassPile before = piles[win.component];
      const std::uint64_t left = win.move.from - win.move.take;
      const bool used_after = pass || before.pass_used;
      ReportMove move{.component = win.component};
      if (pass) {
        move.text = fmt::format("pass on the pile of {} (its pass is now used)", win.move.from);
      } else {
        move.text = fmt::format("take {} from the pile of {}, leaving {}{}", win.move.take, win.move.from, left,
                                left > 0 && used_after ? " (pass used)" : "");
      }
      move.fields["from"] = win.move.from;
      move.fields["take"] = win.move.take;
      move.fields["pass"] = pass;
      Json to = Json::array();
      Json left_text = Json::array();
      for (const games::PassPile& pile : win.result) {
        to.push_back(pile.size);
        left_text.push_back(pile_text(pile));
      }
      move.fields["to"] = std::move(to);
      move.fields["used"] = used_after;
      move.fields["left"] = std::move(left_text);
      report.winning_moves.push_back(std::move(move));
    }
    print_report(report, options);
  });
}

void add_passnim_table(CLI::App& table, GlobalOptions& options) {
  auto* command = table.add_subcommand("passnim", "pass-Nim piles with the pass available: g(0..N)");
  command->footer("Values of piles whose pass is still available (a used pass leaves a Nim pile, g = n).");
  auto upto = std::make_shared<std::string>();
  add_upto(*command, *upto);
  command->callback([&options, upto] {
    const std::uint64_t n = parse_count(*upto, "--upto", 10'000'000);
    TableReport report{.game = "passnim"};
    report.values.reserve(n + 1);
    for (std::uint64_t i = 0; i <= n; ++i) report.values.push_back(games::PassNim{}.value(games::PassPile{i, false}));
    report.period = std::nullopt;
    print_table(report, options);
  });
}

}  // namespace grundy::cli
