// Wythoff's game in the catalogue: each component is a pair of piles "a,b".
#include <fmt/format.h>

#include "catalogue_games.hpp"
#include "drawing.hpp"
#include "function_entry.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/games/wythoff.hpp"

namespace grundy::catalogue {

namespace {

using Piles = games::Wythoff::Position;

Piles parse_piles(std::string_view text, const std::string& what) {
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos) {
    throw InputError(fmt::format("{}: '{}' is not two piles a,b (for example 3,5)", what, text));
  }
  const auto a = parse_count(text.substr(0, comma), what + " (first pile)", games::Wythoff::kMaxPile);
  const auto b = parse_count(text.substr(comma + 1), what + " (second pile)", games::Wythoff::kMaxPile);
  return {static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b)};
}

std::string pile_word(const games::Wythoff::Move& move) {
  if (move.first != 0 && move.second != 0) return fmt::format("take {} from both piles", move.first);
  if (move.first != 0) return fmt::format("take {} from the first pile", move.first);
  return fmt::format("take {} from the second pile", move.second);
}

Speech<games::Wythoff> wythoff_speech() {
  Speech<games::Wythoff> speech;
  speech.draw = [](const Piles& p, const std::string& label) {
    return fmt::format("{}: first pile ({}): {}\n{:{}}  second pile ({}): {}\n", label, p.first, tokens(p.first), "",
                       label.size(), p.second, tokens(p.second));
  };
  speech.parse = parse_piles;
  speech.format = [](const Piles& p) { return fmt::format("{},{}", p.first, p.second); };
  speech.describe = [](const Piles& from, const games::Wythoff::Move& move, std::span<const Piles>) {
    const Piles to{from.first - move.first, from.second - move.second};
    MoveInfo info{.text = fmt::format("{} of {},{}, leaving {},{}", pile_word(move), from.first, from.second, to.first,
                                      to.second)};
    info.fields["from"] = {from.first, from.second};
    info.fields["to"] = {to.first, to.second};
    return info;
  };
  speech.count_options = [](const Piles& p) {
    return std::optional<std::uint64_t>(std::uint64_t{p.first} + p.second + std::min(p.first, p.second));
  };
  return speech;
}

}  // namespace

const Entry& wythoff_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "wythoff",
               .summary = "Wythoff's game: take from one pile, or the same from both",
               .rules = "A component is two piles of tokens. A move takes any number of tokens from one pile, or the "
                        "same number from both; whoever cannot move loses.",
               .syntax = "pairs of piles a,b (each 0 .. 1000), one pair per component: 3,5 2,2",
               .example = "wythoff 3,5 1,2   (3,5 and 1,2 are both losing pairs: the second player wins)",
               .limits = "piles up to 1000 (a pair a,b needs about a*b positions of search)",
               .component_noun = "pair"},
      [](const GameInfo& info, const RuleValues&, const Context& context) -> std::unique_ptr<Instance> {
        return std::make_unique<GameInstance<games::Wythoff>>(std::make_shared<games::Wythoff>(), wythoff_speech(),
                                                              context, info.name, info.component_noun);
      });
  return entry;
}

}  // namespace grundy::catalogue
