// Rectangle clearing (the 4x4 rectangle-clearing problem, "predict the winner"): on a binary
// matrix up to 8x8 a move picks an axis-parallel rectangle whose cells are all 1
// and sets them to 0; whoever cannot move loses. A position is the set of 1-cells,
// a 64-bit mask in a fixed 8x8 frame (bit 8*r + c), so the board's own size never
// matters to the game and every hot operation is a handful of word operations:
// rectangles from row-mask intersections, components from a bit-parallel flood
// fill (a rectangle lies inside one 4-connected component, so a position is the
// sum of its components), memo keys by translation to the corner (and, for
// callers who want one key per shape, symmetry from 8x8 flips and transposes).
// Small components skip the memo: lines have a closed form and every shape in a
// 4x4 box is read from a table filled on demand once per process (rect_small_shapes.cpp).
#pragma once

#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy::games {

namespace rect_bits {

inline constexpr std::uint64_t kColumn0 = 0x0101010101010101ULL;  // the cells of column 0
inline constexpr std::uint64_t kColumn7 = 0x8080808080808080ULL;  // the cells of column 7

/// Row r of the frame as an 8-bit mask (bit c = column c).
constexpr unsigned row_of(std::uint64_t cells, int r) { return static_cast<unsigned>((cells >> (8 * r)) & 0xFFU); }

/// Column 0 of rows r1..r2 (0-based, inclusive): multiplying a row mask by it
/// copies the row into each of those rows without carries.
constexpr std::uint64_t row_span(int r1, int r2) {
  const int height = r2 - r1 + 1;
  const std::uint64_t low = height == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * height)) - 1;
  return (kColumn0 & low) << (8 * r1);
}

/// The cells of columns c1..c2 of one row (bit c = column c).
constexpr std::uint64_t column_span(int c1, int c2) { return (std::uint64_t{2} << c2) - (std::uint64_t{1} << c1); }

/// The cells of rows r1..r2 and columns c1..c2 (0-based, inclusive).
constexpr std::uint64_t rectangle_mask(int r1, int c1, int r2, int c2) {
  return column_span(c1, c2) * row_span(r1, r2);
}

/// The 4-connected component of `cells` that contains the cells of `seed`
/// (seed must be a subset of cells): grow step by step in the four directions,
/// all cells at once, until nothing changes.
constexpr std::uint64_t flood_fill(std::uint64_t seed, std::uint64_t cells) {
  std::uint64_t region = seed;
  while (true) {
    // One step per round: measured faster than two horizontal steps per round or
    // a Kogge-Stone line fill, whose longer rounds cost more than they save here.
    const std::uint64_t grown =
        (region | ((region << 1) & ~kColumn0) | ((region >> 1) & ~kColumn7) | (region << 8) | (region >> 8)) & cells;
    if (grown == region) return region;
    region = grown;
  }
}

/// One step of flood_fill: the region and its 4-neighbours within `cells`.
constexpr std::uint64_t grow(std::uint64_t region, std::uint64_t cells) {
  return (region | ((region << 1) & ~kColumn0) | ((region >> 1) & ~kColumn7) | (region << 8) | (region >> 8)) & cells;
}

/// A 4-connected component of `cells`: the one of seed cell a or the one of seed
/// cell b, whichever fills first. Both fills run side by side (independent
/// chains, so about the time of one) and stop when either is complete, so a
/// small piece split off a big one costs the small piece's steps; fills that
/// meet are one component and go on as one.
constexpr std::uint64_t first_filled(std::uint64_t a, std::uint64_t b, std::uint64_t cells) {
  while (true) {
    const std::uint64_t grown_a = grow(a, cells), grown_b = grow(b, cells);
    if ((grown_a & grown_b) != 0) return flood_fill(grown_a | grown_b, cells);
    if (grown_a == a) return a;
    if (grown_b == b) return b;
    a = grown_a;
    b = grown_b;
  }
}

inline constexpr std::uint64_t kBox4 = 0x0F0F0F0FULL;  // the cells of rows 0-3, columns 0-3

/// A set of cells inside kBox4 as a 16-bit index (bit 4r + c for cell (r, c)).
constexpr unsigned box4_index(std::uint64_t cells) {
  return static_cast<unsigned>((cells & 0xFU) | ((cells >> 4) & 0xF0U) | ((cells >> 8) & 0xF00U) |
                               ((cells >> 12) & 0xF000U));
}

