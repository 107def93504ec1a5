// grundy dag FILE [PEBBLE...]: the pebble game on a directed acyclic graph read
// from a file. Without pebbles it lists the nimber of every vertex.
#include <cstdio>

#include <fmt/format.h>

#include "grundy/core/analysis.hpp"
#include "grundy/games/dag.hpp"
#include "registry.hpp"

namespace grundy::cli {

namespace {

games::Digraph read_graph(const std::string& path, const GlobalOptions& options) {
  if (path == "-") {
    const std::string text = read_stdin();
    return games::Digraph::parse(std::vector<char>(text.begin(), text.end()), "standard input", options.budget());
  }
  return games::Digraph::read_file(path, options.budget());
}

void write_out(const std::string& text) { std::fwrite(text.data(), 1, text.size(), stdout); }

// Every vertex's nimber. Written directly rather than through a Json object: a
// million-key ordered object would be slow to build and to copy.
void print_all_nimbers(const games::DagGame& game, const std::string& path, const GlobalOptions& options) {
  const games::Digraph& graph = game.graph();
  std::string out;
  out.reserve(graph.vertex_count() * 16 + 256);
  if (options.json) {
    Json head = Json::object();
    head["game"] = "dag";
    head["position"] = Json::array();
    head["value"] = 0;
    head["winner"] = "second";
    head["components"] = Json::array();
    head["winning_moves"] = Json::array();
    head["vertices"] = graph.vertex_count();
    head["edges"] = graph.edge_count();
    out = head.dump();
    out.pop_back();  // the closing brace: "nimbers" follows
    out += ",\"nimbers\":{";
    for (std::size_t v = 0; v < graph.vertex_count(); ++v) {
      if (v != 0) out += ',';
      out += Json(std::string(graph.name(static_cast<games::Digraph::Vertex>(v)))).dump();
      out += ':';
      out += std::to_string(game.nimbers()[v]);
    }
    out += "}}\n";
  } else {
    out = fmt::format("dag {}: {} vertices, {} edges; the nimber of each vertex:\n", path, graph.vertex_count(),
                      graph.edge_count());
    for (std::size_t v = 0; v < graph.vertex_count(); ++v) {
      out += graph.name(static_cast<games::Digraph::Vertex>(v));
      out += ' ';
      out += std::to_string(game.nimbers()[v]);
      out += '\n';
    }
  }
  write_out(out);
}

}  // namespace

void add_dag_command(CLI::App& app, GlobalOptions& options) {
  auto* command = app.add_subcommand("dag", "pebbles on a directed acyclic graph read from a file");
  command->footer(
      "Rules: a move slides one pebble along an edge of the graph; whoever cannot move loses.\n"
      "Graph file: one edge 'FROM TO' per line (names: any non-blank text, UTF-8); a line with one\n"
      "name declares a vertex; '#' starts a comment; blank lines are ignored. FILE '-' reads stdin.\n"
      "The graph must be acyclic (a cycle is reported with its vertices).\n"
      "Position: the vertices that carry a pebble (repeats allowed: each pebble is a component).\n"
      "Without pebbles, the nimber of every vertex is listed (JSON: \"nimbers\").\n"
      "Example: grundy dag graph.txt a b c");
  auto file = std::make_shared<std::string>();
  command->add_option("file", *file, "the graph file ('-' for standard input)")->required()->type_name("FILE");
  auto positions = std::make_shared<std::vector<std::string>>();
  add_positions(*command, *positions, "vertices carrying a pebble");
  command->callback([&options, file, positions] {
    const games::Digraph graph = read_graph(*file, options);
    const games::DagGame game(graph);
    if (positions->empty()) {
      print_all_nimbers(game, *file, options);
      return;
    }
    std::vector<games::Digraph::Vertex> pebbles;
    for (std::size_t i = 0; i < positions->size(); ++i) {
      const auto vertex = graph.find((*positions)[i]);
      if (!vertex) {
        throw InputError(fmt::format("pebble {}: unknown vertex '{}' (not in {})", i + 1, (*positions)[i], *file));
      }
      pebbles.push_back(*vertex);
    }
    Analyzer<games::DagGame> analyzer(game, options.budget());
    const auto analysis = analyzer.analyze(pebbles);
    Report report{.game = "dag", .components = *positions, .values = analysis.values, .value = analysis.nim_sum};
    for (const auto& win : analysis.winning_moves) {
      const std::string from(graph.name(win.move.from));
      const std::string to(graph.name(win.move.to));
      ReportMove move{.component = win.component, .text = fmt::format("move the pebble on {} to {}", from, to)};
      move.fields["from"] = from;
      move.fields["to"] = to;
      report.winning_moves.push_back(std::move(move));
    }
    report.extra["vertices"] = graph.vertex_count();
    report.extra["edges"] = graph.edge_count();
    print_report(report, options);
  });
}

}  // namespace grundy::cli
