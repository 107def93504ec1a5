// The generic misère search: who wins a sum of components of any Game when the
// player who makes the last move loses. Misère sums do not reduce to nimbers, so
// the state is the whole sum: the multiset of its components, each decomposed
// and canonicalised by the game, components known to have no move dropped, the
// rest sorted. States are memoised (hash of the multiset) and searched depth
// first with an explicit stack; a state is a win as soon as one option is a loss
// (options already known to be losses are looked for first). The same engine, in
// grundy mode, computes misère Grundy values (the mex of the options', 1 for a
// position with no move), which the genus needs. Cost: the number of distinct
// multisets reachable, which grows quickly with the sum's size.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include "grundy/core/errors.hpp"
#include "grundy/core/game.hpp"
#include "grundy/core/memo.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/core/search_limits.hpp"

namespace grundy::misere {

/// What the search stores per state: win (1) or loss (0), or the misère Grundy value.
enum class MisereMode { outcome, grundy };

/// Hashes a multiset (a sorted vector of positions) from its elements' hashes.
template <class P>
struct MultisetHash {
  std::size_t operator()(const std::vector<P>& state) const {
    std::size_t h = state.size();
    for (const P& p : state) h ^= PositionHash<P>{}(p) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
  }
};

template <Game G>
class MisereSearch {
 public:
  using P = PositionOf<G>;
  using M = MoveOf<G>;
  using State = std::vector<P>;

  /// Keeps a reference to `game`, which must outlive the search.
  explicit MisereSearch(const G& game, SearchLimits limits = {}, MisereMode mode = MisereMode::outcome)
      : game_(game), limits_(std::move(limits)), mode_(mode) {}

  /// Replaces the limits of later searches (states already memoised are kept).
  void set_limits(SearchLimits limits) { limits_ = std::move(limits); }

  /// The canonical state of a sum: every component decomposed and canonicalised,
  /// those known to have no move dropped, the rest sorted.
  [[nodiscard]] State state_of(std::span<const P> sum) {
    State state;
    for (const P& p : sum) append_normalised(p, state);
    sort_state(state.begin(), state.end());
    return state;
  }

  /// True when the player to move wins the sum under misère play (no move at all: a win).
  /// Throws BudgetExceeded, TimeExceeded, Interrupted or CycleError.
  [[nodiscard]] bool first_player_wins(std::span<const P> sum) { return value(state_of(sum)) != 0; }

  /// The state's stored value: 1 (win) or 0 (loss) in outcome mode, the misère
  /// Grundy value in grundy mode.
  [[nodiscard]] Nimber value(const State& state) {
    if (const Nimber* known = find(state)) {
      if (*known == kPendingValue) throw CycleError("the game has a cycle: a position can reach itself");
      return *known;
    }
    watch_.emplace(limits_);
    try {
      push(state);
      while (!stack_.empty()) {
        if (descend()) continue;
        finish_top();
      }
    } catch (...) {
      abandon();
      watch_.reset();
      throw;
    }
    positions_searched_ += watch_->positions();
    watch_.reset();
    return *find(state);
  }

  /// States memoised so far.
  [[nodiscard]] std::size_t memo_size() const { return memo_.size(); }
  /// States pushed by the searches that completed.
  [[nodiscard]] std::uint64_t positions_searched() const { return positions_searched_; }
  [[nodiscard]] const G& game() const { return game_; }

 private:
  struct Frame {
    State state;
    std::size_t comp_begin;   // first component of this frame's children in comps_
    std::size_t child_begin;  // first child of this frame in child_ends_
    std::size_t next;         // next child to look up
    bool won = false;
  };

  // Collects one component's options as children of the state being expanded.
  class ChildSink {
   public:
    ChildSink(MisereSearch& search, const State& state, std::size_t skip)
        : search_(search), state_(state), skip_(skip) {}
    void add(const M&, std::span<const P> components) { child(components); }
    void add(const M& move, std::initializer_list<P> components) {
      add(move, std::span<const P>(components.begin(), components.size()));
    }
    void add(const M&) { child({}); }
    [[nodiscard]] bool any() const { return any_; }

   private:
    void child(std::span<const P> components) {
      any_ = true;
      search_.watch_->tick([this] {
        return std::pair<std::size_t, std::uint64_t>{search_.memo_.size(), search_.bytes_};
      });
      const std::size_t begin = search_.comps_.size();
      for (std::size_t i = 0; i < state_.size(); ++i) {
        if (i != skip_) search_.comps_.push_back(state_[i]);
      }
      for (const P& c : components) search_.append_normalised(c, search_.comps_);
      sort_state(search_.comps_.begin() + static_cast<std::ptrdiff_t>(begin), search_.comps_.end());
      search_.child_ends_.push_back(search_.comps_.size());
    }
    MisereSearch& search_;
    const State& state_;
    std::size_t skip_;
    bool any_ = false;
  };

  template <class It>
  static void sort_state(It begin, It end) {
    if constexpr (std::totally_ordered<P>) {
      std::sort(begin, end);
    } else {
      // Equal multisets may then differ in order only between elements of equal
      // hash: a memo miss at worst, never a wrong answer.
      std::sort(begin, end, [](const P& a, const P& b) { return PositionHash<P>{}(a) < PositionHash<P>{}(b); });
    }
  }

