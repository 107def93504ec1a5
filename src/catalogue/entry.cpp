#include "grundy/catalogue/entry.hpp"

#include "grundy/catalogue/table_result.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/heap/table.hpp"

namespace grundy::catalogue {

TableResult Instance::table(std::uint64_t, const TableRequest&) {
  throw InputError("this game has no table of values (grundy table --help lists the games that have one)");
}

std::string Instance::batch(const std::string&) { throw InputError("this game has no --batch format"); }

Report Instance::analyse_misere(const Position&, std::size_t) {
  throw InputError("misère play is not available for this game");
}

ComponentExplanation Instance::explain_misere(const Position&, std::size_t, std::size_t) {
  throw InputError("misère play is not available for this game");
}

std::string Instance::draw(const Position& position) {
  std::string out;
  for (std::size_t i = 0; i < position.components.size(); ++i) {
    out += std::to_string(i + 1) + ": " + position.components[i] + '\n';
  }
  if (position.components.empty()) out += "(no component left)\n";
  return out;
}

Nimber TableResult::at(std::uint64_t n) const {
  if (heap_table) return heap_table->at(n);
  return values[n];
}

}  // namespace grundy::catalogue
