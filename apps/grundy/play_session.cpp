#include "play_session.hpp"

#include <chrono>
#include <condition_variable>
#include <istream>
#include <mutex>
#include <ostream>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "grundy/catalogue/opponent.hpp"
#include "grundy/catalogue/json_text.hpp"
#include "grundy/core/errors.hpp"
#include "session.hpp"

namespace grundy::cli {

namespace {

using catalogue::Json;
using catalogue::Outcome;

/// Winning moves listed by hint, and options per component by explain.
constexpr std::size_t kHintMoves = 100;
constexpr std::size_t kExplainOptions = 40;

/// Raises `halt` when a decision passes its time or a signal arrives; one per decision.
class Watchdog {
 public:
  Watchdog(std::atomic<bool>& halt, const std::atomic<bool>& signalled, double seconds)
      : halt_(halt), signalled_(signalled) {
    const auto start = std::chrono::steady_clock::now();
    const auto budget = std::chrono::duration<double>(seconds);
    thread_ = std::thread([this, start, budget, seconds] {
      std::unique_lock lock(mutex_);
      while (!done_) {
        wake_.wait_for(lock, std::chrono::milliseconds(10));
        if (signalled_.load()) halt_.store(true);
        if (seconds > 0 && std::chrono::steady_clock::now() - start > budget) {
          timed_out_ = true;
          halt_.store(true);
        }
      }
    });
  }
  ~Watchdog() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_one();
    thread_.join();
    halt_.store(false);
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;
  [[nodiscard]] bool timed_out() {
    std::lock_guard lock(mutex_);
    return timed_out_;
  }

