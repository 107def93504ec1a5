// Divide in the catalogue: integers, moves "divide x by d".
#include <fmt/format.h>

#include "catalogue_games.hpp"
#include "function_entry.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/games/divide.hpp"

namespace grundy::catalogue {

namespace {

constexpr std::uint64_t kDivideMaxTable = 1'000'000;

Speech<games::Divide> divide_speech(const Context& context) {
  Speech<games::Divide> speech;
  speech.parse = [](std::string_view text, const std::string& what) {
    return parse_count(text, what, games::Divide::kMaxInteger);
  };
  speech.format = [](std::uint64_t x) { return std::to_string(x); };
  speech.describe = [](std::uint64_t from, const games::Divide::Move& move, std::span<const std::uint64_t> result) {
    const std::uint64_t to = from / move.divisor;
    MoveInfo info{.text = to == 0 ? fmt::format("divide {} by {}, removing it", from, move.divisor)
                                  : fmt::format("divide {} by {}, leaving {}", from, move.divisor, to)};
    info.fields["from"] = from;
    info.fields["divisor"] = move.divisor;
    info.fields["to"] = std::vector<std::uint64_t>(result.begin(), result.end());
    return info;
  };
  speech.table = [context](std::uint64_t upto, const TableRequest&) {
    const games::Divide game;
    Solver<games::Divide> solver(game, search_limits(context));
    return values_table("divide", upto, [&solver](std::uint64_t n) { return solver.value(n); });
  };
  return speech;
}

}  // namespace

const Entry& divide_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "divide",
               .summary = "divide: replace an integer by floor(x/2), floor(x/3) or floor(x/6)",
               .rules = "A move picks one integer x and replaces it by floor(x/2), floor(x/3) or floor(x/6); an "
                        "integer that reaches 0 is removed. Whoever cannot move loses.",
               .syntax = "integers 0 .. 2^64-1 (0 is already removed: value 0). Only the numbers floor(x / (2^a 3^b)) "
                         "are reachable, so the memoised search is instant.",
               .example = "divide 10 1000000000000000000",
               .limits = "integers up to 2^64-1; table up to 10^6",
               .component_noun = "integer",
               .has_table = true,
               .table_max_upto = kDivideMaxTable},
      [](const GameInfo& info, const RuleValues&, const Context& context) -> std::unique_ptr<Instance> {
        return std::make_unique<GameInstance<games::Divide>>(std::make_shared<games::Divide>(), divide_speech(context),
                                                             context, info.name, info.component_noun);
      });
  return entry;
}

}  // namespace grundy::catalogue
