// What the heap game commands (octal_command.cpp) and heap table commands
// (heap_table_command.cpp) share: the kernel options, the progress line on a
// terminal, SIGINT/SIGTERM handling for long runs, and growing a table until it
// covers the heaps asked about or proves a period.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <string>

#include "command.hpp"
#include "grundy/heap/rules.hpp"
#include "grundy/heap/table.hpp"

namespace grundy::cli {

/// The options every heap command takes about how values are computed.
struct HeapRunOptions {
  std::string method = "fast";
  unsigned threads = 2;
};

/// Adds --method and --threads.
void add_heap_run_options(CLI::App& command, HeapRunOptions& run);

/// The engine options for these settings (with a progress line on a terminal
/// unless --quiet).
heap::ExtendOptions extend_options(const HeapRunOptions& run, const GlobalOptions& global);

/// Clears the progress line, if one was drawn.
void clear_progress_line();

/// While alive, SIGINT and SIGTERM only set stop_flag() (the engine then stops
/// cleanly, saving its checkpoint); the previous handlers come back afterwards.
class StopOnSignals {
 public:
  StopOnSignals();
  ~StopOnSignals();
  StopOnSignals(const StopOnSignals&) = delete;
  StopOnSignals& operator=(const StopOnSignals&) = delete;
  /// The flag the handlers set.
  static const std::atomic<bool>& stop_flag();
};

/// Computes a table of `rules` that knows g(n) for every n <= largest_heap: up to
/// the heap itself, or less once a period is proven (grown by doubling, the period
/// checked after each step). Never computes beyond `limit`; throws InputError
/// naming --upto when the heap is beyond it and no period is proven.
std::shared_ptr<heap::HeapTable> table_for_heaps(const heap::HeapRules& rules, std::uint64_t largest_heap,
                                                 std::uint64_t limit, const heap::ExtendOptions& options);

}  // namespace grundy::cli
