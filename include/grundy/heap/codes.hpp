// Octal and hexadecimal take-and-break codes, and the named heap games.
// A code "d0.d1d2...dk" becomes HeapRules: digit d_i says into how many non-empty
// heaps the rest may be left after removing i tokens (bit 1: none, 2: one,
// 4: two, 8: three; Winning Ways / CGSuite notation). Names like "kayles" are
// aliases for their codes; Grundy's game is the one rule set with no code.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "grundy/heap/rules.hpp"

namespace grundy::heap {

struct TakeBreakCode;  // take_break_code.hpp

/// One named heap game.
struct HeapAlias {
  std::string_view name;         // "kayles"
  std::string_view code;         // "0.77"; empty for Grundy's game
  std::string_view description;  // one line for --help
};

/// The named heap games: kayles, dawsons-kayles, treblecross, dawsons-chess,
/// officers, grundys-game.
const std::vector<HeapAlias>& heap_aliases();

/// Parses an alias or a code ("0.77", ".07", "4.007", "0.f" hexadecimal), or a
/// generalized code (take_break_code.hpp: "4!.0", "0.[3]", "{2+}.0"): octal or
/// hexadecimal rules when such digits can state it (4!.0 is Grundy's game),
/// else rules carrying the code (HeapRules::general). Trailing zero digits are
/// dropped (they allow nothing). The rules' name is the alias, or the code as
/// written. Throws InputError on a malformed code.
HeapRules parse_heap_rules(std::string_view text);

/// The rules a generalized code states (take_break_code.hpp): octal or
/// hexadecimal rules when such digits can state it (4!.0 is Grundy's game, so
/// the fast kernel serves it), else rules carrying the code. Throws InputError.
HeapRules rules_from_code(TakeBreakCode code, std::string name);

/// The code of a rule set ("0.77", "4.0f"), or "grundys-game" for Grundy's game,
/// or a generalized code in canonical form ("0.[3]", "{2+}.0").
std::string format_code(const HeapRules& rules);

/// The largest number of non-empty heaps one move may leave (0 to 3; up to 63
/// for a generalized code, ~0U when unbounded).
unsigned max_heaps_left(const HeapRules& rules);

/// True when the two rule sets describe the same game (names may differ).
bool same_game(const HeapRules& a, const HeapRules& b);

}  // namespace grundy::heap
