// Reading the graph of the pebble games (dag, graph): a FILE, or '-' for
// standard input, within the context's memory budget.
#pragma once

#include <string>

#include "grundy/catalogue/entry.hpp"
#include "grundy/games/digraph.hpp"

namespace grundy::catalogue {

/// The rule option FILE of the pebble games: the graph, '-' for standard input.
RuleOption graph_file_option();

/// The graph in `path` ('-': standard input). Throws InputError or BudgetExceeded.
games::Digraph read_graph(const std::string& path, const Context& context);

}  // namespace grundy::catalogue
