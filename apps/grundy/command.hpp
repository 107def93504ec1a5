// What every command of the grundy tool shares: the global options (--json,
// --memory), number parsing with one-line errors, and the report a game command
// fills in and hands to print_report, so every game prints the same way.
#pragma once

#include <CLI/CLI.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/core/memory_budget.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/parse.hpp"

namespace grundy::cli {

using Json = nlohmann::ordered_json;

/// Options given before or after the command name, shared by every command.
struct GlobalOptions {
  bool json = false;
  std::string memory = "8G";
  bool quiet = false;

  [[nodiscard]] MemoryBudget budget() const { return MemoryBudget::parse(memory); }
};

/// One winning move: the component it is played in, a line for people, and the
/// game's own fields for the JSON output ("component" and "move" are always set).
struct ReportMove {
  std::size_t component = 0;
  std::string text;
  Json fields = Json::object();
};

/// The answer for a position that is a sum of components.
struct Report {
  std::string game;
  std::vector<std::string> components;  // each component as the user wrote it
  std::vector<Nimber> values;           // the value of each component
  Nimber value = 0;                     // their nim-sum
  std::vector<ReportMove> winning_moves;
  Json extra = Json::object();          // further game-specific JSON fields
  std::vector<std::string> notes;       // further lines for people
};

/// Prints a report as text or (with --json) as one JSON object on stdout.
void print_report(const Report& report, const GlobalOptions& options);

/// Prints a JSON object on one line.
void print_json(const Json& json);

using grundy::parse_count;
using grundy::parse_count_list;
using grundy::parse_counts;

/// Adds the positions argument ("POSITION...") to a game command.
CLI::Option* add_positions(CLI::App& command, std::vector<std::string>& positions, const std::string& help);

/// Reads all of standard input (for positions given as '-').
std::string read_stdin();

}  // namespace grundy::cli
