// Pass-Nim in the catalogue: piles "n", or "n*" / "n:used" once their pass is used.
#include <fmt/format.h>

#include "catalogue_games.hpp"
#include "drawing.hpp"
#include "function_entry.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/games/passnim.hpp"

namespace grundy::catalogue {

namespace {

constexpr std::uint64_t kMaxTable = 10'000'000;

Speech<games::PassNim> passnim_speech() {
  Speech<games::PassNim> speech;
  speech.draw = [](const games::PassPile& pile, const std::string& label) {
    return token_row(label + (pile.pass_used ? ", pass used" : ", pass free"), pile.size);
  };
  speech.parse = [](std::string_view text, const std::string& what) { return games::parse_pass_pile(text, what); };
  speech.format = games::format_pass_pile;
  speech.describe = [](const games::PassPile& before, const games::PassNim::Move& move,
                       std::span<const games::PassPile> result) {
    const bool pass = move.take == 0;
    const std::uint64_t left = move.from - move.take;
    const bool used_after = pass || before.pass_used;
    MoveInfo info;
    if (pass) {
      info.text = fmt::format("pass on the pile of {} (its pass is now used)", move.from);
    } else {
      info.text = fmt::format("take {} from the pile of {}, leaving {}{}", move.take, move.from, left,
                              left > 0 && used_after ? " (pass used)" : "");
    }
    info.fields["from"] = move.from;
    info.fields["take"] = move.take;
    info.fields["pass"] = pass;
    Json to = Json::array();
    Json left_text = Json::array();
    for (const games::PassPile& pile : result) {
      to.push_back(pile.size);
      left_text.push_back(games::format_pass_pile(pile));
    }
    info.fields["to"] = std::move(to);
    info.fields["used"] = used_after;
    info.fields["left"] = std::move(left_text);
    return info;
  };
  speech.count_options = [](const games::PassPile& pile) {
    return std::optional<std::uint64_t>(pile.size + (pile.size > 0 && !pile.pass_used ? 1 : 0));
  };
  speech.table = [](std::uint64_t upto, const TableRequest&) {
    TableResult result =
        values_table("passnim", upto, [](std::uint64_t n) { return games::PassNim{}.value(games::PassPile{n, false}); });
    result.notes.push_back("values of piles whose pass is still available (a used pass leaves a Nim pile, g = n)");
    return result;
  };
  return speech;
}

}  // namespace

const Entry& passnim_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "passnim",
               .summary = "pass-Nim: Nim where each pile allows one pass",
               .rules = "Nim (a move removes one or more tokens from one pile), and every non-empty pile also allows "
                        "one pass: a move that removes nothing, usable once per pile by either player. The pass stays "
                        "with the pile as it shrinks. Whoever cannot move loses.",
               .syntax = "pile sizes 0 .. 2^63-1; write n* or n:used for a pile whose pass is used (quote n* in a "
                         "shell). Values: g(0) = 0, g(n) = n+1 for odd n, g(n) = n-1 for even n >= 2; a pile with its "
                         "pass used is a Nim pile, g = n.",
               .example = "passnim 18 47 34   (values 17, 48, 33, nim-sum 0: the second player wins)",
               .limits = "piles up to 2^63-1 (answered in O(1)); table up to 10^7",
               .component_noun = "pile",
               .has_table = true,
               .table_max_upto = kMaxTable},
      [](const GameInfo& info, const RuleValues&, const Context& context) -> std::unique_ptr<Instance> {
        return std::make_unique<GameInstance<games::PassNim>>(std::make_shared<games::PassNim>(), passnim_speech(),
                                                              context, info.name, info.component_noun);
      });
  return entry;
}

}  // namespace grundy::catalogue
