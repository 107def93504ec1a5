// Analysis of a sum of components: each component's value, the nim-sum, the
// winner, and the winning moves (counted all, listed up to a limit). A game's
// closed form (value hook) is used when it has one, the memoised solver
// otherwise; positions too large to enumerate are served by the moves_to hook.
// Options are looked at one at a time as the game emits them, so a sum of many
// large components costs memory in proportion to the moves listed, not to the
// options seen.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <span>
#include <unordered_map>
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
  std::vector<PositionOf<G>> result;  // what the component becomes (when result_known)
  bool result_known = true;           // false past the analysis's budget for results
};

template <Game G>
struct SumAnalysis {
  std::vector<Nimber> values;                 // values[i] is the value of component i
  Nimber nim_sum = 0;                         // the value of the whole sum
  std::vector<WinningMove<G>> winning_moves;  // the first ones (all by default), in component order
  std::uint64_t winning_moves_count = 0;      // all of them (a lower bound when not complete); 0 when nim_sum == 0
  bool winning_moves_complete = true;         // false when the game could not find or count them all

  [[nodiscard]] bool first_player_wins() const { return nim_sum != 0; }
};

/// analyze() lists every winning move unless told fewer.
inline constexpr std::size_t kEveryMove = std::numeric_limits<std::size_t>::max();

namespace detail {

/// The bytes a container position (a row) holds besides itself; 0 for a plain value.
template <class P>
std::uint64_t position_bytes(const P& p) {
  if constexpr (requires { p.size(); }) {
    return static_cast<std::uint64_t>(p.size()) * sizeof(*p.begin());
  } else {
    return 0;
  }
}

/// What is left of the analysis's allowance for the results of listed moves.
struct ResultBudget {
  std::uint64_t bytes_left;
  bool closed = false;  // a result did not fit: later moves are listed without theirs
};

/// The sink the analysis hands a game's moves_to: counts every option, keeps the
/// first `room` as winning moves of `component`, with what they leave while the
/// result budget lasts. recording() tells a game whose components are costly to
/// build (a copy of a long row) when it may skip them.
template <Game G>
class WinningMoveSink {
 public:
  using P = PositionOf<G>;
  using M = MoveOf<G>;

  WinningMoveSink(std::vector<WinningMove<G>>& kept, std::size_t component, std::size_t room, ResultBudget& budget)
      : kept_(kept), component_(component), room_(room), budget_(budget) {}

  void add(const M& move, std::span<const P> components) { record(move, components.begin(), components.end()); }
  void add(const M& move, std::initializer_list<P> components) { record(move, components.begin(), components.end()); }
  void add(const M& move) { record(move, static_cast<const P*>(nullptr), static_cast<const P*>(nullptr)); }
  [[nodiscard]] bool recording() const { return room_ > 0 && !budget_.closed; }
  // The counting hooks (game.hpp): n more options of the value, not listed; some
  // neither listed nor counted.
  [[nodiscard]] bool full() const { return room_ == 0; }
  void count(std::uint64_t n) { count_ += n; }
  void incomplete() { complete_ = false; }
  /// Options listed or counted.
  [[nodiscard]] std::uint64_t count() const { return count_; }
  [[nodiscard]] bool complete() const { return complete_; }

 private:
  template <class It>
  void record(const M& move, It begin, It end) {
    ++count_;
    if (room_ == 0) return;
    --room_;
    std::uint64_t bytes = 0;
    for (It it = begin; it != end; ++it) bytes += position_bytes(*it);
    if (budget_.closed || bytes > budget_.bytes_left) {
      budget_.closed = true;
      kept_.push_back(WinningMove<G>{component_, move, {}, false});
      return;
    }
    budget_.bytes_left -= bytes;
    kept_.push_back(WinningMove<G>{component_, move, std::vector<P>(begin, end)});
  }
  std::vector<WinningMove<G>>& kept_;
  std::size_t component_;
  std::size_t room_;
  ResultBudget& budget_;
  std::uint64_t count_ = 0;
  bool complete_ = true;
};

/// Passes on to `Inner` the options whose value is `target`, valuing each as the
/// game emits it (for games without moves_to): no option is stored.
template <class Analyzer, class Inner>
class ValueFilter {
 public:
  using P = typename Analyzer::Position;
  using M = typename Analyzer::Move;

  ValueFilter(Analyzer& analyzer, Nimber target, Inner& inner) : analyzer_(analyzer), target_(target), inner_(inner) {}

  void add(const M& move, std::span<const P> components) {
    if (analyzer_.value_of_sum(components) == target_) inner_.add(move, components);
  }
  void add(const M& move, std::initializer_list<P> components) {
    add(move, std::span<const P>(components.begin(), components.size()));
  }
  void add(const M& move) {
    if (target_ == 0) inner_.add(move);
  }

 private:
  Analyzer& analyzer_;
  Nimber target_;
  Inner& inner_;
};

}  // namespace detail

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
    emit_options_with_value(p, target, recorder);
    return std::move(recorder.options());
  }

  /// Gives `sink` the options of p whose value is `target`, one at a time: the
  /// moves_to hook where the game has one, else every option valued as it comes.
  template <class Sink>
  void emit_options_with_value(const Position& p, Nimber target, Sink& sink) {
    if constexpr (HasMovesTo<G>) {
      game_.moves_to(p, target, sink);
    } else {
      detail::ValueFilter<Analyzer, Sink> filter(*this, target, sink);
      game_.options(p, filter);
    }
  }

  /// Values, nim-sum, the number of winning moves of a sum of components and
  /// the first `max_moves` of them (every one by default), with what each leaves
  /// while the container positions among those results (rows) hold at most
  /// `result_bytes` (later moves have result_known false). Memory: the values and
  /// the moves listed; a component equal to an earlier one is not searched
  /// again once nothing more is to be listed.
  SumAnalysis<G> analyze(std::span<const Position> sum, std::size_t max_moves = kEveryMove,
                         std::uint64_t result_bytes = std::numeric_limits<std::uint64_t>::max()) {
    SumAnalysis<G> result;
    result.values.reserve(sum.size());
    for (const Position& p : sum) {
      result.values.push_back(value(p));
      result.nim_sum ^= result.values.back();
    }
    if (result.nim_sum == 0) return result;
    std::unordered_map<Position, std::uint64_t, PositionHash<Position>> counted;
    detail::ResultBudget budget{result_bytes};
    for (std::size_t i = 0; i < sum.size(); ++i) {
      const std::size_t room = max_moves - std::min(max_moves, result.winning_moves.size());
      if (room == 0) {
        if (const auto seen = counted.find(sum[i]); seen != counted.end()) {
          result.winning_moves_count += seen->second;
          continue;
        }
      }
      const Nimber target = result.nim_sum ^ result.values[i];
      detail::WinningMoveSink<G> sink(result.winning_moves, i, room, budget);
      emit_options_with_value(sum[i], target, sink);
      result.winning_moves_count += sink.count();
      result.winning_moves_complete = result.winning_moves_complete && sink.complete();
      if (sum.size() > 1 && sink.complete()) counted.emplace(sum[i], sink.count());
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
