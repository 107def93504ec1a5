// Take-and-break heap games: octal and hexadecimal codes, Kayles, Dawson's
// Kayles, Treblecross, Dawson's chess, Officers, Grundy's game (heap/codes.hpp).
// A position is one heap; a move removes k tokens and leaves 0-3 non-empty heaps
// as the code allows. Values come from a HeapTable (heap/table.hpp); once its
// period is proven, value and moves_to serve heaps up to 2^63-1: a split of a
// huge heap n-k = a + b has, for a >= n0, a value g(a) ^ g(b) whose parts move in
// step along a's residue class, so the winning splits form O(n0 + p) families
// a = a0, a0 + p, ... (Move::step) or, with a saltus, O(n0 + p) sets solved by
// sums and xors (heap/sum_xor.hpp); three-heap splits go by their smallest part.
// Reference: Berlekamp, Conway, Guy, Winning Ways, ch. 4.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "grundy/core/errors.hpp"
#include "grundy/core/game.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/moves.hpp"
#include "grundy/heap/rules.hpp"
#include "grundy/heap/sum_xor.hpp"
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

  /// The most moves of one heap listed one by one from the splits of a huge
  /// heap when the sink counts (game.hpp): the others are counted, not listed.
  static constexpr std::uint64_t kMaxListedSplits = 10'000;
  /// The work (splits tried one by one, 16 per residue class of a saltus) spent
  /// on the splits of one huge heap after one take; past it they are incomplete.
  static constexpr std::uint64_t kMaxSplitWork = std::uint64_t{1} << 20;

  /// Exactly the options of value `target`. Heaps within the table or below the
  /// family threshold: one Move per option. Larger heaps with a proven period
  /// g(n + p) = g(n) + s (n >= n0): a two-heap split a + b with a >= n0 keeps
  /// g(a) + g(b) fixed along a's residue class, so with s = 0 the class is one
  /// family (Move::step) and with s > 0 its winning a's are the solutions of
  /// x + y = C, x ^ y = target (heap/sum_xor.hpp), counted exactly; three-heap
  /// splits a + b + c are those two-heap ones of b + c for each smallest part a,
  /// tried up to kMaxSplitWork. A counting sink gets the first
  /// kMaxListedSplits, a count of the rest, and incomplete() when splits were
  /// left untried; any other sink gets every option, or InputError when some
  /// could not be tried.
  template <class Sink>
  void moves_to(Position n, Nimber target, Sink& sink) const {
    const bool structured = table_->period().has_value() && n > family_threshold_;
    Budget budget;
    heap::for_each_shape(*rules_, n, [&](std::uint64_t k, unsigned heaps) {
      const std::uint64_t rest = n - k;
      budget.work = kMaxSplitWork;  // each shape its own work, so one cannot starve the next
      if (heaps == 0) {
        if (target == 0) sink.add(Move{.from = n, .take = k});
      } else if (heaps == 1) {
        if (value(rest) == target) sink.add(Move{.from = n, .take = k, .to = {rest}, .heaps = 1}, {rest});
      } else if (heaps == 2 && structured) {
        PairsOut<Sink> out{*this, sink, budget, n, k};
        pair_splits(rest, 1, rules_->unequal_split(), target, out, budget);
      } else if (heaps == 2) {
        heap::for_each_pair(*rules_, rest, [&](std::uint64_t a, std::uint64_t b) {
          if ((value(a) ^ value(b)) == target) sink.add(Move{.from = n, .take = k, .to = {a, b}, .heaps = 2}, {a, b});
        });
      } else if (structured) {
        triple_splits(n, k, target, sink, budget);
      } else {
        heap::for_each_triple(rest, [&](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
          if ((value(a) ^ value(b) ^ value(c)) == target) {
            sink.add(Move{.from = n, .take = k, .to = {a, b, c}, .heaps = 3}, {a, b, c});
          }
        });
      }
    });
  }

 private:
  struct Budget {
    std::uint64_t work = kMaxSplitWork;
    std::uint64_t listed = 0;
  };

  // Whether the next split is listed (else counted): always for a sink that does not count.
  template <class Sink>
  static bool wants(const Sink& sink, const Budget& budget) {
    if constexpr (CountingSink<Sink>) {
      return !sink.full() && budget.listed < kMaxListedSplits;
    } else {
      return true;
    }
  }

  template <class Sink>
  void some_untried(Sink& sink, std::uint64_t n) const {
    if constexpr (CountingSink<Sink>) {
      sink.incomplete();
    } else {
      throw InputError("winning moves of " + rules_->name() + " in a heap of " + std::to_string(n) +
                       ": too many splits to try; ask a counting analysis (the command line's) instead");
    }
  }

  // Adds the split `move` (parts `parts`), or counts it once the sink has enough.
  template <class Sink>
  static void give(Sink& sink, Budget& budget, const Move& move, std::span<const std::uint64_t> parts) {
    if (wants(sink, budget)) {
      ++budget.listed;
      sink.add(move, parts);
    } else if constexpr (CountingSink<Sink>) {
      sink.count(1);
    }
  }

  // The two-heap splits of a heap of n after taking k.
  template <class Sink>
  struct PairsOut {
    const OctalGame& game;
    Sink& sink;
    Budget& budget;
    std::uint64_t n;
    std::uint64_t k;
    [[nodiscard]] bool want() const { return wants(sink, budget); }
    void single(std::uint64_t a, std::uint64_t b) {
      const std::array<std::uint64_t, 2> parts{a, b};
      give(sink, budget, Move{.from = n, .take = k, .to = {a, b}, .heaps = 2}, parts);
    }
    void family(std::uint64_t first, std::uint64_t second, std::uint64_t step, std::uint64_t count) {
      Move move{.from = n, .take = k, .to = {first, second}, .heaps = 2, .step = step, .count = count};
      const std::array<std::uint64_t, 2> parts{first, second};
      sink.add(move, std::span<const std::uint64_t>(parts));  // one family: one move, as always
    }
    void more(std::uint64_t count) {
      if constexpr (CountingSink<Sink>) {
        sink.count(count);
      } else if (count != 0) {
        unknown();
      }
    }
    void unknown() { game.some_untried(sink, n); }
  };

  // The three-heap splits a + b + c of a heap of n after taking k, for one smallest part a.
  template <class Sink>
  struct TriplesOut {
    const OctalGame& game;
    Sink& sink;
    Budget& budget;
    std::uint64_t n;
    std::uint64_t k;
    std::uint64_t a;
    [[nodiscard]] bool want() const { return wants(sink, budget); }
    void single(std::uint64_t b, std::uint64_t c) {
      const std::array<std::uint64_t, 3> parts{a, b, c};
      give(sink, budget, Move{.from = n, .take = k, .to = {a, b, c}, .heaps = 3}, parts);
    }
    void family(std::uint64_t first, std::uint64_t second, std::uint64_t step, std::uint64_t count) {
      std::uint64_t i = 0;
      for (; i < count && want(); ++i) single(first + i * step, second - i * step);
      more(count - i);
    }
    void more(std::uint64_t count) {
      if constexpr (CountingSink<Sink>) {
        sink.count(count);
      } else if (count != 0) {
        unknown();
      }
    }
    void unknown() { game.some_untried(sink, n); }
  };

  template <class Sink>
  void triple_splits(std::uint64_t n, std::uint64_t k, Nimber target, Sink& sink, Budget& budget) const {
    const std::uint64_t rest = n - k;
    for (std::uint64_t a = 1; 3 * a <= rest; ++a) {
      if (budget.work == 0) return some_untried(sink, n);
      TriplesOut<Sink> out{*this, sink, budget, n, k, a};
      pair_splits(rest - a, a, false, target ^ value(a), out, budget);
    }
  }

  // The splits rest = a + b with a_lo <= a <= b (a < b when `unequal`) and
  // g(a) ^ g(b) == target, with the table periodic from n0 = max(preperiod, 1):
  // each a < n0 alone (out.single), then per residue class of a mod p either
  // one family (saltus 0: out.family) or the class's solutions of the sum and
  // xor of values (out.single while out.want(), the rest out.more); out.unknown
  // when some could not be tried or counted.
  template <class Out>
  void pair_splits(std::uint64_t rest, std::uint64_t a_lo, bool unequal, Nimber target, Out& out,
                   Budget& budget) const {
    if (rest < 2) return;
    const heap::Periodicity& period = *table_->period();
    const std::uint64_t p = period.period;
    const std::uint64_t s = period.saltus;
    const std::uint64_t n0 = std::max<std::uint64_t>(period.preperiod, 1);
    const std::uint64_t a_max = unequal ? (rest - 1) / 2 : rest / 2;
    for (std::uint64_t a = a_lo; a <= a_max && a < n0; ++a) {
      if (budget.work == 0) return out.unknown();
      --budget.work;
      if ((value(a) ^ value(rest - a)) == target) out.single(a, rest - a);
    }
    // For a >= n0 (so b = rest - a >= a >= n0), a += p moves g(a) up by s and g(b) down by s.
    const std::uint64_t start = std::max(a_lo, n0);
    for (std::uint64_t first = start; first < start + p && first <= a_max; ++first) {
      const std::uint64_t cost = s == 0 ? 1 : 16;
      if (budget.work < cost) {
        budget.work = 0;  // spent: the caller stops too
        return out.unknown();
      }
      budget.work -= cost;
      const std::uint64_t count = (a_max - first) / p + 1;
      const Nimber x0 = value(first);
      const Nimber y0 = value(rest - first);
      if (s == 0) {
        if ((x0 ^ y0) != target) continue;
        if (count == 1) {
          out.single(first, rest - first);
        } else {
          out.family(first, rest - first, p, count);
        }
        continue;
      }
      Nimber sum = 0;
      if (__builtin_add_overflow(x0, y0, &sum)) {
        out.unknown();
        continue;
      }
      const heap::SumXorProgression solutions(sum, target, x0, value(first + (count - 1) * p), s);
      const std::optional<std::uint64_t> total = solutions.count();
      if (total && *total == 0) continue;
      std::uint64_t listed = 0;
      bool all_listed = false;
      if (out.want()) {
        const bool finished = solutions.list(
            [&](std::uint64_t x) {
              const std::uint64_t a = first + (x - x0) / s * p;
              out.single(a, rest - a);
              ++listed;
              return out.want();
            },
            kMaxSplitWork);
        all_listed = finished && out.want();
      }
      if (all_listed) continue;
      if (total) {
        out.more(*total - listed);
      } else {
        out.unknown();
      }
    }
  }

  std::shared_ptr<const heap::HeapTable> table_;
  const heap::HeapRules* rules_;
  std::uint64_t family_threshold_;
};

}  // namespace grundy::games
