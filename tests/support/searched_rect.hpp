// Rect without its known_value hook: every component goes through the solver's
// memo, as before the closed forms for lines and 4x4-box shapes. Tests check the
// hook against it; the rect benchmark uses it as the baseline.
#pragma once

#include <vector>

#include "grundy/games/rect.hpp"

namespace grundy::testing {

struct SearchedRect {
  using Position = games::Rect::Position;
  using Move = games::Rect::Move;
  template <class Sink>
  void options(Position cells, Sink& sink) const {
    games::Rect{}.options(cells, sink);
  }
  void decompose(Position cells, std::vector<Position>& parts) const { games::Rect{}.decompose(cells, parts); }
  [[nodiscard]] Position canonical(Position cells) const { return games::Rect{}.canonical(cells); }
};

}  // namespace grundy::testing
