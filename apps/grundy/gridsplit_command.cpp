// grundy gridsplit [--file FILE]: the grid-splitting game (statement 003).
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "grundy/core/errors.hpp"
#include "grundy/games/gridsplit.hpp"
#include "registry.hpp"

namespace grundy::cli {

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("gridsplit: cannot read '{}'", path));
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace

void add_gridsplit_command(CLI::App& app, GlobalOptions& options) {
  auto* command = app.add_subcommand("gridsplit", "grid splitting: remove a candidate's row and column");
  command->footer(
      "Rules: a position is a set of rectangles of the grid; a move picks a candidate cell inside one\n"
      "of them and removes its row and column from that rectangle, leaving up to four smaller ones;\n"
      "whoever makes the last move wins.\n"
      "Position: the grid on stdin (or --file FILE): rows of '.' or '#' (plain) and '^' or '*'\n"
      "(candidate), all of the same length, at most 1000 x 1000. Winning moves are (row,column), 1-based.\n"
      "Example: printf '*.\\n.*\\n' | grundy gridsplit   (value 0: the second player wins)");
  auto file = std::make_shared<std::string>();
  command->add_option("--file", *file, "read the grid from FILE instead of stdin");
  command->callback([&options, file] {
    const std::string text = file->empty() ? read_stdin() : read_file(*file);
    const games::GridSplitBoard board = games::GridSplitBoard::parse(text);
    const games::GridSplitTable table(board, options.budget());
    const Nimber value = table.value();
    const auto moves = value != 0 ? table.winning_moves() : std::vector<std::array<std::size_t, 2>>{};
    const std::size_t candidates = board.candidate_count();
    if (options.json) {
      Report report{.game = "gridsplit", .components = {board.text()}, .values = {value}, .value = value};
      for (const auto& [r, c] : moves) {
        ReportMove move{.component = 0, .text = fmt::format("({},{})", r + 1, c + 1)};
        move.fields["row"] = r + 1;
        move.fields["column"] = c + 1;
        report.winning_moves.push_back(std::move(move));
      }
      report.extra["rows"] = board.rows();
      report.extra["cols"] = board.cols();
      report.extra["candidates"] = candidates;
      report.extra["compressed"] = {table.compressed_rows(), table.compressed_cols()};
      report.extra["table_bytes"] = table.bytes();
      print_report(report, options);
      return;
    }
    std::string out = fmt::format("gridsplit {} x {} grid, {} candidates ({} x {} after compression, table {})\n",
                                  board.rows(), board.cols(), candidates, table.compressed_rows(),
                                  table.compressed_cols(), format_bytes(table.bytes()));
    out += fmt::format("value {}: {}\n", value,
                       value != 0 ? "the first player wins" : "the second player wins (every move loses)");
    if (!moves.empty()) {
      out += fmt::format("winning moves ({}):", moves.size());
      for (const auto& [r, c] : moves) out += fmt::format(" ({},{})", r + 1, c + 1);
      out += '\n';
    }
    std::cout << out;
  });
}

}  // namespace grundy::cli
