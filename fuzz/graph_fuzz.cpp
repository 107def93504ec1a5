// Fuzzes the graph file parser under a small memory budget: an accepted graph,
// written back as declarations and edges, parses to the same graph, and when it
// is acyclic every vertex's nimber is the mex of its successors' nimbers.
#include <string>
#include <vector>

#include "fuzz_check.hpp"
#include "grundy/games/dag.hpp"

using grundy::games::Digraph;

namespace {

// The graph as text: every vertex declared in number order, then every edge.
std::string graph_text(const Digraph& graph) {
  std::string text;
  for (Digraph::Vertex v = 0; v < graph.vertex_count(); ++v) text.append(graph.name(v)).append("\n");
  for (Digraph::Vertex v = 0; v < graph.vertex_count(); ++v) {
    for (const Digraph::Vertex w : graph.successors(v)) text.append(graph.name(v)).append(" ").append(graph.name(w)).append("\n");
  }
  return text;
}

void check_nimbers(const Digraph& graph) {
  const auto values = grundy::fuzz::parsed([&] { return grundy::games::dag_nimbers(graph); });
  if (!values) return;  // a cycle, reported as CycleError
  for (Digraph::Vertex v = 0; v < graph.vertex_count(); ++v) {
    std::vector<bool> seen(graph.successors(v).size() + 1, false);
    for (const Digraph::Vertex w : graph.successors(v)) {
      if ((*values)[w] < seen.size()) seen[(*values)[w]] = true;
    }
    grundy::Nimber mex = 0;
    while (seen[mex]) ++mex;
    GRUNDY_FUZZ_CHECK((*values)[v] == mex);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const grundy::MemoryBudget budget(std::uint64_t{16} << 20);
  const auto graph = grundy::fuzz::parsed([&] { return Digraph::parse(grundy::fuzz::as_bytes(data, size), "graph", budget); });
  if (!graph) return 0;
  const std::string text = graph_text(*graph);
  const Digraph again = Digraph::parse(std::vector<char>(text.begin(), text.end()), "graph again", budget);
  GRUNDY_FUZZ_CHECK(again.vertex_count() == graph->vertex_count() && again.edge_count() == graph->edge_count());
  for (Digraph::Vertex v = 0; v < graph->vertex_count(); ++v) {
    GRUNDY_FUZZ_CHECK(again.name(v) == graph->name(v));
    GRUNDY_FUZZ_CHECK(again.find(graph->name(v)) == v);
    const auto a = again.successors(v), b = graph->successors(v);
    GRUNDY_FUZZ_CHECK(std::vector<Digraph::Vertex>(a.begin(), a.end()) == std::vector<Digraph::Vertex>(b.begin(), b.end()));
  }
  check_nimbers(*graph);
  return 0;
}
