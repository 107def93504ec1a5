#include "limits.hpp"

#include <chrono>
#include <sstream>
#include <string>

#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"

namespace grundy::python {

namespace {

// The command line's bound on --time: about 30 years.
constexpr double kMostSeconds = 1e9;

std::optional<std::chrono::steady_clock::time_point> deadline_of(const CallLimits& limits) {
  if (!limits.seconds) return std::nullopt;
  const double seconds = *limits.seconds;
  if (!(seconds >= 0) || seconds > kMostSeconds) {
    std::ostringstream shown;
    shown << seconds;
    throw InputError("time: " + shown.str() + " is not a number of seconds (for example 30 or 2.5; 0 for no limit)");
  }
  if (seconds == 0) return std::nullopt;
  const auto budget = std::chrono::duration<double>(*limits.seconds);
  return std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(budget);
}

MemoryBudget memory_of(const CallLimits& limits) {
  return limits.memory ? MemoryBudget::parse(*limits.memory) : MemoryBudget();
}

}  // namespace

std::uint64_t count_of(const std::optional<std::string>& text, const char* what, std::uint64_t most,
                       std::uint64_t fallback) {
  return text ? parse_count(*text, what, most) : fallback;
}

catalogue::Context context_of(const CallLimits& limits, const std::atomic<bool>* stop) {
  catalogue::Context context;
  context.memory = memory_of(limits);
  context.deadline = deadline_of(limits);
  context.stop = stop;
  return context;
}

SearchLimits search_limits_of(const CallLimits& limits, const std::atomic<bool>* stop) {
  SearchLimits search(memory_of(limits));
  search.deadline = deadline_of(limits);
  search.stop = stop;
  return search;
}

}  // namespace grundy::python