  void append_normalised(const P& p, std::vector<P>& out) {
    parts_.clear();
    decompose_into(game_, p, parts_);
    for (const P& part : parts_) {
      P c = canonical_of(game_, part);
      if (!terminal_.contains(c)) out.push_back(std::move(c));
    }
  }

  const Nimber* find(std::span<const P> state) {
    lookup_.assign(state.begin(), state.end());
    auto it = memo_.find(lookup_);
    return it == memo_.end() ? nullptr : &it->second;
  }

  [[nodiscard]] std::uint64_t arena_bytes() const {
    return comps_.capacity() * sizeof(P) + child_ends_.capacity() * sizeof(std::size_t) +
           values_.capacity() * sizeof(Nimber) + stack_.capacity() * sizeof(Frame);
  }

  void store(const State& state, Nimber v) {
    auto [it, inserted] = memo_.insert_or_assign(state, v);
    if (!inserted) return;
    bytes_ += kSlotBytes + state.size() * sizeof(P);
    if (memo_.size() % 1024 == 0) limits_.memory.require(bytes_ + arena_bytes(), "the misère search's memo table");
  }

  void push(const State& state) {
    watch_->tick([this] { return std::pair<std::size_t, std::uint64_t>{memo_.size(), bytes_}; });
    store(state, kPendingValue);
    Frame frame{state, comps_.size(), child_ends_.size(), child_ends_.size()};
    for (std::size_t i = 0; i < state.size(); ++i) {
      if (i > 0 && state[i] == state[i - 1]) continue;  // the same component: the same children
      ChildSink sink(*this, frame.state, i);
      game_.options(state[i], sink);
      if (!sink.any()) terminal_.insert(state[i]);
    }
    values_.resize(child_ends_.size());
    if (mode_ == MisereMode::outcome) frame.won = has_known_loss(frame);
    stack_.push_back(std::move(frame));
    if (stack_.size() % 1024 == 0 || comps_.capacity() != checked_capacity_) {
      checked_capacity_ = comps_.capacity();
      limits_.memory.require(bytes_ + arena_bytes(), "the misère search's stack");
    }
  }

  std::span<const P> child(std::size_t j) const {
    const std::size_t begin = j == 0 ? 0 : child_ends_[j - 1];
    return {comps_.data() + begin, child_ends_[j] - begin};
  }

  // A cheap first pass: an option already known to be a loss wins at once.
  bool has_known_loss(const Frame& frame) {
    for (std::size_t j = frame.child_begin; j < child_ends_.size(); ++j) {
      const Nimber* known = find(child(j));
      if (known != nullptr && *known == 0) return true;
    }
    return false;
  }

  // Looks up the top frame's children; pushes the first unknown one.
  bool descend() {
    Frame& top = stack_.back();
    if (top.won) return false;
    while (top.next < child_ends_.size()) {
      const Nimber* known = find(child(top.next));
      if (known == nullptr) {
        const std::span<const P> c = child(top.next);
        push(State(c.begin(), c.end()));
        return true;
      }
      if (*known == kPendingValue) throw CycleError("the game has a cycle: a position can reach itself");
      values_[top.next] = *known;
      if (mode_ == MisereMode::outcome && *known == 0) {
        top.won = true;
        return false;
      }
      ++top.next;
    }
    return false;
  }

  void finish_top() {
    Frame& top = stack_.back();
    Nimber v = 1;  // no option at all: the player to move wins (misère Grundy value 1)
    if (top.child_begin != child_ends_.size()) {
      if (mode_ == MisereMode::outcome) {
        v = top.won ? 1 : 0;
      } else {
        mex_.clear();
        for (std::size_t j = top.child_begin; j < child_ends_.size(); ++j) mex_.insert(values_[j]);
        v = mex_.mex();
      }
    }
    store(top.state, v);
    comps_.resize(top.comp_begin);
    child_ends_.resize(top.child_begin);
    values_.resize(top.child_begin);
    stack_.pop_back();
  }

  void abandon() {
    for (const Frame& frame : stack_) memo_.erase(frame.state);
    stack_.clear();
    comps_.clear();
    child_ends_.clear();
    values_.clear();
  }

  static constexpr std::uint64_t kSlotBytes = sizeof(std::pair<State, Nimber>) + 1;

  const G& game_;
  SearchLimits limits_;
  MisereMode mode_;
  std::optional<SearchWatch> watch_;
  std::uint64_t positions_searched_ = 0;
  std::uint64_t bytes_ = 0;
  boost::unordered_flat_map<State, Nimber, MultisetHash<P>> memo_;
  boost::unordered_flat_set<P, PositionHash<P>> terminal_;  // components seen to have no move
  std::vector<Frame> stack_;
  std::vector<P> comps_;                 // children of the frames on the stack, one after another
  std::vector<std::size_t> child_ends_;  // where each child ends in comps_
  std::vector<Nimber> values_;           // values_[j]: child j's value once looked up
  std::vector<P> parts_;
  State lookup_;
  MexSet mex_;
  std::size_t checked_capacity_ = 0;
};

}  // namespace grundy::misere
