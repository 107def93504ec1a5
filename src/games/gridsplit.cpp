#include "grundy/games/gridsplit.hpp"

#include <algorithm>
#include <bit>
#include <limits>

#include "common/text.hpp"
#include "grundy/core/errors.hpp"

namespace grundy::games {

namespace {

std::string line_name(std::size_t line) { return "gridsplit: line " + std::to_string(line); }

}  // namespace

GridSplitBoard::GridSplitBoard(std::size_t rows, std::size_t cols, std::vector<std::uint8_t> candidate)
    : rows_(rows), cols_(cols), candidate_(std::move(candidate)) {
  if (rows == 0 || cols == 0) throw InputError("gridsplit: the grid is empty");
  if (rows > kGridSplitMaxSide || cols > kGridSplitMaxSide) {
    throw InputError("gridsplit: the grid is " + std::to_string(rows) + " x " + std::to_string(cols) +
                     ", over the limit of " + std::to_string(kGridSplitMaxSide) + " x " +
                     std::to_string(kGridSplitMaxSide));
  }
  if (candidate_.size() != rows * cols) throw InputError("gridsplit: cell count does not match the grid size");
}

GridSplitBoard GridSplitBoard::parse(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  std::size_t first = 0, last = lines.size();
  while (first < last && lines[first].empty()) ++first;
  while (last > first && lines[last - 1].empty()) --last;
  if (first == last) throw InputError("gridsplit: the grid is empty (expected rows of '.', '#', '^', '*')");
  const std::size_t rows = last - first, cols = lines[first].size();
  if (rows > kGridSplitMaxSide || cols > kGridSplitMaxSide) {
    throw InputError("gridsplit: the grid is " + std::to_string(rows) + " x " + std::to_string(cols) +
                     ", over the limit of " + std::to_string(kGridSplitMaxSide) + " x " +
                     std::to_string(kGridSplitMaxSide));
  }
  std::vector<std::uint8_t> candidate(rows * cols, 0);
  for (std::size_t r = 0; r < rows; ++r) {
    const std::string_view line = lines[first + r];
    if (line.size() != cols) {
      throw InputError(line_name(first + r + 1) + ": " + std::to_string(line.size()) +
                       " cells, but the first row has " + std::to_string(cols) +
                       " (rows must all have the same length)");
    }
    for (std::size_t c = 0; c < cols; ++c) {
      const char ch = line[c];
      if (ch == '^' || ch == '*') {
        candidate[r * cols + c] = 1;
      } else if (ch != '.' && ch != '#') {
        throw InputError(line_name(first + r + 1) + ", column " + std::to_string(c + 1) + ": " + grundy::detail::shown_byte(ch) +
                         " is not '.', '#' (plain) or '^', '*' (candidate)");
      }
    }
  }
  return GridSplitBoard(rows, cols, std::move(candidate));
}

std::size_t GridSplitBoard::candidate_count() const {
  return static_cast<std::size_t>(std::count(candidate_.begin(), candidate_.end(), std::uint8_t{1}));
}

std::string GridSplitBoard::text() const {
  std::string out;
  out.reserve(rows_ * (cols_ + 1));
  for (std::size_t r = 0; r < rows_; ++r) {
    if (r != 0) out += '/';
    for (std::size_t c = 0; c < cols_; ++c) out += is_candidate(r, c) ? '*' : '.';
  }
  return out;
}

GridRect GridSplit::canonical(const GridRect& rect) const {
  std::uint16_t top = std::numeric_limits<std::uint16_t>::max(), bottom = 0;
  std::uint16_t left = std::numeric_limits<std::uint16_t>::max(), right = 0;
  for (std::uint16_t r = rect.top; r < rect.bottom; ++r) {
    for (std::uint16_t c = rect.left; c < rect.right; ++c) {
      if (!board_->is_candidate(r, c)) continue;
      top = std::min(top, r);
      bottom = std::max(bottom, static_cast<std::uint16_t>(r + 1));
      left = std::min(left, c);
      right = std::max(right, static_cast<std::uint16_t>(c + 1));
    }
  }
  if (bottom == 0) return GridRect{};
  return GridRect{top, bottom, left, right};
}

namespace {

struct Compressed {
  std::vector<std::size_t> rows, cols;
  std::vector<std::vector<std::uint32_t>> row_candidates;
};

Compressed compress(const GridSplitBoard& board) {
  Compressed c;
  std::vector<std::size_t> col_index(board.cols(), std::numeric_limits<std::size_t>::max());
  for (std::size_t col = 0; col < board.cols(); ++col) {
    for (std::size_t r = 0; r < board.rows(); ++r) {
      if (board.is_candidate(r, col)) {
        col_index[col] = c.cols.size();
        c.cols.push_back(col);
        break;
      }
    }
  }
  for (std::size_t r = 0; r < board.rows(); ++r) {
    std::vector<std::uint32_t> in_row;
    for (std::size_t col = 0; col < board.cols(); ++col) {
      if (board.is_candidate(r, col)) in_row.push_back(static_cast<std::uint32_t>(col_index[col]));
    }
    if (in_row.empty()) continue;
    c.rows.push_back(r);
    c.row_candidates.push_back(std::move(in_row));
  }
  return c;
}

// True when every compressed cell is a candidate: then a rectangle's value
// depends only on its height and width.
bool is_full(const Compressed& c) {
  for (const auto& list : c.row_candidates) {
    if (list.size() != c.cols.size()) return false;
  }
  return true;
}

// Number of ranges [lo, end) with 0 <= lo <= end <= n.
std::uint64_t ranges(std::uint64_t n) { return (n + 1) * (n + 2) / 2; }

}  // namespace

GridSplitTable::Cost GridSplitTable::cost(const GridSplitBoard& board) {
  const Compressed c = compress(board);
  const std::uint64_t a = c.rows.size(), b = c.cols.size();
  Cost cost;
  if (is_full(c)) {
    // One value per shape h x w, each from its h * w moves.
    cost.bytes = (a + 1) * (b + 1) * sizeof(std::uint16_t);
    cost.work = (a * (a + 1) / 2) * (b * (b + 1) / 2) + a * b;
    return cost;
  }
  // Each candidate (i, j) is visited once per compressed rectangle containing
  // it, and each rectangle costs one step more; the build also keeps, per column
  // range, its candidates (a 4-byte cell each) and a row index ((a + 1) words).
  std::uint64_t cells = 0;
  for (std::uint64_t i = 0; i < a; ++i) {
    for (std::uint32_t j : c.row_candidates[i]) {
      cost.work += (i + 1) * (a - i) * (j + 1) * (b - j);
      cells += (j + 1) * (b - j);
    }
  }
  cost.work += (a * (a + 1) / 2) * (b * (b + 1) / 2);
  cost.bytes = ranges(a) * ranges(b) * sizeof(std::uint16_t) + cells * 4 + ranges(b) * (a + 1) * 4;
  return cost;
}

GridSplitTable::GridSplitTable(const GridSplitBoard& board, MemoryBudget budget, std::uint64_t max_work)
    : GridSplitTable(board, SearchLimits(budget), max_work) {}

GridSplitTable::GridSplitTable(const GridSplitBoard& board, const SearchLimits& limits, std::uint64_t max_work) {
  const MemoryBudget budget = limits.memory;
  SearchWatch watch(limits);
  if (watch.active()) watch.check({0, 0});
  const Cost need = cost(board);
  budget.require(need.bytes, "the gridsplit table (" + std::to_string(board.candidate_count()) + " candidates)");
  if (need.work > max_work) {
    throw InputError("gridsplit: this grid needs about " + std::to_string(need.work / 1'000'000) +
                     " million steps, over the limit of " + std::to_string(max_work / 1'000'000) +
                     " million (too many candidate rows and columns)");
  }
  Compressed c = compress(board);
  full_ = is_full(c);
  rows_ = std::move(c.rows);
  cols_ = std::move(c.cols);
  row_candidates_ = std::move(c.row_candidates);
  const std::size_t a = rows_.size(), b = cols_.size();
  row_offset_.assign(a + 1, 0);
  for (std::size_t lo = 1; lo <= a; ++lo) row_offset_[lo] = row_offset_[lo - 1] + (a + 1 - (lo - 1));
  col_offset_.assign(b + 1, 0);
  for (std::size_t lo = 1; lo <= b; ++lo) col_offset_[lo] = col_offset_[lo - 1] + (b + 1 - (lo - 1));
  col_ranges_ = static_cast<std::size_t>(ranges(b));
  if (full_) {
    values_.assign((a + 1) * (b + 1), 0);
    build_full(watch);
  } else {
    values_.assign(static_cast<std::size_t>(ranges(a) * ranges(b)), 0);
    build(watch);
  }
}

void GridSplitTable::check_limits(SearchWatch& watch, std::uint64_t& work_seen) const {
  if (!watch.active()) return;
  watch.add_positions(work_ - work_seen);
  work_seen = work_;
  watch.check({values_.size(), bytes()});
}

void GridSplitTable::build_full(SearchWatch& watch) {
  const std::size_t a = rows_.size(), b = cols_.size();
  // shape(h, w) = values_[h * (b + 1) + w]; a move at (i, j) of an h x w full
  // rectangle leaves the shapes i x j, i x (w-1-j), (h-1-i) x j, (h-1-i) x (w-1-j).
  std::vector<std::uint32_t> seen(std::bit_ceil(a * b + 2), 0);
  std::uint32_t stamp = 0;
  std::uint16_t* const v = values_.data();
  const std::size_t stride = b + 1;
  std::uint64_t work_seen = 0;
  for (std::size_t h = 1; h <= a; ++h) {
    check_limits(watch, work_seen);
    for (std::size_t w = 1; w <= b; ++w) {
      ++stamp;
      for (std::size_t i = 0; i < h; ++i) {
        const std::uint16_t* top = v + i * stride;
        const std::uint16_t* bottom = v + (h - 1 - i) * stride;
        for (std::size_t j = 0; j < w; ++j) {
          seen[top[j] ^ top[w - 1 - j] ^ bottom[j] ^ bottom[w - 1 - j]] = stamp;
        }
      }
      work_ += h * w + 1;
      std::uint32_t mex = 0;
      while (seen[mex] == stamp) ++mex;
      if (mex > std::numeric_limits<std::uint16_t>::max()) throw Error("gridsplit: a value exceeds 65535");
      v[h * stride + w] = static_cast<std::uint16_t>(mex);
    }
  }
}

void GridSplitTable::build(SearchWatch& watch) {
  const std::size_t a = rows_.size(), b = cols_.size();
  if (a == 0) return;
  const std::size_t nc = col_ranges_;
  // The candidates of each column range [c0, c1), sorted by row, one block per
  // range in range-index order; first_row[range * (a + 1) + r] is the first
  // entry of the range's block in a row >= r. A rectangle then visits exactly
  // its own candidates, with no step over rows that hold none of them.
  struct Cell {
    std::uint16_t row, col;
  };
  std::vector<Cell> cells;
  std::vector<std::uint32_t> first_row(nc * (a + 1));
  for (std::size_t c0 = 0; c0 <= b; ++c0) {
    for (std::size_t c1 = c0; c1 <= b; ++c1) {
      const std::size_t range = col_range(c0, c1);
      for (std::size_t i = 0; i < a; ++i) {
        first_row[range * (a + 1) + i] = static_cast<std::uint32_t>(cells.size());
        for (std::uint32_t j : row_candidates_[i]) {
          if (j >= c0 && j < c1) cells.push_back(Cell{static_cast<std::uint16_t>(i), static_cast<std::uint16_t>(j)});
        }
      }
      first_row[range * (a + 1) + a] = static_cast<std::uint32_t>(cells.size());
    }
  }
  std::size_t total = 0;
  for (const auto& list : row_candidates_) total += list.size();
  // The mex: a value is "seen" in the current rectangle when its stamp is current.
  // Values are at most `total`, so their XORs stay below bit_ceil(total + 1).
  std::vector<std::uint32_t> seen(std::bit_ceil(total + 2), 0);
  std::uint32_t stamp = 0;
  std::uint16_t* const v = values_.data();
  std::uint64_t work_seen = 0;

  // Rectangles by increasing height: every piece is strictly lower (or empty),
  // so it is known when its parent is computed. For one row range, every
  // column range in turn: the table rows its pieces read stay in cache.
  for (std::size_t h = 1; h <= a; ++h) {
    for (std::size_t r0 = 0; r0 + h <= a; ++r0) {
      check_limits(watch, work_seen);
      const std::size_t r1 = r0 + h;
      std::uint16_t* const out = v + row_range(r0, r1) * nc;
      for (std::size_t c0 = 0; c0 < b; ++c0) {
        for (std::size_t c1 = c0 + 1; c1 <= b; ++c1) {
          const std::size_t range = col_range(c0, c1);
          const std::uint32_t begin = first_row[range * (a + 1) + r0];
          const std::uint32_t end = first_row[range * (a + 1) + r1];
          if (++stamp == 0) {
            std::fill(seen.begin(), seen.end(), 0);
            stamp = 1;
          }
          for (std::uint32_t k = begin; k < end; ++k) {
            const std::size_t i = cells[k].row, j = cells[k].col;
            const std::uint16_t* top = v + row_range(r0, i) * nc;
            const std::uint16_t* bottom = v + row_range(i + 1, r1) * nc;
            const std::size_t left = col_offset_[c0] + (j - c0);
            const std::size_t right = col_offset_[j + 1] + (c1 - j - 1);
            seen[top[left] ^ top[right] ^ bottom[left] ^ bottom[right]] = stamp;
          }
          work_ += end - begin + 1;
          std::uint32_t mex = 0;
          while (seen[mex] == stamp) ++mex;
          if (mex > std::numeric_limits<std::uint16_t>::max()) throw Error("gridsplit: a value exceeds 65535");
          out[range] = static_cast<std::uint16_t>(mex);
        }
      }
    }
  }
}

Nimber GridSplitTable::value(const GridRect& rect) const {
  if (rect.empty()) return 0;
  auto range_of = [](const std::vector<std::size_t>& kept, std::size_t lo, std::size_t end) {
    const auto first = std::lower_bound(kept.begin(), kept.end(), lo);
    const auto last = std::lower_bound(kept.begin(), kept.end(), end);
    return std::array<std::size_t, 2>{static_cast<std::size_t>(first - kept.begin()),
                                      static_cast<std::size_t>(last - kept.begin())};
  };
  const auto r = range_of(rows_, rect.top, rect.bottom);
  const auto c = range_of(cols_, rect.left, rect.right);
  return at(r[0], r[1], c[0], c[1]);
}

std::vector<std::array<std::size_t, 2>> GridSplitTable::winning_moves() const {
  std::vector<std::array<std::size_t, 2>> moves;
  const std::size_t a = rows_.size(), b = cols_.size();
  for (std::size_t i = 0; i < a; ++i) {
    for (std::uint32_t j : row_candidates_[i]) {
      const Nimber x = at(0, i, 0, j) ^ at(0, i, j + 1, b) ^ at(i + 1, a, 0, j) ^ at(i + 1, a, j + 1, b);
      if (x == 0) moves.push_back({rows_[i], cols_[j]});
    }
  }
  return moves;
}

}  // namespace grundy::games
