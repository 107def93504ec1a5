// The values of all 65,536 sets of cells in a 4x4 box, for Rect::known_value: a
// dynamic program over the subsets in increasing order (clearing a rectangle
// leaves a smaller index), each the mex of its rectangles' remainders. The value
// of a set is that of the game played on it, so disconnected sets need no split.
// About a million rectangle steps: a millisecond or so, once per process.
#include <array>
#include <bit>
#include <cstdint>

#include "grundy/games/rect.hpp"

namespace grundy::games::rect_bits {

namespace {

constexpr unsigned kBoxSide = 4;
constexpr unsigned kBoxSets = 1U << (kBoxSide * kBoxSide);

// Row r of a box index as a 4-bit mask.
constexpr unsigned box_row(unsigned set, unsigned r) { return (set >> (kBoxSide * r)) & 0xFU; }

// Column 0 of rows r1..r2 of the box: multiplying a row mask by it copies the row into each.
constexpr unsigned box_row_span(unsigned r1, unsigned r2) {
  unsigned span = 0;
  for (unsigned r = r1; r <= r2; ++r) span |= 1U << (kBoxSide * r);
  return span;
}

// The mex of the values of the sets left by clearing each rectangle of `set`
// (values of smaller sets are in `values` already).
std::uint8_t value_of(unsigned set, const std::array<std::uint8_t, kBoxSets>& values) {
  std::uint64_t seen[2] = {0, 0};  // values below 128 (a 4x4 box has 100 rectangles)
  for (unsigned r1 = 0; r1 < kBoxSide; ++r1) {
    unsigned common = box_row(set, r1);
    for (unsigned r2 = r1; r2 < kBoxSide && common != 0; ++r2) {
      common &= box_row(set, r2);
      const unsigned rows = box_row_span(r1, r2);
      for (unsigned c1 = 0; c1 < kBoxSide; ++c1) {
        for (unsigned c2 = c1; c2 < kBoxSide && ((common >> c2) & 1U) != 0; ++c2) {
          const unsigned columns = (2U << c2) - (1U << c1);
          const unsigned v = values[set & ~(columns * rows)];
          seen[v / 64] |= std::uint64_t{1} << (v % 64);
        }
      }
    }
  }
  const int low = std::countr_one(seen[0]);
  return static_cast<std::uint8_t>(low < 64 ? low : 64 + std::countr_one(seen[1]));
}

}  // namespace

const std::uint8_t* build_box4_values() {
  static std::array<std::uint8_t, kBoxSets> values{};
  for (unsigned set = 1; set < kBoxSets; ++set) values[set] = value_of(set, values);
  return values.data();
}

}  // namespace grundy::games::rect_bits
