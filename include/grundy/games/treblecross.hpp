// Treblecross (one-dimensional tic-tac-toe): a row of cells, empty '.' or marked
// 'X'; players alternately mark an empty cell and whoever first makes three
// consecutive marks wins (Winning Ways, ch. 15; UVa 10561). Reduction used here:
// a player who can complete XXX wins at once; otherwise every empty cell within
// distance 2 of an X hands the opponent a win, so play is confined to runs of
// "safe" cells, and a run of L safe cells is a heap of L + 2 in the octal game
// 0.007 (a move at offset i of the run leaves runs i - 2 and L - 3 - i, i.e. heaps
// i and L - 1 - i; heaps 0, 1, 2 are dead). Rows shorter than 3 cannot be won.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/nimber.hpp"
#include "grundy/heap/rules.hpp"
#include "grundy/heap/table.hpp"
#include "grundy/heap/table_cache.hpp"

namespace grundy::games {

/// The longest row the command line and the analysis accept.
inline constexpr std::uint64_t kTreblecrossMaxCells = 1'000'000;
/// The bytes a row read from a file may hold (its cells and the blanks around it).
inline constexpr std::string_view kTreblecrossRowBytes = ".X \t\r\n\v\f";
/// The bytes a --batch input may hold (the count, then rows).
inline constexpr std::string_view kTreblecrossBatchBytes = ".X0123456789 \t\r\n\v\f";

/// Checks a row ('.' and 'X' only, not empty, at most kTreblecrossMaxCells, no
/// XXX) and returns it; `what` names it in the error ("row 3"). Surrounding
/// whitespace (a trailing '\r' included) is dropped. Throws InputError.
std::string parse_treblecross_row(std::string_view text, std::string_view what);

/// The most rows one batch may hold.
inline constexpr std::uint64_t kTreblecrossMaxBatchRows = 1'000'000;

/// Parses the contest format: a line with the count of rows, then exactly that
/// many rows, each checked by parse_treblecross_row (blank lines after the last
/// row are ignored). Throws InputError naming the line.
std::vector<std::string> parse_treblecross_batch(std::string_view text);

/// A maximal run of safe cells: 0-based first cell and length.
struct TreblecrossGap {
  std::uint64_t start = 0;
  std::uint64_t length = 0;
  friend bool operator==(const TreblecrossGap&, const TreblecrossGap&) = default;
};

/// What a row is made of, before any table lookup.
struct TreblecrossShape {
  /// 0-based cells whose marking completes XXX (empty when there is none).
  std::vector<std::uint64_t> immediate_wins;
  /// The runs of safe cells, left to right (empty when immediate_wins is not).
  std::vector<TreblecrossGap> gaps;
  /// The 0.007 heap size the value table must reach: longest gap + 2 (0 if none).
  [[nodiscard]] std::uint64_t table_upto() const;
};

/// Finds the immediate wins and the safe runs of a valid row in O(length).
TreblecrossShape treblecross_shape(std::string_view row);

/// The answer for one row.
struct TreblecrossAnalysis {
  bool immediate_win = false;
  std::vector<TreblecrossGap> gaps;
  std::vector<Nimber> gap_values;            // g_0.007(length + 2) per gap
  Nimber value = 0;                          // nim-sum of gap_values; 1 when immediate_win
  std::vector<std::uint64_t> winning_moves;  // 1-based cells, increasing
  [[nodiscard]] bool winning() const { return value != 0; }
};

/// The rules of 0.007, the heap game behind Treblecross.
heap::HeapRules treblecross_rules();

/// The 0.007 table knowing g(0..upto), grown by heap::grow_table (so from the
/// cache when one is given, and stored there when new values were computed).
/// Throws what grow_table throws; Interrupted when options.stop was raised.
std::shared_ptr<const heap::HeapTable> treblecross_table(std::uint64_t upto, const heap::TableCache* cache = nullptr,
                                                         const heap::ExtendOptions& options = {});

/// Analyses a valid row with the 0.007 table, which must know
/// g(treblecross_shape(row).table_upto()): the immediate-win rule first, then
/// the sum of its safe runs (TreblecrossRun) through grundy::Analyzer.
/// O(length) after the table. Throws Error when the table is too short.
TreblecrossAnalysis analyze_treblecross(std::string_view row, const std::shared_ptr<const heap::HeapTable>& table);

/// The reduced game for the generic engine: a run of `Position` safe cells.
/// A move marks offset i of the run and leaves the runs i - 2 and L - 3 - i
/// (empty ones dropped). Its value is g_0.007(L + 2), read from the table given
/// at construction (which must know it).
class TreblecrossRun {
 public:
  using Position = std::uint64_t;
  using Move = std::uint64_t;  // 0-based offset in the run

  explicit TreblecrossRun(std::shared_ptr<const heap::HeapTable> table) : table_(std::move(table)) {}

  template <class Sink>
  void options(Position run, Sink& sink) const {
    for (std::uint64_t i = 0; i < run; ++i) add_option(run, i, sink);
  }

  /// The options of value `target`: a lookup per cell, nothing allocated per option.
  template <class Sink>
  void moves_to(Position run, Nimber target, Sink& sink) const {
    for (std::uint64_t i = 0; i < run; ++i) {
      const std::uint64_t left = i >= 2 ? i - 2 : 0;
      const std::uint64_t right = run >= i + 3 ? run - 3 - i : 0;
      if ((value_or_zero(left) ^ value_or_zero(right)) == target) add_option(run, i, sink);
    }
  }

  [[nodiscard]] Nimber value(Position run) const { return table_->value(run + 2); }
  [[nodiscard]] std::size_t dense_index(Position run) const { return static_cast<std::size_t>(run); }

 private:
  [[nodiscard]] Nimber value_or_zero(Position run) const { return run == 0 ? 0 : value(run); }

  template <class Sink>
  static void add_option(Position run, std::uint64_t i, Sink& sink) {
    const std::uint64_t left = i >= 2 ? i - 2 : 0;
    const std::uint64_t right = run >= i + 3 ? run - 3 - i : 0;
    if (left != 0 && right != 0) {
      sink.add(i, {left, right});
    } else if (left != 0) {
      sink.add(i, {left});
    } else if (right != 0) {
      sink.add(i, {right});
    } else {
      sink.add(i);
    }
  }

  std::shared_ptr<const heap::HeapTable> table_;
};

}  // namespace grundy::games
