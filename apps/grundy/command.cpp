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

CLI::Option* add_positions(CLI::App& command, std::vector<std::string>& positions, const std::string& help) {
  return command.add_option("position", positions, help)->allow_extra_args();
}

std::string read_stdin() {
  return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
}

}  // namespace grundy::cli
