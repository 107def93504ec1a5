// The pebble game on a directed acyclic graph: a move slides one pebble along an
// edge; a position is a multiset of pebbles (a sum). The graph (digraph.hpp) is
// solved in linear time by one iterative depth-first pass, no recursion; a cycle
// is an error here (loopy.hpp handles graphs with cycles).
#pragma once

#include <cstddef>
#include <vector>

#include "grundy/core/nimber.hpp"
#include "grundy/games/digraph.hpp"

namespace grundy::games {

/// The nimber of every vertex in O(V + E): an iterative depth-first search whose
/// post-order is a reverse topological order, each vertex's mex taken as it
/// finishes with a stamped seen array. Throws CycleError naming the vertices of
/// one cycle when the graph is not acyclic.
std::vector<Nimber> dag_nimbers(const Digraph& graph);

/// The pebble game on an acyclic graph for the generic engine: a position is the
/// vertex of one pebble. Its value hook reads the linear-time nimbers.
class DagGame {
 public:
  using Position = Digraph::Vertex;
  struct Move {
    Digraph::Vertex from;
    Digraph::Vertex to;
    friend bool operator==(const Move&, const Move&) = default;
  };

  /// Keeps a reference to `graph` (which must outlive the game) and computes
  /// every nimber; throws CycleError.
  explicit DagGame(const Digraph& graph) : graph_(&graph), nimbers_(dag_nimbers(graph)) {}

  template <class Sink>
  void options(Position v, Sink& sink) const {
    for (Position to : graph_->successors(v)) sink.add(Move{v, to}, {to});
  }

  [[nodiscard]] Nimber value(Position v) const { return nimbers_[v]; }
  [[nodiscard]] std::size_t dense_index(Position v) const { return v; }

  [[nodiscard]] const Digraph& graph() const { return *graph_; }
  [[nodiscard]] const std::vector<Nimber>& nimbers() const { return nimbers_; }

 private:
  const Digraph* graph_;
  std::vector<Nimber> nimbers_;
};

}  // namespace grundy::games
