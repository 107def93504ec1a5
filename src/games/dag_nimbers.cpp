// Nimbers of an acyclic graph: the depth-first pass every pebble game shares
// (acyclic_pass.hpp), where an edge to a vertex still on the stack closes a
// cycle, which is exactly the stack from that vertex: reported as a CycleError.
#include <string>

#include "grundy/core/errors.hpp"
#include "acyclic_pass.hpp"
#include "grundy/games/dag.hpp"

namespace grundy::games {

namespace {

[[noreturn]] void report_cycle(const Digraph& graph, std::span<const AcyclicFrame> stack, Digraph::Vertex closing) {
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
  return settle_acyclic(graph, ~Nimber{0}, [&graph](std::span<const AcyclicFrame> stack, Digraph::Vertex child) {
    report_cycle(graph, stack, child);
  });
}

}  // namespace grundy::games
