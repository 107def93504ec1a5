// A misère answer for a sum of components: who wins and every winning move. The
// shape a game's misère fast path returns (Nim by Bouton's rule; heap games by
// their misère quotient), so the catalogue treats every method alike.
#pragma once

#include <vector>

#include "grundy/core/analysis.hpp"

namespace grundy::misere {

/// Who wins a sum under misère play, and every move that leaves the opponent a loss.
template <Game G>
struct MisereAnswer {
  bool first_player_wins = true;
  std::vector<WinningMove<G>> winning_moves;  // empty when the position is lost
};

}  // namespace grundy::misere
