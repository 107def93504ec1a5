// What every front end shows of a position: the answer (each component's value,
// the value of the sum, the winner, every winning move) and the explanation
// (each component's options with their values and the mex). One shape for all
// games, rendered once as JSON (the command line's contract, docs/cli.md) and
// once as text, so the command line, the playground and bindings agree.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/core/nimber.hpp"

namespace grundy::catalogue {

using Json = nlohmann::ordered_json;

/// The value of a component or a sum: a nimber, or, in games with cycles,
/// infinity(K) with K the finite values among its options.
struct GameValue {
  Nimber nimber = 0;
  std::optional<std::vector<Nimber>> infinity;  // K, ascending, when the value is infinite
  /// A win known by a theorem whose nimber was not computed (JSON null, text "nonzero").
  bool nonzero_unknown = false;

  [[nodiscard]] bool infinite() const { return infinity.has_value(); }
  /// A number, {"infinity": [K...]}, or null when nonzero_unknown.
  [[nodiscard]] Json json() const;
  /// "3", "inf{0,2}", or "nonzero".
  [[nodiscard]] std::string text() const;
  friend bool operator==(const GameValue&, const GameValue&) = default;
};

/// Who wins with perfect play from the player to move's point of view.
enum class Outcome { first, second, draw };

/// "first", "second", "draw".
const char* outcome_name(Outcome outcome);

/// The play convention: normal (the last player to move wins) or misère (loses).
enum class Play { normal, misere };

/// "normal", "misere".
const char* play_name(Play play);

/// One move: the component it is played in, a line for people, and the game's
/// own JSON fields ("component" and "move" are always set from the first two).
struct MoveInfo {
  std::size_t component = 0;
  std::string text;
  Json fields = Json::object();
  /// The components the move leaves in place of its own (position syntax), when
  /// the maker of the MoveInfo knows them (a long list of moves in a large
  /// component carries them for its first moves only); not part of the JSON.
  std::vector<std::string> result;
};

/// The answer for a position that is a sum of components.
struct Report {
  Play play = Play::normal;
  std::string game;                     // the command the user ran ("kayles", "octal")
  std::string title;                    // the text header's first words when not just `game` ("octal 0.137")
  std::vector<std::string> components;  // each component in the game's position syntax
  std::vector<GameValue> values;        // the (normal-play) value of each component
  GameValue value;                      // the value of the sum (normal play only: null in misère JSON)
  /// Misère play: each component's genus text ("0^120"), nullopt where not computed.
  std::vector<std::optional<std::string>> genus;
  /// Misère play: the genus of the whole position, nullopt where not computed;
  /// the note says how it was found, or why it was not.
  std::optional<std::string> position_genus;
  std::string position_genus_note;
  /// Misère play: the method that answered ("misere-nim", "quotient", "tame",
  /// "search", "retrograde"; misere::method_name); empty under normal play.
  std::string method;
  Outcome outcome = Outcome::second;
  std::vector<MoveInfo> winning_moves;  // at most the --max-moves asked for
  std::size_t winning_moves_count = 0;  // all of them (those found when not complete)
  /// False when the game could neither list nor count every winning move (the
  /// splits of a huge heap); winning_moves_count is then a lower bound.
  bool winning_moves_complete = true;
  std::vector<MoveInfo> drawing_moves;  // games with cycles: moves that keep a draw (the first ones)
  std::size_t drawing_moves_count = 0;  // all of them
  bool terminal = false;                // no component has a move
  Json extra = Json::object();          // further game fields
  std::vector<std::string> notes;       // further lines for people
  /// Games whose contract lists winning moves differently (a Treblecross row's
  /// cell numbers): replaces the objects of winning_moves in the JSON.
  std::optional<Json> winning_moves_json;
  /// A large field already serialised ("\"nimbers\":{...}"), appended as is, and
  /// its text form; built directly because a million-key object is slow to build.
  std::string raw_json_field;
  std::string raw_text;
};

/// One option of a component: the move, the components it leaves (position
/// syntax) and the value of their sum.
struct OptionInfo {
  MoveInfo move;
  std::vector<std::string> result;
  GameValue value;
  /// Misère play: the outcome of the whole position after this option for the
  /// player then to move (first: a win for them; second: a loss, so the option is
  /// a winning move; draw in graphs with cycles).
  std::optional<Outcome> misere_outcome;
};

/// Counting a component's options one by one stops here; beyond it the count is unknown.
inline constexpr std::uint64_t kMaxOptionsCounted = 10'000'000;

/// Why one component has its value.
struct ComponentExplanation {
  std::size_t component = 0;
  std::string position;
  GameValue value;
  std::uint64_t options_count = 0;
  bool options_count_known = true;  // false only when counting would take too long
  std::optional<std::string> genus;  // misère play: the component's genus, where computed
  std::vector<OptionInfo> options;  // the first --limit options
  [[nodiscard]] bool cut() const { return options.size() < options_count || !options_count_known; }
};

/// The report as the JSON object of the command-line contract.
Json report_json(const Report& report);
/// The report serialised on one line (with raw_json_field spliced in).
std::string report_json_text(const Report& report);
/// The report for people.
std::string report_text(const Report& report);

/// explain's JSON: the report's fields plus "explain": one entry per component.
std::string explanation_json_text(const Report& report, const std::vector<ComponentExplanation>& components);
/// explain for people: per component its options, their values and the mex; then the report.
std::string explanation_text(const Report& report, const std::vector<ComponentExplanation>& components);

}  // namespace grundy::catalogue