 private:
  std::atomic<bool>& halt_;
  const std::atomic<bool>& signalled_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  bool timed_out_ = false;
  std::thread thread_;
};

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

std::string lowered(std::string text) {
  for (char& ch : text) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return text;
}

std::string joined(const std::vector<std::string>& components) {
  return components.empty() ? "nothing" : fmt::format("{}", fmt::join(components, " + "));
}

const char* kHelp =
    "Type a move in any of these forms:\n"
    "  the move as hint and explain print it     take 2 from the pile of 9, leaving 7\n"
    "  FROM -> LEFT (the short form in [ ])       9 -> 7    (a split: 9 -> 1 6; nothing left: 9 -> 0)\n"
    "  K: before either, when components repeat  2: 9 -> 7  (component 2; else the first equal one)\n"
    "  C:N                                       option N of component C, as explain numbers them\n"
    "Commands:\n"
    "  hint     every winning move and the value it leaves\n"
    "  explain  each component's options with their values, and the mex\n"
    "  value    the value of the position and who wins it\n"
    "  undo     take back your last move and the engine's reply\n"
    "  show     draw the position again\n"
    "  help     this text\n"
    "  quit     end the game\n"
    "The engine plays perfectly: from a won position a winning move; from a drawn one a drawing move; from a lost "
    "one the move that leaves you the fewest winning replies (graph games: the loss that lasts longest).\n";

/// What a person's move did: its JSON verdict and its words, from the outcome before
/// it (for the person) and after it (for the engine).
std::pair<const char*, const char*> judged(Outcome before, Outcome left) {
  if (before == Outcome::first) {
    if (left == Outcome::second) return {"kept_win", "a winning move: you keep your win"};
    if (left == Outcome::draw) return {"threw_win", "that gives up your win: now it is a draw"};
    return {"threw_win", "that throws away your win: the engine can now win"};
  }
  if (before == Outcome::draw) {
    if (left == Outcome::draw) return {"kept_draw", "a drawing move: still a draw"};
    return {"lost_draw", "that loses the draw: the engine can now win"};
  }
  return {"from_loss", "played from a lost position: every move loses against perfect play"};
}

}  // namespace

PlaySession::PlaySession(catalogue::Instance& instance, std::vector<std::string> position, PlaySettings settings,
                         std::istream& in, std::ostream& out, std::atomic<bool>& halt,
                         const std::atomic<bool>& signalled)
    : instance_(instance),
      arguments_(std::move(position)),
      settings_(std::move(settings)),
      in_(in),
      out_(out),
      halt_(halt),
      signalled_(signalled) {}

template <class Work>
auto PlaySession::think(Work&& work) {
  Watchdog watchdog(halt_, signalled_, settings_.seconds);
  try {
    return work();
  } catch (const Interrupted&) {
    if (watchdog.timed_out()) {
      throw TimeExceeded(
          fmt::format("the engine took more than --time {} seconds over one decision", settings_.seconds));
    }
    throw;
  }
}

catalogue::Report PlaySession::analyse(const catalogue::Position& position, std::size_t max_moves) {
  return think([&] { return catalogue::analyse_as(instance_, position, max_moves, settings_.play); });
}

int PlaySession::run() {
  try {
    position_ = think([&] { return instance_.normalise(instance_.parse(arguments_)); });
    if (misere()) (void)analyse(position_, 0);  // a game that refuses misère play says so before it starts
  } catch (const Interrupted&) {
    return 0;  // Ctrl-C before the game began
  }
  if (settings_.json) {
    event(Json{{"event", "start"},
               {"game", settings_.game},
               {"position", position_.components},
               {"you", settings_.person_first ? "first" : "second"}});
  } else {
    say(fmt::format("{}{}: you move {}. Type a move, or help.\n", settings_.game,
                    misere() ? " (misère play: whoever makes the last move loses)" : "",
                    settings_.person_first ? "first" : "second"));
  }
  bool persons_turn = settings_.person_first;
  bool moved = false;  // a game may start with no move at all: the empty position
  try {
    for (;;) {
      show_position(persons_turn);
      if (think([&] { return instance_.terminal(position_); })) {
        // Normal play: the player left without a move loses; misère play: that player wins.
        const bool person_wins = persons_turn == misere();
        const char* last = !misere() ? ""
                           : !moved  ? " (misère play: the player without a move wins)"
                           : persons_turn ? ": the engine made the last move (misère play)"
                                          : ": you made the last move (misère play)";
        end(person_wins ? "you" : "engine", std::string(persons_turn ? "you have no move" : "the engine has no move") + last);
        return 0;
      }
      const Step step = persons_turn ? person_turn() : engine_turn();
      if (step == Step::stop) return 0;
      moved = true;
      persons_turn = !persons_turn;
    }
  } catch (const Interrupted&) {
    end(nullptr, "interrupted");
  }
  return 0;
}

PlaySession::Step PlaySession::person_turn() {
  for (;;) {
    if (!settings_.json) {
      out_ << "your move> " << std::flush;
    }
    std::string line;
    if (!std::getline(in_, line)) {
      if (!settings_.json) out_ << '\n';
      end(nullptr, signalled_.load() ? "interrupted" : "end of input");
      return Step::stop;
    }
    if (settings_.echo && !settings_.json) out_ << line << '\n';
    const std::string typed = trimmed(line);
    if (typed.empty()) continue;
    const std::string word = lowered(typed);
    if (word == "hint" || word == "explain" || word == "value" || word == "undo" || word == "help" || word == "show" ||
        word == "quit" || word == "exit") {
      if (command(word) == Step::stop) return Step::stop;
      if (word == "undo") show_position(true);
      continue;
    }
    try {
      return person_move(typed);
    } catch (const InputError& e) {
      problem(e.what());
    }
  }
}

PlaySession::Step PlaySession::person_move(std::string_view text) {
  const catalogue::TypedMove move = think([&] { return catalogue::find_move(instance_, position_, text); });
  const catalogue::Report before = analyse(position_, 0);
  catalogue::OptionInfo option =
      think([&] { return instance_.explain(position_, move.component, move.option + 1); }).options.at(move.option);
  const std::string short_form = catalogue::short_move(position_, move.component, option);
  const catalogue::Position after = instance_.apply(position_, move.component, move.option);
  const Outcome left = analyse(after, 0).outcome;  // the engine's outcome, to move there
  const auto [verdict, words] = judged(before.outcome, left);
  if (settings_.json) {
    Json json{
        {"event", "move"},          {"by", "you"},         {"component", move.component},  {"option", move.option},
        {"move", option.move.text}, {"short", short_form}, {"position", after.components}, {"verdict", verdict}};
    event(std::move(json));
  } else {
    say(fmt::format("you: {}  [{}]\n  {}\n", option.move.text, short_form, words));
  }
  history_.push_back(position_);
  position_ = after;
  return Step::go_on;
}

PlaySession::Step PlaySession::engine_turn() {
  const catalogue::EngineMove move = think([&] { return catalogue::choose_move(instance_, position_, settings_.play); });
  const std::string short_form = catalogue::short_move(position_, move.component, move.option_info);
  if (settings_.json) {
    event(Json{{"event", "move"},
               {"by", "engine"},
               {"component", move.component},
               {"option", move.option == catalogue::kOptionNotListed ? Json(nullptr) : Json(move.option)},
               {"move", move.option_info.move.text},
               {"short", short_form},
               {"position", move.after.components},
               {"why", move.why}});
  } else {
    say(fmt::format("engine: {}  [{}]\n  ({})\n", move.option_info.move.text, short_form, move.why));
  }
  position_ = move.after;
  return Step::go_on;
}

PlaySession::Step PlaySession::command(std::string_view word) {
  if (word == "quit" || word == "exit") {
    end(nullptr, "quit");
    return Step::stop;
  }
  if (word == "hint") hint();
  if (word == "explain") explain();
  if (word == "value") value();
  if (word == "undo") undo();
  if (word == "help") help();
  if (word == "show") show_position(true);
  return Step::go_on;
}

void PlaySession::show_position(bool persons_turn) {
  const std::string drawing = think([&] { return instance_.draw(position_); });
  if (settings_.json) {
    event(Json{{"event", "position"},
               {"position", position_.components},
               {"turn", persons_turn ? "you" : "engine"},
               {"drawing", drawing}});
  } else {
    say("\n" + drawing + (persons_turn ? "(your turn)\n" : "(the engine's turn)\n"));
  }
}

void PlaySession::hint() {
  const catalogue::Report report = analyse(position_, kHintMoves);
  const bool draw = report.outcome == Outcome::draw;
  const std::vector<catalogue::MoveInfo>& moves = draw ? report.drawing_moves : report.winning_moves;
  Json listed = Json::array();
  std::string text;
  for (const catalogue::MoveInfo& move : moves) {
    const catalogue::Position after = catalogue::after_move(position_, move.component, move.result);
    const std::string short_form =
        catalogue::short_move(position_, move.component, catalogue::OptionInfo{.move = move, .result = move.result});
    if (misere()) {  // a misère value is not a nimber: the move leaves a loss for the engine
      listed.push_back(Json{{"component", move.component}, {"move", move.text}, {"short", short_form}, {"value", nullptr}});
      text += fmt::format("  {}  [{}]\n", move.text, short_form);
      continue;
    }
    const catalogue::GameValue left = analyse(after, 0).value;
    listed.push_back(
        Json{{"component", move.component}, {"move", move.text}, {"short", short_form}, {"value", left.json()}});
    text += fmt::format("  {}  [{}]  leaves value {}\n", move.text, short_form, left.text());
  }
  if (settings_.json) {
    event(Json{{"event", "hint"},
               {"outcome", catalogue::outcome_name(report.outcome)},
               {"winning_moves", draw ? Json::array() : listed},
               {"winning_moves_count", report.winning_moves_complete ? Json(report.winning_moves_count) : Json(nullptr)},
               {"drawing_moves", draw ? listed : Json::array()}});
    return;
  }
  if (report.outcome == Outcome::second) {
    say("no winning move: every move loses against perfect play\n");
    return;
  }
  const std::size_t count = draw ? moves.size() : report.winning_moves_count;
  say(fmt::format("{} ({}{}):\n{}", draw ? "no winning move; drawing moves" : "winning moves", count,
                  moves.size() < count ? fmt::format(", {} shown", moves.size()) : "", text));
}

void PlaySession::explain() {
  Json components = Json::array();
  std::string text;
  for (std::size_t c = 0; c < position_.components.size(); ++c) {
    const catalogue::ComponentExplanation e = think([&] { return catalogue::explain_as(instance_, position_, c, kExplainOptions, settings_.play); });
    Json options = Json::array();
    text += fmt::format("component {}: {}  value {}\n", c + 1, e.position, e.value.text());
    for (std::size_t j = 0; j < e.options.size(); ++j) {
      const catalogue::OptionInfo& option = e.options[j];
      const std::string short_form = catalogue::short_move(position_, c, option);
      Json listed{{"number", fmt::format("{}:{}", c + 1, j + 1)},
                  {"move", option.move.text},
                  {"short", short_form},
                  {"result", option.result},
                  {"value", option.value.json()}};
      std::string verdict = "value " + option.value.text();
      if (option.misere_outcome) {  // misère play: who wins after it, not the normal value
        listed["outcome"] = catalogue::outcome_name(*option.misere_outcome);
        verdict = *option.misere_outcome == Outcome::second  ? "the engine then loses: a winning move"
                  : *option.misere_outcome == Outcome::first ? "the engine then wins"
                                                             : "then a draw";
      }
      options.push_back(std::move(listed));
      text += fmt::format("  {:>5}  {}  [{}]  leaves {}  {}\n", fmt::format("{}:{}", c + 1, j + 1), option.move.text,
                          short_form, joined(option.result), verdict);
    }
    if (e.cut())
      text +=
          fmt::format("  ... {} options in all\n", e.options_count_known ? std::to_string(e.options_count) : "more");
    if (e.options_count_known && e.options_count == 0)
      text += "  no option: value 0 (the mex of nothing)\n";
    else if (!e.value.infinite() && !misere())
      text += fmt::format("  value {}: the least value no option has (the mex)\n", e.value.text());
    components.push_back(Json{{"component", c},
                              {"position", e.position},
                              {"value", e.value.json()},
                              {"options_count", e.options_count_known ? Json(e.options_count) : Json(nullptr)},
                              {"options", options}});
  }
  if (settings_.json) {
    event(Json{{"event", "explain"}, {"components", components}});
    return;
  }
  say(text);
  value();
}

void PlaySession::value() {
  const catalogue::Report report = analyse(position_, 0);
  const char* outcome = report.outcome == Outcome::first    ? "the player to move (you) wins with perfect play"
                        : report.outcome == Outcome::second ? "the player to move (you) loses against perfect play"
                                                            : "a draw with perfect play";
  if (settings_.json) {
    Json values = Json::array();
    for (const catalogue::GameValue& v : report.values) values.push_back(v.json());
    event(Json{{"event", "value"},
               {"value", misere() ? Json(nullptr) : report.value.json()},
               {"components", values},
               {"outcome", catalogue::outcome_name(report.outcome)}});
    return;
  }
  say(fmt::format("{}: {}\n", misere() ? "misère play" : "value " + report.value.text(), outcome));
}

void PlaySession::undo() {
  if (history_.empty()) {
    problem("nothing to undo: you have not moved yet");
    return;
  }
  position_ = history_.back();
  history_.pop_back();
  if (settings_.json) {
    event(Json{{"event", "undo"}, {"position", position_.components}});
  } else {
    say("took back your last move and the engine's reply\n");
  }
}

void PlaySession::help() {
  if (settings_.json) {
    event(Json{{"event", "help"}, {"text", kHelp}});
  } else {
    say(kHelp);
  }
}

void PlaySession::end(const char* winner, const std::string& reason) {
  if (settings_.json) {
    event(Json{{"event", "end"},
               {"winner", winner ? Json(winner) : Json(nullptr)},
               {"reason", reason},
               {"position", position_.components}});
    return;
  }
  if (winner == nullptr) {
    say(fmt::format("game over ({})\n", reason));
  } else if (std::string_view(winner) == "you") {
    say(fmt::format("{}: you win!\n", reason));
  } else {
    say(fmt::format("{}: the engine wins.\n", reason));
  }
}

void PlaySession::say(const std::string& text) {
  clear_progress_line();  // a long decision may have drawn one on the terminal
  out_ << text << std::flush;
}

void PlaySession::event(Json json) {
  clear_progress_line();
  json["play"] = catalogue::play_name(settings_.play);
  out_ << catalogue::json_text(json) << '\n' << std::flush;
}

void PlaySession::problem(const std::string& message) {
  if (settings_.json) {
    event(Json{{"event", "error"}, {"message", message}});
  } else {
    say(message + '\n');
  }
}

}  // namespace grundy::cli
