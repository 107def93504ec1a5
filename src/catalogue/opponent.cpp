// The perfect opponent and the reading of typed moves (see opponent.hpp).
#include "grundy/catalogue/opponent.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "common/text.hpp"
#include "grundy/core/errors.hpp"

namespace grundy::catalogue {

namespace {

EngineMove engine_move(const Position& position, std::size_t component, std::size_t option, OptionInfo info,
                       std::string why) {
  Position after = after_move(position, component, info.result);
  return EngineMove{component, option, std::move(info), std::move(after), std::move(why)};
}

// The listed option of `move`'s component with its text (and, when known, its result).
EngineMove resolve(Instance& instance, const Position& position, const MoveInfo& move, std::string why) {
  ComponentExplanation listed = instance.explain(position, move.component, kOpponentOptionLimit);
  for (std::size_t j = 0; j < listed.options.size(); ++j) {
    OptionInfo& option = listed.options[j];
    if (option.move.text == move.text && (move.result.empty() || option.result == move.result)) {
      return engine_move(position, move.component, j, std::move(option), std::move(why));
    }
  }
  // Beyond the listed options (a huge component): played by what it leaves.
  if (move.result.empty() && !move.text.empty() && listed.cut()) {
    throw Error(fmt::format("component {}: the engine's move lies beyond its first {} options", move.component + 1,
                            kOpponentOptionLimit));
  }
  OptionInfo info{.move = move, .result = move.result, .value = instance.analyse(Position{move.result}, 0).value};
  return engine_move(position, move.component, kOptionNotListed, std::move(info), std::move(why));
}

// The game's own choice ("best_move" in the report: graph games, by remoteness).
std::optional<MoveInfo> reported_best(const Report& report) {
  const auto it = report.extra.find("best_move");
  if (it == report.extra.end() || !it->is_object()) return std::nullopt;
  MoveInfo move{.component = (*it)["component"].get<std::size_t>(), .text = (*it)["move"].get<std::string>()};
  for (const auto* list : {&report.winning_moves, &report.drawing_moves}) {
    for (const MoveInfo& listed : *list) {
      if (listed.component == move.component && listed.text == move.text) return listed;
    }
  }
  return move;
}

// The number of options in a position (each component's count, capped by the counting limit).
std::uint64_t options_in(Instance& instance, const Position& position) {
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < position.components.size(); ++i) total += instance.explain(position, i, 0).options_count;
  return total;
}

// In a lost position: the move leaving the opponent the fewest winning moves.
EngineMove delaying_move(Instance& instance, const Position& position, Play play) {
  const std::size_t n = position.components.size();
  const std::size_t per_component = std::max<std::size_t>(1, kLostCandidateLimit / std::max<std::size_t>(n, 1));
  struct Best {
    std::size_t component = 0;
    std::size_t option = 0;
    OptionInfo info;
    std::size_t replies = 0;
    std::optional<std::uint64_t> options_left;  // computed only to break ties
  };
  std::optional<Best> best;
  for (std::size_t c = 0; c < n; ++c) {
    ComponentExplanation listed = instance.explain(position, c, per_component);
    for (std::size_t j = 0; j < listed.options.size(); ++j) {
      const Position after = after_move(position, c, listed.options[j].result);
      const std::size_t replies = analyse_as(instance, after, 0, play).winning_moves_count;
      if (best && replies > best->replies) continue;
      std::optional<std::uint64_t> options_left;
      if (best && replies == best->replies) {  // a tie: the position with more options left is the longer game
        if (!best->options_left) {
          best->options_left = options_in(instance, after_move(position, best->component, best->info.result));
        }
        options_left = options_in(instance, after);
        if (*options_left <= *best->options_left) continue;
      }
      best = Best{c, j, listed.options[j], replies, options_left};
    }
  }
  if (!best) throw InputError("the position has no move: the game is over");
  return engine_move(position, best->component, best->option, std::move(best->info),
                     fmt::format("every move loses against perfect play; this one leaves the fewest winning replies "
                                 "({})",
                                 best->replies));
}

std::string trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(first, last - first + 1));
}

// Lower case with runs of blanks made one space: how typed and listed texts are compared.
std::string folded(std::string_view text) {
  std::string out;
  bool blank = false;
  for (const char ch : trimmed(text)) {
    if (std::isspace(static_cast<unsigned char>(ch)) != 0) {
      blank = true;
      continue;
    }
    if (blank && !out.empty()) out += ' ';
    blank = false;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  }
  return out;
}

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

