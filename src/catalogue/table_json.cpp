#include <utility>

#include "grundy/catalogue/table_result.hpp"

namespace grundy::catalogue {

nlohmann::ordered_json table_json(const TableResult& table, bool with_values) {
  using Json = nlohmann::ordered_json;
  Json json = Json::object();
  json["game"] = table.game;
  json["upto"] = table.upto;
  Json values = Json::array();
  if (with_values) {
    for (std::uint64_t n = 0; n <= table.upto; ++n) values.push_back(table.at(n));
  }
  json["values"] = std::move(values);
  json["period"] = table.period ? Json(*table.period) : Json(nullptr);
  json["preperiod"] = table.preperiod ? Json(*table.preperiod) : Json(nullptr);
  for (const auto& [key, field] : table.extra.items()) json[key] = field;
  if (!table.misere_values.empty()) {
    json["misere_values"] = table.misere_values;
    Json genus = Json::array();
    for (const auto& g : table.genus) genus.push_back(g ? Json(*g) : Json(nullptr));
    json["genus"] = std::move(genus);
  }
  return json;
}

}  // namespace grundy::catalogue
