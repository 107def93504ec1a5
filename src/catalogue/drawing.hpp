// Drawing positions for people (Instance::draw): a heap as a row of tokens,
// shared by the heap-like games' Speech. Rows are capped so a heap of 10^12
// draws as a few dozen tokens and its size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "grundy/games/digraph.hpp"

namespace grundy::catalogue {

/// Tokens drawn in one row before the row is cut short.
inline constexpr std::uint64_t kMaxTokensDrawn = 30;

/// "heap 1 (7): ● ● ● ● ● ● ●\n"; past kMaxTokensDrawn tokens "● ● ... ● ... (N)".
std::string token_row(const std::string& label, std::uint64_t count);

/// The tokens alone: "● ● ●", "-" for none, cut short as in token_row.
std::string tokens(std::uint64_t count);

/// The rows of a board written with '/' between them ("01/10" -> {"01", "10"}).
std::vector<std::string> rows_of(const std::string& text);

/// A matrix of one-character cells headed by `label`, with 1-based row and column
/// numbers counted from `first_row`, `first_col` (moves name cells by them).
std::string cell_matrix(const std::string& label, const std::vector<std::string>& rows, std::size_t first_row = 1,
                        std::size_t first_col = 1);

/// Cells shown in one row before a long row is cut short.
inline constexpr std::size_t kMaxCellsDrawn = 60;

/// A row of one-character cells with their 1-based numbers under them (cut short past kMaxCellsDrawn).
std::string numbered_row(const std::string& label, const std::string& cells);

/// Where a pebble on `v` can move: "b c d" (the first few, then "and N more"), "nowhere".
std::string successor_names(const games::Digraph& graph, games::Digraph::Vertex v);

}  // namespace grundy::catalogue
