// The generic memoised solver: the value of any position of any Game.
// Depth-first with an explicit stack, so a game a million moves deep needs no
// recursion; options live in two shared arenas (components, option ends) that the
// stack truncates as it pops, so the steady state allocates nothing. A position
// met again while still on the stack is a cycle and raises CycleError. Limits
// (memory, deadline, stop flag, progress) come in a SearchLimits; the clock and
// the flag are looked at once per 1024 positions pushed. A game's known_value
// (closed forms for small components) is asked before an option component goes
// to the arena: a known value is folded into its option's constant part, with no
// memo lookup and no memo entry. With set_threads(n > 1), a game whose positions
// are one word is searched by a ParallelSolver instead (same values).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "grundy/core/errors.hpp"
#include "grundy/core/flat_memo.hpp"
#include "grundy/core/game.hpp"
#include "grundy/core/memo.hpp"
#include "grundy/core/memory_budget.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/core/parallel_solver.hpp"
#include "grundy/core/search_limits.hpp"

namespace grundy {

namespace detail {
/// A game's dense_index as the index function of a DenseMemo.
template <class G>
struct DenseIndexOf {
  const G* game;
  std::size_t operator()(const PositionOf<G>& p) const { return game->dense_index(p); }
};

/// The parallel solver a Solver may hand its searches to (none for games it cannot serve).
template <class G, bool = OneWordGame<G>>
struct ParallelOf {
  using type = std::nullptr_t;
};
template <class G>
struct ParallelOf<G, true> {
  using type = std::unique_ptr<ParallelSolver<G>>;
};

template <class G>
struct DefaultMemo {
  using type = HashMemo<PositionOf<G>, PositionHash<PositionOf<G>>>;
};
template <class G>
requires(!HasDenseIndex<G> && std::unsigned_integral<PositionOf<G>> &&
         sizeof(PositionOf<G>) <= sizeof(std::uint64_t)) struct DefaultMemo<G> {
  using type = FlatMemo<PositionOf<G>>;
};
template <class G>
requires HasDenseIndex<G>
struct DefaultMemo<G> {
  using type = DenseMemo<PositionOf<G>, DenseIndexOf<G>>;
};
}  // namespace detail

/// The memo the solver uses for G: a flat vector when G has a dense index, the
/// compact FlatMemo for one-word positions, a hash map otherwise.
template <Game G>
using DefaultMemoOf = typename detail::DefaultMemo<G>::type;

/// `Memo` is for benchmarks comparing memo tables; the default is the right choice.
template <Game G, class Memo = DefaultMemoOf<G>>
class Solver {
  struct Frame;

 public:
  using Position = PositionOf<G>;

  /// The search's working memory (the stack and the option arenas), empty between
  /// searches. A solver made for one short task may hand it to the next (a Python
  /// Engine per call does), whose search then runs on pages already mapped instead
  /// of fresh ones the kernel must first zero.
  struct Scratch {
    std::vector<Frame> stack;
    std::vector<Position> components;
    std::vector<Nimber> values;
    std::vector<std::size_t> option_ends;
    std::vector<Nimber> option_constants;
    [[nodiscard]] std::uint64_t bytes() const {
      return stack.capacity() * sizeof(Frame) + components.capacity() * sizeof(Position) +
             values.capacity() * sizeof(Nimber) + option_ends.capacity() * sizeof(std::size_t) +
             option_constants.capacity() * sizeof(Nimber);
    }
  };

  /// The solver keeps a reference to `game`, which must outlive it. A MemoryBudget
  /// converts to limits with no deadline, stop flag or progress report.
  explicit Solver(const G& game, SearchLimits limits = {})
      : game_(game), limits_(std::move(limits)), memo_(make_memo(game)) {}

  /// Replaces the limits of later searches (values already memoised are kept).
  void set_limits(SearchLimits limits) {
    if constexpr (OneWordGame<G>) {
      if (parallel_) parallel_->set_limits(limits);
    }
    limits_ = std::move(limits);
  }

  /// With threads > 1, later searches run on that many threads over a memo of
  /// their own (ParallelSolver: same values, memo_size() may differ); 1 returns
  /// to this solver's own search. Values found before are not carried over.
  void set_threads(unsigned threads) requires OneWordGame<G> {
    parallel_.reset();
    if (threads > 1) parallel_ = std::make_unique<ParallelSolver<G>>(game_, limits_, threads);
  }
  /// The parallel solver searches run on when threads() > 1, else nullptr.
  [[nodiscard]] auto parallel() const requires OneWordGame<G> { return static_cast<const ParallelSolver<G>*>(parallel_.get()); }
  /// The threads searches run on.
  [[nodiscard]] unsigned threads() const {
    if constexpr (OneWordGame<G>) {
      if (parallel_) return parallel_->threads();
    }
    return 1;
  }
  [[nodiscard]] const SearchLimits& limits() const { return limits_; }

