// Pebbles on any directed graph (cycles and self-loops allowed) in the
// catalogue. Values are the generalized Sprague-Grundy function (games/loopy.hpp):
// a nimber, or infinity(K); a sum is won, lost or drawn, and the report lists the
// winning moves, or else the moves that keep a draw. The graph is read once,
// with its values and remoteness, when the instance is made.
#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include <boost/container_hash/hash.hpp>

#include "catalogue_games.hpp"
#include "drawing.hpp"
#include "function_entry.hpp"
#include "graph_file.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/games/loopy.hpp"
#include "grundy/misere/retrograde.hpp"

namespace grundy::catalogue {

namespace {

GameValue game_value(const games::LoopyValue& v) {
  if (v.is_finite()) return GameValue{v.nimber()};
  return GameValue{.nimber = 0, .infinity = v.infinity_set()};
}

Outcome outcome_of(games::LoopyOutcome outcome) {
  switch (outcome) {
    case games::LoopyOutcome::kWin:
      return Outcome::first;
    case games::LoopyOutcome::kLoss:
      return Outcome::second;
    case games::LoopyOutcome::kDraw:
      return Outcome::draw;
  }
  return Outcome::draw;
}

Outcome outcome_of(misere::LoopyMisereOutcome outcome) {
  switch (outcome) {
    case misere::LoopyMisereOutcome::win:
      return Outcome::first;
    case misere::LoopyMisereOutcome::loss:
      return Outcome::second;
    case misere::LoopyMisereOutcome::draw:
      return Outcome::draw;
  }
  return Outcome::draw;
}

class GraphInstance final : public Instance {
 public:
  GraphInstance(std::string name, std::string path, const Context& context)
      : name_(std::move(name)), path_(std::move(path)), graph_(read_graph(path_, context)) {
    values_ = games::loopy_values(graph_, context.memory);
    remoteness_ = games::loopy_remoteness(graph_, context.memory);
  }

  [[nodiscard]] Position parse(const std::vector<std::string>& arguments) override {
    pebbles(Position{arguments});
    return Position{arguments};
  }

  [[nodiscard]] Position normalise(const Position& position) override { return position; }

  [[nodiscard]] Report analyse(const Position& position, std::size_t max_moves) override {
    const std::vector<games::Digraph::Vertex> at = pebbles(position);
    const games::LoopySumAnalysis a = games::analyze_loopy_sum(graph_, values_, remoteness_, at, max_moves);
    Report report;
    report.game = name_;
    report.components = position.components;
    for (const games::LoopyValue& v : a.components) report.values.push_back(game_value(v));
    report.value = game_value(a.value);
    report.outcome = outcome_of(a.outcome);
    report.winning_moves_count = a.winning_moves_count;
    report.drawing_moves_count = a.drawing_moves_count;
    for (const games::LoopyMove& move : a.winning_moves) report.winning_moves.push_back(describe(move));
    for (const games::LoopyMove& move : a.drawing_moves) report.drawing_moves.push_back(describe(move));
    report.terminal = std::all_of(at.begin(), at.end(), [&](auto v) { return graph_.successors(v).empty(); });
    report.extra["best_move"] = a.best_move ? move_json(describe(*a.best_move)) : Json(nullptr);
    report.extra["vertices"] = graph_.vertex_count();
    report.extra["edges"] = graph_.edge_count();
    if (at.empty()) add_all_values(report);
    return report;
  }

  [[nodiscard]] ComponentExplanation explain(const Position& position, std::size_t component,
                                             std::size_t limit) override {
    const std::vector<games::Digraph::Vertex> at = pebbles(position);
    check(at, component);
    const auto from = at[component];
    ComponentExplanation out{.component = component, .position = position.components[component],
                             .value = game_value(values_[from])};
    const auto next = graph_.successors(from);
    out.options_count = next.size();
    for (std::size_t j = 0; j < next.size() && j < limit; ++j) {
      OptionInfo option;
      option.move = describe(games::LoopyMove{component, from, next[j]});
      option.result = {std::string(graph_.name(next[j]))};
      option.value = game_value(values_[next[j]]);
      out.options.push_back(std::move(option));
    }
    return out;
  }

