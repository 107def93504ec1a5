#include "session.hpp"

#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <string>

#include <fmt/format.h>

#include "grundy/core/errors.hpp"

namespace grundy::cli {

namespace {

std::atomic<bool> g_stop{false};
extern "C" void on_stop_signal(int) { g_stop.store(true); }
struct sigaction g_old_int;
struct sigaction g_old_term;

std::atomic<bool> g_progress_drawn{false};

// Draws one progress line in place on stderr; an empty line clears it.
void draw_progress(const std::string& line) {
  if (line.empty()) {
    clear_progress_line();
    return;
  }
  std::fputs(("\r  " + line + "\033[K").c_str(), stderr);
  std::fflush(stderr);
  g_progress_drawn.store(true);
}

}  // namespace

double parse_seconds(const std::string& text, const std::string& option, const std::string& hint, double most) {
  std::size_t used = 0;
  double seconds = 0;
  try {
    seconds = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty() || !(seconds >= 0) || seconds > most) {
    throw InputError(fmt::format("{}: '{}' is not a number of seconds ({})", option, text, hint));
  }
  return seconds;
}

double time_seconds(const GlobalOptions& options, double default_seconds) {
  return options.time.empty() ? default_seconds
                              : parse_seconds(options.time, "--time", "for example 30 or 2.5; 0 for no limit", 1e9);
}

catalogue::Context make_context(const GlobalOptions& options, double default_seconds) {
  catalogue::Context context;
  context.memory = MemoryBudget::parse(options.memory);
  const double seconds = time_seconds(options, default_seconds);
  if (seconds > 0) {
    const auto budget = std::chrono::duration<double>(seconds);
    context.deadline =
        std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(budget);
  }
  context.stop = &StopOnSignals::stop_flag();
  context.progress = !options.quiet && isatty(STDERR_FILENO) != 0;
  if (context.progress) context.on_progress = draw_progress;
  return context;
}

void clear_progress_line() {
  if (g_progress_drawn.exchange(false)) {
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
  }
}

void write_out(const std::string& text) {
  write_out([&text](std::ostream& out) { out.write(text.data(), static_cast<std::streamsize>(text.size())); });
}

void write_out(const std::function<void(std::ostream&)>& write) {
  clear_progress_line();
  write(std::cout);
  std::cout.flush();
}

StopOnSignals::StopOnSignals() {
  g_stop.store(false);
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &g_old_int);
  sigaction(SIGTERM, &action, &g_old_term);
}

StopOnSignals::~StopOnSignals() {
  // Once interrupted, the run is reporting that and exiting with status 2: a second signal
  // (a scheduler or `timeout` signals the whole process group too) must not turn that into a kill.
  if (g_stop.load()) return;
  sigaction(SIGINT, &g_old_int, nullptr);
  sigaction(SIGTERM, &g_old_term, nullptr);
}

const std::atomic<bool>& StopOnSignals::stop_flag() { return g_stop; }

}  // namespace grundy::cli
