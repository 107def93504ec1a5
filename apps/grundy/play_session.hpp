// One game of `grundy play`: a person against the perfect opponent
// (catalogue/opponent.hpp) on any catalogue instance, over text streams: the
// position drawn after every move, the person's moves and commands read line by
// line (hint, explain, undo, value, help, quit), in text or one JSON event per line.
#pragma once

#include <atomic>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/catalogue/entry.hpp"
#include "grundy/catalogue/report.hpp"

namespace grundy::cli {

/// How a game is played and shown.
struct PlaySettings {
  std::string game;          // the command's game name, for the first line
  bool json = false;         // one JSON event per line instead of text
  bool person_first = true;  // the person makes the first move
  bool echo = false;         // repeat each line read after its prompt (input not a terminal)
  double seconds = 0;        // the bound of each engine decision; 0: none
  catalogue::Play play = catalogue::Play::normal;  // misère: the player who makes the last move loses
};

/// A game between a person (on `in`) and the engine, written to `out`, from the
/// position given as arguments (parsed when the game starts, within its bounds). `halt` is
/// the instance's stop flag: it is raised when a decision passes its time or on
/// Ctrl-C (`signalled`), which ends the game cleanly.
class PlaySession {
 public:
  PlaySession(catalogue::Instance& instance, std::vector<std::string> position, PlaySettings settings, std::istream& in,
              std::ostream& out, std::atomic<bool>& halt, const std::atomic<bool>& signalled);
  /// Plays until the game ends, the person quits, the input ends or Ctrl-C; the exit status (0).
  int run();

 private:
  enum class Step { go_on, stop };
  Step person_turn();
  Step engine_turn();
  Step command(std::string_view word);
  Step person_move(std::string_view text);
  void show_position(bool persons_turn);
  void hint();
  void explain();
  void value();
  void undo();
  void help();
  void end(const char* winner, const std::string& reason);
  void say(const std::string& text);
  void event(catalogue::Json json);
  void problem(const std::string& message);
  catalogue::Report analyse(const catalogue::Position& position, std::size_t max_moves);
  [[nodiscard]] bool misere() const { return settings_.play == catalogue::Play::misere; }
  template <class Work>
  auto think(Work&& work);

  catalogue::Instance& instance_;
  std::vector<std::string> arguments_;
  catalogue::Position position_;
  std::vector<catalogue::Position> history_;  // the position before each of the person's moves
  PlaySettings settings_;
  std::istream& in_;
  std::ostream& out_;
  std::atomic<bool>& halt_;
  const std::atomic<bool>& signalled_;
};

}  // namespace grundy::cli
