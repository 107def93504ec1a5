// Heap games with a memory in the catalogue: fibonacci-nim, take-away --ratio R
// and mem. A component is "N" (a heap at the opening: any take but the whole
// heap) or "N,K" (the previous move took K). Fibonacci Nim (and take-away with
// ratio 2) answers heaps past the search's range by Zeckendorf's theorem.
#include <numeric>

#include <fmt/format.h>

#include "catalogue_games.hpp"
#include "drawing.hpp"
#include "function_entry.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/catalogue/limits.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/core/solver.hpp"
#include "grundy/games/fibonacci_nim.hpp"
#include "grundy/games/memory_nim.hpp"
#include "theorem_instance.hpp"

namespace grundy::catalogue {

namespace memory_games {

using games::MemoryNim;
using HeapMemory = MemoryNim::Position;

/// Fibonacci Nim's values are searched for heaps up to this; past it Zeckendorf's theorem answers.
constexpr std::uint64_t kFibonacciSearchHeap = 300;
/// `grundy table` over openings: each opening n searches about n^2/2 positions.
constexpr std::uint64_t kMaxOpeningTable = 1000;

HeapMemory parse_heap_memory(std::string_view text, const std::string& what) {
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos) return {parse_count(text, what + " (heap)", MemoryNim::kMaxHeap), 0};
  const std::uint64_t heap = parse_count(text.substr(0, comma), what + " (heap)", MemoryNim::kMaxHeap);
  const std::uint64_t last = parse_count(text.substr(comma + 1), what + " (previous take)", MemoryNim::kMaxHeap);
  if (last == 0) {
    throw InputError(fmt::format("{}: '{}': the previous take K is at least 1 (write the opening as the heap alone, {})",
                                 what, text, heap));
  }
  return {heap, last};
}

std::string format_heap_memory(const HeapMemory& p) {
  return p.last == 0 ? std::to_string(p.heap) : fmt::format("{},{}", p.heap, p.last);
}

// "take-away --ratio 3/2": the header of a report names the rule.
std::string rule_title(const MemoryNim& game, const std::string& name) {
  if (name != "take-away") return "";
  return game.den() == 1 ? fmt::format("{} --ratio {}", name, game.num())
                         : fmt::format("{} --ratio {}/{}", name, game.num(), game.den());
}

Speech<MemoryNim> memory_speech(const MemoryNim& game, const std::string& name, const Context& context) {
  Speech<MemoryNim> speech;
  speech.parse = parse_heap_memory;
  speech.format = format_heap_memory;
  speech.describe = [](const HeapMemory& from, const MemoryNim::Move& move, std::span<const HeapMemory>) {
    const std::uint64_t left = from.heap - move.take;
    MoveInfo info{.text = fmt::format("take {} from the heap of {}, leaving {},{}", move.take, from.heap, left,
                                      move.take)};
    info.fields["take"] = move.take;
    info.fields["from"] = format_heap_memory(from);
    info.fields["to"] = fmt::format("{},{}", left, move.take);
    return info;
  };
  speech.count_options = [game](const HeapMemory& p) {
    const auto [low, high] = game.takes(p);
    return std::optional<std::uint64_t>(low > high ? 0 : high - low + 1);
  };
  speech.draw = [](const HeapMemory& p, const std::string& label) {
    return token_row(p.last == 0 ? label + ", the opening" : fmt::format("{}, previous take {}", label, p.last),
                     p.heap);
  };
  speech.table = [game, name, context](std::uint64_t upto, const TableRequest&) {
    if (upto > kMaxOpeningTable) {
      throw InputError(fmt::format("--upto: the table of openings searches about n^2/2 positions for each n; N is "
                                   "at most {}",
                                   kMaxOpeningTable));
    }
    Solver<MemoryNim> solver(game, search_limits(context));
    TableResult result =
        values_table(name, upto, [&solver](std::uint64_t n) { return solver.value(HeapMemory{n, 0}); });
    result.notes.push_back("g(n) is the value of a heap of n at the opening (any take but the whole heap)");
    return result;
  };
  speech.extras = [title = rule_title(game, name)](Report& report, Analyzer<MemoryNim>&) {
    report.title = title;
    report.extra["method"] = "search";
  };
  return speech;
}

// The previous take's cap as Fibonacci Nim sees it: the opening allows n - 1.
std::uint64_t fibonacci_cap(const MemoryNim& game, const HeapMemory& p) {
  const auto [low, high] = game.takes(p);
  return low > high ? 0 : high;
}

Theorem<MemoryNim> zeckendorf_theorem(const MemoryNim& game) {
  Theorem<MemoryNim> theorem;
  theorem.searchable = [](const HeapMemory& p) { return p.heap <= kFibonacciSearchHeap; };
  theorem.winning_options = [game](const HeapMemory& p) {
    std::vector<Option<HeapMemory, MemoryNim::Move>> wins;
    for (std::uint64_t take : games::fibonacci_nim_winning_takes(p.heap, fibonacci_cap(game, p))) {
      wins.push_back({MemoryNim::Move{take},
                      take == p.heap ? std::vector<HeapMemory>{} : std::vector<HeapMemory>{{p.heap - take, take}}});
    }
    return wins;
  };
  theorem.method = "zeckendorf";
  theorem.note = fmt::format(
      "a heap above {}: the winner and every winning move by Zeckendorf's theorem (exact); the value of a winning "
      "position is not computed",
      kFibonacciSearchHeap);
  theorem.sum_refusal = fmt::format(
      "a heap above {} is answered alone (a sum needs the values of its heaps, which are searched for heaps up to {})",
      kFibonacciSearchHeap, kFibonacciSearchHeap);
  theorem.misere_refusal = fmt::format("misère play searches every position: heaps up to {}", kFibonacciSearchHeap);
  return theorem;
}

std::unique_ptr<Instance> make_instance(const MemoryNim& rules, const GameInfo& info, const Context& context) {
  auto game = std::make_shared<MemoryNim>(rules);
  Speech<MemoryNim> speech = memory_speech(rules, info.name, context);
  const bool fibonacci = rules.kind() == MemoryNim::Kind::at_most_ratio && rules.num() == 2 && rules.den() == 1;
  if (fibonacci) {
    Theorem<MemoryNim> theorem = zeckendorf_theorem(rules);
    theorem.title = rule_title(rules, info.name);
    return std::make_unique<TheoremInstance<MemoryNim>>(game, speech, std::move(theorem), context, info.name,
                                                        info.component_noun);
  }
  return std::make_unique<GameInstance<MemoryNim>>(game, speech, context, info.name, info.component_noun);
}

// "R" or "P/Q", whole numbers from 1, as the lowest terms P/Q.
MemoryNim parse_ratio(const std::string& text) {
  const std::size_t slash = text.find('/');
  std::uint64_t num = 0;
  std::uint64_t den = 1;
  if (slash == std::string::npos) {
    num = parse_count(text, "--ratio", MemoryNim::kMaxHeap, 1);
  } else {
    num = parse_count(std::string_view(text).substr(0, slash), "--ratio (numerator)", MemoryNim::kMaxHeap, 1);
    den = parse_count(std::string_view(text).substr(slash + 1), "--ratio (denominator)", MemoryNim::kMaxHeap, 1);
  }
  const std::uint64_t common = std::gcd(num, den);
  return MemoryNim::at_most(num / common, den / common);
}

const char* const kSyntax =
    "a heap N at the opening (the first move takes at least one token and not the whole heap), or N,K: a heap of N "
    "after a move that took K (N from 0, K from 1, both up to 2^63-1), one per component: 10 7,2";

}  // namespace memory_games

