// The argument parser's own messages, said in grundy's one error style: lower
// case, naming the command and the input ("table: unknown table game 'foo'").
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace grundy::cli {

/// The one-line message for a parse error of `grundy argv...`.
std::string parse_error_message(const CLI::App& app, const CLI::ParseError& error, int argc, char** argv);

}  // namespace grundy::cli
