#include "registry.hpp"

namespace grundy::cli {

void add_all_commands(CLI::App& app, GlobalOptions& options) {
  add_nim_command(app, options);

  CLI::App* table = app.add_subcommand("table", "print g(0..N) of a heap game, with its proven period");
  table->require_subcommand(1);
  add_nim_table(*table, options);
}

}  // namespace grundy::cli
