// What every command of the grundy tool shares: the global options (--json,
// --memory, --time, --quiet), the compute context they make (budgets, a progress
// line on a terminal, Ctrl-C), and printing to standard output.
#pragma once

#include <atomic>
#include <functional>
#include <ostream>
#include <string>

#include "grundy/catalogue/entry.hpp"

namespace grundy::cli {

/// Options given before or after the command name, shared by every command.
struct GlobalOptions {
  bool json = false;
  std::string memory = "8G";
  std::string time;  // seconds; empty: the command's default; 0: none
  bool quiet = false;
};

/// A game's answer or explanation is bounded by default, so no input runs open-ended;
/// tables (long research runs, checkpointed) have no default time budget.
inline constexpr double kDefaultAnswerSeconds = 60;

/// The seconds --time gives (`default_seconds` when not given; 0: no limit). Throws InputError.
double time_seconds(const GlobalOptions& options, double default_seconds);

/// A number of seconds given to `option` (0 for no limit, at most `most`); otherwise
/// InputError "OPTION: 'TEXT' is not a number of seconds (HINT)".
double parse_seconds(const std::string& text, const std::string& option, const std::string& hint, double most);

/// The compute context for these options: memory and time budgets (`default_seconds`
/// when --time is not given, 0 for none), the stop flag set by SIGINT/SIGTERM, and
/// a progress line on stderr when it is a terminal.
catalogue::Context make_context(const GlobalOptions& options, double default_seconds);

/// Clears the progress line, if one is drawn (before an answer or an error line).
void clear_progress_line();

/// Writes text to standard output as is.
void write_out(const std::string& text);
/// Writes to standard output what `write` puts in the stream (long tables, piece by piece).
void write_out(const std::function<void(std::ostream&)>& write);

/// While alive, SIGINT and SIGTERM only set stop_flag() (the engine then stops
/// cleanly, saving its checkpoint); the previous handlers come back afterwards unless a
/// stop signal arrived (then the run is exiting, and later signals change nothing).
class StopOnSignals {
 public:
  StopOnSignals();
  ~StopOnSignals();
  StopOnSignals(const StopOnSignals&) = delete;
  StopOnSignals& operator=(const StopOnSignals&) = delete;
  static const std::atomic<bool>& stop_flag();
};

}  // namespace grundy::cli
