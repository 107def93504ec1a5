// Nim in the catalogue: piles as whole numbers, moves "take k from the pile of n".
#include <fmt/format.h>

#include "catalogue_games.hpp"
#include "drawing.hpp"
#include "function_entry.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/games/nim.hpp"
#include "grundy/misere/nim.hpp"

namespace grundy::catalogue {

namespace {

constexpr std::uint64_t kMaxTable = 100'000'000;

Speech<games::Nim> nim_speech() {
  Speech<games::Nim> speech;
  speech.draw = [](std::uint64_t pile, const std::string& label) { return token_row(label, pile); };
  speech.parse = [](std::string_view text, const std::string& what) {
    return parse_count(text, what, games::Nim::kMaxPile);
  };
  speech.format = [](std::uint64_t pile) { return std::to_string(pile); };
  speech.describe = [](std::uint64_t from, const games::Nim::Move& move, std::span<const std::uint64_t> result) {
    MoveInfo info{.text = fmt::format("take {} from the pile of {}, leaving {}", from - move.to, from, move.to)};
    info.fields["from"] = from;
    info.fields["to"] = std::vector<std::uint64_t>(result.begin(), result.end());
    return info;
  };
  speech.count_options = [](std::uint64_t pile) { return std::optional<std::uint64_t>(pile); };
  speech.misere = [](std::span<const std::uint64_t> piles) {
    misere::MisereAnswer<games::Nim> answer;
    answer.first_player_wins = misere::nim_first_player_wins(piles);
    for (const misere::NimMove& m : misere::nim_winning_moves(piles)) {
      std::vector<std::uint64_t> left;
      if (m.to != 0) left.push_back(m.to);
      answer.winning_moves.push_back({m.pile, games::Nim::Move{piles[m.pile], m.to}, std::move(left)});
    }
    return std::optional(std::move(answer));
  };
  speech.table = [](std::uint64_t upto, const TableRequest&) {
    return values_table("nim", upto, [](std::uint64_t n) { return games::Nim{}.value(n); });
  };
  return speech;
}

}  // namespace

const Entry& nim_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "nim",
               .summary = "Nim: take any number of tokens from one pile",
               .rules = "A move removes one or more tokens from a single pile; whoever cannot move loses.",
               .syntax = "pile sizes, 0 .. 2^63-1. A pile of n has value n.",
               .example = "nim 3 4 5   (nim-sum 2: the first player wins by taking 2 from the 3)",
               .limits = "piles up to 2^63-1 (answered in O(1)); table up to 10^8",
               .component_noun = "pile",
               .has_table = true,
               .table_max_upto = kMaxTable},
      [](const GameInfo& info, const RuleValues&, const Context& context) -> std::unique_ptr<Instance> {
        return std::make_unique<GameInstance<games::Nim>>(std::make_shared<games::Nim>(), nim_speech(), context,
                                                          info.name, info.component_noun);
      });
  return entry;
}

}  // namespace grundy::catalogue