/// The values of the sets of cells inside the 4x4 box found so far, indexed by
/// box4_index, each stored as value + 1 (0: not yet known; every value is below
/// 101, the box's count of rectangles). A process-wide cache of a pure function,
/// filled on demand by box4_fill; relaxed atomics, since racing writers store the
/// same value.
extern std::array<std::atomic<std::uint8_t>, 65536> box4_known;

/// Computes, stores and returns the value of a set inside the 4x4 box (and of the
/// sets it reaches): the mex over its rectangles (rect_small_shapes.cpp).
Nimber box4_fill(unsigned index);

/// The value of a set of cells inside the 4x4 box (the game played on that set).
inline Nimber box4_value(unsigned index) {
  const std::uint8_t stored = box4_known[index].load(std::memory_order_relaxed);
  return stored != 0 ? Nimber{stored} - 1U : box4_fill(index);
}

/// Mirror top-bottom: row r becomes row 7 - r.
constexpr std::uint64_t flip_rows(std::uint64_t x) { return __builtin_bswap64(x); }

/// Mirror left-right: column c becomes column 7 - c (bit reversal inside each byte).
constexpr std::uint64_t flip_columns(std::uint64_t x) {
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  return ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

/// Transpose: cell (r, c) becomes (c, r); three delta swaps (blocks 4x4, 2x2, 1x1).
constexpr std::uint64_t transpose(std::uint64_t x) {
  std::uint64_t t = 0x0F0F0F0F00000000ULL & (x ^ (x << 28));
  x ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (x ^ (x << 14));
  x ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (x ^ (x << 7));
  x ^= t ^ (t >> 7);
  return x;
}

/// Translates a set of cells to the corner: its top row becomes row 0 and its
/// leftmost column becomes column 0.
constexpr std::uint64_t to_corner(std::uint64_t x) {
  if (x == 0) return 0;
  x >>= std::countr_zero(x) & ~7;  // whole rows
  std::uint64_t columns = x | (x >> 32);
  columns |= columns >> 16;
  columns |= columns >> 8;
  // Bits below the leftmost column are 0 in every row, so nothing crosses a row.
  return x >> std::countr_zero(columns & 0xFFU);
}

/// The cells around a rectangle given as its mask (the ring of cells at chessboard
/// distance 1, cut by the frame's edges): one dilation step, rows then columns.
constexpr std::uint64_t ring_around(std::uint64_t rectangle) {
  std::uint64_t grown = rectangle | (rectangle << 8) | (rectangle >> 8);
  grown |= ((grown << 1) & ~kColumn0) | ((grown >> 1) & ~kColumn7);
  return grown & ~rectangle;
}

/// The ring around rows r1..r2 x columns c1..c2.
constexpr std::uint64_t ring_around(int r1, int c1, int r2, int c2) {
  return ring_around(rectangle_mask(r1, c1, r2, c2));
}

/// True when the cells `on_ring`, a subset of a ring_around, form at most one arc
/// of it. The ring is a cycle (a path or two where the frame cuts it) with no
/// other adjacencies, so its subsets are paths: one arc is a single cell, or no
/// isolated cell and at most two ends (cells with one neighbour). Counted with
/// masks, not popcount, which is a library call without -mpopcnt.
constexpr bool one_arc(std::uint64_t on_ring) {
  if ((on_ring & (on_ring - 1)) == 0) return true;
  const std::uint64_t west = (on_ring << 1) & ~kColumn0, east = (on_ring >> 1) & ~kColumn7;
  const std::uint64_t north = on_ring << 8, south = on_ring >> 8;
  if ((on_ring & ~(west | east | north | south)) != 0) return false;  // an isolated cell and another
  std::uint64_t ends = on_ring & (west ^ east ^ north ^ south);       // one neighbour (never three)
  ends &= ends - 1;
  ends &= ends - 1;
  return ends == 0;
}

/// Appends to `parts` the 4-connected components of `rest`, the non-empty cells
/// left by clearing rows r1..r2 x columns c1..c2 from a 4-connected set; returns
/// their count. Every component holds ring cells (the set was connected), and a
/// path of the old set through the rectangle can go round it along an arc, so
/// once the cells left on the ring form one arc, the cells left are one
/// component: no flood fill when the rectangle disconnects nothing, and when it
/// does, pieces are found smaller first (first_filled) until one arc is left.
/// (`rectangle` is the cleared rectangle's mask.)
constexpr std::size_t split_after_clearing(std::uint64_t rest, std::uint64_t rectangle, std::uint64_t* parts) {
  std::uint64_t on_ring = rest & ring_around(rectangle);
  std::size_t count = 0;
  while (!one_arc(on_ring)) {
    // Seeds on two different cells of the ring, often on two arcs.
    parts[count] = first_filled(on_ring & (~on_ring + 1), std::uint64_t{1} << (63 - std::countl_zero(on_ring)), rest);
    rest ^= parts[count++];
    on_ring &= rest;
  }
  if (rest != 0) parts[count++] = rest;
  return count;
}

constexpr std::size_t split_after_clearing(std::uint64_t rest, int r1, int c1, int r2, int c2, std::uint64_t* parts) {
  return split_after_clearing(rest, rectangle_mask(r1, c1, r2, c2), parts);
}

/// Calls f(r1, c1, r2, c2, mask) for every rectangle of 1-cells (0-based,
/// inclusive corners), rows first: for each pair of rows, the columns that are 1
/// in all of them come as runs, and every interval of a run is a rectangle.
template <class F>
constexpr void for_each_rectangle(std::uint64_t cells, F&& f) {
  for (int r1 = 0; r1 < 8; ++r1) {
    unsigned common = row_of(cells, r1);
    for (int r2 = r1; r2 < 8 && common != 0; ++r2) {
      common &= row_of(cells, r2);
      const std::uint64_t rows = row_span(r1, r2);
      unsigned rest = common;
      while (rest != 0) {
        const int a = std::countr_zero(rest);
        const int b = a + std::countr_one(rest >> a) - 1;  // the run a..b
        for (int c1 = a; c1 <= b; ++c1) {
          for (int c2 = c1; c2 <= b; ++c2) {
            f(r1, c1, r2, c2, column_span(c1, c2) * rows);
          }
        }
        rest &= ~((2U << b) - 1U);
      }
    }
  }
}

}  // namespace rect_bits

