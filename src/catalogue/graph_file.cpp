#include "graph_file.hpp"

#include <vector>

#include "common/text.hpp"
#include "grundy/catalogue/limits.hpp"

namespace grundy::catalogue {

RuleOption graph_file_option() {
  return RuleOption{.name = "file",
                    .kind = RuleOption::Kind::positional,
                    .value_name = "FILE",
                    .help = "the graph file ('-' for standard input)",
                    .required = true};
}

games::Digraph read_graph(const std::string& path, const Context& context) {
  if (path != "-") return games::Digraph::read_file(path, context.memory);
  const grundy::detail::InputBounds bounds{.what = "a graph", .limits = search_limits(context)};
  const std::string text = grundy::detail::read_input("-", bounds);
  return games::Digraph::parse(std::vector<char>(text.begin(), text.end()), "standard input", context.memory);
}

}  // namespace grundy::catalogue
