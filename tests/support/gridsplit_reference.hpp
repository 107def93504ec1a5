// The reference grid-splitting solver that tests and benchmarks share: the
// plain O(N^6) dynamic programme over every sub-rectangle, independent of the
// fast compressed table in games/gridsplit.hpp.
#pragma once

#include <cstddef>
#include <set>
#include <vector>

#include "grundy/games/gridsplit.hpp"

namespace grundy::testing {

using games::GridSplitBoard;

// The plain dynamic programme of the grid-splitting problem: sg of every
// sub-rectangle [x1..x2] x [y1..y2] (inclusive) by increasing size, each from
// all the candidates inside it, a set for the mex. O(N^6).
class GridSplitReference {
 public:
  explicit GridSplitReference(const GridSplitBoard& b) : b_(b), n_(b.rows()), m_(b.cols()), sg_(n_ * n_ * m_ * m_, 0) {
    for (std::size_t h = 0; h < n_; ++h) {
      for (std::size_t w = 0; w < m_; ++w) {
        for (std::size_t x1 = 0; x1 + h < n_; ++x1) {
          for (std::size_t y1 = 0; y1 + w < m_; ++y1) {
            const std::size_t x2 = x1 + h, y2 = y1 + w;
            std::set<unsigned> seen;
            for (std::size_t x = x1; x <= x2; ++x) {
              for (std::size_t y = y1; y <= y2; ++y) {
                if (!b_.is_candidate(x, y)) continue;
                seen.insert(get(x1, x, y1, y) ^ get(x1, x, y + 1, y2 + 1) ^ get(x + 1, x2 + 1, y1, y) ^
                            get(x + 1, x2 + 1, y + 1, y2 + 1));
              }
            }
            unsigned mex = 0;
            while (seen.count(mex) != 0) ++mex;
            sg_[((x1 * n_ + x2) * m_ + y1) * m_ + y2] = mex;
          }
        }
      }
    }
  }
  // Half-open [x1, x2) x [y1, y2); empty rectangles are 0.
  [[nodiscard]] unsigned get(std::size_t x1, std::size_t x2, std::size_t y1, std::size_t y2) const {
    if (x1 >= x2 || y1 >= y2) return 0;
    return sg_[((x1 * n_ + (x2 - 1)) * m_ + y1) * m_ + (y2 - 1)];
  }

 private:
  const GridSplitBoard& b_;
  std::size_t n_, m_;
  std::vector<unsigned> sg_;
};

}  // namespace grundy::testing
