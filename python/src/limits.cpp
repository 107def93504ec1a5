#include "limits.hpp"

#include <chrono>

namespace grundy::python {

namespace {

std::optional<std::chrono::steady_clock::time_point> deadline_of(const CallLimits& limits) {
  if (!limits.seconds || *limits.seconds <= 0) return std::nullopt;
  const auto budget = std::chrono::duration<double>(*limits.seconds);
  return std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(budget);
}

MemoryBudget memory_of(const CallLimits& limits) {
  return limits.memory ? MemoryBudget::parse(*limits.memory) : MemoryBudget();
}

}  // namespace

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
