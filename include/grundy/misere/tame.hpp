// Tame sums answered from their genera (Winning Ways ch. 13, Conway ONAG ch. 12):
// a component is tame when it and every position reachable from it have the
// genus of a Nim position (0^120, 1^031, g^{g, g XOR 2}); a sum of tame
// components is played like misère Nim, so its outcome and every winning move
// follow from genera alone. Tameness is established, not assumed: every
// follower's genus is computed (post-order, explicit stack) through one shared
// GenusCalculator memo. Cost: one genus per distinct component reachable, then
// O(1) per option for the winning moves, instead of a search over whole sums.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "grundy/core/analysis.hpp"
#include "grundy/core/game.hpp"
#include "grundy/core/search_limits.hpp"
#include "grundy/misere/answer.hpp"
#include "grundy/misere/genus.hpp"

namespace grundy::misere {

template <Game G>
class TameAnalyzer {
 public:
  using P = PositionOf<G>;
  using M = MoveOf<G>;
  /// The normal-play value of a component.
  using NormalValue = std::function<Nimber(const P&)>;

  /// Keeps references to `game` and `genera` (whose memo it shares), which must
  /// outlive it. `limits` bound the walk over followers (the calculator keeps its own).
  TameAnalyzer(const G& game, GenusCalculator<G>& genera, NormalValue normal, SearchLimits limits = {})
      : game_(game), genera_(genera), normal_(std::move(normal)), limits_(std::move(limits)) {}

  /// Replaces the limits of later walks, here and in the calculator (what is memoised is kept).
  void set_limits(SearchLimits limits) {
    genera_.set_limits(limits);
    limits_ = std::move(limits);
  }

  /// The genus of component p when p and every position reachable from it are
  /// tame; nullopt when some is not (or has no genus within the calculator's
  /// terms). Throws what the calculator throws (BudgetExceeded, TimeExceeded, Interrupted).
  [[nodiscard]] std::optional<Genus> tame_genus(const P& raw) {
    const P root = canonical_of(game_, raw);
    if (auto it = memo_.find(root); it != memo_.end()) return it->second;
    SearchWatch watch(limits_);
    std::vector<Frame> stack;
    stack.push_back(expand(root));
    std::uint64_t bytes = frame_bytes(stack.back());
    while (!stack.empty()) {
      Frame& top = stack.back();
      if (top.next < top.children.size()) {
        const P child = top.children[top.next++];
        const auto it = memo_.find(child);
        if (it == memo_.end()) {
          stack.push_back(expand(child));
          bytes += frame_bytes(stack.back());
          watch.tick([&] { return std::pair<std::size_t, std::uint64_t>{memo_.size(), bytes}; });
          limits_.memory.require(bytes, "the walk over a component's followers");
        } else if (!it->second) {
          return not_tame(stack);  // a wild follower: nothing on the stack is tame
        }
        continue;
      }
      std::optional<Genus> genus = genera_.genus(top.p, normal_(top.p));
      if (!genus || !is_tame(*genus)) return not_tame(stack);
      memo_.emplace(top.p, std::move(genus));
      bytes -= frame_bytes(top);
      stack.pop_back();
    }
    return memo_.at(root);
  }

  /// Who wins the sum under misère play and every winning move, from the
  /// genera; nullopt when some component is not tame. Throws as tame_genus.
  [[nodiscard]] std::optional<MisereAnswer<G>> answer(std::span<const P> sum) {
    std::vector<std::vector<Genus>> parts(sum.size());
    TameSum total;
    for (std::size_t i = 0; i < sum.size(); ++i) {
      if (!genera_of(std::span<const P>(&sum[i], 1), parts[i])) return std::nullopt;
      for (const Genus& g : parts[i]) total.add(g);
    }
    MisereAnswer<G> out;
    out.method = MisereMethod::tame;
    out.first_player_wins = total.first_player_wins();
    if (!out.first_player_wins) return out;
    std::vector<Genus> left;
    for (std::size_t i = 0; i < sum.size(); ++i) {
      TameSum others = total;
      for (const Genus& g : parts[i]) others.remove(g);
      OptionRecorder<P, M> recorder;
      game_.options(sum[i], recorder);
      for (auto& option : recorder.options()) {
        left.clear();
        genera_of(option.components, left);  // every follower is tame: always found
        TameSum after = others;
        for (const Genus& g : left) after.add(g);
        if (!after.first_player_wins()) {
          out.winning_moves.push_back(WinningMove<G>{i, std::move(option.move), std::move(option.components)});
        }
      }
    }
    return out;
  }

 private:
  struct Frame {
    P p;
    std::vector<P> children;  // the canonical parts of every option
    std::size_t next = 0;
  };

  Frame expand(const P& p) const {
    Frame frame{p, {}, 0};
    OptionRecorder<P, M> recorder;
    game_.options(p, recorder);
    std::vector<P> parts;
    for (const auto& option : recorder.options()) {
      for (const P& c : option.components) {
        parts.clear();
        decompose_into(game_, c, parts);
        for (const P& part : parts) frame.children.push_back(canonical_of(game_, part));
      }
    }
    return frame;
  }

  static std::uint64_t frame_bytes(const Frame& f) { return sizeof(Frame) + f.children.capacity() * sizeof(P); }

  std::optional<Genus> not_tame(const std::vector<Frame>& stack) {
    for (const Frame& f : stack) memo_.insert_or_assign(f.p, std::nullopt);
    return std::nullopt;
  }

  // Appends the tame genus of every part of every component; false when one is not tame.
  bool genera_of(std::span<const P> components, std::vector<Genus>& out) {
    std::vector<P> split;
    for (const P& c : components) {
      split.clear();
      decompose_into(game_, c, split);
      for (const P& part : split) {
        std::optional<Genus> g = tame_genus(part);
        if (!g) return false;
        out.push_back(std::move(*g));
      }
    }
    return true;
  }

  const G& game_;
  GenusCalculator<G>& genera_;
  NormalValue normal_;
  SearchLimits limits_;
  boost::unordered_flat_map<P, std::optional<Genus>, PositionHash<P>> memo_;
};

}  // namespace grundy::misere
