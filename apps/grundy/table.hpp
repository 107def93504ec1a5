// The shared output of `grundy table GAME --upto N`: g(0..N), and the proven
// period and pre-period where the game has one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"

namespace grundy::cli {

struct TableReport {
  std::string game;
  std::vector<Nimber> values;            // g(0..upto)
  std::optional<std::uint64_t> period;   // proven period, when there is one
  std::optional<std::uint64_t> preperiod;  // first n from which it holds
  Json extra = Json::object();
  std::vector<std::string> notes;
};

/// Prints the table as text (rows of ten) or as one JSON object.
void print_table(const TableReport& table, const GlobalOptions& options);

/// Adds the --upto option every table command takes.
CLI::Option* add_upto(CLI::App& command, std::string& upto);

}  // namespace grundy::cli
