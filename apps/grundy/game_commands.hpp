// The commands built from the catalogue: `grundy GAME`, `grundy explain GAME`
// and `grundy table GAME`, one builder each for every game, so a new game in the
// catalogue is on the command line with no code here.
#pragma once

#include <CLI/CLI.hpp>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "grundy/catalogue/entry.hpp"

#include "session.hpp"

namespace grundy::cli {

/// What one game command collects from its arguments.
struct Arguments {
  catalogue::RuleValues rules;                 // filled after parsing from the fields below
  std::map<std::string, std::string> values;   // --set, code, file, ...
  std::map<std::string, bool> flags;           // --no-cache, --batch, ...
  std::vector<std::string> positions;
  std::string max_moves;
  std::string limit;
  std::string upto;
  bool misere = false;  // --misere: the last player to move loses

  void collect() {
    for (const auto& [name, value] : values) {
      if (!value.empty()) rules[name] = value;
    }
    for (const auto& [name, on] : flags) {
      if (on) rules[name] = "true";
    }
  }
};

/// Adds a game's rule options to `command`, their values landing in `args` (all but `skip`).
void add_rule_options(CLI::App& command, const std::vector<catalogue::RuleOption>& options, Arguments& args,
                      const std::string& skip = "");

/// Adds --misere (the player who makes the last move loses) to `command`.
void add_misere_flag(CLI::App& command, Arguments& args);

/// The game's instance for the rule options collected in `args`.
std::unique_ptr<catalogue::Instance> make_instance(const catalogue::Entry& entry, Arguments& args,
                                                   const catalogue::Context& context);

/// True when `info`'s positions are components typed as arguments (not a file, not optional),
/// so that one empty argument ('') writes the empty position.
bool empty_position_typed(const catalogue::GameInfo& info);

/// The position as typed: the arguments, except that one empty argument ('') is the
/// empty position (no component: the player to move has no move) where empty_position_typed.
std::vector<std::string> typed_position(const catalogue::GameInfo& info, const std::vector<std::string>& arguments);

/// Adds `grundy GAME ...` for every catalogue game.
void add_game_commands(CLI::App& app, GlobalOptions& options);
/// Adds `grundy explain GAME ...` for every catalogue game.
void add_explain_command(CLI::App& app, GlobalOptions& options);
/// Adds `grundy table GAME ...` for every game with a table.
void add_table_command(CLI::App& app, GlobalOptions& options);
/// Adds `grundy plot GAME --upto N -o FILE.svg` for every game with a table.
void add_plot_command(CLI::App& app, GlobalOptions& options);
/// `grundy examples`: every worked example of the problems grundy started from.
void add_examples_command(CLI::App& app, GlobalOptions& options);

/// `grundy play GAME ...`: a game against the perfect opponent, for every catalogue game.
void add_play_command(CLI::App& app, GlobalOptions& options);
/// `grundy quotient GAME --upto N`: the misère quotient of a heap game.
void add_quotient_command(CLI::App& app, GlobalOptions& options);

/// `grundy census`: every octal game with up to D code digits, classified and grouped.
void add_census_command(CLI::App& app, GlobalOptions& options);

/// Every command of the tool.
void add_all_commands(CLI::App& app, GlobalOptions& options);

}  // namespace grundy::cli
