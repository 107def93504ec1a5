// Grid splitting (a CodeChef problem): an R x C grid with candidate cells.
// A position is a set of disjoint rectangles; a move picks a candidate inside one
// of them and removes its row and column from that rectangle, leaving up to four
// smaller rectangles; whoever makes the last move wins. A rectangle's value
// depends only on the candidates it holds, so the fast table works on the rows
// and columns that hold candidates (a rectangle is a range of those rows times a
// range of those columns) and evaluates every such rectangle bottom-up, visiting
// only the candidates inside each one: O(sum over candidates of the rectangles
// containing them) instead of the plain O(N^6) DP over all cells. When every
// compressed cell is a candidate (a full grid), a value depends only on the
// rectangle's height and width, and one value per shape suffices.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/memory_budget.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/search_limits.hpp"

namespace grundy::games {

/// The largest grid side accepted (rows and columns each); the table's memory
/// and work limits apply on top of it.
inline constexpr std::size_t kGridSplitMaxSide = 1000;

/// Which cells of an R x C grid are candidates.
class GridSplitBoard {
 public:
  /// A grid; candidate[r * cols + c] != 0 marks a candidate. Throws InputError
  /// on an empty grid, a side over kGridSplitMaxSide or a size mismatch.
  GridSplitBoard(std::size_t rows, std::size_t cols, std::vector<std::uint8_t> candidate);

  /// Parses R lines of '.'/'#' (plain) and '^'/'*' (candidate); blank lines
  /// before and after the grid and a '\r' ending a line are ignored. Throws
  /// InputError naming the line for ragged rows, other characters, an empty
  /// grid or a grid over the size limit.
  static GridSplitBoard parse(std::string_view text);

  [[nodiscard]] std::size_t rows() const { return rows_; }
  [[nodiscard]] std::size_t cols() const { return cols_; }
  [[nodiscard]] bool is_candidate(std::size_t r, std::size_t c) const { return candidate_[r * cols_ + c] != 0; }
  [[nodiscard]] std::size_t candidate_count() const;
  /// The grid as rows of '.' and '*' joined by '/'.
  [[nodiscard]] std::string text() const;

 private:
  std::size_t rows_;
  std::size_t cols_;
  std::vector<std::uint8_t> candidate_;
};

/// A rectangle of grid cells, half-open: rows [top, bottom) x columns [left, right).
struct GridRect {
  std::uint16_t top = 0;
  std::uint16_t bottom = 0;
  std::uint16_t left = 0;
  std::uint16_t right = 0;
  [[nodiscard]] bool empty() const { return top >= bottom || left >= right; }
  friend bool operator==(const GridRect&, const GridRect&) = default;
};

/// The game for the generic engine (conformance, cross-checks on small grids).
/// The board must outlive the game.
class GridSplit {
 public:
  using Position = GridRect;
  struct Move {
    std::uint16_t row = 0;  // 0-based grid row of the chosen candidate
    std::uint16_t col = 0;
    friend bool operator==(const Move&, const Move&) = default;
  };

  explicit GridSplit(const GridSplitBoard& board) : board_(&board) {}

  /// The whole grid as one rectangle.
  [[nodiscard]] GridRect whole() const {
    return GridRect{0, static_cast<std::uint16_t>(board_->rows()), 0, static_cast<std::uint16_t>(board_->cols())};
  }

  template <class Sink>
  void options(const GridRect& rect, Sink& sink) const {
    std::array<GridRect, 4> pieces;
    for (std::uint16_t r = rect.top; r < rect.bottom; ++r) {
      for (std::uint16_t c = rect.left; c < rect.right; ++c) {
        if (!board_->is_candidate(r, c)) continue;
        const auto r1 = static_cast<std::uint16_t>(r + 1), c1 = static_cast<std::uint16_t>(c + 1);
        const std::array<GridRect, 4> all{GridRect{rect.top, r, rect.left, c}, GridRect{rect.top, r, c1, rect.right},
                                          GridRect{r1, rect.bottom, rect.left, c},
                                          GridRect{r1, rect.bottom, c1, rect.right}};
        std::size_t count = 0;
        for (const GridRect& piece : all) {
          if (!piece.empty()) pieces[count++] = piece;
        }
        if (count == 0) {
          sink.add(Move{r, c});
        } else {
          sink.add(Move{r, c}, std::span<const GridRect>(pieces.data(), count));
        }
      }
    }
  }

