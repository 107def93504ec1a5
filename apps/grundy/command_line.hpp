// The whole grundy command line, for the programs that run it (grundy, grundy-mpi).
#pragma once

namespace grundy::cli {

/// Parses and runs one command line; returns the exit status (0, 2 for bad input or a budget, 3 for a bug).
int run_command_line(int argc, char** argv);

}  // namespace grundy::cli
