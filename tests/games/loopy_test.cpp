#include "grundy/games/loopy.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <ostream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "grundy/core/errors.hpp"
#include "grundy/games/dag.hpp"
#include "support/sanitizers.hpp"

namespace grundy {
namespace games {
// Readable failure messages.
void PrintTo(const LoopyMove& move, std::ostream* out) {
  *out << "{pebble " << move.component << ": " << move.from << " -> " << move.to << "}";
}
}  // namespace games

namespace {

using games::Digraph;
using games::LoopyMove;
using games::LoopyOutcome;
using games::LoopyValue;
using Vertex = Digraph::Vertex;

Digraph parse_graph(const std::string& text) { return Digraph::parse(std::vector<char>(text.begin(), text.end()), "test"); }

LoopyValue inf(std::vector<Nimber> k) { return LoopyValue::infinity(std::move(k)); }
LoopyValue fin(Nimber n) { return LoopyValue::finite(n); }

std::map<std::string, std::string> values_by_name(const Digraph& graph) {
  const auto values = games::loopy_values(graph);
  std::map<std::string, std::string> out;
  for (Vertex v = 0; v < graph.vertex_count(); ++v) out[std::string(graph.name(v))] = values[v].to_string();
  return out;
}

struct Solved {
  Digraph graph;
  std::vector<LoopyValue> values;
  std::vector<games::Remoteness> remoteness;

  explicit Solved(const std::string& text)
      : graph(parse_graph(text)), values(games::loopy_values(graph)), remoteness(games::loopy_remoteness(graph)) {}

