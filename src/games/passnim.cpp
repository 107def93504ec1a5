// Reading and writing pass-Nim piles (the game itself is in the header).
#include "grundy/games/passnim.hpp"

#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"

namespace grundy::games {

PassPile parse_pass_pile(std::string_view text, std::string_view what) {
  PassPile pile;
  std::string_view digits = text;
  if (digits.ends_with(":used")) {
    digits.remove_suffix(5);
    pile.pass_used = true;
  } else if (digits.ends_with('*')) {
    digits.remove_suffix(1);
    pile.pass_used = true;
  }
  if (pile.pass_used && digits.empty()) {
    throw InputError(std::string(what) + ": '" + std::string(text) + "' has no pile size before the used-pass mark");
  }
  pile.size = parse_count(digits, what, PassNim::kMaxPile);
  return pile;
}

std::string format_pass_pile(const PassPile& pile) { return std::to_string(pile.size) + (pile.pass_used ? "*" : ""); }

}  // namespace grundy::games
