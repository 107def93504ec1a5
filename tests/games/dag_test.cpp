#include "grundy/games/dag.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "grundy/core/errors.hpp"
#include "support/conformance.hpp"
#include "support/run_cli.hpp"
#include "support/sanitizers.hpp"

namespace grundy {
namespace {

using games::DagGame;
using games::Digraph;

const std::string kData = std::string(GRUNDY_TEST_DATA) + "/dag/";

Digraph parse(const std::string& text) { return Digraph::parse(std::vector<char>(text.begin(), text.end()), "test"); }

std::map<std::string, Nimber> nimbers_by_name(const Digraph& graph) {
  const auto values = games::dag_nimbers(graph);
  std::map<std::string, Nimber> out;
  for (std::size_t v = 0; v < graph.vertex_count(); ++v) {
    out[std::string(graph.name(static_cast<Digraph::Vertex>(v)))] = values[v];
  }
  return out;
}

// Independent of the fast path: std::istringstream parsing, a std::map adjacency,
// memoised recursion and a std::set mex, as the problem's own code does it.
std::map<std::string, Nimber> reference_nimbers(const std::string& text) {
  std::map<std::string, std::vector<std::string>> adjacency;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    line = line.substr(0, line.find('#'));
    std::istringstream fields(line);
    std::vector<std::string> names;
    std::string name;
    while (fields >> name) names.push_back(name);
    if (names.empty()) continue;
    adjacency[names[0]];
    if (names.size() == 2) {
      adjacency[names[0]].push_back(names[1]);
      adjacency[names[1]];
    }
  }
  std::map<std::string, Nimber> memo;
  std::function<Nimber(const std::string&)> value = [&](const std::string& v) -> Nimber {
    if (auto it = memo.find(v); it != memo.end()) return it->second;
    std::set<Nimber> seen;
    for (const auto& w : adjacency[v]) seen.insert(value(w));
    Nimber m = 0;
    while (seen.count(m) != 0) ++m;
    return memo[v] = m;
  };
  for (const auto& [v, successors] : adjacency) value(v);
  return memo;
}

// A random DAG as text: edges go from a lower to a higher rank; names are shuffled
// so file order is unrelated to the order; some vertices are only declared.
std::string random_dag_text(std::mt19937_64& rng, std::size_t vertices, std::size_t edges) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < vertices; ++i) {
    std::string name(1, 'v');  // (not "v" + ...: g++ 12 warns falsely on that)
    name += std::to_string(rng() % 1000);
    name += '_';
    name += std::to_string(i);
    names.push_back(std::move(name));
  }
  std::string text = "# random\n";
  for (std::size_t e = 0; e < edges; ++e) {
    const std::size_t from = rng() % (vertices - 1);
    const std::size_t to = from + 1 + rng() % (vertices - 1 - from);
    text += names[from] + (e % 3 == 0 ? "\t" : "  ") + names[to] + (e % 5 == 0 ? " # c\n" : "\n");
  }
  for (std::size_t i = 0; i < vertices; i += 3) text += names[i] + "\n";
  return text;
}

TEST(Dag, SmallFile) {
  const Digraph graph = Digraph::read_file(kData + "small.txt");
  EXPECT_EQ(graph.vertex_count(), 7U);
  EXPECT_EQ(graph.edge_count(), 6U);
  const std::map<std::string, Nimber> expected{{"a", 0}, {"b", 2}, {"c", 1}, {"d", 0}, {"e", 0}, {"x", 1}, {"y", 0}};
  EXPECT_EQ(nimbers_by_name(graph), expected);
  EXPECT_EQ(graph.name(0), "a");  // numbered in order of first mention
  EXPECT_EQ(graph.name(4), "e");
}

TEST(Dag, ParallelEdgesCrlfTabsAndComments) {
  const Digraph graph = parse("a b\r\na\tb\r\n  # only a comment\r\nb c#no space before the comment\nc");
  EXPECT_EQ(graph.vertex_count(), 3U);
  EXPECT_EQ(graph.edge_count(), 3U);
  EXPECT_EQ(nimbers_by_name(graph), (std::map<std::string, Nimber>{{"a", 0}, {"b", 1}, {"c", 0}}));
  EXPECT_EQ(parse("").vertex_count(), 0U);
  EXPECT_TRUE(games::dag_nimbers(parse("\n\n# nothing\n")).empty());
}

TEST(Dag, Utf8NamesAreKeptAndBadBytesRejected) {
  const Digraph graph = parse("\xc3\xa9t\xc3\xa9 hiver\n");
  EXPECT_TRUE(graph.find("\xc3\xa9t\xc3\xa9").has_value());
  try {
    parse("a b\nc \xff\xfe\n");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("test line 2"), std::string::npos) << e.what();
  }
}

TEST(Dag, ThreeFieldsNameTheLine) {
  try {
    Digraph::read_file(kData + "three_fields.txt");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("three_fields.txt line 3"), std::string::npos) << e.what();
  }
}

