// A game's description (GameInfo) as JSON: the one form every front end lists
// games in (the web API's /api/games, the Python package's games()), so a new
// field of GameInfo is written out once.
#pragma once

#include "grundy/catalogue/entry.hpp"
#include "grundy/catalogue/report.hpp"

namespace grundy::catalogue {

/// One rule option: name, kind ("positional", "value", "flag"), value_name, help, required, default, choices.
Json rule_option_json(const RuleOption& option);

/// The whole description: names, rules, syntax, example, limits, rule and table options, table bound.
Json game_info_json(const GameInfo& info);

}  // namespace grundy::catalogue