/// The rectangle-clearing game. Position: the 1-cells in the 8x8 frame.
class Rect {
 public:
  using Position = std::uint64_t;
  /// Clear rows r1..r2, columns c1..c2 (0-based, inclusive), in the coordinates of
  /// the position it is played on.
  struct Move {
    std::uint8_t r1 = 0, c1 = 0, r2 = 0, c2 = 0;
    friend bool operator==(const Move&, const Move&) = default;
  };

  static constexpr int kMaxSide = 8;

  /// One option per rectangle of 1-cells: the cells left (no component when none).
  /// A sink that offers add_parts (the solver's) gets the cells left already split
  /// into 4-connected components, with fewer flood fills (rect_bits::split_after_clearing).
  template <class Sink>
  void options(Position cells, Sink& sink) const {
    if constexpr (requires(const Move& m, std::span<const Position> parts) { sink.add_parts(m, parts); }) {
      if (cells != 0 && rect_bits::flood_fill(cells & (~cells + 1), cells) == cells) {
        component_options(cells, sink);
        return;
      }
    }
    rect_bits::for_each_rectangle(cells, [&](int r1, int c1, int r2, int c2, std::uint64_t mask) {
      const Move move = move_of(r1, c1, r2, c2);
      const Position rest = cells & ~mask;
      if (rest == 0) {
        sink.add(move);
      } else {
        sink.add(move, {rest});
      }
    });
  }

  /// Appends the 4-connected components of the 1-cells (nothing for an empty board).
  void decompose(Position cells, std::vector<Position>& parts) const {
    while (cells != 0) {
      const Position component = rect_bits::flood_fill(cells & (~cells + 1), cells);
      parts.push_back(component);
      cells ^= component;
    }
  }

  /// The canonical form the solver memoises: the cells moved to the corner. Only
  /// translation: the components met while solving a board keep its orientation,
  /// so symmetric images rarely meet, and the 8-image reduction cost more time
  /// than its ~7% fewer positions saved (docs/PERFORMANCE.md, rect).
  [[nodiscard]] Position canonical(Position cells) const { return rect_bits::to_corner(cells); }

