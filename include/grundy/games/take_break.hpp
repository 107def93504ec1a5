// Take-and-break games stated by a generalized code (heap/take_break_code.hpp)
// that octal and hexadecimal digits cannot state: moves may leave any number of
// heaps, under a modifier (pairwise unequal, not all equal, all equal), and may
// remove any number of tokens (a repeating tail). A position is one heap; values
// come from a HeapTable grown by the plain kernel; once a period is proven,
// value() serves heaps up to 2^63-1, while moves are listed one by one (up to a
// work limit past which a counting analysis says it is incomplete).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/errors.hpp"
#include "grundy/core/game.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/heap/table.hpp"
#include "grundy/heap/take_break_code.hpp"

namespace grundy::games {

class TakeBreakGame {
 public:
  using Position = std::uint64_t;  // a heap size

  /// Remove `take` tokens from a heap of `from`, leaving the heaps `to` (ascending).
  struct Move {
    std::uint64_t from = 0;
    std::uint64_t take = 0;
    std::vector<std::uint64_t> to;
    friend bool operator==(const Move&, const Move&) = default;
  };

  static constexpr std::uint64_t kMaxHeap = (std::uint64_t{1} << 63) - 1;
  /// Options examined by one moves_to before it gives up (incomplete, or InputError).
  static constexpr std::uint64_t kMaxListedOptions = std::uint64_t{1} << 22;

  /// The table's rules must be generalized (HeapRules::general()).
  explicit TakeBreakGame(std::shared_ptr<const heap::HeapTable> table)
      : table_(std::move(table)), code_(table_->rules().general()) {
    if (code_ == nullptr) throw Error("TakeBreakGame: the rules are not a generalized code");
  }

  [[nodiscard]] const heap::TakeBreakCode& code() const { return *code_; }
  [[nodiscard]] const heap::HeapTable& table() const { return *table_; }

  /// One option to a sink: a move that takes `take` and leaves `parts` (none: the heap is gone).
  template <class Sink>
  static void add_option(Sink& sink, Position n, std::uint64_t take, std::span<const std::uint64_t> parts) {
    Move move{.from = n, .take = take, .to = std::vector<std::uint64_t>(parts.begin(), parts.end())};
    if (parts.empty()) {
      sink.add(move);
    } else {
      sink.add(move, parts);
    }
  }

  /// Every option of a heap, take ascending, then the number of heaps, then the parts.
  template <class Sink>
  void options(Position n, Sink& sink) const {
    heap::for_each_code_option(*code_, n, [&](std::uint64_t take, std::span<const std::uint64_t> parts) {
      add_option(sink, n, take, parts);
      return true;
    });
  }

  /// g(n) from the table; throws InputError beyond it when no period is proven.
  [[nodiscard]] Nimber value(Position n) const { return table_->value(n); }

  /// The options of value `target`, examining at most kMaxListedOptions options.
  template <class Sink>
  void moves_to(Position n, Nimber target, Sink& sink) const {
    std::uint64_t examined = 0;
    const bool whole = heap::for_each_code_option(*code_, n, [&](std::uint64_t take, std::span<const std::uint64_t> parts) {
      if (++examined > kMaxListedOptions) return false;
      Nimber v = 0;
      for (std::uint64_t part : parts) v ^= value(part);
      if (v != target) return true;
      if constexpr (CountingSink<Sink>) {
        if (sink.full()) {
          sink.count(1);
          return true;
        }
      }
      add_option(sink, n, take, parts);
      return true;
    });
    if (whole) return;
    if constexpr (CountingSink<Sink>) {
      sink.incomplete();
    } else {
      throw InputError("winning moves in a heap of " + std::to_string(n) + ": more than " +
                       std::to_string(kMaxListedOptions) + " options to try");
    }
  }

 private:
  std::shared_ptr<const heap::HeapTable> table_;
  const heap::TakeBreakCode* code_;
};

}  // namespace grundy::games
