// The values of the sets of cells in a 4x4 box, for Rect::known_value: each the
// mex of the values of the sets its rectangles leave (smaller sets, found the
// same way), computed once per process when first asked for and kept in
// box4_known. The value of a set is that of the game played on it, so
// disconnected sets need no split. Filling on demand costs only the sets a search
// meets (the whole table would be about 34 M instructions, 10 ms, per process).
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>

#include "grundy/games/rect.hpp"

namespace grundy::games::rect_bits {

std::array<std::atomic<std::uint8_t>, 65536> box4_known{};

namespace {

constexpr unsigned kBoxSide = 4;

// Row r of a box index as a 4-bit mask.
constexpr unsigned box_row(unsigned set, unsigned r) { return (set >> (kBoxSide * r)) & 0xFU; }

// Column 0 of rows r1..r2 of the box: multiplying a row mask by it copies the row into each.
constexpr unsigned box_row_span(unsigned r1, unsigned r2) {
  unsigned span = 0;
  for (unsigned r = r1; r <= r2; ++r) span |= 1U << (kBoxSide * r);
  return span;
}

}  // namespace

Nimber box4_fill(unsigned index) {
  std::uint64_t seen[2] = {0, 0};  // values below 128 (a 4x4 box has 100 rectangles)
  for (unsigned r1 = 0; r1 < kBoxSide; ++r1) {
    unsigned common = box_row(index, r1);
    for (unsigned r2 = r1; r2 < kBoxSide && common != 0; ++r2) {
      common &= box_row(index, r2);
      const unsigned rows = box_row_span(r1, r2);
      for (unsigned c1 = 0; c1 < kBoxSide; ++c1) {
        for (unsigned c2 = c1; c2 < kBoxSide && ((common >> c2) & 1U) != 0; ++c2) {
          const unsigned columns = (2U << c2) - (1U << c1);
          const Nimber v = box4_value(index & ~(columns * rows));  // depth at most 16: one cell less each time
          seen[v / 64] |= std::uint64_t{1} << (v % 64);
        }
      }
    }
  }
  const int low = std::countr_one(seen[0]);
  const auto value = static_cast<Nimber>(low < 64 ? low : 64 + std::countr_one(seen[1]));
  box4_known[index].store(static_cast<std::uint8_t>(value + 1), std::memory_order_relaxed);
  return value;
}

}  // namespace grundy::games::rect_bits
