// The grundy command line: builds the command set from the catalogue, runs it,
// and turns every reported error into one line on stderr ("grundy: error: ...")
// and exit status 2. grundy and grundy-mpi are this and a main of their own.
#include "command_line.hpp"

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <new>
#include <string>

#include "cli_errors.hpp"
#include "game_commands.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/version.hpp"
#include "session.hpp"

namespace grundy::cli {

int run_command_line(int argc, char** argv) {
  CLI::App app{"grundy: values, winners and every winning move of impartial games (normal and misère play)."};
  app.name("grundy");
  app.require_subcommand(1);
  app.fallthrough();
  app.set_version_flag("--version", std::string("grundy ") + GRUNDY_VERSION_STRING);
  GlobalOptions options;
  app.add_flag("--json", options.json, "print one JSON object (see docs/cli.md)");
  app.add_option("--memory", options.memory, "memory budget, e.g. 512M or 4G")->capture_default_str();
  app.add_option("--time", options.time,
                 "compute budget in seconds (default 60 for an answer, none for a table; 0: no limit); past it, one "
                 "line and exit status 2")
      ->type_name("SECONDS");
  app.add_flag("-q,--quiet", options.quiet, "no progress display");
  app.footer("Run 'grundy GAME --help' for a game's rules, position syntax and an example;\n"
             "'grundy explain GAME POSITION' shows every option with its value and the mex.");
  add_all_commands(app, options);
  try {
    app.parse(argc, argv);
    clear_progress_line();
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help or --version
  } catch (const CLI::ParseError& e) {
    std::cerr << "grundy: error: " << parse_error_message(app, e, argc, argv) << '\n';
    return 2;
  } catch (const grundy::Error& e) {
    clear_progress_line();
    std::cerr << "grundy: error: " << e.what() << '\n';
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "grundy: error: " << kOutOfMemoryMessage << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "grundy: internal error: " << e.what() << '\n';
    return 3;
  }
  return 0;
}

}  // namespace grundy::cli