  /// The value of a cornered component without search, when it is a line or fits
  /// in a 4x4 box (about half the components an option leaves); nullopt otherwise.
  /// A line of k cells has value k: clearing a run of it leaves two lines of a and
  /// b cells with a + b < k, whose value is (by induction) a xor b <= a + b < k, so
  /// k is not an option's value; clearing k - j cells from one end leaves a line of
  /// j, value j, for every j < k; so the mex is k.
  [[nodiscard]] std::optional<Nimber> known_value(Position cornered) const {
    using namespace rect_bits;
    if ((cornered & ~kBox4) == 0) return box4_value(box4_index(cornered));
    // A cornered component in row 0 (column 0) is a line: bit_width counts its cells.
    if (cornered <= 0xFFU) return static_cast<Nimber>(std::bit_width(cornered));
    if ((cornered & ~kColumn0) == 0) return static_cast<Nimber>((std::bit_width(cornered) + 7) / 8);
    return std::nullopt;
  }

  /// The least of the 8 symmetric images of the cells, each moved to the corner
  /// (one key per shape up to rotation and reflection). The cells are cornered once: an image of a cornered h x w shape
  /// is cornered by one shift. The images of height min(h, w) are below those of height max(h, w) (their top row is
  /// lower), so a non-square box needs only 4.
  [[nodiscard]] Position symmetric_canonical(Position cells) const {
    using namespace rect_bits;
    if (cells == 0) return 0;
    const Position x = to_corner(cells);
    const int h = (63 - std::countl_zero(x)) / 8 + 1;
    std::uint64_t columns = x | (x >> 32);
    columns |= columns >> 16;
    columns |= columns >> 8;
    const int w = std::bit_width(static_cast<unsigned>(columns & 0xFFU));
    if (h < w) return least_image(x, h, w);
    const Position t = transpose(x);
    if (h > w) return least_image(t, w, h);
    const Position a = least_image(x, h, w);
    const Position b = least_image(t, w, h);
    return a < b ? a : b;
  }

 private:
  static Move move_of(int r1, int c1, int r2, int c2) {
    return Move{static_cast<std::uint8_t>(r1), static_cast<std::uint8_t>(c1), static_cast<std::uint8_t>(r2),
                static_cast<std::uint8_t>(c2)};
  }

  // The options of one 4-connected component, each as the components it leaves.
  template <class Sink>
  static void component_options(Position cells, Sink& sink) {
    Position parts[32];  // a set of cells in the 8x8 frame has at most 32 components
    rect_bits::for_each_rectangle(cells, [&](int r1, int c1, int r2, int c2, std::uint64_t mask) {
      const Move move = move_of(r1, c1, r2, c2);
      const Position rest = cells & ~mask;
      if (rest == 0) {
        sink.add(move);
      } else {
        const std::size_t count = rect_bits::split_after_clearing(rest, mask, parts);
        sink.add_parts(move, std::span<const Position>(parts, count));
      }
    });
  }

  // The least of a cornered h x w shape, its mirror images and its half-turn, each cornered.
  static Position least_image(Position x, int h, int w) {
    using namespace rect_bits;
    const int down = 8 * (8 - h), left = 8 - w;
    const Position across = flip_columns(x);
    const Position images[3] = {flip_rows(x) >> down, across >> left, flip_rows(across) >> (down + left)};
    Position best = x;
    for (const Position image : images) best = image < best ? image : best;
    return best;
  }
};

/// A board as the user gives it: the 1-cells in the 8x8 frame and its size.
struct RectBoard {
  std::uint64_t cells = 0;
  int rows = 0;
  int cols = 0;
  friend bool operator==(const RectBoard&, const RectBoard&) = default;
};

/// Parses rows of 0/1 separated by '/' ("0110/0000/0000/0001"); spaces inside a
/// row are ignored. Throws InputError for an empty board or row, a character
/// other than 0, 1 or space, rows of unequal length, or more than 8 rows or columns.
RectBoard parse_rect_board(std::string_view text);

/// Parses rows of 0/1 on separate lines, as the problem prints its matrices
/// ("0 1 1 0"): spaces optional, blank lines ignored. Same errors as parse_rect_board.
RectBoard parse_rect_lines(std::string_view text);

/// The board as rows of 0/1 separated by '/'.
std::string format_rect_board(const RectBoard& board);

/// "(r1,c1)-(r2,c2)", 1-based.
std::string format_rect_move(const Rect::Move& move);

}  // namespace grundy::games
