// A memo several search threads share, lock-free on the hot path: open
// addressing with linear probing over 16-byte slots {key, state}, each word an
// atomic. A key is published once (compare-and-swap from 0, the empty mark; the
// position 0 has a slot of its own) and never moves while threads search; the
// state word alone says what is known: nothing yet, "being searched by thread t",
// or the value. A reader thus never sees half a slot. Growing needs every thread
// out of the table: searchers hold a shared lock and let go of it at their
// check points (ParallelSolver), the grower takes it exclusively.
#pragma once

#include <atomic>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <vector>

#include "grundy/core/huge_page_allocator.hpp"
#include "grundy/core/memory_budget.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy {

/// What a SharedMemo knows of one position.
struct SharedMemoState {
  enum class Kind : std::uint8_t { missing, busy, known };
  Kind kind = Kind::missing;
  std::uint32_t owner = 0;  ///< with busy: the thread searching the position
  Nimber value = 0;         ///< with known
};

/// A lock-free memo for one-word positions, shared by the threads of a ParallelSolver.
template <std::unsigned_integral P>
class SharedMemo {
 public:
  using State = SharedMemoState;

  SharedMemo() = default;
  SharedMemo(const SharedMemo&) = delete;
  SharedMemo& operator=(const SharedMemo&) = delete;

  /// What is known of p (a lookup; call with the table lock held shared).
  [[nodiscard]] State find(P p) const { return decode(state_word(p)->load(std::memory_order_acquire)); }

