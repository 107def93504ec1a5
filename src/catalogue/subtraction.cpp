// Subtraction games in the catalogue: the rule option --set S, piles as numbers.
#include <fmt/format.h>

#include <algorithm>

#include "catalogue_games.hpp"
#include "drawing.hpp"
#include "function_entry.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/take_break_code.hpp"

namespace grundy::catalogue {

namespace {

constexpr std::uint64_t kMaxPile = 1'000'000'000'000'000'000;
constexpr std::uint64_t kSubtractionMaxTable = 10'000'000;

/// The subtraction game, rebuilt to cover larger piles when no period is proven
/// yet (a set like {10^9} answers small piles at once without proving its period).
class CoveringSubtraction {
 public:
  using Position = games::Subtraction::Position;
  using Move = games::Subtraction::Move;

  CoveringSubtraction(std::vector<std::uint64_t> set, MemoryBudget memory)
      : set_(std::move(set)), memory_(memory), game_(std::make_shared<games::Subtraction>(set_, memory_, 0)) {}

  /// Makes value() serve every pile up to `pile`.
  void cover(std::uint64_t pile) {
    if (game_->period() || pile < game_->computed()) return;
    game_ = std::make_shared<games::Subtraction>(set_, memory_, pile);
  }

  template <class Sink>
  void options(Position pile, Sink& sink) const {
    game_->options(pile, sink);
  }
  [[nodiscard]] Nimber value(Position pile) const { return game_->value(pile); }
  template <class Sink>
  void moves_to(Position pile, Nimber target, Sink& sink) const {
    game_->moves_to(pile, target, sink);
  }
  [[nodiscard]] const games::Subtraction& game() const { return *game_; }

 private:
  std::vector<std::uint64_t> set_;
  MemoryBudget memory_;
  std::shared_ptr<games::Subtraction> game_;
};

void add_period_fields(const games::Subtraction& game, Json& extra, std::vector<std::string>& notes) {
  extra["set"] = game.set();
  extra["period"] = game.period() ? Json(*game.period()) : Json(nullptr);
  extra["preperiod"] = game.preperiod() ? Json(*game.preperiod()) : Json(nullptr);
  extra["saltus"] = game.period() ? Json(0) : Json(nullptr);  // subtraction games are never arithmetic
  if (game.period()) {
    notes.push_back(fmt::format("S = {{{}}}: values are periodic with period {} from n0 = {} (proven)",
                                fmt::join(game.set(), ","), *game.period(), *game.preperiod()));
  } else {
    notes.push_back(fmt::format("S = {{{}}}: no period proven; values computed for piles up to {}",
                                fmt::join(game.set(), ","), game.computed() - 1));
  }
}

Speech<CoveringSubtraction> subtraction_speech(std::shared_ptr<CoveringSubtraction> game) {
  Speech<CoveringSubtraction> speech;
  speech.draw = [](std::uint64_t pile, const std::string& label) { return token_row(label, pile); };
  speech.parse = [](std::string_view text, const std::string& what) { return parse_count(text, what, kMaxPile); };
  speech.format = [](std::uint64_t pile) { return std::to_string(pile); };
  speech.prepare = [game](std::span<const std::uint64_t> piles) {
    if (!piles.empty()) game->cover(*std::max_element(piles.begin(), piles.end()));
  };
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
    for (std::uint64_t s : game->game().set()) count += s <= pile ? 1 : 0;
    return std::optional<std::uint64_t>(count);
  };
  speech.extras = [game](Report& report, auto&) { add_period_fields(game->game(), report.extra, report.notes); };
  speech.table = [game](std::uint64_t upto, const TableRequest&) {
    game->cover(upto);
    const games::Subtraction& g = game->game();
    TableResult result = values_table("subtraction", upto, [&g](std::uint64_t n) { return g.value(n); });
    result.period = g.period();
    result.preperiod = g.preperiod();
    if (g.period()) result.saltus = 0;
    result.extra["set"] = g.set();
    return result;
  };
  return speech;
}

// Take any number of tokens except those in E: the code 0.d1..dm[3], d_e = 0 for e in E, else 3.
std::unique_ptr<Instance> all_but_instance(const GameInfo& info, const RuleValues& rules, const Context& context) {
  std::vector<std::uint64_t> excluded;
  try {
    excluded = games::parse_subtraction_set(rule_value(rules, "--all-but"));
  } catch (const InputError& error) {  // the set parser names its input --set
    std::string text = error.what();
    if (const auto at = text.find("--set"); at != std::string::npos) text.replace(at, 5, "--all-but");
    throw InputError(text);
  }
  if (excluded.back() >= heap::kMaxCodeDigits) {
    throw InputError(fmt::format("--all-but: the excluded numbers go up to {} at most (got {})",
                                 heap::kMaxCodeDigits - 1, excluded.back()));
  }
  heap::TakeBreakCode code;
  code.head.resize(excluded.back() + 1, heap::CodeDigit{.counts = 3});
  code.head[0] = heap::CodeDigit{};
  for (std::uint64_t e : excluded) code.head[e] = heap::CodeDigit{};
  code.tail.push_back(heap::CodeDigit{.counts = 3});
  return make_heap_game_instance(info, heap::rules_from_code(std::move(code), "subtraction"), rules, context,
                                 Json{{"all_but", excluded}});
}

}  // namespace

