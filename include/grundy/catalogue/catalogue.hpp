// The catalogue: the explicit list of every game grundy knows, in one file
// (src/catalogue/catalogue.cpp). Front ends find games here and nowhere else.
#pragma once

#include <string_view>
#include <vector>

#include "grundy/catalogue/entry.hpp"

namespace grundy::catalogue {

/// Every game, in the order front ends list them.
const std::vector<const Entry*>& games();

/// The game with this name or alias; nullptr when there is none.
const Entry* find_game(std::string_view name);

}  // namespace grundy::catalogue
