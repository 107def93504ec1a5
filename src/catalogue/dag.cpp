// The pebble game on an acyclic graph in the catalogue: the rule option FILE
// (the graph, '-' for standard input) and pebbles named by their vertices.
// Without pebbles the report lists every vertex's nimber.
#include <fmt/format.h>

#include "catalogue_games.hpp"
#include "drawing.hpp"
#include "function_entry.hpp"
#include "graph_file.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/games/dag.hpp"

namespace grundy::catalogue {

namespace {


/// The graph and its game, kept together (the game points into the graph).
struct LoadedDag {
  std::string path;
  games::Digraph graph;
  std::unique_ptr<games::DagGame> game;
};

std::shared_ptr<LoadedDag> load_dag(const std::string& path, const Context& context) {
  auto loaded = std::make_shared<LoadedDag>();
  loaded->path = path;
  loaded->graph = read_graph(path, context);
  loaded->game = std::make_unique<games::DagGame>(loaded->graph);
  return loaded;
}

// Every vertex's nimber, serialised directly: a million-key object would be slow to build.
void add_all_nimbers(Report& report, const LoadedDag& dag) {
  const games::Digraph& graph = dag.graph;
  std::string json = "\"nimbers\":{";
  std::string text = fmt::format("{}: {} vertices, {} edges; the nimber of each vertex:\n", dag.path,
                                 graph.vertex_count(), graph.edge_count());
  json.reserve(graph.vertex_count() * 16 + 16);
  text.reserve(graph.vertex_count() * 12 + 64);
  for (std::size_t v = 0; v < graph.vertex_count(); ++v) {
    const auto vertex = static_cast<games::Digraph::Vertex>(v);
    if (v != 0) json += ',';
    json += Json(std::string(graph.name(vertex))).dump();
    json += ':';
    json += std::to_string(dag.game->nimbers()[v]);
    text += graph.name(vertex);
    text += ' ';
    text += std::to_string(dag.game->nimbers()[v]);
    text += '\n';
  }
  json += '}';
  report.raw_json_field = std::move(json);
  report.raw_text = std::move(text);
}

Speech<games::DagGame> dag_speech(std::shared_ptr<LoadedDag> dag) {
  Speech<games::DagGame> speech;
  speech.draw = [dag](games::Digraph::Vertex v, const std::string& label) {
    return fmt::format("{}: ● on {}  (it can move to: {})\n", label, dag->graph.name(v),
                       successor_names(dag->graph, v));
  };
  speech.parse = [dag](std::string_view text, const std::string& what) {
    const auto vertex = dag->graph.find(text);
    if (!vertex) throw InputError(fmt::format("{}: unknown vertex '{}' (not in {})", what, text, dag->path));
    return *vertex;
  };
  speech.format = [dag](games::Digraph::Vertex v) { return std::string(dag->graph.name(v)); };
  speech.describe = [dag](games::Digraph::Vertex, const games::DagGame::Move& move,
                          std::span<const games::Digraph::Vertex>) {
    const std::string from(dag->graph.name(move.from));
    const std::string to(dag->graph.name(move.to));
    MoveInfo info{.text = fmt::format("move the pebble on {} to {}", from, to)};
    info.fields["from"] = from;
    info.fields["to"] = to;
    return info;
  };
  speech.count_options = [dag](games::Digraph::Vertex v) {
    return std::optional<std::uint64_t>(dag->graph.successors(v).size());
  };
  speech.extras = [dag](Report& report, auto&) {
    report.extra["vertices"] = dag->graph.vertex_count();
    report.extra["edges"] = dag->graph.edge_count();
    if (report.components.empty()) add_all_nimbers(report, *dag);
  };
  return speech;
}

}  // namespace

const Entry& dag_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "dag",
               .summary = "pebbles on a directed acyclic graph read from a file",
               .rules = "A move slides one pebble along an edge of the graph; whoever cannot move loses. The graph "
                        "must be acyclic (a cycle is reported with its vertices).",
               .syntax = "the vertices that carry a pebble (repeats allowed: each pebble is a component). Without "
                         "pebbles, the nimber of every vertex is listed (JSON: \"nimbers\"). Graph file: one edge "
                         "'FROM TO' per line (names: any non-blank text, UTF-8); a line with one name declares a "
                         "vertex; '#' starts a comment; blank lines are ignored.",
               .example = "dag examples/pebbles.txt b d",
               .limits = "10^6 vertices and 10^7 edges in seconds (linear time); bounded by --memory",
               .component_noun = "pebble",
               .rule_options = {graph_file_option()},
               .position_optional = true},
      [](const GameInfo& info, const RuleValues& rules, const Context& context) -> std::unique_ptr<Instance> {
        auto dag = load_dag(rule_value(rules, "file"), context);
        std::shared_ptr<const games::DagGame> game(dag, dag->game.get());
        return std::make_unique<GameInstance<games::DagGame>>(game, dag_speech(dag), context, info.name,
                                                              info.component_noun);
      });
  return entry;
}

}  // namespace grundy::catalogue
