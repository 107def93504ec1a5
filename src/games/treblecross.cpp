#include "grundy/games/treblecross.hpp"

#include <algorithm>
#include <initializer_list>
#include <span>

#include "common/text.hpp"
#include "grundy/core/analysis.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/heap/grow.hpp"

namespace grundy::games {

namespace {

bool is_row_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

}  // namespace

std::string parse_treblecross_row(std::string_view text, std::string_view what) {
  while (!text.empty() && is_row_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_row_blank(text.back())) text.remove_suffix(1);
  const std::string name(what);
  if (text.empty()) throw InputError(name + ": empty, expected a row of '.' and 'X'");
  if (text.size() > kTreblecrossMaxCells) {
    throw InputError(name + ": " + std::to_string(text.size()) + " cells, over the limit of " +
                     std::to_string(kTreblecrossMaxCells));
  }
  std::size_t run = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c != '.' && c != 'X') {
      throw InputError(name + ": cell " + std::to_string(i + 1) + " is " + grundy::detail::shown_byte(c) +
                       ", expected '.' or 'X'");
    }
    run = c == 'X' ? run + 1 : 0;
    if (run == 3) {
      throw InputError(name + ": cells " + std::to_string(i - 1) + "-" + std::to_string(i + 1) +
                       " already hold three consecutive marks (XXX): the game is over");
    }
  }
  return std::string(text);
}

std::vector<std::string> parse_treblecross_batch(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  while (!lines.empty() && lines.back().find_first_not_of(" \t\r") == std::string_view::npos) lines.pop_back();
  if (lines.empty()) throw InputError("treblecross --batch: empty input, expected a count and then one row per line");
  std::string_view count_text = lines.front();
  count_text.remove_prefix(std::min(count_text.find_first_not_of(" \t"), count_text.size()));
  count_text.remove_suffix(count_text.size() - (count_text.find_last_not_of(" \t\r") + 1));
  const std::uint64_t count = parse_count(count_text, "treblecross --batch: the count (line 1)", kTreblecrossMaxBatchRows);
  const std::uint64_t rows_given = lines.size() - 1;
  if (rows_given < count) {
    throw InputError("treblecross --batch: the count is " + std::to_string(count) + " but only " +
                     std::to_string(rows_given) + " rows follow");
  }
  if (rows_given > count) {
    throw InputError("treblecross --batch: the count is " + std::to_string(count) + " but more rows follow (line " +
                     std::to_string(count + 2) + ")");
  }
  std::vector<std::string> rows;
  rows.reserve(count);
  for (std::uint64_t i = 0; i < count; ++i) {
    rows.push_back(parse_treblecross_row(
        lines[i + 1], "treblecross row " + std::to_string(i + 1) + " (line " + std::to_string(i + 2) + ")"));
  }
  return rows;
}

std::uint64_t TreblecrossShape::table_upto() const {
  std::uint64_t longest = 0;
  bool any = false;
  for (const TreblecrossGap& gap : gaps) {
    any = true;
    if (gap.length > longest) longest = gap.length;
  }
  return any ? longest + 2 : 0;
}

TreblecrossShape treblecross_shape(std::string_view row) {
  TreblecrossShape shape;
  const std::size_t n = row.size();
  if (n < 3) return shape;  // three in a row cannot fit: nobody can ever win
  auto marked = [&](std::size_t i) { return row[i] == 'X'; };
  for (std::size_t c = 0; c < n; ++c) {
    if (marked(c)) continue;
    const bool left = c >= 2 && marked(c - 2) && marked(c - 1);
    const bool middle = c >= 1 && c + 1 < n && marked(c - 1) && marked(c + 1);
    const bool right = c + 2 < n && marked(c + 1) && marked(c + 2);
    if (left || middle || right) shape.immediate_wins.push_back(c);
  }
  if (!shape.immediate_wins.empty()) return shape;

  // A cell is safe when it is empty and no X lies within distance 2: one pass
  // from each side records the distance to the nearest X.
  constexpr std::size_t kFar = 3;
  std::vector<std::uint8_t> near(n, 0);
  std::size_t since = kFar;
  for (std::size_t i = 0; i < n; ++i) {
    since = marked(i) ? 0 : (since < kFar ? since + 1 : kFar);
    near[i] = since < kFar;
  }
  since = kFar;
  for (std::size_t i = n; i-- > 0;) {
    since = marked(i) ? 0 : (since < kFar ? since + 1 : kFar);
    near[i] = static_cast<std::uint8_t>(near[i] | (since < kFar));
  }
  std::size_t i = 0;
  while (i < n) {
    if (near[i]) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < n && !near[i]) ++i;
    shape.gaps.push_back(TreblecrossGap{start, i - start});
  }
  return shape;
}

heap::HeapRules treblecross_rules() { return heap::HeapRules::make("0.007", {0, 0, 0, 7}); }

std::shared_ptr<const heap::HeapTable> treblecross_table(std::uint64_t upto, const heap::TableCache* cache,
                                                         const heap::ExtendOptions& options) {
  auto table = std::make_shared<heap::HeapTable>(treblecross_rules());
  const heap::ExtendResult result = heap::grow_table(*table, {.cover = upto, .limit = upto}, options, cache);
  if (result.outcome == heap::ExtendOutcome::stopped) throw Interrupted("interrupted while computing the 0.007 table");
  return table;
}

namespace {

// Records the 1-based cell of each move of a run starting at 0-based cell first - 1.
struct CellSink {
  std::uint64_t first;
  std::vector<std::uint64_t>& cells;
  void add(std::uint64_t offset, std::span<const std::uint64_t>) { cells.push_back(first + offset); }
  void add(std::uint64_t offset, std::initializer_list<std::uint64_t>) { cells.push_back(first + offset); }
  void add(std::uint64_t offset) { cells.push_back(first + offset); }
};

}  // namespace

TreblecrossAnalysis analyze_treblecross(std::string_view row, const std::shared_ptr<const heap::HeapTable>& table) {
  TreblecrossShape shape = treblecross_shape(row);
  TreblecrossAnalysis result;
  if (!shape.immediate_wins.empty()) {
    // Marking any other cell leaves the opponent the same completion, so the
    // winning moves are exactly the completing cells.
    result.immediate_win = true;
    result.value = 1;
    for (std::uint64_t c : shape.immediate_wins) result.winning_moves.push_back(c + 1);
    return result;
  }
  if (!table->knows(shape.table_upto())) {
    throw Error("treblecross: the 0.007 table holds " + std::to_string(table->size()) + " values, " +
                std::to_string(shape.table_upto() + 1) + " needed");
  }
  result.gaps = std::move(shape.gaps);
  // A forbidden cell loses at once, so only moves inside the safe runs can win:
  // the winning moves of the row are those of the sum of its runs.
  const TreblecrossRun game(table);
  Analyzer<TreblecrossRun> analyzer(game);
  std::vector<std::uint64_t> runs;
  for (const TreblecrossGap& gap : result.gaps) runs.push_back(gap.length);
  auto analysis = analyzer.analyze(runs, 0);
  result.gap_values = std::move(analysis.values);
  result.value = analysis.nim_sum;
  if (result.value == 0) return result;
  // The winning cells straight from each run's moves_to: a cell a move, nothing else stored.
  result.winning_moves.reserve(analysis.winning_moves_count);
  for (std::size_t i = 0; i < result.gaps.size(); ++i) {
    CellSink sink{result.gaps[i].start + 1, result.winning_moves};
    game.moves_to(result.gaps[i].length, result.value ^ result.gap_values[i], sink);
  }
  return result;
}

}  // namespace grundy::games