  games::LoopySumAnalysis analyze(const std::vector<std::string>& names) const {
    const auto pebbles = games::find_pebbles(graph, names, "test");
    return games::analyze_loopy_sum(graph, values, remoteness, pebbles);
  }
  Vertex at(const std::string& name) const { return *graph.find(name); }
};

// ---- hand examples -------------------------------------------------------

TEST(Loopy, TwoCycleIsADraw) {
  const Solved s("a b\nb a\n");
  EXPECT_EQ(s.values[s.at("a")], inf({}));
  EXPECT_EQ(s.values[s.at("a")].outcome(), LoopyOutcome::kDraw);
  const auto analysis = s.analyze({"a"});
  EXPECT_EQ(analysis.outcome, LoopyOutcome::kDraw);
  EXPECT_TRUE(analysis.winning_moves.empty());
  EXPECT_EQ(analysis.drawing_moves, (std::vector<LoopyMove>{{0, s.at("a"), s.at("b")}}));
  EXPECT_EQ(s.remoteness[s.at("a")].outcome, LoopyOutcome::kDraw);
}

TEST(Loopy, CycleWithAnExitToATerminalVertex) {
  // b can leave to the terminal c, so b wins (value 1) and a, whose only move is
  // to b, loses (value 0) although a lies on a cycle.
  const Solved s("a b\nb a\nb c\n");
  EXPECT_EQ(values_by_name(s.graph), (std::map<std::string, std::string>{{"a", "0"}, {"b", "1"}, {"c", "0"}}));
  EXPECT_EQ(s.remoteness[s.at("a")], (games::Remoteness{LoopyOutcome::kLoss, 2}));
  EXPECT_EQ(s.remoteness[s.at("b")], (games::Remoteness{LoopyOutcome::kWin, 1}));
  const auto analysis = s.analyze({"b"});
  EXPECT_EQ(analysis.outcome, LoopyOutcome::kWin);
  // Both moves reach a 0; the engine takes the one that ends the game at once.
  EXPECT_EQ(analysis.winning_moves,
            (std::vector<LoopyMove>{{0, s.at("b"), s.at("a")}, {0, s.at("b"), s.at("c")}}));
  EXPECT_EQ(analysis.best_move, (LoopyMove{0, s.at("b"), s.at("c")}));
}

TEST(Loopy, SelfLoops) {
  // A self-loop alone: a draw. With an exit to a terminal vertex: infinity({0}), a win.
  const Solved s("a a\nx x\nx t\n");
  EXPECT_EQ(s.values[s.at("a")], inf({}));
  EXPECT_EQ(s.values[s.at("x")], inf({0}));
  EXPECT_EQ(s.values[s.at("x")].outcome(), LoopyOutcome::kWin);
  // Two such pebbles do not cancel as nimbers would: the sum is a draw, kept by
  // sliding around the loop; moving to t would hand the opponent a win.
  const auto analysis = s.analyze({"x", "x"});
  EXPECT_EQ(analysis.value, inf({}));
  EXPECT_EQ(analysis.outcome, LoopyOutcome::kDraw);
  EXPECT_EQ(analysis.drawing_moves,
            (std::vector<LoopyMove>{{0, s.at("x"), s.at("x")}, {1, s.at("x"), s.at("x")}}));
  EXPECT_EQ(analysis.best_move, (LoopyMove{0, s.at("x"), s.at("x")}));
}

TEST(Loopy, InfinityWithANonZeroK) {
  // u <-> w, u -> v, v -> t: t = 0, v = 1, u = infinity({1}) (a draw alone),
  // w = infinity({}). u + v = infinity({0}): a win, by moving u to v.
  const Solved s("u w\nw u\nu v\nv t\n");
  EXPECT_EQ(values_by_name(s.graph),
            (std::map<std::string, std::string>{{"t", "0"}, {"u", "inf(1)"}, {"v", "1"}, {"w", "inf()"}}));
  EXPECT_EQ(s.values[s.at("u")].outcome(), LoopyOutcome::kDraw);
  const auto analysis = s.analyze({"u", "v"});
  EXPECT_EQ(analysis.value, inf({0}));
  EXPECT_EQ(analysis.outcome, LoopyOutcome::kWin);
  EXPECT_EQ(analysis.winning_moves, (std::vector<LoopyMove>{{0, s.at("u"), s.at("v")}}));
  // u + u: two infinite parts, a draw; u + w likewise.
  EXPECT_EQ(s.analyze({"u", "u"}).outcome, LoopyOutcome::kDraw);
  EXPECT_EQ(s.analyze({"u", "w"}).value, inf({}));
}

TEST(Loopy, TextbookValues) {
  // A cycle a -> b -> c -> a where each vertex also has an exit: a -> the
  // terminal p, b -> q (q -> p, so q = 1), c -> the terminal r.
  const Solved s("a b\nb c\nc a\na p\nb q\nq p\nc r\n");
  const auto v = values_by_name(s.graph);
  EXPECT_EQ(v.at("p"), "0");
  EXPECT_EQ(v.at("q"), "1");
  EXPECT_EQ(v.at("r"), "0");
  // Round 0: a and c reach a 0 (p, r), so neither is 0; b's only open follower
  // c reaches a 0 and b has no 0 follower, so b = 0. Round 1: a (followers b = 0,
  // p = 0) = 1. Round 2: c (followers a = 1, r = 0) = 2. All finite, although
  // every one of them lies on the cycle.
  EXPECT_EQ(v.at("b"), "0");
  EXPECT_EQ(v.at("a"), "1");
  EXPECT_EQ(v.at("c"), "2");
}

TEST(Loopy, SumValueRule) {
  const std::vector<LoopyValue> finite{fin(3), fin(5), fin(1)};
  EXPECT_EQ(games::loopy_sum(finite), fin(7));
  const std::vector<LoopyValue> one{fin(3), inf({0, 2, 5}), fin(1)};
  EXPECT_EQ(games::loopy_sum(one), inf({2, 0, 7}));  // K xor 2
  const std::vector<LoopyValue> two{inf({0}), fin(1), inf({1})};
  EXPECT_EQ(games::loopy_sum(two), inf({}));
  EXPECT_EQ(games::loopy_sum({}), fin(0));
  EXPECT_EQ(games::outcome_name(LoopyOutcome::kWin), "first");
  EXPECT_EQ(games::outcome_name(LoopyOutcome::kLoss), "second");
  EXPECT_EQ(games::outcome_name(LoopyOutcome::kDraw), "draw");
}

TEST(Loopy, UnknownPebbleNamesItsPosition) {
  const Solved s("a b\n");
  try {
    s.analyze({"a", "zz"});
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "pebble 2: unknown vertex 'zz' (not in test)");
  }
}

TEST(Loopy, BadLinesAndBudget) {
  EXPECT_THROW(parse_graph("a b c\n"), InputError);
  const std::string text = "a b\nb a\nb c\n";
  const MemoryBudget tiny(64);
  EXPECT_THROW(Digraph::parse(std::vector<char>(text.begin(), text.end()), "test", tiny), BudgetExceeded);
  const Digraph graph = parse_graph(text);
  EXPECT_THROW(games::loopy_values(graph, tiny), BudgetExceeded);
  EXPECT_THROW(games::loopy_remoteness(graph, tiny), BudgetExceeded);
}

TEST(Loopy, LongChainWithBackEdgesNeedsNoRecursion) {
  constexpr int kLength = grundy::testing::kSanitized ? 100'000 : 1'000'000;
  // i -> i - 1 down to the terminal 0, and every 10th vertex also jumps back up
  // by 5 (a cycle of 6 with an exit).
  std::string text;
  for (int i = kLength; i > 0; --i) {
    const std::string name = std::to_string(i);
    text += name;
    text += ' ';
    text += std::to_string(i - 1);
    text += '\n';
    if (i % 10 == 0 && i + 5 <= kLength) {
      text += name;
      text += ' ';
      text += std::to_string(i + 5);
      text += '\n';
    }
  }
  const Digraph graph = parse_graph(text);
  const auto values = games::loopy_values(graph);
  const auto remoteness = games::loopy_remoteness(graph);
  for (int i : {1, 2, 9, 10, 11, kLength}) {
    const Vertex v = *graph.find(std::to_string(i));
    if (values[v].is_finite() && values[v].nimber() == 0) {
      EXPECT_EQ(remoteness[v].outcome, LoopyOutcome::kLoss) << i;
    } else {
      EXPECT_EQ(remoteness[v].outcome, values[v].outcome()) << i;
    }
  }
  EXPECT_EQ(values[*graph.find("1")], fin(1));
}

// ---- acyclic graphs: the loopy values are the ordinary nimbers --------------

std::string random_graph_text(std::mt19937_64& rng, std::size_t vertices, std::size_t edges, bool acyclic) {
  std::string text;
  for (std::size_t e = 0; e < edges; ++e) {
    std::size_t from = rng() % vertices;
    std::size_t to = rng() % vertices;
    if (acyclic) {
      if (from == to) continue;
      if (from > to) std::swap(from, to);
    }
    text += 'v';  // (appended piece by piece: g++ 12 warns falsely on "v" + ...)
    text += std::to_string(from);
    text += " v";
    text += std::to_string(to);
    text += '\n';
  }
  for (std::size_t v = 0; v < vertices; ++v) {
    text += 'v';
    text += std::to_string(v);
    text += '\n';
  }
  return text;
}

TEST(Loopy, AcyclicGraphsMatchDagNimbers) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t n = 1 + rng() % 60;
    const Digraph graph = parse_graph(random_graph_text(rng, n, rng() % (4 * n), true));
    const auto expected = games::dag_nimbers(graph);
    const auto values = games::loopy_values(graph);
    for (Vertex v = 0; v < graph.vertex_count(); ++v) ASSERT_EQ(values[v], fin(expected[v])) << trial;
  }
}