  [[nodiscard]] Position apply(const Position& position, std::size_t component, std::size_t option) override {
    const std::vector<games::Digraph::Vertex> at = pebbles(position);
    check(at, component);
    const auto next = graph_.successors(at[component]);
    if (option >= next.size()) {
      throw InputError(fmt::format("pebble {}: no option {} (it has {})", component + 1, option + 1, next.size()));
    }
    Position out = position;
    out.components[component] = std::string(graph_.name(next[option]));
    return out;
  }

  [[nodiscard]] Report analyse_misere(const Position& position, std::size_t max_moves) override {
    const std::vector<games::Digraph::Vertex> at = pebbles(position);
    const Retrograde retrograde = misere_states(at);
    Report report;
    report.play = Play::misere;
    report.game = name_;
    report.components = position.components;
    for (const auto v : at) report.values.push_back(game_value(values_[v]));
    report.genus.assign(at.size(), std::nullopt);
    report.method = misere::method_name(misere::MisereMethod::retrograde);
    report.outcome = outcome_of(retrograde.outcome(sorted(at)));
    for_each_move(at, [&](const games::LoopyMove& move, const std::vector<games::Digraph::Vertex>& after) {
      const misere::LoopyMisereOutcome next = retrograde.outcome(sorted(after));
      if (next == misere::LoopyMisereOutcome::loss) {
        if (report.winning_moves.size() < max_moves) report.winning_moves.push_back(describe(move));
        ++report.winning_moves_count;
      } else if (next == misere::LoopyMisereOutcome::draw && report.outcome == Outcome::draw) {
        if (report.drawing_moves.size() < max_moves) report.drawing_moves.push_back(describe(move));
        ++report.drawing_moves_count;
      }
    });
    report.terminal = std::all_of(at.begin(), at.end(), [&](auto v) { return graph_.successors(v).empty(); });
    report.extra["vertices"] = graph_.vertex_count();
    report.extra["edges"] = graph_.edge_count();
    return report;
  }

  [[nodiscard]] ComponentExplanation explain_misere(const Position& position, std::size_t component,
                                                    std::size_t limit) override {
    ComponentExplanation out = explain(position, component, limit);
    std::vector<games::Digraph::Vertex> at = pebbles(position);
    const Retrograde retrograde = misere_states(at);
    const auto next = graph_.successors(at[component]);
    for (std::size_t j = 0; j < out.options.size(); ++j) {
      at[component] = next[j];
      out.options[j].misere_outcome = outcome_of(retrograde.outcome(sorted(at)));
    }
    return out;
  }

  // Each pebble with where it can go; a small graph also as all its vertices with their pebbles.
  [[nodiscard]] std::string draw(const Position& position) override {
    constexpr std::size_t kListedVertices = 40;
    const std::vector<games::Digraph::Vertex> at = pebbles(position);
    std::string out;
    std::vector<std::size_t> count(graph_.vertex_count() <= kListedVertices ? graph_.vertex_count() : 0);
    for (std::size_t i = 0; i < at.size(); ++i) {
      out += fmt::format("pebble {}: ● on {}  (it can move to: {})\n", i + 1, graph_.name(at[i]),
                         successor_names(graph_, at[i]));
      if (!count.empty()) ++count[at[i]];
    }
    if (at.empty()) out += "(no pebble left)\n";
    if (count.empty()) return out;
    out += "graph:";
    for (std::size_t v = 0; v < count.size(); ++v) {
      out += ' ' + std::string(graph_.name(static_cast<games::Digraph::Vertex>(v)));
      for (std::size_t k = 0; k < count[v]; ++k) out += "●";
    }
    return out + '\n';
  }

  [[nodiscard]] bool terminal(const Position& position) override {
    for (const auto v : pebbles(position)) {
      if (!graph_.successors(v).empty()) return false;
    }
    return true;
  }

 private:
  using State = std::vector<games::Digraph::Vertex>;
  using Expand = std::function<void(const State&, const std::function<void(const State&)>&)>;
  using Retrograde = misere::MisereRetrograde<State, boost::hash<State>, Expand>;

  static State sorted(State s) {
    std::sort(s.begin(), s.end());
    return s;
  }

  // Every move of the sum: the move and the pebbles after it.
  template <class Visit>
  void for_each_move(const State& at, Visit&& visit) const {
    State after = at;
    for (std::size_t i = 0; i < at.size(); ++i) {
      for (const auto to : graph_.successors(at[i])) {
        after[i] = to;
        visit(games::LoopyMove{i, at[i], to}, after);
      }
      after[i] = at[i];
    }
  }

