// Reading and writing rect boards and moves (the game itself is in the header).
#include "grundy/games/rect.hpp"

#include <string>
#include <vector>

#include "common/text.hpp"
#include "grundy/core/errors.hpp"

namespace grundy::games {

namespace {

bool is_board_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// Builds a board from its rows (each already split off); blank rows must have
// been dropped or rejected by the caller.
RectBoard board_from_rows(const std::vector<std::string_view>& rows) {
  if (rows.empty()) throw InputError("rect board: the board is empty (no rows of 0/1)");
  if (rows.size() > static_cast<std::size_t>(Rect::kMaxSide)) {
    throw InputError("rect board: " + std::to_string(rows.size()) + " rows, at most " +
                     std::to_string(Rect::kMaxSide) + " allowed");
  }
  RectBoard board;
  board.rows = static_cast<int>(rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    int col = 0;
    for (const char c : rows[r]) {
      if (is_board_blank(c)) continue;
      if (c != '0' && c != '1') {
        throw InputError("rect board: row " + std::to_string(r + 1) + " has " + grundy::detail::shown_byte(c) +
                         ", expected only 0 and 1 (spaces allowed)");
      }
      if (col == Rect::kMaxSide) {
        throw InputError("rect board: row " + std::to_string(r + 1) + " has more than " +
                         std::to_string(Rect::kMaxSide) + " columns");
      }
      if (c == '1') board.cells |= std::uint64_t{1} << (8 * r + static_cast<std::size_t>(col));
      ++col;
    }
    if (col == 0) throw InputError("rect board: row " + std::to_string(r + 1) + " is empty");
    if (r == 0) {
      board.cols = col;
    } else if (col != board.cols) {
      throw InputError("rect board: row " + std::to_string(r + 1) + " has " + std::to_string(col) + (col == 1 ? " cell" : " cells") +
                       " but row 1 has " + std::to_string(board.cols) + " (rows must have equal length)");
    }
  }
  return board;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

bool is_blank(std::string_view line) {
  for (const char c : line) {
    if (!is_board_blank(c)) return false;
  }
  return true;
}

}  // namespace

RectBoard parse_rect_board(std::string_view text) {
  if (is_blank(text)) return board_from_rows({});
  return board_from_rows(split(text, '/'));
}

RectBoard parse_rect_lines(std::string_view text) {
  std::vector<std::string_view> rows;
  for (const std::string_view line : split(text, '\n')) {
    if (!is_blank(line)) rows.push_back(line);
  }
  return board_from_rows(rows);
}

std::string format_rect_board(const RectBoard& board) {
  std::string text;
  for (int r = 0; r < board.rows; ++r) {
    if (r > 0) text += '/';
    for (int c = 0; c < board.cols; ++c) text += ((board.cells >> (8 * r + c)) & 1U) != 0 ? '1' : '0';
  }
  return text;
}

std::string format_rect_move(const Rect::Move& move) {
  // Appended piece by piece: g++ 12 falsely warns (-Wrestrict) on "(" + std::string&&.
  std::string text(1, '(');
  text.append(std::to_string(move.r1 + 1)).append(",").append(std::to_string(move.c1 + 1));
  text.append(")-(").append(std::to_string(move.r2 + 1)).append(",").append(std::to_string(move.c2 + 1));
  text.push_back(')');
  return text;
}

}  // namespace grundy::games
