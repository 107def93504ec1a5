#include "table.hpp"

#include <iostream>

#include <fmt/format.h>

namespace grundy::cli {

void print_table(const TableReport& table, const GlobalOptions& options) {
  if (options.json) {
    Json json = Json::object();
    json["game"] = table.game;
    json["upto"] = table.values.empty() ? 0 : table.values.size() - 1;
    json["values"] = table.values;
    json["period"] = table.period ? Json(*table.period) : Json(nullptr);
    json["preperiod"] = table.preperiod ? Json(*table.preperiod) : Json(nullptr);
    for (const auto& [key, field] : table.extra.items()) json[key] = field;
    print_json(json);
    return;
  }
  std::string out = fmt::format("{}: g(0..{})\n", table.game, table.values.empty() ? 0 : table.values.size() - 1);
  for (std::size_t row = 0; row < table.values.size(); row += 10) {
    out += fmt::format("{:>8}:", row);
    for (std::size_t i = row; i < std::min(row + 10, table.values.size()); ++i) out += fmt::format(" {:>3}", table.values[i]);
    out += '\n';
  }
  if (table.period) {
    out += fmt::format("periodic from n0 = {} with period {} (proven)\n", *table.preperiod, *table.period);
  }
  for (const std::string& note : table.notes) out += note + '\n';
  std::cout << out;
}

CLI::Option* add_upto(CLI::App& command, std::string& upto) {
  return command.add_option("--upto", upto, "compute g(0..N)")->required()->type_name("N");
}

}  // namespace grundy::cli