  // Misère outcomes of every multiset of pebble positions reachable from `at`.
  Retrograde misere_states(const State& at) const {
    Expand expand = [this](const State& state, const std::function<void(const State&)>& emit) {
      State after = state;
      for (std::size_t i = 0; i < state.size(); ++i) {
        if (i > 0 && state[i] == state[i - 1]) continue;  // the same vertex: the same positions
        for (const auto to : graph_.successors(state[i])) {
          after[i] = to;
          emit(sorted(after));
        }
        after[i] = state[i];
      }
    };
    try {
      return Retrograde(sorted(at), expand, kMaxMisereStates);
    } catch (const BudgetExceeded&) {
      throw InputError(name_ + ": misère play searches every position of the sum, and this one reaches more than " +
                       std::to_string(kMaxMisereStates) + " (fewer pebbles or a smaller graph)");
    }
  }

  static constexpr std::size_t kMaxMisereStates = 2'000'000;

  std::vector<games::Digraph::Vertex> pebbles(const Position& position) const {
    return games::find_pebbles(graph_, position.components, path_ == "-" ? "standard input" : path_);
  }

  void check(const std::vector<games::Digraph::Vertex>& at, std::size_t component) const {
    if (component >= at.size()) {
      throw InputError(fmt::format("pebble {}: the position has {} pebbles", component + 1, at.size()));
    }
  }

  MoveInfo describe(const games::LoopyMove& move) const {
    const std::string from(graph_.name(move.from));
    const std::string to(graph_.name(move.to));
    MoveInfo info{.component = move.component, .text = fmt::format("move the pebble on {} to {}", from, to)};
    info.fields["from"] = from;
    info.fields["to"] = to;
    info.result = {to};
    return info;
  }

  static Json move_json(const MoveInfo& move) {
    Json json{{"component", move.component}, {"move", move.text}};
    for (const auto& [key, field] : move.fields.items()) json[key] = field;
    return json;
  }

  // Every vertex's value, serialised directly: a million-key object would be slow to build.
  void add_all_values(Report& report) const {
    std::string json = "\"nimbers\":{";
    std::string text = fmt::format("{}: {} vertices, {} edges; the value of each vertex:\n", path_,
                                   graph_.vertex_count(), graph_.edge_count());
    for (std::size_t v = 0; v < graph_.vertex_count(); ++v) {
      const auto vertex = static_cast<games::Digraph::Vertex>(v);
      const GameValue value = game_value(values_[v]);
      if (v != 0) json += ',';
      json += Json(std::string(graph_.name(vertex))).dump();
      json += ':';
      json += value.json().dump();
      text += fmt::format("{} {}\n", graph_.name(vertex), value.text());
    }
    json += '}';
    report.raw_json_field = std::move(json);
    report.raw_text = std::move(text);
  }

  std::string name_;
  std::string path_;
  games::Digraph graph_;
  std::vector<games::LoopyValue> values_;
  std::vector<games::Remoteness> remoteness_;
};

}  // namespace

const Entry& graph_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "graph",
               .summary = "pebbles on any directed graph, cycles allowed: wins, losses and draws",
               .rules = "A move slides one pebble along an edge of the graph; whoever cannot move loses; a game that "
                        "can go on forever with best play is a draw. Values are the generalized Sprague-Grundy "
                        "function: a nimber, or infinity(K) (written inf{K}) where K is the set of finite values among "
                        "a vertex's followers.",
               .syntax = "the vertices that carry a pebble (repeats allowed: each pebble is a component). Without "
                         "pebbles, the value of every vertex is listed (JSON: \"nimbers\", a number or "
                         "{\"infinity\": [K...]}). The graph file is as for dag: one edge 'FROM TO' per line, a line "
                         "with one name declares a vertex, '#' starts a comment.",
               .example = "graph examples/loopy.txt a c",
               .limits = "10^6 vertices and 5*10^6 edges in seconds (linear per round of labelling); bounded by "
                         "--memory",
               .component_noun = "pebble",
               .rule_options = {graph_file_option()},
               .position_optional = true},
      [](const GameInfo& info, const RuleValues& rules, const Context& context) -> std::unique_ptr<Instance> {
        return std::make_unique<GraphInstance>(info.name, rule_value(rules, "file"), context);
      });
  return entry;
}

}  // namespace grundy::catalogue
