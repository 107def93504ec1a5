#include "registry.hpp"

namespace grundy::cli {

void add_all_commands(CLI::App& app, GlobalOptions& options) {
  add_nim_command(app, options);
  add_subtraction_command(app, options);
  add_passnim_command(app, options);
  add_divide_command(app, options);
  add_dag_command(app, options);
  add_treblecross_command(app, options);
  add_gridsplit_command(app, options);
  add_rect_command(app, options);
  add_octal_commands(app, options);

  add_examples_command(app, options);

  CLI::App* table = app.add_subcommand("table", "print g(0..N) of a heap game, with its proven period");
  table->require_subcommand(1);
  add_nim_table(*table, options);
  add_subtraction_table(*table, options);
  add_passnim_table(*table, options);
  add_divide_table(*table, options);
  add_heap_tables(*table, options);
}

}  // namespace grundy::cli
