// A perfect opponent for any catalogue game, and the reading of a move a person
// types. Both work through the Instance alone (analyse, explain, apply), so every
// game of the catalogue can be played the same way by the command line and a
// web server. Work is bounded: a component's options are listed up to
// kOpponentOptionLimit, and a lost position weighs at most kLostCandidateLimit moves.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/catalogue/entry.hpp"
#include "grundy/catalogue/report.hpp"

namespace grundy::catalogue {

/// Options of one component listed when looking for a move (the count is always known).
inline constexpr std::size_t kOpponentOptionLimit = 4096;
/// Moves whose replies are counted when choosing a move in a lost position.
inline constexpr std::size_t kLostCandidateLimit = 256;
/// EngineMove::option when the move lies beyond the listed options (a huge component).
inline constexpr std::size_t kOptionNotListed = static_cast<std::size_t>(-1);

/// The instance's analyse or analyse_misere, as `play` asks: one call for the front
/// ends that offer both conventions.
[[nodiscard]] Report analyse_as(Instance& instance, const Position& position, std::size_t max_moves, Play play);
/// The instance's explain or explain_misere, as `play` asks.
[[nodiscard]] ComponentExplanation explain_as(Instance& instance, const Position& position, std::size_t component,
                                              std::size_t limit, Play play);

/// The engine's move: where it is played, which option (explain's order, 0-based),
/// the option as explain shows it, the position it leaves, and why it was chosen.
struct EngineMove {
  std::size_t component = 0;
  std::size_t option = 0;
  OptionInfo option_info;
  Position after;
  std::string why;
};

/// The engine's move in `position` (not terminal), by perfect play:
/// - a won position: a winning move; the one that wins soonest where the game reports
///   a best move (graph games, by remoteness); else the first winning move in
///   explain's order (lowest component first);
/// - a drawn position (graph games): a drawing move;
/// - a lost position: the game's best move where it reports one (graph games: the
///   loss that lasts longest); else the move leaving the opponent the fewest winning
///   moves; ties: the most options in the position left, then the first listed.
/// Under misère play (the player who makes the last move loses) the same, with
/// analyse_misere's outcome and winning moves.
/// Throws InputError when the position is terminal or the game refuses misère play.
EngineMove choose_move(Instance& instance, const Position& position, Play play = Play::normal);

/// A typed move: component and option (explain's order, 0-based).
struct TypedMove {
  std::size_t component = 0;
  std::size_t option = 0;
};

/// The move a person typed, matched against the listed options. Accepted forms:
/// - the move's text as hint and explain print it ("take 2 from the pile of 9, leaving 7");
/// - the short form "FROM -> LEFT...": the component as written, an arrow, the
///   components the move leaves ("0", "nothing" or "-" for none), e.g. "9 -> 1 6";
/// - either of these after "K:" to name component K (1-based) when several are equal
///   (without it, the first equal component is taken);
/// - "C:N": component C, option N as explain numbers them (both 1-based).
/// Throws InputError with one line saying why (no such move; ambiguous: which component).
TypedMove find_move(Instance& instance, const Position& position, std::string_view text);

/// The position after a move in `component` that leaves `result` in its place
/// (what Instance::apply gives, without listing the options again).
Position after_move(const Position& position, std::size_t component, const std::vector<std::string>& result);

/// The short form of an option of component `component` of `position` ("9 -> 1 6").
std::string short_move(const Position& position, std::size_t component, const OptionInfo& option);

}  // namespace grundy::catalogue