  /// The value of a position: the nim-sum of its independent parts' values.
  /// Throws BudgetExceeded, CycleError, TimeExceeded or Interrupted; after an
  /// error the solver stays usable and keeps the values it had found.
  Nimber value(const Position& p) {
    parts_scratch_.clear();
    decompose_into(game_, p, parts_scratch_);
    const std::vector<Position> parts = parts_scratch_;
    Nimber total = 0;
    for (const Position& part : parts) total ^= component_value(part);
    return total;
  }

  /// The value of one component (canonicalised, not decomposed).
  Nimber component_value(const Position& raw) {
    if constexpr (OneWordGame<G>) {
      if (parallel_) return parallel_->component_value(raw);
    }
    const Position root = canonical_of(game_, raw);
    if (const Nimber* known = memo_.find(root)) {
      if (*known == kPendingValue) throw CycleError("the game has a cycle: a position can reach itself");
      return *known;
    }
    watch_.emplace(limits_);
    try {
      push(root);
      while (!stack_.empty()) {
        if (descend_into_unknown_component()) continue;
        finish_top_frame();
      }
    } catch (...) {
      abandon_search();
      watch_.reset();
      throw;
    }
    positions_searched_ += watch_->positions();
    watch_.reset();
    return *memo_.find(root);
  }

  /// Number of positions memoised so far.
  [[nodiscard]] std::size_t memo_size() const {
    if constexpr (OneWordGame<G>) {
      if (parallel_) return memo_.size() + parallel_->memo_size();
    }
    return memo_.size();
  }
  /// Bytes held by the memo table.
  [[nodiscard]] std::uint64_t memo_bytes() const {
    if constexpr (OneWordGame<G>) {
      if (parallel_) return memo_.bytes() + parallel_->memo_bytes();
    }
    return memo_.bytes();
  }
  /// Positions pushed by the searches that completed (each a memo entry computed).
  [[nodiscard]] std::uint64_t positions_searched() const {
    if constexpr (OneWordGame<G>) {
      if (parallel_) return positions_searched_ + parallel_->positions_searched();
    }
    return positions_searched_;
  }
  [[nodiscard]] const G& game() const { return game_; }

  /// Moves the working memory out (between searches), leaving this solver's empty.
  Scratch take_scratch() {
    checked_capacity_ = 0;
    return Scratch{std::move(stack_), std::move(components_), std::move(values_), std::move(option_ends_),
                   std::move(option_constants_)};
  }
  /// Takes `scratch` (another solver's, from take_scratch) as this one's working memory, between searches.
  void adopt_scratch(Scratch&& scratch) {
    stack_ = std::move(scratch.stack);
    components_ = std::move(scratch.components);
    values_ = std::move(scratch.values);
    option_ends_ = std::move(scratch.option_ends);
    option_constants_ = std::move(scratch.option_constants);
    // Emptied (a finished search leaves them empty anyway), capacity kept.
    stack_.clear();
    components_.clear();
    values_.clear();
    option_ends_.clear();
    option_constants_.clear();
  }

 private:
  static Memo make_memo(const G& game) {
    if constexpr (std::is_constructible_v<Memo, detail::DenseIndexOf<G>>) {
      return Memo(detail::DenseIndexOf<G>{&game});
    } else {
      (void)game;
      return Memo();
    }
  }

  struct Frame {
    Position position;
    std::size_t component_begin;  // first component of this frame's options in components_
    std::size_t end_begin;        // first option end of this frame in option_ends_
    std::size_t next;             // next component whose value is still to be looked up
  };

  // The sink the solver hands to options(): keeps canonical parts, drops moves.
  // It takes the game's Move type (not a deduced one), so a game may write a
  // braced move, sink.add({a, b}, {...}), as every engine sink accepts.
  class ComponentSink {
   public:
    using Move = MoveOf<G>;
    static constexpr bool drops_moves = true;  // a game may pass any move (game.hpp)
    explicit ComponentSink(Solver& solver) : solver_(solver) {}
    void add(const Move&, std::span<const Position> components) {
      for (const Position& c : components) solver_.append_component(c);
      solver_.end_option();
    }
    void add(const Move& move, std::initializer_list<Position> components) {
      add(move, std::span<const Position>(components.begin(), components.size()));
    }
    void add(const Move&) { solver_.end_option(); }
    /// An option whose components are final: atomic, canonical and without a known
    /// value (a game without those hooks), so they go to the arena as they are.
    void add_final(const Move&, std::span<const Position> components) {
      solver_.components_.insert(solver_.components_.end(), components.begin(), components.end());
      solver_.end_option();
    }
    /// An option whose components the game has already split (each atomic: its
    /// decompose would give it back), so only canonical forms are taken.
    void add_parts(const Move&, std::span<const Position> parts) {
      for (const Position& part : parts) solver_.append_canonical(canonical_of(solver_.game_, part));
      solver_.end_option();
    }

   private:
    Solver& solver_;
  };

  void append_component(const Position& c) {
    if constexpr (HasDecompose<G>) {
      split_scratch_.clear();
      game_.decompose(c, split_scratch_);
      for (const Position& part : split_scratch_) append_canonical(canonical_of(game_, part));
    } else {
      append_canonical(canonical_of(game_, c));
    }
  }

