// A compact memo for positions that are one unsigned word (bit-boards, packed
// states): open addressing with linear probing in one array of 16-byte slots
// {key, value}, Fibonacci hashing, at most 11/16 full. A lookup is one cache line
// in the common case, and prefetch() lets the solver start the memory loads of a
// position's option components before it looks them up: on memos far larger
// than the cache the lookups, not the move generation, are the cost. Large
// tables sit on huge pages (HugePageAllocator): no page walk per lookup.
#pragma once

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "grundy/core/huge_page_allocator.hpp"
#include "grundy/core/memo.hpp"
#include "grundy/core/memory_budget.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy {

/// `kHugePages = false` keeps the table on ordinary pages (a baseline for benchmarks).
template <std::unsigned_integral P, bool kHugePages = true>
class FlatMemo {
 public:
  /// The stored value, or nullptr when the position was never stored.
  [[nodiscard]] const Nimber* find(P p) const {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = home(p);; i = (i + 1) & mask_) {
      const Slot& slot = slots_[i];
      if (slot.value == kEmpty) return nullptr;
      if (slot.key == p) return &slot.value;
    }
  }

  /// Starts loading the slot where p's lookup begins (a hint, no effect on contents).
  void prefetch(P p) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[home(p)]);
  }

  /// Stores a value, growing the table within `budget` (other_bytes: what the
  /// caller already holds besides the memo). Throws BudgetExceeded.
  void set(P p, Nimber v, const MemoryBudget& budget, std::uint64_t other_bytes) {
    if ((size_ + 1) * 16 > slots_.size() * 11) grow(budget, other_bytes);
    std::size_t i = home(p);
    while (slots_[i].value != kEmpty && slots_[i].key != p) i = (i + 1) & mask_;
    if (slots_[i].value == kEmpty) ++size_;
    slots_[i] = Slot{p, v};
  }

  /// Forgets a position (used to drop the marks of an abandoned search): the
  /// entries after it in its run move back, so no lookup needs tombstones.
  void erase(P p) {
    if (slots_.empty()) return;
    std::size_t hole = home(p);
    while (slots_[hole].key != p || slots_[hole].value == kEmpty) {
      if (slots_[hole].value == kEmpty) return;
      hole = (hole + 1) & mask_;
    }
    --size_;
    for (std::size_t i = (hole + 1) & mask_; slots_[i].value != kEmpty; i = (i + 1) & mask_) {
      // Move slot i into the hole unless its home lies cyclically in (hole, i].
      const std::size_t h = home(slots_[i].key);
      const bool home_after_hole = ((i - h) & mask_) < ((i - hole) & mask_);
      if (home_after_hole) continue;
      slots_[hole] = slots_[i];
      hole = i;
    }
    slots_[hole].value = kEmpty;
  }

  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] std::uint64_t bytes() const { return slots_.capacity() * sizeof(Slot); }
  void clear() {
    slots_.clear();
    size_ = 0;
  }

 private:
  struct Slot {
    std::uint64_t key;
    Nimber value;
  };
  using Slots = std::vector<Slot, std::conditional_t<kHugePages, HugePageAllocator<Slot>, std::allocator<Slot>>>;
  // Distinct from kPendingValue, which the solver stores to mark its stack.
  static constexpr Nimber kEmpty = kPendingValue - 1;
  static constexpr std::size_t kFirstSlots = 1024;

  [[nodiscard]] std::size_t home(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_);
  }

  void grow(const MemoryBudget& budget, std::uint64_t other_bytes) {
    const std::size_t count = slots_.empty() ? kFirstSlots : slots_.size() * 2;
    // The old table is alive while the new one fills.
    budget.require(other_bytes + bytes() + count * sizeof(Slot), "the solver's memo table");
    Slots old(count, Slot{0, kEmpty});
    old.swap(slots_);
    mask_ = count - 1;
    shift_ = 64 - std::countr_zero(count);
    for (const Slot& slot : old) {
      if (slot.value == kEmpty) continue;
      std::size_t i = home(slot.key);
      while (slots_[i].value != kEmpty) i = (i + 1) & mask_;
      slots_[i] = slot;
    }
  }

  Slots slots_;
  std::size_t mask_ = 0;
  int shift_ = 64;
  std::size_t size_ = 0;
};

}  // namespace grundy
