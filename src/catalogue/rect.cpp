// Rectangle clearing in the catalogue: one board of 0/1 rows (at most 8x8),
// given inline ("0110/0000"), as a FILE, or on standard input.
#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "catalogue_games.hpp"
#include "drawing.hpp"
#include "function_entry.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/games/rect.hpp"
#include "common/text.hpp"

namespace grundy::catalogue {

namespace {

using grundy::detail::InputBounds;
using grundy::detail::names_a_file;
using grundy::detail::read_input;

/// A board file holds at most 8 rows of 8 cells: far fewer bytes than this, blanks included.
constexpr std::uint64_t kMaxBoardFileBytes = 64 * 1024;

/// The board's size, shared by parse (which learns it) and format (which keeps it).
struct BoardFrame {
  int rows = 0;
  int cols = 0;
};

Speech<games::Rect> rect_speech(std::shared_ptr<BoardFrame> frame, const Context& context) {
  Speech<games::Rect> speech;
  speech.draw = [frame](std::uint64_t cells, const std::string& label) {
    const std::string text = games::format_rect_board(games::RectBoard{cells, frame->rows, frame->cols});
    std::vector<std::string> rows = rows_of(text);
    for (std::string& row : rows) std::replace(row.begin(), row.end(), '0', '.');
    return cell_matrix(label + " (1: a cell still to clear)", rows);
  };
  speech.expand = [limits = search_limits(context)](const std::vector<std::string>& arguments) {
    if (arguments.size() > 1) {
      throw InputError(fmt::format("rect: expected one board, got {} arguments (separate rows with '/', not spaces)",
                                   arguments.size()));
    }
    const std::string source = arguments.empty() ? "-" : arguments.front();
    if (source != "-" && !names_a_file(source, "01/ ")) return std::vector<std::string>{source};
    const InputBounds bounds{.what = "a rect board (rows of 0 and 1)",
                             .allowed = "01 \t\r\n",
                             .max_bytes = kMaxBoardFileBytes,
                             .limits = limits};
    return std::vector<std::string>{games::format_rect_board(games::parse_rect_lines(read_input(source, bounds)))};
  };
  speech.parse = [frame](std::string_view text, const std::string&) {
    const games::RectBoard board = games::parse_rect_board(text);
    frame->rows = std::max(frame->rows, board.rows);
    frame->cols = std::max(frame->cols, board.cols);
    return board.cells;
  };
  speech.format = [frame](std::uint64_t cells) {
    return games::format_rect_board(games::RectBoard{cells, frame->rows, frame->cols});
  };
  speech.describe = [](std::uint64_t, const games::Rect::Move& move, std::span<const std::uint64_t>) {
    MoveInfo info{.text = games::format_rect_move(move)};
    info.fields["from"] = {move.r1 + 1, move.c1 + 1};
    info.fields["to"] = {move.r2 + 1, move.c2 + 1};
    return info;
  };
  speech.extras = [frame](Report& report, Analyzer<games::Rect>& analyzer) {
    report.notes.push_back(report.outcome == Outcome::first ? "winner: A (the player who moves first)"
                                                            : "winner: B (the player who moves second)");
    report.extra["rows"] = frame->rows;
    report.extra["cols"] = frame->cols;
    report.extra["memo_positions"] = analyzer.solver().memo_size();
    report.extra["threads"] = analyzer.solver().threads();
  };
  return speech;
}

/// --threads N (1 to 256), or every core the machine reports.
unsigned rect_threads(const RuleValues& rules) {
  const std::string text = rule_value(rules, "--threads");
  if (text.empty()) return std::max(std::thread::hardware_concurrency(), 1U);
  const auto threads = static_cast<unsigned>(parse_count(text, "--threads", 256));
  if (threads == 0) throw InputError("--threads: must be at least 1");
  return threads;
}

}  // namespace

const Entry& rect_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "rect",
               .summary = "clear an all-1 rectangle of a binary matrix (up to 8x8)",
               .rules = "A move picks an axis-parallel rectangle whose cells are all 1 and sets them to 0; whoever "
                        "cannot move loses. Player A moves first.",
               .syntax = "one BOARD: rows of 0/1 separated by '/' (0110/0000/0000/0001), or a FILE, or '-' (or "
                         "nothing) to read the rows from standard input, one per line, spaces optional, blank lines "
                         "ignored. Moves are (r1,c1)-(r2,c2): opposite corners, 1-based (row, column).",
               .example = "rect 0110/0000/0000/0001   (value 3, A wins by clearing (1,2)-(1,2) or (1,3)-(1,3))",
               .limits = "at most 8 rows and 8 columns; dense large boards are bounded by --memory and --time",
               .component_noun = "board",
               .rule_options = {RuleOption{.name = "--threads",
                                           .kind = RuleOption::Kind::value,
                                           .value_name = "N",
                                           .help = "threads searching the board together (the answer is the same)",
                                           .default_value = "all cores"}},
               .reads_input = true},
      [](const GameInfo& info, const RuleValues& rules, const Context& context) -> std::unique_ptr<Instance> {
        auto frame = std::make_shared<BoardFrame>();
        auto instance = std::make_unique<GameInstance<games::Rect>>(
            std::make_shared<const games::Rect>(), rect_speech(frame, context), context, info.name, info.component_noun);
        instance->analyzer().solver().set_threads(rect_threads(rules));
        return instance;
      });
  return entry;
}

}  // namespace grundy::catalogue