const Entry& fibonacci_nim_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "fibonacci-nim",
               .summary = "Fibonacci Nim: take at most twice what the previous move took",
               .rules = "One heap. The first move takes at least one token and not the whole heap; every later move "
                        "takes at least one token and at most twice as many as the move before it. Whoever cannot "
                        "move loses.",
               .syntax = memory_games::kSyntax,
               .example = "fibonacci-nim 1000000000000000000   (not a Fibonacci number: the first player wins)",
               .limits = fmt::format("values searched for heaps up to {}; a single heap up to 2^63-1 by "
                                     "Zeckendorf's theorem (winner and every winning move); table of openings up to {}",
                                     memory_games::kFibonacciSearchHeap, memory_games::kMaxOpeningTable),
               .component_noun = "heap",
               .has_table = true,
               .table_max_upto = memory_games::kMaxOpeningTable},
      [](const GameInfo& info, const RuleValues&, const Context& context) {
        return memory_games::make_instance(games::MemoryNim::at_most(2, 1), info, context);
      });
  return entry;
}

const Entry& take_away_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "take-away",
               .summary = "take-away: take at most R times what the previous move took",
               .rules = "One heap. The first move takes at least one token and not the whole heap; every later move "
                        "takes at least one token and at most R times as many as the move before it (R a whole "
                        "number or a fraction P/Q). R = 2 is Fibonacci Nim. Whoever cannot move loses.",
               .syntax = memory_games::kSyntax,
               .example = "take-away --ratio 3 10   (the first player wins)",
               .limits = "positions searched within the memory and time budgets (a heap of n: about n^2/2 "
                         "positions); R = 2 as fibonacci-nim; table of openings up to 1000",
               .component_noun = "heap",
               .rule_options = {RuleOption{.name = "--ratio",
                                           .kind = RuleOption::Kind::value,
                                           .value_name = "R",
                                           .help = "the most a move may take, as a multiple of the previous take: a "
                                                   "whole number or P/Q, from 1 to 2^63-1",
                                           .required = true}},
               .has_table = true,
               .table_max_upto = memory_games::kMaxOpeningTable},
      [](const GameInfo& info, const RuleValues& rules, const Context& context) {
        return memory_games::make_instance(memory_games::parse_ratio(rule_value(rules, "--ratio")), info, context);
      });
  return entry;
}

const Entry& mem_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "mem",
               .summary = "Mem: take at least as many as the previous move took",
               .rules = "One heap. The first move takes at least one token and not the whole heap; every later move "
                        "takes at least as many tokens as the move before it (the whole heap if it is enough). "
                        "Whoever cannot move loses.",
               .syntax = memory_games::kSyntax,
               .example = "mem 10   (the first player wins)",
               .limits = "positions searched within the memory and time budgets (a heap of n: about n^2/2 "
                         "positions); table of openings up to 1000",
               .component_noun = "heap",
               .has_table = true,
               .table_max_upto = memory_games::kMaxOpeningTable},
      [](const GameInfo& info, const RuleValues&, const Context& context) {
        return memory_games::make_instance(games::MemoryNim::at_least(), info, context);
      });
  return entry;
}

}  // namespace grundy::catalogue
