// grundy rect BOARD: clearing all-1 rectangles on a binary matrix up to 8x8.
#include <fmt/format.h>

#include "grundy/core/analysis.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/games/rect.hpp"
#include "registry.hpp"

namespace grundy::cli {

namespace {

games::RectBoard read_board(const std::vector<std::string>& arguments) {
  if (arguments.size() > 1) {
    throw InputError(fmt::format("rect: expected one board, got {} arguments (separate rows with '/', not spaces)",
                                 arguments.size()));
  }
  if (arguments.empty() || arguments.front() == "-") return games::parse_rect_lines(read_stdin());
  return games::parse_rect_board(arguments.front());
}

}  // namespace

void add_rect_command(CLI::App& app, GlobalOptions& options) {
  auto* command = app.add_subcommand("rect", "clear an all-1 rectangle of a binary matrix (up to 8x8)");
  command->footer(
      "Rules: a move picks an axis-parallel rectangle whose cells are all 1 and sets them to 0;\n"
      "whoever cannot move loses. Player A moves first.\n"
      "Position: rows of 0/1 separated by '/', or '-' (or nothing) to read rows from stdin\n"
      "(spaces optional, blank lines ignored). At most 8 rows and 8 columns.\n"
      "Moves are printed as (r1,c1)-(r2,c2): opposite corners, 1-based (row, column).\n"
      "Example: grundy rect 0110/0000/0000/0001   (value 3, A wins by clearing (1,2)-(1,2) or (1,3)-(1,3))");
  auto positions = std::make_shared<std::vector<std::string>>();
  add_positions(*command, *positions, "the board: rows of 0/1 separated by '/', or '-' for stdin");
  command->callback([&options, positions] {
    const games::RectBoard board = read_board(*positions);
    const games::Rect game;
    Analyzer<games::Rect> analyzer(game, options.budget());
    const std::vector<games::Rect::Position> sum{board.cells};
    const auto analysis = analyzer.analyze(sum);
    Report report{.game = "rect",
                  .components = {games::format_rect_board(board)},
                  .values = analysis.values,
                  .value = analysis.nim_sum};
    for (const auto& win : analysis.winning_moves) {
      ReportMove move{.component = 0, .text = games::format_rect_move(win.move)};
      move.fields["from"] = {win.move.r1 + 1, win.move.c1 + 1};
      move.fields["to"] = {win.move.r2 + 1, win.move.c2 + 1};
      report.winning_moves.push_back(std::move(move));
    }
    report.notes.push_back(analysis.nim_sum != 0 ? "winner: A (the player who moves first)"
                                                 : "winner: B (the player who moves second)");
    report.extra["rows"] = board.rows;
    report.extra["cols"] = board.cols;
    report.extra["memo_positions"] = analyzer.solver().memo_size();
    print_report(report, options);
  });
}

}  // namespace grundy::cli