// Typed digits as a number; past 10^9 (more than any position holds) as 10^9 + 1.
std::size_t number(std::string_view digits) {
  constexpr std::size_t kBeyond = 1'000'000'001;
  const auto first = std::min(digits.find_first_not_of('0'), digits.size());
  if (digits.size() - first > 9) return kBeyond;
  return static_cast<std::size_t>(std::stoull(std::string(digits)));
}

// Typed digits as shown in a message: as typed, cut when very long.
std::string typed_number(std::string_view digits) {
  return digits.size() <= 40 ? std::string(digits) : std::string(digits.substr(0, 40)) + "...";
}

// A typed component in the position's own syntax (unchanged when it does not parse).
std::string normalised(Instance& instance, const std::string& text) {
  try {
    return instance.normalise(Position{{text}}).components.at(0);
  } catch (const Error&) {
    return text;
  }
}

std::string listing(const Position& position) {
  return position.components.empty() ? "nothing" : fmt::format("{}", fmt::join(position.components, " + "));
}

const char* const kForms =
    "type a move as hint or explain list it, 'FROM -> LEFT' (e.g. '9 -> 1 6'; '0' for nothing) or 'C:N'";

// The component typed as `text` (1-based), or InputError quoting it.
std::size_t typed_component(const Position& position, std::string_view text) {
  const std::size_t c = number(text);
  if (c == 0 || c > position.components.size()) {
    throw InputError(
        fmt::format("no component {}: the position has {}", typed_number(text), position.components.size()));
  }
  return c;
}

TypedMove by_number(Instance& instance, const Position& position, std::string_view c_text, std::string_view n_text) {
  const std::size_t c = typed_component(position, c_text);
  const std::size_t n = number(n_text);
  const ComponentExplanation listed = instance.explain(position, c - 1, 0);
  if (n == 0 || (listed.options_count_known && n > listed.options_count)) {
    throw InputError(fmt::format("component {} ({}) has no option {}: it has {}", c, listed.position,
                                 typed_number(n_text), listed.options_count));
  }
  if (n > kOpponentOptionLimit) {
    throw InputError(fmt::format("component {}: only its first {} options can be played (it has {})", c,
                                 kOpponentOptionLimit, listed.options_count));
  }
  return TypedMove{c - 1, n - 1};
}

std::vector<std::string> sorted(std::vector<std::string> items) {
  std::sort(items.begin(), items.end());
  return items;
}

TypedMove by_result(Instance& instance, const Position& position, std::optional<std::size_t> named,
                    const std::string& from_text, const std::string& left_text) {
  const std::string from = normalised(instance, trimmed(from_text));
  std::vector<std::string> left;
  std::string token;
  for (const char ch : left_text + " ") {
    if (std::isspace(static_cast<unsigned char>(ch)) != 0 || ch == '+') {
      if (!token.empty()) left.push_back(normalised(instance, token));
      token.clear();
    } else {
      token += ch;
    }
  }
  // '0', 'nothing' and '-' mean nothing left, as typed (a game may read "0" as a component of its own).
  const std::string typed = trimmed(left_text);
  const bool none = left.empty() || typed == "0" || typed == "nothing" || typed == "-" ||
                    (left.size() == 1 && (left[0] == "0" || left[0] == "nothing" || left[0] == "-"));
  const std::vector<std::string> wanted = sorted(left);
  bool seen = false;
  for (std::size_t c = 0; c < position.components.size(); ++c) {
    if ((named && *named != c) || position.components[c] != from) continue;
    seen = true;
    const ComponentExplanation listed = instance.explain(position, c, kOpponentOptionLimit);
    for (std::size_t j = 0; j < listed.options.size(); ++j) {
      const std::vector<std::string>& result = listed.options[j].result;
      if (sorted(result) == wanted || (none && result.empty())) return TypedMove{c, j};
    }
  }
  if (!seen) {
    if (named) {
      throw InputError(fmt::format("component {} is {}, not {}", *named + 1, position.components[*named], from));
    }
    throw InputError(fmt::format("{} is not in the position ({})", grundy::detail::quoted(from), listing(position)));
  }
  return TypedMove{static_cast<std::size_t>(-1), 0};  // no option leaves that: the caller says so
}

