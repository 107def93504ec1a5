// Analysis of a sum of components: each component's value, the nim-sum, the
// winner, and every winning move. A game's closed form (value hook) is used when
// it has one, the memoised solver otherwise; positions too large to enumerate
// are served by the moves_to hook.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <span>
#include <utility>
#include <vector>

#include "grundy/core/game.hpp"
#include "grundy/core/solver.hpp"

namespace grundy {

/// One option of a position: the move and the sum of components it leaves.
template <class P, class M>
struct Option {
  M move;
  std::vector<P> components;
};

/// A sink that records every option it is given, moves included.
template <class P, class M>
class OptionRecorder {
 public:
  void add(const M& move, std::span<const P> components) {
    options_.push_back(Option<P, M>{move, std::vector<P>(components.begin(), components.end())});
  }
  void add(const M& move, std::initializer_list<P> components) {
    options_.push_back(Option<P, M>{move, std::vector<P>(components)});
  }
  void add(const M& move) { options_.push_back(Option<P, M>{move, {}}); }

  [[nodiscard]] std::vector<Option<P, M>>& options() { return options_; }

 private:
  std::vector<Option<P, M>> options_;
};

/// A move in one component of a sum after which the total nim-sum is 0.
template <Game G>
struct WinningMove {
  std::size_t component;              // index into the analysed sum
  MoveOf<G> move;                     // the move within that component
  std::vector<PositionOf<G>> result;  // what the component becomes
};

template <Game G>
struct SumAnalysis {
  std::vector<Nimber> values;                 // values[i] is the value of component i
  Nimber nim_sum = 0;                         // the value of the whole sum
  std::vector<WinningMove<G>> winning_moves;  // empty exactly when nim_sum == 0

  [[nodiscard]] bool first_player_wins() const { return nim_sum != 0; }
};

/// `Memo` is for benchmarks comparing memo tables (see Solver).
template <Game G, class Memo = DefaultMemoOf<G>>
class Analyzer {
 public:
  using Position = PositionOf<G>;
  using Move = MoveOf<G>;

  /// Keeps a reference to `game`, which must outlive the analyzer.
  /// `limits` (or a MemoryBudget, which converts) bound every search it makes.
  explicit Analyzer(const G& game, SearchLimits limits = {}) : game_(game), solver_(game, std::move(limits)) {}

  /// The value of a position (closed form if the game has one, else search).
  Nimber value(const Position& p) {
    if constexpr (HasValue<G>) {
      return game_.value(p);
    } else {
      return solver_.value(p);
    }
  }

  /// The value of the sum of an option's components.
  Nimber value_of_sum(std::span<const Position> components) {
    Nimber total = 0;
    for (const Position& c : components) total ^= value(c);
    return total;
  }

  /// Every option of a position, in the game's order.
  std::vector<Option<Position, Move>> options(const Position& p) const {
    OptionRecorder<Position, Move> recorder;
    game_.options(p, recorder);
    return std::move(recorder.options());
  }

  /// The options of p whose value is `target`.
  std::vector<Option<Position, Move>> options_with_value(const Position& p, Nimber target) {
    OptionRecorder<Position, Move> recorder;
    if constexpr (HasMovesTo<G>) {
      game_.moves_to(p, target, recorder);
      return std::move(recorder.options());
    } else {
      game_.options(p, recorder);
      std::vector<Option<Position, Move>> kept;
      for (auto& option : recorder.options()) {
        if (value_of_sum(option.components) == target) kept.push_back(std::move(option));
      }
      return kept;
    }
  }

  /// Values, nim-sum and every winning move of a sum of components.
  SumAnalysis<G> analyze(std::span<const Position> sum) {
    SumAnalysis<G> result;
    for (const Position& p : sum) {
      result.values.push_back(value(p));
      result.nim_sum ^= result.values.back();
    }
    if (result.nim_sum == 0) return result;
    for (std::size_t i = 0; i < sum.size(); ++i) {
      const Nimber target = result.nim_sum ^ result.values[i];
      for (auto& option : options_with_value(sum[i], target)) {
        result.winning_moves.push_back(WinningMove<G>{i, std::move(option.move), std::move(option.components)});
      }
    }
    return result;
  }

  [[nodiscard]] Solver<G, Memo>& solver() { return solver_; }
  [[nodiscard]] const G& game() const { return game_; }

 private:
  const G& game_;
  Solver<G, Memo> solver_;
};

}  // namespace grundy
