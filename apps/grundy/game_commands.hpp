// The commands built from the catalogue: `grundy GAME`, `grundy explain GAME`
// and `grundy table GAME`, one builder each for every game, so a new game in the
// catalogue is on the command line with no code here.
#pragma once

#include <CLI/CLI.hpp>

#include "session.hpp"

namespace grundy::cli {

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

/// Every command of the tool.
void add_all_commands(CLI::App& app, GlobalOptions& options);

}  // namespace grundy::cli
