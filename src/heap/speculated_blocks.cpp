#include "speculated_blocks.hpp"

#include <ctime>
#include <mutex>

namespace grundy::heap::detail {

namespace {
std::mutex totals_mutex;
SpeculatedTimes totals;
}  // namespace

std::chrono::nanoseconds thread_cpu_time() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return std::chrono::seconds(now.tv_sec) + std::chrono::nanoseconds(now.tv_nsec);
}

void add_speculated_totals(const SpeculatedTimes& times) {
  const std::lock_guard lock(totals_mutex);
  totals += times;
}

SpeculatedTimes speculated_totals() {
  const std::lock_guard lock(totals_mutex);
  return totals;
}

}  // namespace grundy::heap::detail