  /// Starts loading the slot where p's lookup begins.
  void prefetch(P p) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[home(p)]);
  }

  /// Marks p as searched by `owner` unless it is known or busy already; returns
  /// the state before (missing: the caller now owns p). `inserted` is incremented
  /// when p took a new slot (the caller reports these with note_inserted()).
  State claim(P p, std::uint32_t owner, std::size_t& inserted) {
    std::atomic<std::uint64_t>* word = state_word_inserting(p, inserted);
    std::uint64_t expected = kUnknownWord;
    if (word->compare_exchange_strong(expected, kBusyBit | owner, std::memory_order_acq_rel)) return State{};
    return decode(expected);
  }

  /// Stores p's value (p's slot exists: it was claimed or found busy before).
  void set(P p, Nimber v) { state_word(p)->store(v + 1, std::memory_order_release); }

  /// Drops `owner`'s busy mark on p (an abandoned search), leaving any value.
  void release(P p, std::uint32_t owner) {
    std::atomic<std::uint64_t>* word = state_word(p);
    if (word == nullptr) return;
    std::uint64_t expected = kBusyBit | owner;
    word->compare_exchange_strong(expected, kUnknownWord, std::memory_order_acq_rel);
  }

  /// Adds n new slots to the shared count (callers batch them: one atomic add per batch).
  void note_inserted(std::size_t n) { size_.fetch_add(n, std::memory_order_relaxed); }
  /// True when the table should grow before more inserts (checked at batch ends).
  [[nodiscard]] bool wants_grow() const {
    return (size_.load(std::memory_order_relaxed) + kHeadroom) * 16 > capacity_ * 11;
  }

  /// The table lock: searchers hold it shared, grow() exclusively.
  [[nodiscard]] std::shared_mutex& lock() { return lock_; }

  /// Doubles the table (if still needed) within `budget`; takes the lock
  /// exclusively, so the caller must not hold it. Throws BudgetExceeded.
  void grow(const MemoryBudget& budget, std::uint64_t other_bytes) {
    std::unique_lock guard(lock_);
    if (!slots_.empty() && !wants_grow()) return;
    resize_to(slots_.empty() ? kFirstSlots : capacity_ * 2, budget, other_bytes);
  }

  /// Grows the table at once to `slots` (a power of two) when the budget leaves
  /// room for it with other_bytes and as much again; else leaves it. Called
  /// before other threads join: growing while several run makes them wait for
  /// one another (the one that grows holds the lock for the whole rehash).
  void reserve(const MemoryBudget& budget, std::uint64_t other_bytes, std::size_t slots) {
    std::unique_lock guard(lock_);
    if (slots <= capacity_ || 2 * (other_bytes + slots * sizeof(Slot)) > budget.bytes()) return;
    resize_to(slots, budget, other_bytes);
  }

  /// Positions with a slot (known, busy, or abandoned).  /// Positions with a slot (known, busy, or abandoned).
  [[nodiscard]] std::size_t size() const { return size_.load(std::memory_order_relaxed); }
  [[nodiscard]] std::uint64_t bytes() const { return capacity_ * sizeof(Slot); }

 private:
  // Rehashes every slot into a table of `count` slots (the lock held exclusively).
  void resize_to(std::size_t count, const MemoryBudget& budget, std::uint64_t other_bytes) {
    budget.require(other_bytes + bytes() + count * sizeof(Slot), "the solver's memo table");
    Slots old(count);
    old.swap(slots_);
    capacity_ = count;
    mask_ = count - 1;
    shift_ = 64 - std::countr_zero(count);
    for (const Slot& slot : old) {
      const std::uint64_t key = slot.key.load(std::memory_order_relaxed);
      if (key == 0) continue;
      std::size_t i = home(static_cast<P>(key));
      while (slots_[i].key.load(std::memory_order_relaxed) != 0) i = (i + 1) & mask_;
      slots_[i].key.store(key, std::memory_order_relaxed);
      slots_[i].state.store(slot.state.load(std::memory_order_relaxed), std::memory_order_relaxed);
    }
  }

  struct Slot {
    std::atomic<std::uint64_t> key{0};  // 0: empty (position 0 lives in zero_state_)
    std::atomic<std::uint64_t> state{kUnknownWord};
  };
  using Slots = std::vector<Slot, HugePageAllocator<Slot>>;
  static constexpr std::uint64_t kUnknownWord = 0;
  static constexpr std::uint64_t kBusyBit = std::uint64_t{1} << 63;
  static constexpr std::size_t kFirstSlots = std::size_t{1} << 16;
  // Inserts other threads may make between two of their checks (batches of 64, up to 64 threads).
  static constexpr std::size_t kHeadroom = 64 * 64;

  static State decode(std::uint64_t word) {
    if (word == kUnknownWord) return State{};
    if ((word & kBusyBit) != 0) {
      return State{State::Kind::busy, static_cast<std::uint32_t>(word & ~kBusyBit), 0};
    }
    return State{State::Kind::known, 0, word - 1};
  }

  [[nodiscard]] std::size_t home(P key) const {
    return static_cast<std::size_t>((static_cast<std::uint64_t>(key) * 0x9E3779B97F4A7C15ULL) >> shift_);
  }

  // p's state word, or a word reading "unknown" when p has no slot.
  const std::atomic<std::uint64_t>* state_word(P p) const {
    if (p == 0) return &zero_state_;
    if (capacity_ == 0) return &kNoSlot;
    for (std::size_t i = home(p);; i = (i + 1) & mask_) {
      const std::uint64_t key = slots_[i].key.load(std::memory_order_acquire);
      if (key == 0) return &kNoSlot;
      if (key == static_cast<std::uint64_t>(p)) return &slots_[i].state;
    }
  }
  std::atomic<std::uint64_t>* state_word(P p) {
    if (p == 0) return &zero_state_;
    if (capacity_ == 0) return nullptr;
    for (std::size_t i = home(p);; i = (i + 1) & mask_) {
      const std::uint64_t key = slots_[i].key.load(std::memory_order_acquire);
      if (key == 0) return nullptr;
      if (key == static_cast<std::uint64_t>(p)) return &slots_[i].state;
    }
  }

  std::atomic<std::uint64_t>* state_word_inserting(P p, std::size_t& inserted) {
    if (p == 0) return &zero_state_;
    for (std::size_t i = home(p);; i = (i + 1) & mask_) {
      std::uint64_t key = slots_[i].key.load(std::memory_order_acquire);
      if (key == 0) {
        if (slots_[i].key.compare_exchange_strong(key, static_cast<std::uint64_t>(p), std::memory_order_acq_rel)) {
          ++inserted;
          return &slots_[i].state;
        }
        // Another thread took the slot first: key now holds its position.
      }
      if (key == static_cast<std::uint64_t>(p)) return &slots_[i].state;
    }
  }

  static inline const std::atomic<std::uint64_t> kNoSlot{kUnknownWord};

  Slots slots_;
  std::size_t capacity_ = 0;
  std::size_t mask_ = 0;
  int shift_ = 64;
  std::atomic<std::size_t> size_{0};
  std::atomic<std::uint64_t> zero_state_{kUnknownWord};
  std::shared_mutex lock_;
};

}  // namespace grundy
