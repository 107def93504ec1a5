// Subtraction games S(s1, s2, ...): a move takes exactly s tokens from one pile,
// for some s in the finite set S. With s_max = max S, g(n) depends only on the
// s_max values before it, so the first repeated window of s_max values proves the
// eventual period (Berlekamp, Conway, Guy, Winning Ways, ch. 4). The constructor
// computes values until that proof, after which any pile up to 2^64-1 is O(1).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "grundy/core/memory_budget.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy::games {

/// The proven eventually periodic value sequence of a subtraction set.
struct SubtractionPeriod {
  std::vector<std::uint32_t> values;  // g(0 .. preperiod + period - 1), at least
  std::uint64_t period = 1;           // the least p with g(n + p) = g(n) for all n >= preperiod
  std::uint64_t preperiod = 0;        // the least such n0 for that p
};

/// Computes g until a window of max(set) values repeats, then the least period and
/// pre-period. `set` must be sorted, distinct and positive. Throws BudgetExceeded
/// when the table or the window index would outgrow `budget`.
SubtractionPeriod find_subtraction_period(const std::vector<std::uint64_t>& set, const MemoryBudget& budget);

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

  /// Validates the set (non-empty, every element 1 .. kMaxElement; duplicates are
  /// merged) and proves its period. Throws InputError or BudgetExceeded.
  explicit Subtraction(std::vector<std::uint64_t> set, const MemoryBudget& budget = {});

  template <class Sink>
  void options(Position pile, Sink& sink) const {
    for (std::uint64_t s : set_) {
      if (s > pile) break;
      add_option(pile, s, sink);
    }
  }

  /// g(pile) in O(1) from the proven period.
  [[nodiscard]] Nimber value(Position pile) const {
    if (pile < period_.preperiod) return period_.values[pile];
    const std::uint64_t offset = (pile - period_.preperiod) % period_.period;
    return period_.values[period_.preperiod + offset];
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
  [[nodiscard]] std::uint64_t period() const { return period_.period; }
  [[nodiscard]] std::uint64_t preperiod() const { return period_.preperiod; }

 private:
  template <class Sink>
  static void add_option(Position pile, std::uint64_t take, Sink& sink) {
    if (take == pile) {
      sink.add(Move{pile, take});  // the pile is emptied: nothing is left
    } else {
      sink.add(Move{pile, take}, {pile - take});
    }
  }

  std::vector<std::uint64_t> set_;
  SubtractionPeriod period_;
};

/// Parses a subtraction set as users write it ("1,2,3"): comma-separated whole
/// numbers 1 .. Subtraction::kMaxElement, returned sorted with duplicates merged.
/// Errors name the input "--set", as the command line shows it. Throws InputError.
std::vector<std::uint64_t> parse_subtraction_set(std::string_view text);

}  // namespace grundy::games
