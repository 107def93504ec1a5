// A misère answer for a sum of components: who wins, every winning move and the
// method that answered. The shape every misère path returns (Nim by Bouton's
// rule, heap games by their misère quotient, tame sums by their genera, the
// generic search), so the catalogue treats every method alike.
#pragma once

#include <vector>

#include "grundy/core/analysis.hpp"

namespace grundy::misere {

/// Which exact method answered a misère question, fastest first.
enum class MisereMethod { nim_rule, quotient, tame, search, retrograde };

/// The method's name in reports: "misere-nim", "quotient", "tame", "search", "retrograde".
[[nodiscard]] constexpr const char* method_name(MisereMethod method) {
  switch (method) {
    case MisereMethod::nim_rule:
      return "misere-nim";
    case MisereMethod::quotient:
      return "quotient";
    case MisereMethod::tame:
      return "tame";
    case MisereMethod::search:
      return "search";
    case MisereMethod::retrograde:
      return "retrograde";
  }
  return "search";
}

/// Who wins a sum under misère play, and every move that leaves the opponent a loss.
template <Game G>
struct MisereAnswer {
  bool first_player_wins = true;
  std::vector<WinningMove<G>> winning_moves;  // empty when the position is lost
  MisereMethod method = MisereMethod::search;
};

}  // namespace grundy::misere