TEST(Dag, UnreadableFiles) {
  EXPECT_THROW(Digraph::read_file(kData + "no_such_file.txt"), InputError);
  EXPECT_THROW(Digraph::read_file(kData), InputError);  // a directory
}

TEST(Dag, CycleNamesItsVertices) {
  const Digraph graph = Digraph::read_file(kData + "cycle.txt");
  try {
    games::dag_nimbers(graph);
    FAIL() << "no error";
  } catch (const CycleError& e) {
    EXPECT_NE(std::string(e.what()).find("cycle of 3 vertices: a -> b -> c -> a"), std::string::npos) << e.what();
  }
  EXPECT_THROW(DagGame{parse("a b\nb b\n")}, CycleError);
}

TEST(Dag, LongCycleIsShownByItsEnds) {
  std::string text;
  for (int i = 0; i < 100; ++i) {
    text += 'r';
    text += std::to_string(i);
    text += " r";
    text += std::to_string((i + 1) % 100);
    text += '\n';
  }
  const Digraph graph = parse(text);
  try {
    games::dag_nimbers(graph);
    FAIL() << "no error";
  } catch (const CycleError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("cycle of 100 vertices: r0 -> r1"), std::string::npos) << what;
    EXPECT_NE(what.find("... -> r90"), std::string::npos) << what;
    EXPECT_NE(what.find("r99 -> r0"), std::string::npos) << what;
  }
}

TEST(Dag, RandomDagsMatchTheReference) {
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t vertices = 2 + rng() % 300;
    const std::size_t edges = rng() % (4 * vertices);
    const std::string text = random_dag_text(rng, vertices, edges);
    const Digraph graph = parse(text);
    ASSERT_EQ(nimbers_by_name(graph), reference_nimbers(text)) << text;
  }
}

TEST(Dag, ConformanceOnRandomDags) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 6; ++trial) {
    const Digraph graph = parse(random_dag_text(rng, 16, 30));
    const DagGame game(graph);
    std::vector<Digraph::Vertex> vertices(graph.vertex_count());
    for (std::size_t v = 0; v < vertices.size(); ++v) vertices[v] = static_cast<Digraph::Vertex>(v);
    testing::expect_conformance(game, vertices);
  }
}

TEST(Dag, DeepChainNeedsNoRecursion) {
  constexpr int kLength = grundy::testing::kSanitized ? 100'000 : 1'000'000;
  std::string text;
  for (int i = kLength; i > 0; --i) text += std::to_string(i) + " " + std::to_string(i - 1) + "\n";
  const Digraph graph = parse(text);
  const auto values = games::dag_nimbers(graph);
  EXPECT_EQ(values[*graph.find(std::to_string(kLength))], static_cast<Nimber>(kLength % 2));
  EXPECT_EQ(values[*graph.find("1")], 1U);
}

TEST(DagCli, ListsEveryNimberWithoutPebbles) {
  const auto r = testing::run_cli({"--json", "dag", kData + "small.txt"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"position\":[],\"value\":0,\"winner\":\"second\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"nimbers\":{\"a\":0,\"b\":2,\"c\":1,\"d\":0,\"e\":0,\"x\":1,\"y\":0}"), std::string::npos)
      << r.out;
  const auto text = testing::run_cli({"dag", kData + "small.txt"});
  EXPECT_NE(text.out.find("\nb 2\n"), std::string::npos) << text.out;
}

TEST(DagCli, PebblesAndWinningMoves) {
  // b (2) + c (1) + x (1) = 2: move b -> d (value 0) leaves 0 ^ 1 ^ 1 = 0.
  const auto r = testing::run_cli({"--json", "dag", kData + "small.txt", "b", "c", "x"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"components\":[2,1,1]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"from\":\"b\",\"to\":\"d\""), std::string::npos) << r.out;
  const auto lost = testing::run_cli({"--json", "dag", "-", "p", "p"}, "p q\nq r\n");
  ASSERT_EQ(lost.status, 0) << lost.err;
  EXPECT_NE(lost.out.find("\"winner\":\"second\""), std::string::npos) << lost.out;
}

TEST(DagCli, BadInputExitsTwoWithOneLine) {
  const std::vector<std::vector<std::string>> cases{
      {"dag", kData + "small.txt", "zz"},
      {"dag", kData + "cycle.txt"},
      {"dag", kData + "three_fields.txt"},
      {"dag", kData + "no_such_file.txt"},
      {"dag", kData},
      {"dag"},
  };
  for (const auto& args : cases) {
    const auto r = testing::run_cli(args);
    EXPECT_EQ(r.status, 2) << ::testing::PrintToString(args);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  const auto cycle = testing::run_cli({"dag", kData + "cycle.txt", "start"});
  EXPECT_NE(cycle.err.find("a -> b -> c -> a"), std::string::npos) << cycle.err;
  const auto unknown = testing::run_cli({"dag", kData + "small.txt", "a", "zz"});
  EXPECT_NE(unknown.err.find("pebble 2: unknown vertex 'zz'"), std::string::npos) << unknown.err;
}

}  // namespace
}  // namespace grundy
