// The explicit list of the catalogue's games. Adding a game: its rules file,
// its catalogue file beside these, and one line here.
#include "grundy/catalogue/catalogue.hpp"

#include <algorithm>

#include "catalogue_games.hpp"

namespace grundy::catalogue {

const std::vector<const Entry*>& games() {
  static const std::vector<const Entry*> all = [] {
    std::vector<const Entry*> list{&nim_entry(), &subtraction_entry(), &passnim_entry(), &divide_entry()};
    for (const Entry* heap : heap_entries()) list.push_back(heap);
    list.push_back(&treblecross_entry());
    list.push_back(&rect_entry());
    list.push_back(&gridsplit_entry());
    list.push_back(&dag_entry());
    list.push_back(&graph_entry());
    list.push_back(&wythoff_entry());
    list.push_back(&turning_entry());
    list.push_back(&fibonacci_nim_entry());
    list.push_back(&take_away_entry());
    list.push_back(&mem_entry());
    return list;
  }();
  return all;
}

const Entry* find_game(std::string_view name) {
  for (const Entry* entry : games()) {
    const GameInfo& info = entry->info();
    if (info.name == name) return entry;
    if (std::find(info.aliases.begin(), info.aliases.end(), name) != info.aliases.end()) return entry;
  }
  return nullptr;
}

}  // namespace grundy::catalogue
