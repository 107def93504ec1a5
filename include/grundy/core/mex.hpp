// The mex (minimum excludant) of a set of values, gathered one value at a time.
// Most positions have values below 64, so those live in one machine word and the
// mex is a single count-trailing-ones; larger values spill into a vector that is
// sorted only when the word is full. Reusable without reallocating.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy {

class MexSet {
 public:
  /// Adds one value to the set (duplicates are fine).
  void insert(Nimber v) {
    if (v < 64) {
      low_ |= std::uint64_t{1} << v;
    } else {
      high_.push_back(v);
    }
  }

  /// True if the value was inserted.
  [[nodiscard]] bool contains(Nimber v) const {
    if (v < 64) return (low_ >> v) & 1U;
    return std::find(high_.begin(), high_.end(), v) != high_.end();
  }

  /// The smallest value not in the set.
  [[nodiscard]] Nimber mex() {
    if (~low_ != 0) return static_cast<Nimber>(std::countr_one(low_));
    std::sort(high_.begin(), high_.end());
    Nimber want = 64;
    for (Nimber v : high_) {
      if (v == want) {
        ++want;
      } else if (v > want) {
        break;
      }
    }
    return want;
  }

  /// Empties the set, keeping its storage.
  void clear() noexcept {
    low_ = 0;
    high_.clear();
  }

 private:
  std::uint64_t low_ = 0;
  std::vector<Nimber> high_;
};

/// The mex of a range of values.
template <class Range>
Nimber mex_of(const Range& values) {
  MexSet set;
  for (Nimber v : values) set.insert(v);
  return set.mex();
}

}  // namespace grundy
