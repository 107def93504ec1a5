// Take-and-break heap games: octal and hexadecimal codes, Kayles, Dawson's
// Kayles, Treblecross, Dawson's chess, Officers, Grundy's game (heap/codes.hpp).
// A position is one heap; a move removes k tokens and leaves 0-3 non-empty heaps
// as the code allows. Values come from a HeapTable (heap/table.hpp); once its
// period is proven, value and moves_to serve heaps up to 2^63-1: a split of a
// huge heap n-k = a + b has, for a >= n0, a value that depends only on a mod p,
// so the winning splits form O(n0 + p) families a = a0, a0 + p, ... (Move::step).
// Reference: Berlekamp, Conway, Guy, Winning Ways, ch. 4.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>

#include "grundy/core/errors.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/moves.hpp"
#include "grundy/heap/rules.hpp"
#include "grundy/heap/table.hpp"

namespace grundy::games {

class OctalGame {
 public:
  using Position = std::uint64_t;  // a heap size

  /// Remove `take` tokens from a heap of `from`, leaving `heaps` heaps `to[0..heaps)`
  /// (ascending). When step > 0 the move stands for a family of `count` splits:
  /// to[0] + i*step and to[1] - i*step for i < count (two-heap splits only).
  struct Move {
    std::uint64_t from = 0;
    std::uint64_t take = 0;
    std::array<std::uint64_t, 3> to{};
    std::uint8_t heaps = 0;
    std::uint64_t step = 0;
    std::uint64_t count = 1;
    friend bool operator==(const Move&, const Move&) = default;
  };

  static constexpr std::uint64_t kMaxHeap = (std::uint64_t{1} << 63) - 1;
  /// Heaps whose splits are listed one by one in moves_to (larger ones use families
  /// when a period is proven).
  static constexpr std::uint64_t kDefaultFamilyThreshold = 20000;

  /// The game reads values from `table` (which may grow later; the game keeps it).
  explicit OctalGame(std::shared_ptr<const heap::HeapTable> table,
                     std::uint64_t family_threshold = kDefaultFamilyThreshold)
      : table_(std::move(table)), rules_(&table_->rules()), family_threshold_(family_threshold) {}

  [[nodiscard]] const heap::HeapRules& rules() const { return *rules_; }
  [[nodiscard]] const heap::HeapTable& table() const { return *table_; }

  /// Every option of a heap: O(n) for two-heap splits, O(n^2) for three-heap ones.
  template <class Sink>
  void options(Position n, Sink& sink) const {
    heap::for_each_option(*rules_, n, [&](std::uint64_t k, std::span<const std::uint64_t> parts) {
      Move move{.from = n, .take = k, .heaps = static_cast<std::uint8_t>(parts.size())};
      std::copy(parts.begin(), parts.end(), move.to.begin());
      if (parts.empty()) {
        sink.add(move);
      } else {
        sink.add(move, parts);
      }
    });
  }

  /// g(n) from the table; throws InputError beyond the table when no period is proven.
  [[nodiscard]] Nimber value(Position n) const { return table_->value(n); }

  /// Exactly the options of value `target`. Heaps within the table or below the
  /// family threshold: one Move per option. Larger heaps with a proven period:
  /// splits with a >= n0 come as families. Throws InputError for three-heap
  /// splits of larger heaps, and for their two-heap splits when the period is
  /// arithmetic (the split values then follow no residue pattern).
  template <class Sink>
  void moves_to(Position n, Nimber target, Sink& sink) const {
    const bool families = table_->period().has_value() && n > family_threshold_;
    heap::for_each_shape(*rules_, n, [&](std::uint64_t k, unsigned heaps) {
      const std::uint64_t rest = n - k;
      if (heaps == 0) {
        if (target == 0) sink.add(Move{.from = n, .take = k});
      } else if (heaps == 1) {
        if (value(rest) == target) sink.add(Move{.from = n, .take = k, .to = {rest}, .heaps = 1}, {rest});
      } else if (heaps == 2 && families) {
        if (table_->period()->saltus != 0) refuse_splits(n, "two");
        two_heap_families(n, k, target, sink);
      } else if (heaps == 2) {
        heap::for_each_pair(*rules_, rest, [&](std::uint64_t a, std::uint64_t b) {
          if ((value(a) ^ value(b)) == target) sink.add(Move{.from = n, .take = k, .to = {a, b}, .heaps = 2}, {a, b});
        });
      } else {
        if (families) refuse_splits(n, "three");
        heap::for_each_triple(rest, [&](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
          if ((value(a) ^ value(b) ^ value(c)) == target) {
            sink.add(Move{.from = n, .take = k, .to = {a, b, c}, .heaps = 3}, {a, b, c});
          }
        });
      }
    });
  }

 private:
  [[noreturn]] void refuse_splits(std::uint64_t n, const char* parts) const {
    throw InputError("winning moves of " + rules_->name() + " in a heap of " + std::to_string(n) + ": " + parts +
                     "-heap splits of heaps beyond " + std::to_string(family_threshold_) +
                     (table_->period()->saltus != 0 ? " with an arithmetic period" : "") +
                     " are not enumerated; use a smaller heap");
  }

  // Splits rest = a + b (a <= b) of value target, with the table periodic from n0
  // with period p: each a < n0 alone, then one family per residue of a mod p.
  template <class Sink>
  void two_heap_families(std::uint64_t n, std::uint64_t k, Nimber target, Sink& sink) const {
    const std::uint64_t rest = n - k;
    const std::uint64_t p = table_->period()->period;
    const std::uint64_t n0 = std::max<std::uint64_t>(table_->period()->preperiod, 1);
    const std::uint64_t a_max = heap::last_pair_first(*rules_, rest);
    for (std::uint64_t a = 1; a <= a_max && a < n0; ++a) {
      if ((value(a) ^ value(rest - a)) == target) {
        sink.add(Move{.from = n, .take = k, .to = {a, rest - a}, .heaps = 2}, {a, rest - a});
      }
    }
    if (a_max < n0) return;
    // For a >= n0 (so b = rest - a >= a >= n0): g(a) ^ g(b) depends on a mod p only.
    for (std::uint64_t first = n0; first < n0 + p && first <= a_max; ++first) {
      if ((value(first) ^ value(rest - first)) != target) continue;
      const std::uint64_t count = (a_max - first) / p + 1;
      Move move{.from = n, .take = k, .to = {first, rest - first}, .heaps = 2};
      if (count > 1) {
        move.step = p;
        move.count = count;
      }
      sink.add(move, {first, rest - first});
    }
  }

  std::shared_ptr<const heap::HeapTable> table_;
  const heap::HeapRules* rules_;
  std::uint64_t family_threshold_;
};

}  // namespace grundy::games
