// How `grundy table` writes what it computed: the options every table game
// takes (--output FILE or '-', --format text|json|binary, --summary), refused
// when a game cannot honour them, and the text, JSON and binary forms.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <ostream>
#include <string>

#include "grundy/catalogue/entry.hpp"
#include "session.hpp"

namespace grundy::cli {

struct TableOutputOptions {
  std::string output;  // FILE, '-' for standard output, empty: print the report
  std::string format;  // text, json or binary; empty: binary for heap tables, else text
  bool summary = false;
};

/// Adds --output, --format and --summary.
void add_table_output_options(CLI::App& command, TableOutputOptions& output);

/// The request for the game's table; InputError when an option cannot be honoured.
catalogue::TableRequest table_request(const catalogue::GameInfo& info, const catalogue::RuleValues& rules,
                                      const TableOutputOptions& output);

/// Writes the table where --output says, and prints the report (unless it went to stdout).
void print_table(const catalogue::TableResult& table, const TableOutputOptions& output, const GlobalOptions& options);

/// Writes to the --output FILE what `write` puts in the stream (piece by piece:
/// a table of 10^9 values is never one string); InputError when it cannot.
void write_output_file(const std::string& path, const std::function<void(std::ostream&)>& write);
/// Writes `bytes` to the --output FILE; InputError when it cannot.
void write_output_file(const std::string& path, const std::string& bytes);

}  // namespace grundy::cli
