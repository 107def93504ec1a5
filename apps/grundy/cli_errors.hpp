// The argument parser's own messages, said in grundy's one error style: lower
// case, naming the command and the input ("table: unknown table game 'foo'").
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace grundy::cli {

/// The one-line message for a parse error of `grundy argv...`.
std::string parse_error_message(const CLI::App& app, const CLI::ParseError& error, int argc, char** argv);

/// The message for a game command given no position (`path`: "nim", "explain nim", "play nim"),
/// saying how to write the empty position where the game allows it.
std::string position_required(const std::string& path);

}  // namespace grundy::cli
