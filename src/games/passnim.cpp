// Reading and writing pass-Nim piles (the game itself is in the header).
#include "grundy/games/passnim.hpp"

#include <algorithm>
#include <string>

#include "common/text.hpp"
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
  if (!pile.pass_used) {
    pile.size = parse_count(text, what, PassNim::kMaxPile);
    return pile;
  }
  const std::string name(what);
  if (digits.empty()) throw InputError(name + ": " + grundy::detail::quoted(text) + " has no pile size before the used-pass mark");
  // Errors quote the pile as typed, mark included.
  if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    throw InputError(name + ": " + grundy::detail::quoted(text) +
                     " is not a pile: a whole number, then '*' or ':used' once its pass is used");
  }
  try {
    pile.size = parse_count(digits, what, PassNim::kMaxPile);
  } catch (const InputError&) {
    throw InputError(name + ": " + grundy::detail::quoted(text) + " is over the limit " + std::to_string(PassNim::kMaxPile));
  }
  return pile;
}

std::string format_pass_pile(const PassPile& pile) { return std::to_string(pile.size) + (pile.pass_used ? "*" : ""); }

}  // namespace grundy::games
