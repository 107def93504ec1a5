// Analysing a sum of pebbles on a graph with cycles: the outcome after each
// possible move follows from the sum's summary (how many infinite parts, the
// nim-sum of the finite ones) in O(log |K|), so no product game is built.
#include <algorithm>
#include <array>
#include <tuple>

#include <boost/unordered/unordered_flat_map.hpp>

#include "grundy/games/loopy.hpp"

namespace grundy::games {

namespace {

// What decides a sum: the nim-sum of its finite parts and its infinite parts
// (the first two are enough: with two or more the sum is a draw).
struct SumSummary {
  Nimber finite_sum = 0;
  std::size_t infinite_count = 0;
  std::array<std::size_t, 2> infinite{};  // indices of the first two infinite parts

  explicit SumSummary(std::span<const LoopyValue> components) {
    for (std::size_t i = 0; i < components.size(); ++i) {
      if (components[i].is_finite()) {
        finite_sum ^= components[i].nimber();
      } else {
        if (infinite_count < 2) infinite[infinite_count] = i;
        ++infinite_count;
      }
    }
  }
};

// The outcome, for the player to move, of the sum after part `i` became `after`.
LoopyOutcome outcome_after(const SumSummary& sum, std::span<const LoopyValue> components, std::size_t i,
                           const LoopyValue& after) {
  const LoopyValue& before = components[i];
  const std::size_t rest_infinite = sum.infinite_count - (before.is_finite() ? 0 : 1);
  const Nimber rest_sum = sum.finite_sum ^ (before.is_finite() ? before.nimber() : 0);
  const std::size_t count = rest_infinite + (after.is_finite() ? 0 : 1);
  const Nimber finite_sum = rest_sum ^ (after.is_finite() ? after.nimber() : 0);
  if (count == 0) return finite_sum == 0 ? LoopyOutcome::kLoss : LoopyOutcome::kWin;
  if (count >= 2) return LoopyOutcome::kDraw;
  // One infinite part: `after` itself, or the rest's only one (which is not i).
  const LoopyValue& infinite =
      !after.is_finite() ? after : components[sum.infinite[0] != i ? sum.infinite[0] : sum.infinite[1]];
  return infinite.infinity_contains(finite_sum) ? LoopyOutcome::kWin : LoopyOutcome::kDraw;
}

// Smaller is better for the engine among moves of the right kind.
using MoveRank = std::tuple<int, std::uint64_t>;

MoveRank rank(LoopyOutcome outcome, const Remoteness& to) {
  switch (outcome) {
    case LoopyOutcome::kWin:  // win soonest
      return {0, to.moves};
    case LoopyOutcome::kLoss:  // last longest: a pebble that can roam forever first, then the farthest end
      return {to.outcome == LoopyOutcome::kDraw ? 0 : 1, ~to.moves};
    case LoopyOutcome::kDraw:
      break;
  }
  return {0, 0};  // any drawing move keeps the draw
}

}  // namespace

LoopySumAnalysis analyze_loopy_sum(const Digraph& graph, std::span<const LoopyValue> values,
                                   std::span<const Remoteness> remoteness, std::span<const Digraph::Vertex> pebbles,
                                   std::size_t max_moves) {
  LoopySumAnalysis analysis;
  for (const Digraph::Vertex v : pebbles) analysis.components.push_back(values[v]);
  analysis.value = loopy_sum(analysis.components);
  analysis.outcome = analysis.value.outcome();
  const SumSummary sum(analysis.components);
  std::optional<MoveRank> best_rank;
  // Pebbles on the same vertex have the same moves with the same outcomes: once
  // nothing more is listed, a repeated vertex adds its first pebble's count.
  boost::unordered_flat_map<Digraph::Vertex, std::uint64_t> counted;
  for (std::size_t i = 0; i < pebbles.size(); ++i) {
    const Digraph::Vertex from = pebbles[i];
    const bool listing = analysis.winning_moves.size() < max_moves && analysis.drawing_moves.size() < max_moves;
    if (!listing) {
      if (const auto seen = counted.find(from); seen != counted.end()) {
        (analysis.outcome == LoopyOutcome::kWin ? analysis.winning_moves_count : analysis.drawing_moves_count) +=
            seen->second;
        continue;
      }
    }
    std::uint64_t kept_here = 0;
    for (const Digraph::Vertex to : graph.successors(from)) {
      const LoopyOutcome next = outcome_after(sum, analysis.components, i, values[to]);
      const LoopyMove move{i, from, to};
      const bool kept = (analysis.outcome == LoopyOutcome::kWin && next == LoopyOutcome::kLoss) ||
                        (analysis.outcome == LoopyOutcome::kDraw && next == LoopyOutcome::kDraw) ||
                        analysis.outcome == LoopyOutcome::kLoss;
      if (!kept) continue;
      ++kept_here;
      if (analysis.outcome == LoopyOutcome::kWin && analysis.winning_moves.size() < max_moves) {
        analysis.winning_moves.push_back(move);
      }
      if (analysis.outcome == LoopyOutcome::kDraw && analysis.drawing_moves.size() < max_moves) {
        analysis.drawing_moves.push_back(move);
      }
      const MoveRank r = rank(analysis.outcome, remoteness[to]);
      if (!best_rank || r < *best_rank) {
        best_rank = r;
        analysis.best_move = move;
      }
    }
    if (analysis.outcome == LoopyOutcome::kWin) analysis.winning_moves_count += kept_here;
    if (analysis.outcome == LoopyOutcome::kDraw) analysis.drawing_moves_count += kept_here;
    if (pebbles.size() > 1) counted.emplace(from, kept_here);
  }
  return analysis;
}

}  // namespace grundy::games
