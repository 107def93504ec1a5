#include "command.hpp"

#include <charconv>
#include <iostream>
#include <iterator>
#include <limits>

#include <fmt/format.h>

#include "grundy/core/errors.hpp"

namespace grundy::cli {

void print_json(const Json& json) { std::cout << json.dump() << '\n'; }

namespace {

Json report_json(const Report& report) {
  Json json = Json::object();
  json["game"] = report.game;
  json["position"] = report.components;
  json["value"] = report.value;
  json["winner"] = report.value != 0 ? "first" : "second";
  json["components"] = report.values;
  Json moves = Json::array();
  for (const ReportMove& move : report.winning_moves) {
    Json entry = Json::object();
    entry["component"] = move.component;
    entry["move"] = move.text;
    for (const auto& [key, field] : move.fields.items()) entry[key] = field;
    moves.push_back(std::move(entry));
  }
  json["winning_moves"] = std::move(moves);
  for (const auto& [key, field] : report.extra.items()) json[key] = field;
  return json;
}

void print_text(const Report& report) {
  std::string out = fmt::format("{} {}\n", report.game, fmt::join(report.components, " "));
  if (report.components.size() > 1) {
    for (std::size_t i = 0; i < report.components.size(); ++i) {
      out += fmt::format("  component {}: {}  value {}\n", i + 1, report.components[i], report.values[i]);
    }
    out += fmt::format("nim-sum {}: ", report.value);
  } else {
    out += fmt::format("value {}: ", report.value);
  }
  out += report.value != 0 ? "the first player wins\n" : "the second player wins (every move loses)\n";
  for (const std::string& note : report.notes) out += note + '\n';
  if (!report.winning_moves.empty()) {
    out += fmt::format("winning moves ({}):\n", report.winning_moves.size());
    for (const ReportMove& move : report.winning_moves) {
      if (report.components.size() > 1) {
        out += fmt::format("  in component {}: {}\n", move.component + 1, move.text);
      } else {
        out += fmt::format("  {}\n", move.text);
      }
    }
  }
  std::cout << out;
}

}  // namespace

void print_report(const Report& report, const GlobalOptions& options) {
  if (options.json) {
    print_json(report_json(report));
  } else {
    print_text(report);
  }
}

std::uint64_t parse_count(std::string_view text, std::string_view what, std::uint64_t max) {
  if (text.empty()) throw InputError(fmt::format("{}: empty, expected a whole number", what));
  if (text.front() == '-') {
    throw InputError(fmt::format("{}: '{}' is negative, expected a whole number from 0 to {}", what, text, max));
  }
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec == std::errc::result_out_of_range || (ec == std::errc() && ptr == end && value > max)) {
    throw InputError(fmt::format("{}: '{}' is over the limit {}", what, text, max));
  }
  if (ec != std::errc() || ptr != end) {
    throw InputError(fmt::format("{}: '{}' is not a whole number", what, text));
  }
  return value;
}

std::vector<std::uint64_t> parse_count_list(std::string_view text, std::string_view what, std::uint64_t max) {
  std::vector<std::uint64_t> values;
  if (text.empty()) throw InputError(fmt::format("{}: empty list", what));
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = text.substr(start, comma == std::string_view::npos ? text.npos : comma - start);
    values.push_back(parse_count(item, what, max));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return values;
}

std::vector<std::uint64_t> parse_counts(const std::vector<std::string>& texts, std::string_view noun,
                                        std::uint64_t max) {
  std::vector<std::uint64_t> counts;
  counts.reserve(texts.size());
  for (std::size_t i = 0; i < texts.size(); ++i) counts.push_back(parse_count(texts[i], fmt::format("{} {}", noun, i + 1), max));
  return counts;
}

CLI::Option* add_positions(CLI::App& command, std::vector<std::string>& positions, const std::string& help) {
  return command.add_option("position", positions, help)->allow_extra_args();
}

std::string read_stdin() {
  return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
}

}  // namespace grundy::cli
