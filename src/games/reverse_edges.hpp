// The reverse of a graph's edges in compressed sparse row form, built by one
// counting pass and one scatter pass (O(V + E)); retrograde analyses walk from a
// vertex to its predecessors. Internal to the loopy pebble game's sources.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "grundy/core/memory_budget.hpp"
#include "grundy/games/digraph.hpp"

namespace grundy::games::detail {

struct ReverseEdges {
  std::vector<std::size_t> offsets;  // predecessors of v: sources[offsets[v] .. offsets[v + 1])
  std::vector<Digraph::Vertex> sources;

  [[nodiscard]] std::span<const Digraph::Vertex> of(Digraph::Vertex v) const {
    return {sources.data() + offsets[v], sources.data() + offsets[v + 1]};
  }
};

/// The edges u -> v with keep(u, v), reversed; parallel edges stay repeated.
template <class Keep>
ReverseEdges reverse_edges(const Digraph& graph, const MemoryBudget& budget, Keep keep) {
  const std::size_t n = graph.vertex_count();
  ReverseEdges reverse;
  budget.require((n + 1) * sizeof(std::size_t) * 2 + graph.edge_count() * sizeof(Digraph::Vertex),
                 "the graph's reverse edges");
  reverse.offsets.assign(n + 1, 0);
  for (Digraph::Vertex u = 0; u < n; ++u) {
    for (const Digraph::Vertex v : graph.successors(u)) {
      if (keep(u, v)) ++reverse.offsets[v + 1];
    }
  }
  for (std::size_t v = 0; v < n; ++v) reverse.offsets[v + 1] += reverse.offsets[v];
  reverse.sources.resize(reverse.offsets[n]);
  std::vector<std::size_t> cursor(reverse.offsets.begin(), reverse.offsets.end() - 1);
  for (Digraph::Vertex u = 0; u < n; ++u) {
    for (const Digraph::Vertex v : graph.successors(u)) {
      if (keep(u, v)) reverse.sources[cursor[v]++] = u;
    }
  }
  return reverse;
}

}  // namespace grundy::games::detail
