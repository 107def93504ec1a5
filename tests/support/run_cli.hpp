// Runs the real grundy binary for command-line tests: arguments, optional
// standard input, and the captured stdout, stderr and exit status.
#pragma once

#include <string>
#include <vector>

namespace grundy::testing {

struct CliResult {
  int status = -1;
  std::string out;
  std::string err;
};

/// Runs `grundy args...` with `input` on stdin and waits for it.
CliResult run_cli(const std::vector<std::string>& args, const std::string& input = "");

}  // namespace grundy::testing
