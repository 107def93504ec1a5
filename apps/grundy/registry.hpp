// The explicit list of the tool's commands: one function per catalogue game,
// each defined in that game's own file. Add a game by adding its lines here and
// in registry.cpp; nothing registers itself.
#pragma once

#include <CLI/CLI.hpp>

#include "command.hpp"

namespace grundy::cli {

// grundy GAME [RULE OPTIONS] POSITION...
void add_nim_command(CLI::App& app, GlobalOptions& options);
void add_subtraction_command(CLI::App& app, GlobalOptions& options);
void add_passnim_command(CLI::App& app, GlobalOptions& options);
void add_divide_command(CLI::App& app, GlobalOptions& options);
void add_dag_command(CLI::App& app, GlobalOptions& options);
void add_treblecross_command(CLI::App& app, GlobalOptions& options);
void add_gridsplit_command(CLI::App& app, GlobalOptions& options);
void add_rect_command(CLI::App& app, GlobalOptions& options);
void add_octal_commands(CLI::App& app, GlobalOptions& options);  // octal, kayles, dawsons-kayles, ...

// grundy table GAME [RULE OPTIONS] --upto N
void add_nim_table(CLI::App& table, GlobalOptions& options);
void add_subtraction_table(CLI::App& table, GlobalOptions& options);
void add_passnim_table(CLI::App& table, GlobalOptions& options);
void add_divide_table(CLI::App& table, GlobalOptions& options);
void add_heap_tables(CLI::App& table, GlobalOptions& options);  // octal, kayles, grundys-game, ...

// grundy examples: the worked examples of the five problem statements
void add_examples_command(CLI::App& app, GlobalOptions& options);

/// Adds every game command and every table command.
void add_all_commands(CLI::App& app, GlobalOptions& options);

}  // namespace grundy::cli
