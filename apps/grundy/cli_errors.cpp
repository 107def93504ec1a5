#include "cli_errors.hpp"

#include <cctype>
#include <string_view>
#include <vector>

#include "game_commands.hpp"
#include "grundy/catalogue/catalogue.hpp"

namespace grundy::cli {

namespace {

// The deepest known command named by the arguments, and the first word after
// the commands that names no command of it (a misspelt game), if any.
struct CommandPath {
  std::string path;     // "table kayles"
  std::string unknown;  // "foo"
  std::string parent;   // the command the unknown word was given to
};

bool takes_value(std::string_view word) { return word == "--memory" || word == "--time"; }

CommandPath command_path(const CLI::App& app, int argc, char** argv) {
  CommandPath result;
  const CLI::App* current = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (takes_value(word)) {
      ++i;
      continue;
    }
    if (word.empty() || word[0] == '-') continue;
    const auto subs = current->get_subcommands([](const CLI::App*) { return true; });
    if (subs.empty()) break;
    const CLI::App* next = nullptr;
    for (const CLI::App* sub : subs) {
      if (sub->check_name(word)) next = sub;
    }
    if (next == nullptr) {
      result.unknown = word;
      result.parent = result.path;
      break;
    }
    result.path += (result.path.empty() ? "" : " ") + next->get_name();
    current = next;
  }
  return result;
}

std::string lower_first(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

std::string replace_prefix(const std::string& text, std::string_view prefix, const std::string& with) {
  if (text.rfind(prefix, 0) == 0) return with + text.substr(prefix.size());
  return text;
}

}  // namespace

std::string position_required(const std::string& path) {
  std::string message = path + ": a position is required (grundy " + path + " --help shows how to write one";
  const catalogue::Entry* game = catalogue::find_game(path.substr(path.rfind(' ') + 1));
  if (game != nullptr && empty_position_typed(game->info())) {
    message += "; '' is the empty position, where the player to move has no move: a loss, or a win under --misere";
  }
  return message + ")";
}

std::string parse_error_message(const CLI::App& app, const CLI::ParseError& error, int argc, char** argv) {
  const CommandPath where = command_path(app, argc, argv);
  if (!where.unknown.empty()) {
    if (where.parent == "table") return "unknown table game '" + where.unknown + "' (grundy table --help lists them)";
    if (where.parent == "explain") return "unknown game '" + where.unknown + "' (grundy explain --help lists them)";
    if (where.parent.empty()) return "unknown game or command '" + where.unknown + "' (grundy --help lists them)";
  }
  std::string message = error.what();
  if (message == "A subcommand is required") {
    if (where.path.empty()) return "a game or command is required (grundy --help lists them)";
    return where.path + ": a game is required (grundy " + where.path + " --help lists them)";
  }
  // A heap-game option given to another table is not expected there; the same
  // option given badly to a heap-game table (a missing file) keeps its message.
  if (where.path.rfind("table ", 0) == 0 && message.rfind("The following argument", 0) == 0) {
    for (const char* heap_only : {"--resume", "--checkpoint", "--until-period", "--method", "--threads"}) {
      if (message.find(heap_only) != std::string::npos) {
        return where.path + ": " + heap_only + " is an option of heap-game tables only (octal, kayles, ...)";
      }
    }
  }
  message = replace_prefix(message, "The following argument was not expected: ", "unexpected argument: ");
  message = replace_prefix(message, "The following arguments were not expected: ", "unexpected arguments: ");
  if (message == "position is required") return position_required(where.path);
  message = lower_first(message);
  return where.path.empty() ? message : where.path + ": " + message;
}

}  // namespace grundy::cli
