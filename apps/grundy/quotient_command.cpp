// `grundy quotient GAME --upto N`: the misère quotient of a heap game restricted to
// heaps 1..N (its order, generators, relations, P-portion and the element of every
// heap; JSON adds the multiplication table). One subcommand for `octal CODE` and one
// per named heap game of the heap layer, so no game is named here.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <memory>

#include "game_commands.hpp"
#include "grundy/catalogue/json_text.hpp"
#include "grundy/catalogue/limits.hpp"
#include "grundy/catalogue/report.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/misere/quotient.hpp"

namespace grundy::cli {

namespace {

using catalogue::Json;

constexpr std::uint64_t kMaxUpto = 4096;
constexpr std::uint64_t kMaxOrder = 100'000;
/// Text output prints the table up to this order (JSON always has it).
constexpr std::size_t kTextTableOrder = 16;

struct QuotientArguments {
  std::string code;
  std::string upto;
  std::string max_order;
};

Json quotient_json(const misere::MisereQuotient& q) {
  Json json = Json::object();
  json["game"] = q.game;
  json["code"] = q.code;
  json["upto"] = q.upto;
  json["order"] = q.order();
  Json generators = Json::array();
  for (std::size_t i = 0; i < q.generators.size(); ++i) {
    generators.push_back(Json{{"name", q.generators[i]}, {"heap", q.generator_heaps[i]}});
  }
  json["generators"] = std::move(generators);
  json["relations"] = q.relations;
  json["p_portion"] = q.p_elements();
  json["heaps"] = q.heap_element;
  json["elements"] = q.elements;
  json["table"] = q.table;
  return json;
}

std::string words(const misere::MisereQuotient& q, const std::vector<std::uint32_t>& elements) {
  std::string out;
  for (std::uint32_t x : elements) out += (out.empty() ? "" : ", ") + q.elements[x];
  return out;
}

std::string quotient_text(const misere::MisereQuotient& q) {
  std::string out = fmt::format("misère quotient of {} (code {}), heaps 1..{}\n", q.game, q.code, q.upto);
  out += fmt::format("order: {}\n", q.order());
  std::string generators;
  for (std::size_t i = 0; i < q.generators.size(); ++i) {
    generators += fmt::format("{}{} (heap {})", i == 0 ? "" : ", ", q.generators[i], q.generator_heaps[i]);
  }
  out += "generators: " + (generators.empty() ? std::string("none") : generators) + '\n';
  out += fmt::format("relations: {}", q.relations.empty() ? "none" : fmt::format("{}", fmt::join(q.relations, ", ")));
  out += fmt::format("\nP-portion ({}): {}\n", q.p_elements().size(), words(q, q.p_elements()));
  out += "heaps:";
  for (std::uint64_t h = 1; h <= q.upto; ++h) out += fmt::format(" {}={}", h, q.elements[q.heap_element[h]]);
  out += '\n';
  if (q.order() <= kTextTableOrder) {
    out += "table (row x column):\n";
    for (std::size_t x = 0; x < q.order(); ++x) {
      out += fmt::format("{:>8}:", q.elements[x]);
      for (std::uint32_t y : q.table[x]) out += fmt::format(" {:>6}", q.elements[y]);
      out += '\n';
    }
  }
  return out;
}

// `quotient octal CODE` when takes_code, else `quotient NAME` for a named heap game.
void add_quotient_game(CLI::App& parent, GlobalOptions& options, const std::string& name, bool takes_code,
                       const std::string& summary) {
  CLI::App* command = parent.add_subcommand(name, "the misère quotient of " + summary);
  auto args = std::make_shared<QuotientArguments>();
  if (takes_code) {
    command->add_option("code", args->code, "octal or hexadecimal code, or a name")->required()->type_name("CODE");
  }
  command->add_option("--upto", args->upto, fmt::format("heaps 1..N, N at most {}", kMaxUpto))
      ->required()
      ->type_name("N");
  command
      ->add_option("--max-order", args->max_order,
                   "refuse a quotient of more than M elements (default 1000; a wild game's keeps growing)")
      ->type_name("M");
  command->footer(fmt::format("Example: grundy quotient {} --upto 10", takes_code ? "octal 0.75" : name));
  command->callback([&options, args, name, takes_code] {
    const catalogue::Context context = make_context(options, kDefaultAnswerSeconds);
    StopOnSignals signals;
    const heap::HeapRules rules = heap::parse_heap_rules(takes_code ? args->code : name);
    misere::QuotientLimits limits;
    limits.search = catalogue::search_limits(context);
    if (!args->max_order.empty()) limits.max_order = parse_count(args->max_order, "--max-order", kMaxOrder);
    const std::uint64_t upto = parse_count(args->upto, "--upto", kMaxUpto);
    const misere::MisereQuotient q = misere::compute_quotient(rules, upto, limits);
    clear_progress_line();
    write_out(options.json ? catalogue::json_text(quotient_json(q)) + "\n" : quotient_text(q));
  });
}

}  // namespace

void add_quotient_command(CLI::App& app, GlobalOptions& options) {
  CLI::App* quotient = app.add_subcommand(
      "quotient", "the misère quotient of a heap game with heaps up to N (generators, relations, P-portion)");
  quotient->footer("Example: grundy quotient octal 0.75 --upto 10");
  quotient->require_subcommand(1);
  add_quotient_game(*quotient, options, "octal", true, "an octal or hexadecimal heap game");
  for (const heap::HeapAlias& alias : heap::heap_aliases()) {
    if (alias.name == "treblecross") continue;  // the board game of that name is its own entry; use octal 0.007
    add_quotient_game(*quotient, options, std::string(alias.name), false, std::string(alias.description));
  }
}

}  // namespace grundy::cli
