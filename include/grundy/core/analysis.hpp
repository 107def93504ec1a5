// Analysis of a sum of components: each component's value, the nim-sum, the
// winner, and every winning move. A game's closed form (value hook) is used when
// it has one, the memoised solver otherwise; positions too large to enumerate
// are served by the moves_to hook.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
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

/// A sink for moves_to that records the first `limit` options and counts them
/// all. It offers the counting hooks (game.hpp): a game whose options of one
/// value are too many to list may pass some, count the others with count(n),
/// and say with incomplete() that some were neither listed nor counted.
template <class P, class M>
class CountingRecorder {
 public:
  explicit CountingRecorder(std::size_t limit) : limit_(limit) {}
  void add(const M& move, std::span<const P> components) {
    if (!full()) options_.push_back(Option<P, M>{move, std::vector<P>(components.begin(), components.end())});
    ++count_;
  }
  void add(const M& move, std::initializer_list<P> components) {
    add(move, std::span<const P>(components.begin(), components.size()));
  }
  void add(const M& move) { add(move, std::span<const P>()); }
  [[nodiscard]] bool full() const { return options_.size() >= limit_; }
  void count(std::uint64_t n) { count_ += n; }
  void incomplete() { complete_ = false; }

  [[nodiscard]] std::vector<Option<P, M>>& options() { return options_; }
  /// Options listed or counted.
  [[nodiscard]] std::uint64_t counted() const { return count_; }
  [[nodiscard]] bool complete() const { return complete_; }

 private:
  std::size_t limit_;
  std::vector<Option<P, M>> options_;
  std::uint64_t count_ = 0;
  bool complete_ = true;
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
  std::vector<WinningMove<G>> winning_moves;  // the first ones (all unless a limit was given); none when nim_sum == 0
  std::uint64_t winning_moves_count = 0;      // listed or not; a lower bound when not complete
  bool winning_moves_complete = true;         // false when the game could not find or count them all

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
    CountingRecorder<Position, Move> recorder(std::numeric_limits<std::size_t>::max());
    options_with_value(p, target, recorder);
    return std::move(recorder.options());
  }

  /// The options of p whose value is `target`, into `recorder` (which lists the
  /// first ones and counts them all).
  void options_with_value(const Position& p, Nimber target, CountingRecorder<Position, Move>& recorder) {
    if constexpr (HasMovesTo<G>) {
      game_.moves_to(p, target, recorder);
    } else {
      OptionRecorder<Position, Move> all;
      game_.options(p, all);
      for (auto& option : all.options()) {
        if (value_of_sum(option.components) == target) recorder.add(option.move, option.components);
      }
    }
  }

  /// Values, nim-sum and the winning moves of a sum of components: the first
  /// `max_listed` listed, all counted (winning_moves_complete says whether the
  /// game could count them all).
  SumAnalysis<G> analyze(std::span<const Position> sum,
                         std::size_t max_listed = std::numeric_limits<std::size_t>::max()) {
    SumAnalysis<G> result;
    for (const Position& p : sum) {
      result.values.push_back(value(p));
      result.nim_sum ^= result.values.back();
    }
    if (result.nim_sum == 0) return result;
    for (std::size_t i = 0; i < sum.size(); ++i) {
      const Nimber target = result.nim_sum ^ result.values[i];
      CountingRecorder<Position, Move> recorder(max_listed - result.winning_moves.size());
      options_with_value(sum[i], target, recorder);
      for (auto& option : recorder.options()) {
        result.winning_moves.push_back(WinningMove<G>{i, std::move(option.move), std::move(option.components)});
      }
      result.winning_moves_count += recorder.counted();
      result.winning_moves_complete = result.winning_moves_complete && recorder.complete();
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