// ---- brute force: retrograde analysis of the product game -----------------

// The product game of up to `kMaxPebbles` pebbles, positions = sorted vertex
// lists, solved by plain fixed-point iteration (win: some move to a loss; loss:
// every move to a win, vacuously when there is none; the rest are draws). It
// shares nothing with the library but the parsed graph's successor lists.
class ProductGame {
 public:
  ProductGame(const Digraph& graph, std::size_t pebbles) : graph_(graph) {
    std::vector<Vertex> position;
    enumerate(position, 0, pebbles);
    moves_.resize(positions_.size());
    for (std::size_t p = 0; p < positions_.size(); ++p) {
      for (std::size_t i = 0; i < positions_[p].size(); ++i) {
        for (const Vertex to : graph.successors(positions_[p][i])) moves_[p].push_back(index(moved(positions_[p], i, to)));
      }
    }
    solve();
  }

  [[nodiscard]] std::size_t size() const { return positions_.size(); }
  [[nodiscard]] const std::vector<Vertex>& position(std::size_t p) const { return positions_[p]; }
  [[nodiscard]] LoopyOutcome outcome(const std::vector<Vertex>& position) const {
    return outcome_[index(sorted(position))];
  }
  [[nodiscard]] std::uint64_t remoteness(const std::vector<Vertex>& position) const {
    return remoteness_[index(sorted(position))];
  }

  static std::vector<Vertex> moved(std::vector<Vertex> position, std::size_t i, Vertex to) {
    position[i] = to;
    return sorted(std::move(position));
  }

 private:
  static std::vector<Vertex> sorted(std::vector<Vertex> position) {
    std::sort(position.begin(), position.end());
    return position;
  }
  void enumerate(std::vector<Vertex>& position, Vertex low, std::size_t left) {
    if (left == 0) {
      index_[position] = positions_.size();
      positions_.push_back(position);
      return;
    }
    for (Vertex v = low; v < graph_.vertex_count(); ++v) {
      position.push_back(v);
      enumerate(position, v, left - 1);
      position.pop_back();
    }
  }
  [[nodiscard]] std::size_t index(const std::vector<Vertex>& position) const { return index_.at(position); }

