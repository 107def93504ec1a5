// Nimbers of a whole graph in one iterative depth-first pass. A vertex finishes
// after all its successors, so its mex is taken right then; an edge to a vertex
// still on the stack closes a cycle, which is exactly the stack from that vertex.
#include <string>

#include "grundy/core/errors.hpp"
#include "grundy/games/dag.hpp"

namespace grundy::games {

namespace {

enum class State : std::uint8_t { kNew, kOnStack, kDone };

struct Frame {
  Digraph::Vertex vertex;
  std::uint32_t next;  // index of the next successor to look at
};

[[noreturn]] void report_cycle(const Digraph& graph, const std::vector<Frame>& stack, Digraph::Vertex closing) {
  std::size_t first = stack.size();
  while (stack[first - 1].vertex != closing) --first;
  --first;
  const std::size_t length = stack.size() - first;
  std::string text = "the graph has a cycle of " + std::to_string(length) + (length == 1 ? " vertex: " : " vertices: ");
  auto name = [&](std::size_t i) { return std::string(graph.name(stack[first + i].vertex)); };
  constexpr std::size_t kShown = 20;  // a long cycle is shown by its two ends
  for (std::size_t i = 0; i < length; ++i) {
    if (length > kShown && i == kShown / 2) {
      text += "... -> ";
      i = length - kShown / 2;
    }
    text += name(i) + " -> ";
  }
  text += name(0);
  throw CycleError(text);
}

}  // namespace

std::vector<Nimber> dag_nimbers(const Digraph& graph) {
  const std::size_t n = graph.vertex_count();
  std::vector<Nimber> nimbers(n, 0);
  std::vector<State> state(n, State::kNew);
  // seen[x] == stamp marks value x as taken by a successor of the current vertex;
  // a fresh stamp per vertex means the array is never cleared.
  std::vector<std::uint32_t> seen(graph.max_out_degree() + 1, 0);
  std::uint32_t stamp = 0;
  std::vector<Frame> stack;
  for (std::size_t root = 0; root < n; ++root) {
    if (state[root] != State::kNew) continue;
    stack.push_back(Frame{static_cast<Digraph::Vertex>(root), 0});
    state[root] = State::kOnStack;
    while (!stack.empty()) {
      Frame& top = stack.back();
      const auto successors = graph.successors(top.vertex);
      bool descended = false;
      while (top.next < successors.size()) {
        const Digraph::Vertex child = successors[top.next++];
        if (state[child] == State::kDone) continue;
        if (state[child] == State::kOnStack) report_cycle(graph, stack, child);
        state[child] = State::kOnStack;
        stack.push_back(Frame{child, 0});  // invalidates `top`
        descended = true;
        break;
      }
      if (descended) continue;
      // Every successor is done: the mex is at most the out-degree.
      const Digraph::Vertex v = stack.back().vertex;
      ++stamp;
      const std::size_t degree = successors.size();
      for (const Digraph::Vertex child : successors) {
        const Nimber x = nimbers[child];
        if (x <= degree) seen[x] = stamp;
      }
      Nimber mex = 0;
      while (seen[mex] == stamp) ++mex;
      nimbers[v] = mex;
      state[v] = State::kDone;
      stack.pop_back();
    }
  }
  return nimbers;
}

}  // namespace grundy::games
