// The generalized Sprague-Grundy labelling (see loopy.hpp for the algorithm and
// its cost). Phase 1 settles, by one depth-first pass, every vertex that reaches
// no cycle; phase 2 labels the rest in rounds with counters over reverse edges.
#include <algorithm>
#include <limits>

#include "grundy/core/errors.hpp"
#include "grundy/games/loopy.hpp"
#include "acyclic_pass.hpp"
#include "reverse_edges.hpp"

namespace grundy::games {

namespace {

using Vertex = Digraph::Vertex;

// Labels while solving: a finite value, or one of these two marks.
constexpr Nimber kUnlabelled = std::numeric_limits<Nimber>::max();
constexpr Nimber kInfinite = kUnlabelled - 1;

bool open(Nimber label) { return label == kUnlabelled || label == kInfinite; }

// Phase 1 (acyclic_pass.hpp): an edge back into the stack only marks its vertex loopy.
std::vector<Nimber> settle_acyclic_part(const Digraph& graph) {
  return settle_acyclic(graph, kUnlabelled, [](std::span<const AcyclicFrame>, Vertex) {});
}

// Phase 2 on the vertices left unlabelled by phase 1 (the loopy part, closed
// under predecessors). Settled followers never need a counter (they are finite);
// they only mark their loopy predecessors in the round of their own value.
class RoundLabeller {
 public:
  RoundLabeller(const Digraph& graph, std::vector<Nimber>& labels, const MemoryBudget& budget)
      : graph_(graph), labels_(labels) {
    const std::size_t n = graph.vertex_count();
    budget.require(n * (2 * sizeof(std::uint32_t) + sizeof(Vertex)) + graph.edge_count() * sizeof(Vertex),
                   "labelling the graph's cycles");
    reverse_ = detail::reverse_edges(graph, budget, [this](Vertex u, Vertex v) {
      return labels_[u] == kUnlabelled && labels_[v] == kUnlabelled;
    });
    gather_settled_followers();
    counter_.assign(n, 0);
    marked_.assign(n, 0);
    for (std::size_t v = 0; v < n; ++v) {
      if (labels_[v] == kUnlabelled) active_.push_back(static_cast<Vertex>(v));
    }
  }

  void run() {
    for (Nimber m = 0; !active_.empty(); ++m) round(m);
  }

 private:
  // For each loopy u with a settled follower of value x: the pair (x, u), sorted by x.
  void gather_settled_followers() {
    std::vector<std::size_t> count;
    for (int pass = 0; pass < 2; ++pass) {
      for (Vertex u = 0; u < graph_.vertex_count(); ++u) {
        if (labels_[u] != kUnlabelled) continue;
        for (const Vertex v : graph_.successors(u)) {
          const Nimber x = labels_[v];
          if (x == kUnlabelled) continue;
          if (pass == 0) {
            if (x + 2 > count.size()) count.resize(x + 2, 0);
            ++count[x + 1];
          } else {
            settled_by_value_[cursor_[x]++] = u;
          }
        }
      }
      if (pass == 0) {
        for (std::size_t x = 1; x < count.size(); ++x) count[x] += count[x - 1];
        settled_offsets_ = count;
        cursor_ = count;
        settled_by_value_.resize(count.empty() ? 0 : count.back());
      }
    }
  }

  // Round m: label m wherever the counters allow, then retire the vertices with
  // no follower of value m as infinite.
  void round(Nimber m) {
    stamp_ = static_cast<std::uint32_t>(m + 1);
    for (const Vertex u : active_) {
      std::uint32_t open_followers = 0;
      for (const Vertex v : graph_.successors(u)) open_followers += static_cast<std::uint32_t>(open(labels_[v]));
      counter_[u] = open_followers;
    }
    if (m + 1 < settled_offsets_.size()) {
      for (std::size_t i = settled_offsets_[m]; i < settled_offsets_[m + 1]; ++i) mark(settled_by_value_[i]);
    }
    for (const Vertex u : active_) {
      if (counter_[u] == 0 && marked_[u] != stamp_) label(u, m);
    }
    while (!labelled_.empty() || !marked_queue_.empty()) {
      if (!labelled_.empty()) {
        const Vertex w = labelled_.back();
        labelled_.pop_back();
        for (const Vertex p : reverse_.of(w)) mark(p);
        continue;
      }
      const Vertex p = marked_queue_.back();
      marked_queue_.pop_back();
      for (const Vertex q : reverse_.of(p)) {
        if (labels_[q] == kUnlabelled && marked_[q] != stamp_ && --counter_[q] == 0) label(q, m);
      }
    }
    std::erase_if(active_, [&](Vertex u) {
      if (labels_[u] != kUnlabelled) return true;
      if (marked_[u] == stamp_) return false;
      labels_[u] = kInfinite;
      return true;
    });
  }

  void label(Vertex u, Nimber m) {
    labels_[u] = m;
    labelled_.push_back(u);
  }

  // u has a follower of value m: it cannot take m, and when it is open it no
  // longer holds back its predecessors' counters.
  void mark(Vertex u) {
    if (marked_[u] == stamp_) return;
    marked_[u] = stamp_;
    if (open(labels_[u])) marked_queue_.push_back(u);
  }

  const Digraph& graph_;
  std::vector<Nimber>& labels_;
  detail::ReverseEdges reverse_;  // edges between loopy vertices only
  std::vector<std::size_t> settled_offsets_;
  std::vector<std::size_t> cursor_;
  std::vector<Vertex> settled_by_value_;
  std::vector<std::uint32_t> counter_;  // open followers not yet marked this round
  std::vector<std::uint32_t> marked_;   // == stamp_: has a follower of value m
  std::uint32_t stamp_ = 0;
  std::vector<Vertex> active_;  // unlabelled vertices still in play
  std::vector<Vertex> labelled_;
  std::vector<Vertex> marked_queue_;
};

}  // namespace

std::vector<LoopyValue> loopy_values(const Digraph& graph, const MemoryBudget& budget) {
  const std::size_t n = graph.vertex_count();
  if (graph.max_out_degree() >= std::numeric_limits<std::uint32_t>::max()) {
    throw InputError("the graph has a vertex with too many edges (at most 4294967294)");
  }
  budget.require(n * (sizeof(Nimber) + 1 + sizeof(LoopyValue)), "labelling the graph");  // 1: the pass's state byte
  std::vector<Nimber> labels = settle_acyclic_part(graph);
  if (std::find(labels.begin(), labels.end(), kUnlabelled) != labels.end()) {
    RoundLabeller(graph, labels, budget).run();
  }
  std::vector<LoopyValue> values(n);
  std::vector<Nimber> k;
  for (Vertex v = 0; v < n; ++v) {
    if (labels[v] != kInfinite) {
      values[v] = LoopyValue::finite(labels[v]);
      continue;
    }
    k.clear();
    for (const Vertex w : graph.successors(v)) {
      if (labels[w] != kInfinite) k.push_back(labels[w]);
    }
    values[v] = LoopyValue::infinity(k);
  }
  return values;
}

}  // namespace grundy::games
