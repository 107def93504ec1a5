// grundy: values, winners and winning moves of impartial games.
// Thin: builds the command set from the registry, runs it, and turns every
// reported error into one line on stderr and exit status 2.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <new>

#include "command.hpp"
#include "grundy/core/errors.hpp"
#include "registry.hpp"

int main(int argc, char** argv) {
  using grundy::cli::GlobalOptions;
  CLI::App app{"grundy: values, winners and every winning move of impartial games (normal play)."};
  app.name("grundy");
  app.require_subcommand(1);
  app.fallthrough();
  GlobalOptions options;
  app.add_flag("--json", options.json, "print one JSON object (see docs/cli.md)");
  app.add_option("--memory", options.memory, "memory budget, e.g. 512M or 4G")->capture_default_str();
  app.add_flag("-q,--quiet", options.quiet, "no progress display");
  app.footer("Run 'grundy GAME --help' for a game's rules, position syntax and an example.");
  grundy::cli::add_all_commands(app, options);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help on the tool or on one command
  } catch (const CLI::ParseError& e) {
    std::cerr << "grundy: error: " << e.what() << '\n';
    return 2;
  } catch (const grundy::Error& e) {
    std::cerr << "grundy: error: " << e.what() << '\n';
    return 2;
  } catch (const std::bad_alloc&) {
    std::cerr << "grundy: error: out of memory (lower the problem size or --memory)\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "grundy: internal error: " << e.what() << '\n';
    return 3;
  }
  return 0;
}