TypedMove by_text(Instance& instance, const Position& position, std::optional<std::size_t> named,
                  const std::string& text) {
  const std::string wanted = folded(text);
  std::vector<TypedMove> found;
  for (std::size_t c = 0; c < position.components.size(); ++c) {
    if (named && *named != c) continue;
    const ComponentExplanation listed = instance.explain(position, c, kOpponentOptionLimit);
    for (std::size_t j = 0; j < listed.options.size(); ++j) {
      if (folded(listed.options[j].move.text) == wanted) {
        found.push_back(TypedMove{c, j});
        break;
      }
    }
  }
  if (found.empty()) throw InputError(fmt::format("{} is not a move here: {}", grundy::detail::quoted(text), kForms));
  for (const TypedMove& other : found) {
    if (position.components[other.component] != position.components[found[0].component]) {
      throw InputError(fmt::format("{} could be played in component {} or {}: put 'K: ' before it to say which",
                                   grundy::detail::quoted(text),
                                   found[0].component + 1, other.component + 1));
    }
  }
  return found[0];
}

}  // namespace

Report analyse_as(Instance& instance, const Position& position, std::size_t max_moves, Play play) {
  return play == Play::misere ? instance.analyse_misere(position, max_moves) : instance.analyse(position, max_moves);
}

ComponentExplanation explain_as(Instance& instance, const Position& position, std::size_t component, std::size_t limit,
                                Play play) {
  return play == Play::misere ? instance.explain_misere(position, component, limit)
                              : instance.explain(position, component, limit);
}

EngineMove choose_move(Instance& instance, const Position& position, Play play) {
  if (instance.terminal(position)) throw InputError("the position has no move: the game is over");
  const Report report = analyse_as(instance, position, kOpponentOptionLimit, play);
  const std::optional<MoveInfo> best = reported_best(report);
  switch (report.outcome) {
    case Outcome::first:
      if (best) return resolve(instance, position, *best, "the winning move that wins soonest");
      return resolve(instance, position, report.winning_moves.at(0),
                     "a winning move: it leaves a position the player to move loses");
    case Outcome::draw:
      return resolve(instance, position, best ? *best : report.drawing_moves.at(0),
                     "a drawing move: neither side can force a win");
    case Outcome::second:
      if (best)
        return resolve(instance, position, *best, "every move loses against perfect play; this one lasts longest");
      return delaying_move(instance, position, play);
  }
  return delaying_move(instance, position, play);
}

TypedMove find_move(Instance& instance, const Position& position, std::string_view text) {
  std::string typed = trimmed(text);
  if (typed.empty()) throw InputError(std::string("no move typed: ") + kForms);
  const auto colon = typed.find(':');
  if (colon != std::string::npos && all_digits(std::string_view(typed).substr(0, colon)) &&
      all_digits(std::string_view(typed).substr(colon + 1))) {
    return by_number(instance, position, std::string_view(typed).substr(0, colon),
                     std::string_view(typed).substr(colon + 1));
  }
  std::optional<std::size_t> named;
  if (colon != std::string::npos && all_digits(std::string_view(typed).substr(0, colon)) && colon + 1 < typed.size() &&
      std::isspace(static_cast<unsigned char>(typed[colon + 1])) != 0) {
    named = typed_component(position, std::string_view(typed).substr(0, colon)) - 1;
    typed = trimmed(std::string_view(typed).substr(colon + 1));
  }
  const auto arrow = typed.find("->");
  if (arrow == std::string::npos) return by_text(instance, position, named, typed);
  const std::string from = typed.substr(0, arrow);
  const std::string left = typed.substr(arrow + 2);
  const TypedMove move = by_result(instance, position, named, from, left);
  if (move.component == static_cast<std::size_t>(-1)) {
    // The typed texts are shown safely only when they need it: "3 to 9" stays as typed.
    const auto shown = [](const std::string& part) {
      const std::string safe = grundy::detail::quoted(part);
      return safe == "'" + part + "'" ? part : safe;
    };
    throw InputError(fmt::format("no move takes {} to {}: {}", shown(trimmed(from)),
                                 trimmed(left).empty() ? "nothing" : shown(trimmed(left)), kForms));
  }
  return move;
}

Position after_move(const Position& position, std::size_t component, const std::vector<std::string>& result) {
  Position out;
  for (std::size_t i = 0; i < position.components.size(); ++i) {
    if (i != component) {
      out.components.push_back(position.components[i]);
    } else {
      out.components.insert(out.components.end(), result.begin(), result.end());
    }
  }
  return out;
}

std::string short_move(const Position& position, std::size_t component, const OptionInfo& option) {
  const std::string left = option.result.empty() ? "0" : fmt::format("{}", fmt::join(option.result, " "));
  return fmt::format("{} -> {}", position.components.at(component), left);
}

}  // namespace grundy::catalogue
