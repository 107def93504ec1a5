// `grundy serve`: the playground page (built into the binary) and its JSON API
// (docs/api.md) on a local HTTP server (cpp-httplib), within per-request bounds.
#pragma once

#include <CLI/CLI.hpp>

#include "session.hpp"

namespace grundy::cli {

/// Adds `grundy serve [--port P] [--host H] [bounds]`.
void add_serve_command(CLI::App& app, GlobalOptions& options);

}  // namespace grundy::cli
