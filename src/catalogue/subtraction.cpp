// Subtraction games in the catalogue: the rule option --set S, piles as numbers.
#include <fmt/format.h>

#include "catalogue_games.hpp"
#include "function_entry.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/games/subtraction.hpp"

namespace grundy::catalogue {

namespace {

constexpr std::uint64_t kMaxPile = 1'000'000'000'000'000'000;
constexpr std::uint64_t kMaxTable = 10'000'000;

Speech<games::Subtraction> subtraction_speech(std::shared_ptr<const games::Subtraction> game) {
  Speech<games::Subtraction> speech;
  speech.parse = [](std::string_view text, const std::string& what) { return parse_count(text, what, kMaxPile); };
  speech.format = [](std::uint64_t pile) { return std::to_string(pile); };
  speech.describe = [](std::uint64_t from, const games::Subtraction::Move& move,
                       std::span<const std::uint64_t> result) {
    MoveInfo info{
        .text = fmt::format("take {} from the pile of {}, leaving {}", move.take, from, from - move.take)};
    info.fields["from"] = from;
    info.fields["take"] = move.take;
    info.fields["to"] = std::vector<std::uint64_t>(result.begin(), result.end());
    return info;
  };
  speech.count_options = [game](std::uint64_t pile) {
    std::uint64_t count = 0;
    for (std::uint64_t s : game->set()) count += s <= pile ? 1 : 0;
    return std::optional<std::uint64_t>(count);
  };
  const auto period_fields = [game](Json& extra, std::vector<std::string>& notes) {
    extra["set"] = game->set();
    extra["period"] = game->period();
    extra["preperiod"] = game->preperiod();
    notes.push_back(fmt::format("S = {{{}}}: values are periodic with period {} from n0 = {} (proven)",
                                fmt::join(game->set(), ","), game->period(), game->preperiod()));
  };
  speech.extras = [period_fields](Report& report, auto&) { period_fields(report.extra, report.notes); };
  speech.table = [game](std::uint64_t upto, const TableRequest&) {
    TableResult result{.game = "subtraction", .upto = upto};
    result.values.reserve(upto + 1);
    for (std::uint64_t n = 0; n <= upto; ++n) result.values.push_back(game->value(n));
    result.period = game->period();
    result.preperiod = game->preperiod();
    result.extra["set"] = game->set();
    return result;
  };
  return speech;
}

}  // namespace

const Entry& subtraction_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "subtraction",
               .summary = "subtraction game: take exactly s tokens, s in a set S",
               .rules = "A move removes exactly s tokens from one pile, for some s in the finite set S (s no larger "
                        "than the pile); whoever cannot move loses.",
               .syntax = "pile sizes, 0 .. 10^18. The values are computed until their period is proven (the first "
                         "repeated window of max(S) values), then every pile is answered in O(1).",
               .example = "subtraction --set 1,2,3 3 4 5   (values 3, 0, 1, nim-sum 2: the first player wins)",
               .limits = "set elements 1 .. 10^9; piles up to 10^18; table up to 10^7",
               .component_noun = "pile",
               .rule_options = {RuleOption{.name = "--set",
                                           .kind = RuleOption::Kind::value,
                                           .value_name = "S1,S2,...",
                                           .help = "the subtraction set: whole numbers 1 .. 10^9, comma-separated "
                                                   "(duplicates are merged)",
                                           .required = true}},
               .has_table = true,
               .table_max_upto = kMaxTable},
      [](const GameInfo& info, const RuleValues& rules, const Context& context) -> std::unique_ptr<Instance> {
        auto game = std::make_shared<const games::Subtraction>(
            games::parse_subtraction_set(rule_value(rules, "--set")), context.memory);
        return std::make_unique<GameInstance<games::Subtraction>>(game, subtraction_speech(game), context, info.name,
                                                                  info.component_noun);
      });
  return entry;
}

}  // namespace grundy::catalogue
