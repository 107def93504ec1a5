// grundy: values, winners and winning moves of impartial games.
// Thin: builds the command set from the registry, runs it, and turns every
// reported error into one line on stderr and exit status 2.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <new>
#include <string>

#include "command.hpp"
#include "grundy/core/errors.hpp"
#include "registry.hpp"

namespace {

// CLI11 says only "A subcommand is required" for a misspelt game; name it instead.
std::string unknown_command(const CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--memory") {
      ++i;
      continue;
    }
    if (word.empty() || word[0] == '-') continue;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
      if (sub->check_name(word)) return "";
    }
    return "unknown game or command '" + word + "' (grundy --help lists them)";
  }
  return "";
}

}  // namespace

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
    const std::string unknown = unknown_command(app, argc, argv);
    std::string message = unknown.empty() ? std::string(e.what()) : unknown;
    if (message == "A subcommand is required") message = "a game or command is required (grundy --help lists them)";
    std::cerr << "grundy: error: " << message << '\n';
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
