// The explicit list of the tool's commands: one function per catalogue game,
// each defined in that game's own file. Add a game by adding its lines here and
// in registry.cpp; nothing registers itself.
#pragma once

#include <CLI/CLI.hpp>

#include "command.hpp"

namespace grundy::cli {

// grundy GAME [RULE OPTIONS] POSITION...
void add_nim_command(CLI::App& app, GlobalOptions& options);

// grundy table GAME [RULE OPTIONS] --upto N
void add_nim_table(CLI::App& table, GlobalOptions& options);

/// Adds every game command and every table command.
void add_all_commands(CLI::App& app, GlobalOptions& options);

}  // namespace grundy::cli