  // Round k decides the wins in k moves (k odd) and losses in k moves (k even):
  // this is the remoteness, by definition, computed without any queue.
  void solve() {
    outcome_.assign(positions_.size(), LoopyOutcome::kDraw);
    remoteness_.assign(positions_.size(), 0);
    std::vector<bool> decided(positions_.size(), false);
    for (std::uint64_t k = 0;; ++k) {
      std::vector<std::size_t> now;
      for (std::size_t p = 0; p < positions_.size(); ++p) {
        if (decided[p]) continue;
        const auto& m = moves_[p];
        if (k % 2 == 1 && std::any_of(m.begin(), m.end(), [&](std::size_t q) {
              return decided[q] && outcome_[q] == LoopyOutcome::kLoss;
            })) {
          now.push_back(p);
        }
        if (k % 2 == 0 && std::all_of(m.begin(), m.end(), [&](std::size_t q) {
              return decided[q] && outcome_[q] == LoopyOutcome::kWin;
            })) {
          now.push_back(p);
        }
      }
      for (const std::size_t p : now) {
        decided[p] = true;
        outcome_[p] = k % 2 == 1 ? LoopyOutcome::kWin : LoopyOutcome::kLoss;
        remoteness_[p] = k;
      }
      if (now.empty() && k % 2 == 1 && k > 2 * positions_.size() + 2) break;
    }
  }

  const Digraph& graph_;
  std::vector<std::vector<Vertex>> positions_;
  std::map<std::vector<Vertex>, std::size_t> index_;
  std::vector<std::vector<std::size_t>> moves_;
  std::vector<LoopyOutcome> outcome_;
  std::vector<std::uint64_t> remoteness_;
};

std::string describe(const Digraph& graph, const std::vector<Vertex>& position) {
  std::string text = "position";
  for (const Vertex v : position) {
    text += ' ';
    text += graph.name(v);
  }
  return text;
}

TEST(Loopy, SumsMatchRetrogradeAnalysisOfTheProductGame) {
  std::mt19937_64 rng(2024);
  std::size_t checked = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const std::size_t n = 1 + rng() % 12;
    const std::size_t pebbles = 1 + static_cast<std::size_t>(trial % 3);
    const std::size_t vertices = pebbles == 3 ? std::min<std::size_t>(n, 8) : n;  // keep 3-pebble games small
    const std::string text = random_graph_text(rng, vertices, rng() % (2 * vertices + 1), false);
    const Digraph graph = parse_graph(text);
    const auto values = games::loopy_values(graph);
    const auto remoteness = games::loopy_remoteness(graph);
    const ProductGame product(graph, pebbles);
    for (std::size_t p = 0; p < product.size(); ++p) {
      const std::vector<Vertex>& position = product.position(p);
      const auto analysis = games::analyze_loopy_sum(graph, values, remoteness, position);
      const LoopyOutcome expected = product.outcome(position);
      ASSERT_EQ(analysis.outcome, expected) << text << describe(graph, position);
      std::vector<LoopyMove> winning, drawing;
      for (std::size_t i = 0; i < position.size(); ++i) {
        for (const Vertex to : graph.successors(position[i])) {
          std::vector<Vertex> next = position;
          next[i] = to;
          const LoopyOutcome after = product.outcome(next);
          if (after == LoopyOutcome::kLoss) winning.push_back({i, position[i], to});
          if (expected == LoopyOutcome::kDraw && after == LoopyOutcome::kDraw) drawing.push_back({i, position[i], to});
        }
      }
      ASSERT_EQ(analysis.winning_moves, winning) << text << describe(graph, position);
      ASSERT_EQ(analysis.drawing_moves, drawing) << text << describe(graph, position);
      // The engine's move is of the right kind, and exact by remoteness for one pebble.
      const bool can_move = std::any_of(position.begin(), position.end(),
                                        [&](Vertex v) { return !graph.successors(v).empty(); });
      ASSERT_EQ(analysis.best_move.has_value(), can_move);
      if (!can_move) continue;
      std::vector<Vertex> after = position;
      after[analysis.best_move->component] = analysis.best_move->to;
      if (expected == LoopyOutcome::kWin) {
        ASSERT_EQ(product.outcome(after), LoopyOutcome::kLoss);
      }
      if (expected == LoopyOutcome::kDraw) {
        ASSERT_EQ(product.outcome(after), LoopyOutcome::kDraw);
      }
      if (pebbles == 1 && expected != LoopyOutcome::kDraw) {
        ASSERT_EQ(product.remoteness(after) + 1, product.remoteness(position)) << text << describe(graph, position);
      }
      if (pebbles == 1) {
        const games::Remoteness r = remoteness[position[0]];
        ASSERT_EQ(r.outcome, expected) << text << describe(graph, position);
        if (expected != LoopyOutcome::kDraw) {
          ASSERT_EQ(r.moves, product.remoteness(position)) << text;
        }
        ASSERT_EQ(values[position[0]].outcome(), expected);
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 50'000U);
}

}  // namespace
}  // namespace grundy
