// `grundy play GAME [RULE OPTIONS] POSITION...`: a game against the perfect
// opponent, for every catalogue game, built like `grundy GAME` from the
// catalogue (the same rule options and positions), so a new game is playable
// with no code here. The game itself is play_session.cpp.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "cli_errors.hpp"
#include "game_commands.hpp"
#include "grundy/catalogue/catalogue.hpp"
#include "grundy/core/errors.hpp"
#include "play_session.hpp"

namespace grundy::cli {

namespace {

/// Where the engine's stop flag lives: raised by the decision's watchdog.
std::atomic<bool> g_halt{false};

// Moves come from standard input, so neither the position nor a rule's file may be read from it.
void check_sources(const catalogue::GameInfo& info, const Arguments& args) {
  for (const auto& [name, value] : args.values) {
    if (value == "-")
      throw InputError(fmt::format("play {}: {} cannot be '-': your moves come from standard input", info.name, name));
  }
  for (const std::string& argument : args.positions) {
    if (argument == "-")
      throw InputError(
          fmt::format("play {}: the position cannot be '-': your moves come from standard input", info.name));
  }
  if (args.positions.empty()) throw InputError(position_required("play " + info.name));
}

bool ask_first() {
  for (;;) {
    std::cout << "Do you want to move first? [y/n] " << std::flush;
    std::string answer;
    if (!std::getline(std::cin, answer)) return true;
    if (answer == "y" || answer == "Y" || answer == "yes" || answer.empty()) return true;
    if (answer == "n" || answer == "N" || answer == "no") return false;
  }
}

struct PlayArguments {
  Arguments game;
  bool first = false;
  bool second = false;
};

void add_played_game(CLI::App& play, GlobalOptions& options, const catalogue::Entry& entry) {
  const catalogue::GameInfo& info = entry.info();
  CLI::App* command = play.add_subcommand(info.name, "play " + info.summary);
  for (const std::string& alias : info.aliases) command->alias(alias);
  const std::string example = info.example.substr(0, info.example.find("   "));
  const std::size_t name_end = std::min(example.find(' '), example.size());
  command->footer("Rules: " + info.rules + "\nPosition: " + info.syntax + "\nExample: grundy play " +
                  example.substr(0, name_end) + " --first" + example.substr(name_end));
  auto args = std::make_shared<PlayArguments>();
  add_rule_options(*command, info.rule_options, args->game);
  command->add_option("position", args->game.positions, "the position to start from: " + info.component_noun + "s")
      ->allow_extra_args();
  CLI::Option* first = command->add_flag("--first", args->first, "you move first");
  command->add_flag("--second", args->second, "the engine moves first")->excludes(first);
  add_misere_flag(*command, args->game);
  command->callback([&options, &entry, args] {
    check_sources(entry.info(), args->game);
    GlobalOptions untimed = options;
    untimed.time = "0";  // each decision has its own bound (the watchdog), not the whole game
    catalogue::Context context = make_context(untimed, 0);
    context.stop = &g_halt;
    const double seconds = time_seconds(options, kDefaultAnswerSeconds);
    StopOnSignals signals;
    auto instance = make_instance(entry, args->game, context);
    const bool terminal_input = isatty(STDIN_FILENO) != 0;
    bool person_first = true;
    if (args->second) person_first = false;
    if (!args->first && !args->second && terminal_input && !options.json) person_first = ask_first();
    PlaySettings settings{.game = entry.info().name,
                          .json = options.json,
                          .person_first = person_first,
                          .echo = !terminal_input,
                          .seconds = seconds,
                        .play = args->game.misere ? catalogue::Play::misere : catalogue::Play::normal};
    PlaySession session(*instance, typed_position(entry.info(), args->game.positions), settings, std::cin, std::cout, g_halt,
                        StopOnSignals::stop_flag());
    session.run();
  });
}

}  // namespace

void add_play_command(CLI::App& app, GlobalOptions& options) {
  CLI::App* play = app.add_subcommand("play", "play a game against the perfect opponent in the terminal");
  play->footer(
      "Type help during the game for the move forms and commands (hint, explain, undo, value, quit).\n"
      "Example: grundy play nim --first 3 4 5");
  play->require_subcommand(1);
  for (const catalogue::Entry* entry : catalogue::games()) add_played_game(*play, options, *entry);
}

}  // namespace grundy::cli