  /// Shrinks a rectangle to the bounding box of its candidates (the empty
  /// rectangle {0,0,0,0} when it holds none): the value depends only on them.
  [[nodiscard]] GridRect canonical(const GridRect& rect) const;

 private:
  const GridSplitBoard* board_;
};

/// Every rectangle's value, on the rows and columns that hold candidates.
class GridSplitTable {
 public:
  /// The default cap on the work (candidate visits) one table may take, about
  /// a few minutes on the reference machine: larger grids are refused at once.
  static constexpr std::uint64_t kDefaultMaxWork = 60'000'000'000ULL;

  /// Builds the table. Throws BudgetExceeded when its memory exceeds `budget`,
  /// InputError when its work exceeds `max_work`.
  explicit GridSplitTable(const GridSplitBoard& board, MemoryBudget budget = {},
                          std::uint64_t max_work = kDefaultMaxWork);
  /// Builds the table within `limits`: besides the above, throws TimeExceeded past
  /// the deadline and Interrupted when the stop flag is set (looked at once a row).
  GridSplitTable(const GridSplitBoard& board, const SearchLimits& limits, std::uint64_t max_work = kDefaultMaxWork);

  /// The value of any rectangle of the grid. O(log R + log C).
  [[nodiscard]] Nimber value(const GridRect& rect) const;
  /// The value of the whole grid.
  [[nodiscard]] Nimber value() const { return at(0, rows_.size(), 0, cols_.size()); }

  /// Every winning move of the whole grid (0-based row, column), row-major.
  [[nodiscard]] std::vector<std::array<std::size_t, 2>> winning_moves() const;

  [[nodiscard]] std::size_t compressed_rows() const { return rows_.size(); }
  [[nodiscard]] std::size_t compressed_cols() const { return cols_.size(); }
  /// True when every compressed cell is a candidate, so the table holds one
  /// value per shape (height, width) instead of one per rectangle.
  [[nodiscard]] bool full() const { return full_; }
  /// Number of table entries (compressed rectangles or shapes, empty ones included).
  [[nodiscard]] std::uint64_t entries() const { return values_.size(); }
  [[nodiscard]] std::uint64_t bytes() const { return values_.size() * sizeof(std::uint16_t); }
  /// Candidate visits the build made (the work the cap applies to).
  [[nodiscard]] std::uint64_t work() const { return work_; }

  /// The table's size and work for a board, without building it.
  struct Cost {
    std::uint64_t bytes = 0;
    std::uint64_t work = 0;
  };
  static Cost cost(const GridSplitBoard& board);

 private:
  // Range [lo, end) of compressed rows (or columns) -> its index; lo <= end.
  [[nodiscard]] std::size_t row_range(std::size_t lo, std::size_t end) const { return row_offset_[lo] + end - lo; }
  [[nodiscard]] std::size_t col_range(std::size_t lo, std::size_t end) const { return col_offset_[lo] + end - lo; }
  [[nodiscard]] Nimber at(std::size_t r0, std::size_t r1, std::size_t c0, std::size_t c1) const {
    if (full_) return values_[(r1 - r0) * (cols_.size() + 1) + (c1 - c0)];
    return values_[row_range(r0, r1) * col_ranges_ + col_range(c0, c1)];
  }
  void build(SearchWatch& watch);
  void build_full(SearchWatch& watch);
  // Counts the work since the last call and enforces the limits (once a row).
  void check_limits(SearchWatch& watch, std::uint64_t& work_seen) const;

  std::vector<std::size_t> rows_;  // grid row of each compressed row
  std::vector<std::size_t> cols_;
  std::vector<std::vector<std::uint32_t>> row_candidates_;  // compressed columns, per compressed row
  std::vector<std::size_t> row_offset_;
  std::vector<std::size_t> col_offset_;
  std::size_t col_ranges_ = 0;
  // Every compressed cell a candidate: values_ holds one value per shape h x w.
  bool full_ = false;
  std::vector<std::uint16_t> values_;
  std::uint64_t work_ = 0;
};

}  // namespace grundy::games

template <>
struct std::hash<grundy::games::GridRect> {
  std::size_t operator()(const grundy::games::GridRect& r) const noexcept {
    const std::uint64_t key = (std::uint64_t{r.top} << 48) | (std::uint64_t{r.bottom} << 32) |
                              (std::uint64_t{r.left} << 16) | std::uint64_t{r.right};
    return std::hash<std::uint64_t>{}(key * 0x9e3779b97f4a7c15ULL);
  }
};
