#include "grundy/catalogue/game_info_json.hpp"

namespace grundy::catalogue {

namespace {

Json options_json(const std::vector<RuleOption>& options) {
  Json listed = Json::array();
  for (const RuleOption& option : options) listed.push_back(rule_option_json(option));
  return listed;
}

}  // namespace

Json rule_option_json(const RuleOption& option) {
  static constexpr const char* kKinds[] = {"positional", "value", "flag"};
  Json json = Json::object();
  json["name"] = option.name;
  json["kind"] = kKinds[static_cast<int>(option.kind)];
  json["value_name"] = option.value_name;
  json["help"] = option.help;
  json["required"] = option.required;
  json["default"] = option.default_value;
  json["choices"] = option.choices;
  return json;
}

Json game_info_json(const GameInfo& info) {
  Json json = Json::object();
  json["name"] = info.name;
  json["aliases"] = info.aliases;
  json["summary"] = info.summary;
  json["rules"] = info.rules;
  json["syntax"] = info.syntax;
  json["example"] = info.example;
  json["limits"] = info.limits;
  json["component_noun"] = info.component_noun;
  json["rule_options"] = options_json(info.rule_options);
  json["reads_input"] = info.reads_input;
  json["position_optional"] = info.position_optional;
  json["has_table"] = info.has_table;
  json["table_options"] = options_json(info.table_options);
  json["table_max_upto"] = info.table_max_upto;
  return json;
}

}  // namespace grundy::catalogue
