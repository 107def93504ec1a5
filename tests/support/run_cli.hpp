// Runs the real grundy binary for command-line tests: arguments, optional
// standard input, and the captured stdout, stderr and exit status; run_shell
// does the same for a bash command line (the documented commands); run_json
// and expect_error are the two checks most command-line tests make.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "support/sanitizers.hpp"

namespace grundy::testing {

struct CliResult {
  int status = -1;
  std::string out;
  std::string err;
  long peak_kib = 0;  // the most resident memory the process (or the shell and what it ran) held
};

/// A run's peak memory, for an assertion on it; 0 under AddressSanitizer, whose shadow memory
/// and quarantine add a few hundred MiB to any process, whatever the input.
inline long measured_peak_kib(const CliResult& result) {
  return kSanitized ? 0 : result.peak_kib;
}

/// Runs `grundy args...` with `input` on stdin and waits for it.
CliResult run_cli(const std::vector<std::string>& args, const std::string& input = "");

/// Runs `bash -c script` in `directory` with empty standard input and waits for it.
CliResult run_shell(const std::string& script, const std::string& directory);

/// Runs `grundy --json args...`, expects exit status 0 and returns the parsed answer.
nlohmann::json run_json(const std::vector<std::string>& args, const std::string& input = "");

/// Expects a refusal: status 2, stdout empty, one stderr line `grundy: error: ...` holding `needle`.
void expect_error(const CliResult& result, const std::string& needle);

}  // namespace grundy::testing
