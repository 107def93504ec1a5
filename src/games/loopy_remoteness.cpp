// Remoteness of the one-pebble game on a graph with cycles: retrograde analysis
// from the terminal vertices with a first-in first-out queue, so vertices are
// decided in order of remoteness (see loopy.hpp for the definition).
#include <limits>

#include "grundy/games/loopy.hpp"
#include "reverse_edges.hpp"

namespace grundy::games {

std::vector<Remoteness> loopy_remoteness(const Digraph& graph, const MemoryBudget& budget) {
  using Vertex = Digraph::Vertex;
  const std::size_t n = graph.vertex_count();
  budget.require(n * (sizeof(Remoteness) + sizeof(std::uint32_t) + sizeof(Vertex) + 1), "the graph's remoteness");
  const detail::ReverseEdges reverse = detail::reverse_edges(graph, budget, [](Vertex, Vertex) { return true; });
  std::vector<Remoteness> result(n);  // kDraw marks "not decided yet"
  std::vector<std::uint32_t> undecided(n);  // followers not yet known to be wins
  std::vector<bool> decided(n, false);
  std::vector<Vertex> queue;
  queue.reserve(n);
  for (Vertex v = 0; v < n; ++v) {
    undecided[v] = static_cast<std::uint32_t>(graph.successors(v).size());
    if (undecided[v] == 0) {
      result[v] = {LoopyOutcome::kLoss, 0};
      decided[v] = true;
      queue.push_back(v);
    }
  }
  // A loss makes each undecided predecessor a win one move later (the first
  // loss found is the nearest); a win brings each predecessor's counter down,
  // and the last one found, the farthest, makes it a loss.
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Vertex x = queue[head];
    const bool loss = result[x].outcome == LoopyOutcome::kLoss;
    for (const Vertex p : reverse.of(x)) {
      if (decided[p]) continue;
      if (loss) {
        result[p] = {LoopyOutcome::kWin, result[x].moves + 1};
      } else if (--undecided[p] == 0) {
        result[p] = {LoopyOutcome::kLoss, result[x].moves + 1};
      } else {
        continue;
      }
      decided[p] = true;
      queue.push_back(p);
    }
  }
  return result;
}

}  // namespace grundy::games
