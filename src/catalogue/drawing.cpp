#include "drawing.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace grundy::catalogue {

std::string tokens(std::uint64_t count) {
  if (count == 0) return "-";
  std::string out;
  const std::uint64_t shown = count <= kMaxTokensDrawn ? count : kMaxTokensDrawn;
  for (std::uint64_t i = 0; i < shown; ++i) out += i == 0 ? "●" : " ●";
  if (shown < count) out += fmt::format(" ... ({})", count);
  return out;
}

std::string token_row(const std::string& label, std::uint64_t count) {
  return fmt::format("{} ({}): {}\n", label, count, tokens(count));
}

std::vector<std::string> rows_of(const std::string& text) {
  std::vector<std::string> rows;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('/', start), text.size());
    rows.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return rows;
}

std::string cell_matrix(const std::string& label, const std::vector<std::string>& rows, std::size_t first_row,
                        std::size_t first_col) {
  const std::size_t cols = rows.empty() ? 0 : rows.front().size();
  const std::size_t width = std::to_string(first_col + cols).size();
  const std::size_t margin = std::to_string(first_row + rows.size()).size();
  std::string out = fmt::format("{}:\n  {:>{}} ", label, "", margin);
  for (std::size_t c = 0; c < cols; ++c) out += fmt::format(" {:>{}}", first_col + c, width);
  out += '\n';
  for (std::size_t r = 0; r < rows.size(); ++r) {
    out += fmt::format("  {:>{}} ", first_row + r, margin);
    for (const char cell : rows[r]) out += fmt::format(" {:>{}}", cell, width);
    out += '\n';
  }
  return out;
}

std::string numbered_row(const std::string& label, const std::string& cells) {
  const std::size_t shown = std::min(cells.size(), kMaxCellsDrawn);
  const std::size_t width = std::to_string(shown).size();
  std::string marks;
  std::string numbers;
  for (std::size_t i = 0; i < shown; ++i) {
    marks += fmt::format(" {:>{}}", cells[i], width);
    numbers += fmt::format(" {:>{}}", i + 1, width);
  }
  if (shown < cells.size()) marks += fmt::format(" ... ({} cells)", cells.size());
  return fmt::format("{}:\n  {}\n  {}\n", label, marks, numbers);
}

std::string successor_names(const games::Digraph& graph, games::Digraph::Vertex v) {
  constexpr std::size_t kNamed = 12;
  const auto next = graph.successors(v);
  if (next.empty()) return "nowhere";
  std::string out;
  for (std::size_t i = 0; i < next.size() && i < kNamed; ++i)
    out += (i == 0 ? "" : " ") + std::string(graph.name(next[i]));
  if (next.size() > kNamed) out += fmt::format(" and {} more", next.size() - kNamed);
  return out;
}

}  // namespace grundy::catalogue
