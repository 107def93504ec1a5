// Misère outcomes of a game that may loop, by retrograde analysis over every
// state reachable from a root (for a sum of pebbles on a graph, the states are
// the multisets of pebble positions). A state with no option is a WIN for the
// player to move (misère); a state is a LOSS once every option is a WIN, a WIN
// once some option is a LOSS; what is never labelled can be kept from ending: a
// DRAW. Linear in the states and moves explored, with counters over the
// reversed moves; the exploration stops with BudgetExceeded past max_states.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <utility>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "grundy/core/errors.hpp"

namespace grundy::misere {

/// The misère outcome for the player to move.
enum class LoopyMisereOutcome { win, loss, draw };

/// `Expand(state, emit)` calls emit(next) for every option of a state.
template <class State, class Hash, class Expand>
class MisereRetrograde {
 public:
  /// Explores every state reachable from `root` and labels them all.
  MisereRetrograde(const State& root, Expand expand, std::size_t max_states) {
    explore(root, expand, max_states);
    label();
  }

  /// The outcome of a state met in the exploration (the root or any state reachable from it).
  [[nodiscard]] LoopyMisereOutcome outcome(const State& state) const { return outcome_[index_.at(state)]; }
  [[nodiscard]] std::size_t state_count() const { return states_.size(); }

 private:
  std::size_t intern(const State& s, std::size_t max_states) {
    auto [it, inserted] = index_.try_emplace(s, states_.size());
    if (inserted) {
      if (states_.size() >= max_states) {
        throw BudgetExceeded("misère play of this sum reaches more than " + std::to_string(max_states) + " positions");
      }
      states_.push_back(s);
      successors_.emplace_back();
    }
    return it->second;
  }

  void explore(const State& root, Expand& expand, std::size_t max_states) {
    intern(root, max_states);
    for (std::size_t i = 0; i < states_.size(); ++i) {
      const State current = states_[i];
      std::vector<std::size_t> next;
      expand(current, [&](const State& s) { next.push_back(intern(s, max_states)); });
      successors_[i] = std::move(next);
    }
  }

  void label() {
    const std::size_t n = states_.size();
    std::vector<std::vector<std::size_t>> predecessors(n);
    std::vector<std::size_t> unresolved(n);
    outcome_.assign(n, LoopyMisereOutcome::draw);
    std::vector<bool> done(n, false);
    std::deque<std::size_t> queue;
    for (std::size_t s = 0; s < n; ++s) {
      unresolved[s] = successors_[s].size();
      for (std::size_t t : successors_[s]) predecessors[t].push_back(s);
      if (successors_[s].empty()) {  // no move: the player to move wins
        outcome_[s] = LoopyMisereOutcome::win;
        done[s] = true;
        queue.push_back(s);
      }
    }
    while (!queue.empty()) {
      const std::size_t t = queue.front();
      queue.pop_front();
      for (std::size_t p : predecessors[t]) {
        if (done[p]) continue;
        if (outcome_[t] == LoopyMisereOutcome::loss) {
          outcome_[p] = LoopyMisereOutcome::win;
        } else if (--unresolved[p] == 0) {
          outcome_[p] = LoopyMisereOutcome::loss;
        } else {
          continue;
        }
        done[p] = true;
        queue.push_back(p);
      }
    }
  }

  boost::unordered_flat_map<State, std::size_t, Hash> index_;
  std::vector<State> states_;
  std::vector<std::vector<std::size_t>> successors_;
  std::vector<LoopyMisereOutcome> outcome_;
};

}  // namespace grundy::misere
