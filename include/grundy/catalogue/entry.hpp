// A catalogue entry: everything a front end needs to know about one game,
// written once next to its rules. The entry describes the game (names, rules,
// position syntax, rule options, limits) and makes an Instance for given rule
// options; the instance parses positions, analyses, explains, lists options and
// applies moves. This is the one type-erased boundary: underneath, the engine
// stays templates (catalogue/adapter.hpp turns a Game into an Instance).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/catalogue/report.hpp"
#include "grundy/catalogue/table_result.hpp"
#include "grundy/core/memory_budget.hpp"

namespace grundy::catalogue {

/// One rule option of a game: a positional argument before the position
/// (an octal CODE, a graph FILE), an option with a value (--set S), or a flag.
struct RuleOption {
  enum class Kind { positional, value, flag };
  std::string name;        // "code", "--set", "--no-cache"
  Kind kind = Kind::value;
  std::string value_name;  // "CODE", "S1,S2,...", "N"
  std::string help;
  bool required = false;
  std::string default_value;  // shown in help; empty when none
  std::vector<std::string> choices;  // allowed values, when restricted
};

/// The rule options' values as the user gave them (flags: "true"); absent when not given.
using RuleValues = std::map<std::string, std::string>;

/// A table option a game cannot honour is an error; these say which it can.
struct TableAbilities {
  bool binary = false;      // --format binary (the heap table file)
  bool resume = false;      // --resume FILE, --checkpoint FILE
  bool until_period = false;
};

/// What describes a game to people and front ends.
struct GameInfo {
  std::string name;                  // the command: "kayles"
  std::vector<std::string> aliases;  // other words for it
  std::string summary;               // one line
  std::string rules;                 // a paragraph
  std::string syntax;                // how a position is written
  std::string example;               // a command line after "grundy", with what it shows
  std::string limits;                // the sizes it accepts and what bounds them
  std::string component_noun;        // "pile", "heap", "pebble", "board"
  std::vector<RuleOption> rule_options;
  bool reads_input = false;          // the position may be a FILE or '-' (standard input)
  bool position_optional = false;    // the game answers with no position argument
  bool has_table = false;            // `grundy table NAME` exists
  std::vector<RuleOption> table_options;  // options of its table besides --upto and the common ones
  TableAbilities table_abilities;
  std::uint64_t table_max_upto = 0;
  bool has_batch = false;            // --batch: the contest format on standard input
  std::string batch_bytes;           // the bytes a --batch input may hold (empty: any)
};

/// How much a computation may take, and how it reports progress.
struct Context {
  MemoryBudget memory;
  std::optional<std::chrono::steady_clock::time_point> deadline;  // TimeExceeded past it
  const std::atomic<bool>* stop = nullptr;                          // Interrupted when set
  bool progress = false;   // draw progress on the terminal (front ends set it)
  std::function<void(const std::string&)> on_progress;  // a progress line; empty string: clear it
};

/// A position: a sum of components, each in the game's position syntax.
struct Position {
  std::vector<std::string> components;
  friend bool operator==(const Position&, const Position&) = default;
};

/// A game with its rule options fixed, ready to answer.
class Instance {
 public:
  virtual ~Instance() = default;

  /// Turns the position arguments into components (reading FILE or '-' where
  /// the game reads input); errors name the component. Throws InputError.
  [[nodiscard]] virtual Position parse(const std::vector<std::string>& arguments) = 0;
  /// The components formatted anew from their parsed form (parse(format(p)) = p).
  [[nodiscard]] virtual Position normalise(const Position& position) = 0;
  /// Values, the sum's value, the outcome and the winning moves (at most max_moves listed).
  [[nodiscard]] virtual Report analyse(const Position& position, std::size_t max_moves) = 0;
  /// Component i's options (at most `limit` listed, the count always given).
  [[nodiscard]] virtual ComponentExplanation explain(const Position& position, std::size_t component,
                                                     std::size_t limit) = 0;
  /// The position after option `option` (in explain's order) of component i.
  [[nodiscard]] virtual Position apply(const Position& position, std::size_t component, std::size_t option) = 0;
  /// True when no component has a move.
  [[nodiscard]] virtual bool terminal(const Position& position) = 0;

  /// The answer under misère play (the last player to move loses): the outcome,
  /// the winning moves (at most max_moves listed), the components' normal values
  /// and their genera where computed. Throws InputError for a game where misère
  /// play is not defined or not supported.
  [[nodiscard]] virtual Report analyse_misere(const Position& position, std::size_t max_moves);
  /// Component i's options, each with the misère outcome of the whole position after it.
  [[nodiscard]] virtual ComponentExplanation explain_misere(const Position& position, std::size_t component,
                                                            std::size_t limit);

  /// g(0..upto) with the period where one is proven (games with has_table).
  [[nodiscard]] virtual TableResult table(std::uint64_t upto, const TableRequest& request);
  /// The contest-format answer for standard input (games with has_batch).
  [[nodiscard]] virtual std::string batch(const std::string& input);
  /// The position drawn for people, lines ending in '\n' (piles of tokens, a board
  /// as a matrix); by default each component in position syntax, one per line.
  [[nodiscard]] virtual std::string draw(const Position& position);
};

/// One game of the catalogue.
class Entry {
 public:
  virtual ~Entry() = default;
  [[nodiscard]] virtual const GameInfo& info() const = 0;
  /// An instance for the given rule options. Throws InputError for bad options.
  [[nodiscard]] virtual std::unique_ptr<Instance> make(const RuleValues& rules, const Context& context) const = 0;
};

}  // namespace grundy::catalogue