const Entry& subtraction_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "subtraction",
               .summary = "subtraction game: take exactly s tokens, s in a set S (or any number but those)",
               .rules = "A move removes exactly s tokens from one pile, for some s in the finite set S (s no larger "
                        "than the pile); whoever cannot move loses. With --all-but E instead, a move removes any "
                        "positive number of tokens not in the finite set E (the take-and-break code 0.d1d2...[3] with "
                        "d_e = 0 for e in E): values by the plain table method, no period declared.",
               .syntax = "pile sizes, 0 .. 10^18. The values are computed until their period is proven (the first "
                         "repeated window of max(S) values), then every pile is answered in O(1); small piles of a "
                         "set with huge elements are answered without the proof.",
               .example = "subtraction --set 1,2,3 3 4 5   (values 3, 0, 1, nim-sum 2: the first player wins)",
               .limits = "set elements 1 .. 10^9; piles up to 10^18; table up to 10^7",
               .component_noun = "pile",
               .rule_options = {RuleOption{.name = "--set",
                                           .kind = RuleOption::Kind::value,
                                           .value_name = "S1,S2,...",
                                           .help = "the subtraction set: whole numbers 1 .. 10^9, comma-separated "
                                                   "(duplicates are merged); this or --all-but"},
                                RuleOption{.name = "--all-but",
                                           .kind = RuleOption::Kind::value,
                                           .value_name = "E1,E2,...",
                                           .help = "take any number of tokens except these: whole numbers 1 .. "
                                                   "65535, comma-separated; instead of --set"}},
               .has_table = true,
               .table_max_upto = kSubtractionMaxTable},
      [](const GameInfo& info, const RuleValues& rules, const Context& context) -> std::unique_ptr<Instance> {
        const bool all_but = !rule_value(rules, "--all-but").empty();
        if (all_but == !rule_value(rules, "--set").empty()) {
          throw InputError("subtraction: give exactly one of --set S (take s in S) and --all-but E (take any number "
                           "not in E)");
        }
        if (all_but) return all_but_instance(info, rules, context);
        auto game = std::make_shared<CoveringSubtraction>(games::parse_subtraction_set(rule_value(rules, "--set")),
                                                          context.memory);
        return std::make_unique<GameInstance<CoveringSubtraction>>(game, subtraction_speech(game), context, info.name,
                                                                   info.component_noun);
      });
  return entry;
}

}  // namespace grundy::catalogue
