// Subtraction games S(s1, s2, ...): a move takes exactly s tokens from one pile,
// for some s in the finite set S. With s_max = max S, g(n) depends only on the
// s_max values before it, so the first repeated window of s_max values proves the
// eventual period (Berlekamp, Conway, Guy, Winning Ways, ch. 4). The constructor
// computes values until that proof, after which any pile up to 2^64-1 is O(1);
// told the largest pile, it stops early once the piles are covered and the proof
// is not in sight. A set whose elements share a factor d is the set S/d played on
// blocks of d tokens: g_S(n) = g_{S/d}(n / d), so S = {10^9} is S = {1} at once.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "grundy/core/memory_budget.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy::games {

/// The value sequence of a subtraction set, with its period once proven.
struct SubtractionPeriod {
  std::vector<std::uint32_t> values;        // g(0 .. preperiod + period - 1) at least, when proven
  std::optional<std::uint64_t> period;      // the least p with g(n + p) = g(n) for all n >= preperiod
  std::optional<std::uint64_t> preperiod;   // the least such n0 for that p
};

/// Computes g until a window of max(set) values repeats, then the least period and
/// pre-period; with `stop_after`, gives up the proof once g(0..stop_after) is
/// known (the period is then unset). `set` must be sorted, distinct and positive.
/// Throws BudgetExceeded when the table or the window index would outgrow `budget`,
/// before anything is allocated when the table that any proof needs (max(set) + 1
/// values, or stop_after + 1) is already too large.
SubtractionPeriod find_subtraction_period(const std::vector<std::uint64_t>& set, const MemoryBudget& budget,
                                          std::optional<std::uint64_t> stop_after = std::nullopt);

class Subtraction {
 public:
  using Position = std::uint64_t;  // the pile size
  struct Move {
    std::uint64_t from;
    std::uint64_t take;
    friend bool operator==(const Move&, const Move&) = default;
  };

  /// The largest element a subtraction set may have: the table holds at least that
  /// many values, so larger sets could not fit in any memory budget.
  static constexpr std::uint64_t kMaxElement = 1'000'000'000;

  /// Values computed in any case when the largest pile is given: the period proof
  /// gets this many values before the game settles for covering the piles.
  static constexpr std::uint64_t kProofAttempt = std::uint64_t{1} << 16;

  /// Validates the set (non-empty, every element 1 .. kMaxElement; duplicates are
  /// merged) and proves its period. Given `largest_pile`, computes values only
  /// until the period is proven or g(max(largest_pile, kProofAttempt)) is known,
  /// whichever comes first; value() then serves piles up to largest_pile.
  /// Throws InputError or BudgetExceeded.
  explicit Subtraction(std::vector<std::uint64_t> set, const MemoryBudget& budget = {},
                       std::optional<std::uint64_t> largest_pile = std::nullopt);

  template <class Sink>
  void options(Position pile, Sink& sink) const {
    for (std::uint64_t s : set_) {
      if (s > pile) break;
      add_option(pile, s, sink);
    }
  }

  /// g(pile) in O(1): from the table, or from the proven period beyond it.
  /// Throws InputError for a pile beyond the table when no period is proven.
  [[nodiscard]] Nimber value(Position pile) const {
    const Position block = pile / scale_;
    if (block < period_.values.size()) return period_.values[block];
    if (!period_.period) throw_beyond(pile);
    const std::uint64_t offset = (block - *period_.preperiod) % *period_.period;
    return period_.values[*period_.preperiod + offset];
  }

  /// The options of `pile` whose value is `target`: |S| O(1) lookups.
  template <class Sink>
  void moves_to(Position pile, Nimber target, Sink& sink) const {
    for (std::uint64_t s : set_) {
      if (s > pile) break;
      if (value(pile - s) == target) add_option(pile, s, sink);
    }
  }

  /// The set, sorted and without duplicates.
  [[nodiscard]] const std::vector<std::uint64_t>& set() const { return set_; }
  /// The least period and pre-period, when proven.
  [[nodiscard]] std::optional<std::uint64_t> period() const { return scaled(period_.period); }
  [[nodiscard]] std::optional<std::uint64_t> preperiod() const { return scaled(period_.preperiod); }
  /// How many values are known: g(0..computed()-1) (saturating at 2^64 - 1).
  [[nodiscard]] std::uint64_t computed() const;

 private:
  [[noreturn]] void throw_beyond(Position pile) const;
  [[nodiscard]] std::optional<std::uint64_t> scaled(std::optional<std::uint64_t> blocks) const;

  template <class Sink>
  static void add_option(Position pile, std::uint64_t take, Sink& sink) {
    if (take == pile) {
      sink.add(Move{pile, take});  // the pile is emptied: nothing is left
    } else {
      sink.add(Move{pile, take}, {pile - take});
    }
  }

  std::vector<std::uint64_t> set_;
  std::uint64_t scale_ = 1;    // the factor the set's elements share: period_ is that of set_ / scale_
  SubtractionPeriod period_;
};

/// Parses a subtraction set as users write it ("1,2,3"): comma-separated whole
/// numbers 1 .. Subtraction::kMaxElement, returned sorted with duplicates merged.
/// Errors name the input "--set", as the command line shows it. Throws InputError.
std::vector<std::uint64_t> parse_subtraction_set(std::string_view text);

}  // namespace grundy::games
