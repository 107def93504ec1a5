// The one depth-first pass behind both pebble-game solvers: the ordinary nimber
// of every vertex that reaches no cycle, in O(V + E) with an explicit stack. A
// vertex finishes after all its successors, so its mex is taken right then; a
// vertex reaches a cycle exactly when a successor is on the stack or reaches one
// (around a cycle of settled vertices each would finish after its successor,
// which is impossible). dag_nimbers turns an edge back into the stack into a
// CycleError; loopy_values leaves such vertices to its rounds (private header).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "grundy/core/nimber.hpp"
#include "grundy/games/digraph.hpp"

namespace grundy::games {

struct AcyclicFrame {
  Digraph::Vertex vertex;
  std::uint32_t next;  // index of the next successor to look at
  bool loopy;          // reaches a cycle (through a vertex on the stack or a loopy one)
};

/// The nimber of every vertex that reaches no cycle; `unlabelled` for the others.
/// on_back_edge(stack, child) is called for each edge to a vertex on the stack
/// (the stack from the root to the edge's tail); it may throw.
template <class OnBackEdge>
std::vector<Nimber> settle_acyclic(const Digraph& graph, Nimber unlabelled, OnBackEdge&& on_back_edge) {
  enum class State : std::uint8_t { kNew, kOnStack, kDone };
  using Vertex = Digraph::Vertex;
  const std::size_t n = graph.vertex_count();
  std::vector<Nimber> labels(n, unlabelled);
  std::vector<State> state(n, State::kNew);
  std::vector<std::uint32_t> seen(graph.max_out_degree() + 1, 0);  // stamped: seen[x] == stamp
  std::uint32_t stamp = 0;
  std::vector<AcyclicFrame> stack;
  for (std::size_t root = 0; root < n; ++root) {
    if (state[root] != State::kNew) continue;
    stack.push_back(AcyclicFrame{static_cast<Vertex>(root), 0, false});
    state[root] = State::kOnStack;
    while (!stack.empty()) {
      AcyclicFrame& top = stack.back();
      const auto successors = graph.successors(top.vertex);
      bool descended = false;
      while (top.next < successors.size()) {
        const Vertex child = successors[top.next++];
        if (state[child] == State::kNew) {
          state[child] = State::kOnStack;
          stack.push_back(AcyclicFrame{child, 0, false});  // invalidates `top`
          descended = true;
          break;
        }
        if (state[child] == State::kOnStack) {
          on_back_edge(std::span<const AcyclicFrame>(stack), child);
          stack.back().loopy = true;
        } else if (labels[child] == unlabelled) {
          stack.back().loopy = true;
        }
      }
      if (descended) continue;
      const AcyclicFrame done = stack.back();
      stack.pop_back();
      state[done.vertex] = State::kDone;
      if (done.loopy) {
        if (!stack.empty()) stack.back().loopy = true;
        continue;
      }
      ++stamp;
      const std::size_t degree = successors.size();
      for (const Vertex child : successors) {
        if (labels[child] <= degree) seen[labels[child]] = stamp;
      }
      Nimber mex = 0;
      while (seen[mex] == stamp) ++mex;
      labels[done.vertex] = mex;
    }
  }
  return labels;
}

}  // namespace grundy::games
