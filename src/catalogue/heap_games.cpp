// Octal and hexadecimal take-and-break games in the catalogue: `octal CODE` and
// one entry per named game (kayles, dawsons-kayles, ...). Heaps are whole
// numbers; the value table grows (by doubling) until it covers the heaps asked
// or proves a period, after which heaps up to 2^63-1 are answered.
#include <fmt/format.h>

#include <algorithm>

#include "catalogue_games.hpp"
#include "drawing.hpp"
#include "function_entry.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/games/octal.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/games/take_break.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/moves.hpp"
#include "grundy/heap/take_break_code.hpp"
#include "heap_quotient.hpp"
#include "heap_tables.hpp"

namespace grundy::catalogue {

namespace {

constexpr std::uint64_t kDefaultHeapLimit = 100'000;
constexpr std::uint64_t kDefaultThreeHeapLimit = 2'000;

const char* const kCodeHelp =
    "Codes: d0.d1d2...dk, one digit per number of tokens removed (d_i for removing i). A digit is a sum of: 1 = may "
    "remove the whole heap, 2 = may leave one heap, 4 = may leave two non-empty heaps, 8 = three heaps (hexadecimal "
    "digits 8-f). d0 is 0, or 4 (8, c) when a heap may be split without removing anything. Examples: 0.77 Kayles, "
    "0.07 Dawson's Kayles, 0.007 Treblecross, 0.137 Dawson's chess, 0.6 Officers, 4.0 (split a heap in two), 0.3f "
    "(hexadecimal). Names: kayles, dawsons-kayles, treblecross, dawsons-chess, officers, grundys-game. Generalized "
    "codes: digits g-z (16-35: up to five heaps), heap counts in braces ({2,3}, {2+} for two or more), after a digit "
    "! (the heaps left pairwise unequal), ? (not all equal) or = (all equal), and repeating digits in brackets at "
    "the end (0.[3] is Nim, 4!.0 Grundy's game, {2+}.0 split a heap into any number of heaps).";

std::string move_text(const games::OctalGame::Move& m, bool grundys) {
  std::string text;
  if (grundys && m.take == 0) {
    text = fmt::format("split the heap of {}", m.from);
  } else if (m.take == 0) {
    text = fmt::format("split the heap of {} without removing any", m.from);
  } else {
    text = fmt::format("take {} from the heap of {}", m.take, m.from);
  }
  switch (m.heaps) {
    case 0:
      return text + ", leaving nothing";
    case 1:
      return text + fmt::format(", leaving {}", m.to[0]);
    case 2:
      if (m.step == 0) return text + fmt::format(", leaving {} + {}", m.to[0], m.to[1]);
      return text + fmt::format(", leaving a + b with a = {}, {}, ..., {} (every {}th: {} ways)", m.to[0],
                                m.to[0] + m.step, m.to[0] + (m.count - 1) * m.step, m.step, m.count);
    default:
      return text + fmt::format(", leaving {} + {} + {}", m.to[0], m.to[1], m.to[2]);
  }
}

MoveInfo describe_heap_move(const games::OctalGame::Move& m, bool grundys) {
  MoveInfo info{.text = move_text(m, grundys)};
  info.fields["take"] = m.take;
  info.fields["from"] = m.from;
  info.fields["to"] = std::vector<std::uint64_t>(m.to.begin(), m.to.begin() + m.heaps);
  if (m.step != 0) {
    info.fields["step"] = m.step;
    info.fields["count"] = m.count;
    info.fields["last"] = std::vector<std::uint64_t>{m.to[0] + (m.count - 1) * m.step, m.to[1] - (m.count - 1) * m.step};
  }
  return info;
}

// The number of ways to write n as a + b + c with 1 <= a <= b <= c: round(n^2 / 12).
__extension__ typedef unsigned __int128 Wide;  // g++ and clang: exact n^2 for n < 2^64

std::uint64_t three_part_partitions(std::uint64_t n) {
  const Wide square = static_cast<Wide>(n) * n;
  const Wide count = (square + 6) / 12;
  return count > ~std::uint64_t{0} ? ~std::uint64_t{0} : static_cast<std::uint64_t>(count);
}

// Counted shape by shape (heap/moves.hpp), never by listing: a heap of 10^12 has ~10^12 options.
std::uint64_t heap_option_count(const heap::HeapRules& rules, std::uint64_t n) {
  std::uint64_t count = 0;
  heap::for_each_shape(rules, n, [&](std::uint64_t k, unsigned heaps) {
    const std::uint64_t rest = n - k;
    if (heaps <= 1) {
      ++count;
    } else if (heaps == 2) {
      count += heap::last_pair_first(rules, rest);
    } else {
      count += three_part_partitions(rest);
    }
  });
  return count;
}

struct HeapSettings {
  std::uint64_t limit = 0;
  HeapRun run;
  std::shared_ptr<const heap::TableCache> cache;  // null with --no-cache
};

HeapSettings heap_settings(const heap::HeapRules& rules, const RuleValues& values) {
  HeapSettings settings;
  const std::string upto = rule_value(values, "--upto");
  const std::uint64_t default_limit = heap::max_heaps_left(rules) >= 3 ? kDefaultThreeHeapLimit : kDefaultHeapLimit;
  settings.limit = upto.empty() ? default_limit : parse_count(upto, "--upto", kMaxHeapTableUpto);
  settings.run = heap_run(values);
  settings.cache = heap_cache(values);
  return settings;
}

Speech<games::OctalGame> heap_speech(const std::shared_ptr<heap::HeapTable>& table, const HeapSettings& settings,
                                     const Context& context) {
  Speech<games::OctalGame> speech;
  speech.draw = [](std::uint64_t heap, const std::string& label) { return token_row(label, heap); };
  const heap::HeapRules& rules = table->rules();
  const bool grundys = rules.unequal_split();
  speech.parse = [](std::string_view text, const std::string& what) {
    return parse_count(text, what, games::OctalGame::kMaxHeap);
  };
  speech.format = [](std::uint64_t heap) { return std::to_string(heap); };
  speech.prepare = [table, settings, context](std::span<const std::uint64_t> heaps) {
    const std::uint64_t largest = heaps.empty() ? 0 : *std::max_element(heaps.begin(), heaps.end());
    cover_heaps(*table, largest, settings.limit, settings.run, context, settings.cache.get());
  };
  speech.describe = [grundys](std::uint64_t, const games::OctalGame::Move& m, std::span<const std::uint64_t>) {
    return describe_heap_move(m, grundys);
  };
  speech.count_options = [table](std::uint64_t heap) {
    return std::optional<std::uint64_t>(heap_option_count(table->rules(), heap));
  };
  speech.extras = [table](Report& report, auto&) {
    const heap::HeapRules& r = table->rules();
    report.extra["code"] = heap::format_code(r);
    report.title = report.game == "octal" ? "octal " + heap::format_code(r) : report.game;
    const auto& period = table->period();
    report.extra["period"] = period ? Json(period->period) : Json(nullptr);
    report.extra["preperiod"] = period ? Json(period->preperiod) : Json(nullptr);
    report.extra["saltus"] = period ? Json(period->saltus) : Json(nullptr);
    report.extra["table_upto"] = table->size() == 0 ? 0 : table->size() - 1;
    if (period) report.notes.push_back(heap::format_code(r) + ": " + heap::period_text(*period));
  };
  auto quotient = std::make_shared<HeapQuotientPath>(rules, context);
  speech.misere = [quotient](std::span<const std::uint64_t> heaps) { return quotient->answer(heaps); };
  speech.table = [rules, settings, context](std::uint64_t upto, const TableRequest& request) {
    return heap_table(rules, upto, request, settings.run, context);
  };
  return speech;
}

// Generalized codes (games/take_break.hpp): the plain kernel, any number of heaps.
std::string code_move_text(const games::TakeBreakGame::Move& m) {
  std::string text = m.take == 0 ? fmt::format("split the heap of {} without removing any", m.from)
                                 : fmt::format("take {} from the heap of {}", m.take, m.from);
  if (m.to.empty()) return text + ", leaving nothing";
  return text + fmt::format(", leaving {}", fmt::join(m.to, " + "));
}

// The period fields every heap report has, and for a code no theorem covers the pattern seen.
void code_period_fields(const heap::HeapTable& table, Report& report) {
  const std::string code = heap::format_code(table.rules());
  const auto& period = table.period();
  report.extra["period"] = period ? Json(period->period) : Json(nullptr);
  report.extra["preperiod"] = period ? Json(period->preperiod) : Json(nullptr);
  report.extra["saltus"] = period ? Json(period->saltus) : Json(nullptr);
  report.extra["table_upto"] = table.size() == 0 ? 0 : table.size() - 1;
  report.extra["period_theorem"] = heap::period_theorem_applies(table.rules());
  report.extra["observed_period"] = nullptr;
  if (period) {
    report.notes.push_back(code + ": " + heap::period_text(*period));
    return;
  }
  const std::optional<heap::Periodicity> seen =
      table.wide() ? heap::observe_period(std::span<const std::uint32_t>(table.wide_values()))
                   : heap::observe_period(std::span<const std::uint16_t>(table.narrow_values()));
  if (seen) {
    report.extra["observed_period"] = {{"period", seen->period}, {"preperiod", seen->preperiod}, {"saltus", seen->saltus}};
    report.notes.push_back(fmt::format("{}: pattern g(n + {}) = g(n) + {} seen from n0 = {} to n = {} (not proven: no "
                                       "heap beyond the table is answered from it)",
                                       code, seen->period, seen->saltus, seen->preperiod, table.size() - 1));
  }
}

Speech<games::TakeBreakGame> code_speech(const std::shared_ptr<heap::HeapTable>& table, const HeapSettings& settings,
                                         const Context& context, const Json& fields) {
  Speech<games::TakeBreakGame> speech;
  speech.draw = [](std::uint64_t heap, const std::string& label) { return token_row(label, heap); };
  speech.parse = [](std::string_view text, const std::string& what) {
    return parse_count(text, what, games::TakeBreakGame::kMaxHeap);
  };
  speech.format = [](std::uint64_t heap) { return std::to_string(heap); };
  speech.prepare = [table, settings, context](std::span<const std::uint64_t> heaps) {
    const std::uint64_t largest = heaps.empty() ? 0 : *std::max_element(heaps.begin(), heaps.end());
    cover_heaps(*table, largest, settings.limit, settings.run, context, settings.cache.get());
  };
  speech.describe = [](std::uint64_t, const games::TakeBreakGame::Move& m, std::span<const std::uint64_t>) {
    MoveInfo info{.text = code_move_text(m)};
    info.fields["take"] = m.take;
    info.fields["from"] = m.from;
    info.fields["to"] = m.to;
    return info;
  };
  speech.extras = [table, fields](Report& report, auto&) {
    report.extra["code"] = heap::format_code(table->rules());
    report.title = report.game == "octal" ? "octal " + heap::format_code(table->rules()) : report.game;
    for (const auto& [key, value] : fields.items()) report.extra[key] = value;
    code_period_fields(*table, report);
  };
  speech.table = [rules = table->rules(), settings, context, fields](std::uint64_t upto, const TableRequest& request) {
    TableResult result = heap_table(rules, upto, request, settings.run, context);
    for (const auto& [key, value] : fields.items()) result.extra[key] = value;
    return result;
  };
  return speech;
}

std::vector<RuleOption> heap_options() {
  return {RuleOption{.name = "--upto",
                     .kind = RuleOption::Kind::value,
                     .value_name = "N",
                     .help = "compute values up to N at most, 1 .. 2^40 (default 100000; 2000 with three-heap moves)"},
          RuleOption{.name = "--method",
                     .kind = RuleOption::Kind::value,
                     .value_name = "METHOD",
                     .help = "fast (vectorised + sparse space) or plain (the O(n^2) reference)",
                     .default_value = "fast",
                     .choices = {"fast", "plain"}},
          RuleOption{.name = "--threads",
                     .kind = RuleOption::Kind::value,
                     .value_name = "T",
                     .help = "worker threads for the table kernel, 1 .. 256",
                     .default_value = "all cores"},
          no_cache_option()};
}

GameInfo heap_info(std::string name, std::string summary, bool takes_code) {
  GameInfo info{.name = std::move(name), .summary = std::move(summary), .component_noun = "heap"};
  info.rules = takes_code ? std::string("A move takes tokens from one heap and may split what is left, as the code "
                                        "says. ") + kCodeHelp
                          : info.summary + ".";
  info.syntax =
      "heap sizes, 0 .. 2^63-1 once the period is proven; otherwise up to --upto (default 100000, 2000 for codes with "
      "three-heap moves): the table is grown (doubling) until it covers the heaps or proves a period. A split of a "
      "huge heap may come as a family of moves: step, count and last in JSON (a = to[0] + i*step, i < count).";
  info.example = takes_code ? "octal 0.07 5 8   (Dawson's Kayles)" : info.name + " 10 13";
  info.limits = "heaps up to 2^63-1 with a proven period, else up to --upto (at most 2^40); tables up to 2^40";
  if (takes_code) {
    info.rule_options.push_back(RuleOption{.name = "code",
                                           .kind = RuleOption::Kind::positional,
                                           .value_name = "CODE",
                                           .help = "octal or hexadecimal code, or a name",
                                           .required = true});
  }
  for (RuleOption& option : heap_options()) info.rule_options.push_back(std::move(option));
  info.has_table = true;
  info.table_max_upto = kMaxHeapTableUpto;
  info.table_options = heap_table_options();
  info.table_abilities = TableAbilities{.binary = true, .resume = true, .until_period = true};
  return info;
}

std::unique_ptr<Instance> make_heap_instance(const GameInfo& info, const heap::HeapRules& rules,
                                             const RuleValues& values, const Context& context) {
  if (rules.general() != nullptr) return make_heap_game_instance(info, rules, values, context, Json::object());
  const HeapSettings settings = heap_settings(rules, values);
  auto table = std::make_shared<heap::HeapTable>(rules);
  auto game = std::make_shared<const games::OctalGame>(table);
  return std::make_unique<GameInstance<games::OctalGame>>(game, heap_speech(table, settings, context), context,
                                                          info.name, info.component_noun);
}

// Splittles: take s in S, leaving none, one or two heaps: the code with 7 at each s.
heap::HeapRules splittles_rules(const std::vector<std::uint64_t>& set) {
  if (set.back() >= heap::kMaxCodeDigits) {
    throw InputError(fmt::format("--set: splittles takes at most {} tokens at once (got {})",
                                 heap::kMaxCodeDigits - 1, set.back()));
  }
  heap::TakeBreakCode code;
  code.head.resize(set.back() + 1);
  for (std::uint64_t s : set) code.head[s].counts = 7;
  return heap::rules_from_code(std::move(code), "splittles");
}

GameInfo splittles_info() {
  GameInfo info = heap_info("splittles", "Splittles: take s tokens, s in a set S, optionally splitting the rest in two",
                            false);
  info.rules = "A move removes exactly s tokens from one heap, for some s in the finite set S, and may leave the rest "
               "as one heap or split it into two non-empty heaps (the take-and-break code with digit 7 at each s; "
               "S = {1,2} is Kayles).";
  info.example = "splittles --set 1,3 6 9";
  info.rule_options.insert(info.rule_options.begin(),
                           RuleOption{.name = "--set",
                                      .kind = RuleOption::Kind::value,
                                      .value_name = "S1,S2,...",
                                      .help = "the numbers of tokens a move may take: whole numbers 1 .. 65535, "
                                              "comma-separated",
                                      .required = true});
  return info;
}

}  // namespace

std::unique_ptr<Instance> make_heap_game_instance(const GameInfo& info, const heap::HeapRules& rules,
                                                  const RuleValues& values, const Context& context, const Json& fields) {
  const HeapSettings settings = heap_settings(rules, values);
  auto table = std::make_shared<heap::HeapTable>(rules);
  if (rules.general() == nullptr) {
    auto game = std::make_shared<const games::OctalGame>(table);
    Speech<games::OctalGame> speech = heap_speech(table, settings, context);
    if (!fields.empty()) {
      speech.extras = [inner = speech.extras, fields](Report& report, auto& analyzer) {
        inner(report, analyzer);
        for (const auto& [key, value] : fields.items()) report.extra[key] = value;
      };
      speech.table = [inner = speech.table, fields](std::uint64_t upto, const TableRequest& request) {
        TableResult result = inner(upto, request);
        for (const auto& [key, value] : fields.items()) result.extra[key] = value;
        return result;
      };
    }
    return std::make_unique<GameInstance<games::OctalGame>>(game, std::move(speech), context, info.name,
                                                            info.component_noun);
  }
  auto game = std::make_shared<const games::TakeBreakGame>(table);
  return std::make_unique<GameInstance<games::TakeBreakGame>>(game, code_speech(table, settings, context, fields),
                                                              context, info.name, info.component_noun);
}

std::vector<const Entry*> heap_entries() {
  static const std::vector<FunctionEntry> entries = [] {
    std::vector<FunctionEntry> list;
    list.emplace_back(heap_info("octal", "octal and hexadecimal take-and-break heap games (0.77, 0.07, 4.007, ...)", true),
                      [](const GameInfo& info, const RuleValues& values, const Context& context) {
                        return make_heap_instance(info, heap::parse_heap_rules(rule_value(values, "code")), values,
                                                  context);
                      });
    for (const heap::HeapAlias& alias : heap::heap_aliases()) {
      if (alias.name == "treblecross") continue;  // the board game of that name is its own entry
      list.emplace_back(heap_info(std::string(alias.name), std::string(alias.description), false),
                        [](const GameInfo& info, const RuleValues& values, const Context& context) {
                          return make_heap_instance(info, heap::parse_heap_rules(info.name), values, context);
                        });
    }
    list.emplace_back(splittles_info(), [](const GameInfo& info, const RuleValues& values, const Context& context) {
      const std::vector<std::uint64_t> set = games::parse_subtraction_set(rule_value(values, "--set"));
      return make_heap_game_instance(info, splittles_rules(set), values, context, Json{{"set", set}});
    });
    return list;
  }();
  std::vector<const Entry*> out;
  for (const FunctionEntry& entry : entries) out.push_back(&entry);
  return out;
}

}  // namespace grundy::catalogue
