// Memo tables for the generic solver: a flat hash map keyed by canonical
// position, or a flat vector for games with a dense index. Both check the memory
// budget before they grow, so a search too large ends in BudgetExceeded.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "grundy/core/memory_budget.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy {

/// Marks a position whose value is being computed (on the solver's stack) or unknown.
inline constexpr Nimber kPendingValue = std::numeric_limits<Nimber>::max();

template <class P, class Hash>
class HashMemo {
 public:
  /// The stored value, or nullptr when the position was never stored.
  [[nodiscard]] const Nimber* find(const P& p) const {
    auto it = map_.find(p);
    return it == map_.end() ? nullptr : &it->second;
  }

  /// Stores a value, growing the table within `budget` (other_bytes: what the
  /// caller already holds besides the memo).
  void set(const P& p, Nimber v, const MemoryBudget& budget, std::uint64_t other_bytes) {
    if (map_.size() + 1 > map_.max_load()) {
      // A rehash doubles the table while the old one is still alive.
      budget.require(other_bytes + 3 * bytes() + kSlotBytes * 32, "the solver's memo table");
    }
    map_.insert_or_assign(p, v);
  }

  /// Forgets a position (used to drop the marks of an abandoned search).
  void erase(const P& p) { map_.erase(p); }

  [[nodiscard]] std::size_t size() const { return map_.size(); }
  [[nodiscard]] std::uint64_t bytes() const { return map_.bucket_count() * kSlotBytes; }
  void clear() { map_.clear(); }

 private:
  static constexpr std::uint64_t kSlotBytes = sizeof(std::pair<P, Nimber>) + 1;
  boost::unordered_flat_map<P, Nimber, Hash> map_;
};

template <class P, class Index>
class DenseMemo {
 public:
  explicit DenseMemo(Index index) : index_(index) {}

  [[nodiscard]] const Nimber* find(const P& p) const {
    const std::size_t i = index_(p);
    if (i >= values_.size() || values_[i] == kUnknown) return nullptr;
    return &values_[i];
  }

  void set(const P& p, Nimber v, const MemoryBudget& budget, std::uint64_t other_bytes) {
    const std::size_t i = index_(p);
    if (i >= values_.size()) {
      const std::size_t wanted = std::max<std::size_t>({i + 1, values_.size() * 2, 1024});
      budget.require(other_bytes + (wanted + values_.size()) * sizeof(Nimber), "the solver's dense memo table");
      values_.resize(wanted, kUnknown);
    }
    if (values_[i] == kUnknown) ++size_;
    values_[i] = v;
  }

  /// Forgets a position (used to drop the marks of an abandoned search).
  void erase(const P& p) {
    const std::size_t i = index_(p);
    if (i < values_.size() && values_[i] != kUnknown) {
      values_[i] = kUnknown;
      --size_;
    }
  }

  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] std::uint64_t bytes() const { return values_.capacity() * sizeof(Nimber); }
  void clear() {
    values_.clear();
    size_ = 0;
  }

 private:
  // Distinct from kPendingValue, which the solver stores to mark its stack.
  static constexpr Nimber kUnknown = kPendingValue - 1;
  Index index_;
  std::vector<Nimber> values_;
  std::size_t size_ = 0;
};

}  // namespace grundy