  // One canonical component of the option being built: to the arena, or, when the
  // game knows its value, into the option's constant part.
  void append_canonical(const Position& c) {
    if constexpr (HasKnownValue<G>) {
      if (const std::optional<Nimber> known = game_.known_value(c)) {
        option_constant_ ^= *known;
        return;
      }
    }
    components_.push_back(c);
  }

  void end_option() {
    option_ends_.push_back(components_.size());
    if constexpr (HasKnownValue<G>) {
      option_constants_.push_back(option_constant_);
      option_constant_ = 0;
    }
  }

  [[nodiscard]] std::uint64_t arena_bytes() const {
    return components_.capacity() * sizeof(Position) + values_.capacity() * sizeof(Nimber) +
           option_ends_.capacity() * sizeof(std::size_t) + option_constants_.capacity() * sizeof(Nimber) +
           stack_.capacity() * sizeof(Frame);
  }

  void push(const Position& p) {
    watch_->tick([this] { return std::pair<std::size_t, std::uint64_t>{memo_.size(), memo_.bytes()}; });
    memo_.set(p, kPendingValue, limits_.memory, arena_bytes());
    const std::size_t component_begin = components_.size();
    const std::size_t end_begin = option_ends_.size();
    // On the stack before options() runs, so a game's exception there (a Python
    // callback's) leaves abandon_search() a frame to unmark.
    stack_.push_back(Frame{p, component_begin, end_begin, component_begin});
    ComponentSink sink(*this);
    game_.options(p, sink);
    if constexpr (HasPrefetchOptions<G>) {
      // The positions the search goes to next: a game that answers many in one call fetches them now.
      game_.prefetch_options(std::span<const Position>(components_).subspan(component_begin));
    }
    if constexpr (requires { memo_.prefetch(p); }) {
      // The lookups of descend_into_unknown_component() then find their slots in cache.
      for (std::size_t i = component_begin; i < components_.size(); ++i) memo_.prefetch(components_[i]);
    }
    values_.resize(components_.size());
    if (components_.capacity() != checked_capacity_ || stack_.size() % 4096 == 0) {
      checked_capacity_ = components_.capacity();
      limits_.memory.require(arena_bytes() + memo_.bytes(), "the solver's search stack");
    }
  }

  // After an error mid-search: unmark the positions on the stack, so the solver
  // stays usable (values already memoised are right and are kept).
  void abandon_search() {
    for (const Frame& frame : stack_) memo_.erase(frame.position);
    stack_.clear();
    components_.clear();
    values_.clear();
    option_ends_.clear();
    option_constants_.clear();
    option_constant_ = 0;
  }

  // Looks up the top frame's pending components; pushes the first unknown one.
  bool descend_into_unknown_component() {
    Frame& top = stack_.back();
    while (top.next < components_.size()) {
      const Nimber* known = memo_.find(components_[top.next]);
      if (known == nullptr) {
        const Position child = components_[top.next];
        push(child);
        return true;
      }
      if (*known == kPendingValue) throw CycleError("the game has a cycle: a position can reach itself");
      values_[top.next] = *known;
      ++top.next;
    }
    return false;
  }

  // Every component of the top frame is known: its value is the mex of the options.
  void finish_top_frame() {
    const Frame& top = stack_.back();
    mex_.clear();
    std::size_t c = top.component_begin;
    for (std::size_t e = top.end_begin; e < option_ends_.size(); ++e) {
      Nimber option_value = 0;
      if constexpr (HasKnownValue<G>) option_value = option_constants_[e];
      for (; c < option_ends_[e]; ++c) option_value ^= values_[c];
      mex_.insert(option_value);
    }
    const Nimber value = mex_.mex();
    memo_.set(top.position, value, limits_.memory, arena_bytes());
    components_.resize(top.component_begin);
    values_.resize(top.component_begin);
    option_ends_.resize(top.end_begin);
    if constexpr (HasKnownValue<G>) option_constants_.resize(top.end_begin);
    stack_.pop_back();
  }

  const G& game_;
  SearchLimits limits_;
  std::optional<SearchWatch> watch_;  // engaged while a search runs
  std::uint64_t positions_searched_ = 0;
  Memo memo_;
  typename detail::ParallelOf<G>::type parallel_{};  // engaged by set_threads(n > 1)
  std::vector<Frame> stack_;
  std::vector<Position> components_;
  std::vector<Nimber> values_;  // values_[i] is the value of components_[i] once looked up
  std::vector<std::size_t> option_ends_;
  std::vector<Nimber> option_constants_;  // with known_value: option i's known part (xor), beside option_ends_[i]
  Nimber option_constant_ = 0;            // the known part of the option being built
  std::vector<Position> split_scratch_;
  std::vector<Position> parts_scratch_;
  MexSet mex_;
  std::size_t checked_capacity_ = 0;
};

}  // namespace grundy
