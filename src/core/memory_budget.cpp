#include "grundy/core/memory_budget.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

#include "grundy/core/errors.hpp"

namespace grundy {

void MemoryBudget::require(std::uint64_t needed, std::string_view what) const {
  if (needed <= bytes_) return;
  throw BudgetExceeded("memory budget exceeded: " + std::string(what) + " needs " + format_bytes(needed) +
                       ", budget is " + format_bytes(bytes_) + " (raise it with --memory)");
}

MemoryBudget MemoryBudget::parse(std::string_view text) {
  const std::string shown(text);
  if (text.empty()) throw InputError("memory budget: empty value");
  double scale = 1;
  switch (text.back()) {
    case 'K': case 'k': scale = 1024.0; break;
    case 'M': case 'm': scale = 1024.0 * 1024; break;
    case 'G': case 'g': scale = 1024.0 * 1024 * 1024; break;
    case 'T': case 't': scale = 1024.0 * 1024 * 1024 * 1024; break;
    default: break;
  }
  if (scale != 1) text.remove_suffix(1);
  double number = 0;
  const auto* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, number);
  if (ec != std::errc() || ptr != end || !std::isfinite(number) || number <= 0) {
    throw InputError("memory budget '" + shown + "' is not a positive size such as 512M or 4G");
  }
  const double bytes = number * scale;
  if (bytes < 1) throw InputError("memory budget '" + shown + "' is less than one byte");
  if (bytes >= static_cast<double>(std::numeric_limits<std::uint64_t>::max())) {
    throw InputError("memory budget '" + shown + "' is too large");
  }
  return MemoryBudget(static_cast<std::uint64_t>(bytes));
}

std::string format_bytes(std::uint64_t bytes) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double amount = static_cast<double>(bytes);
  int unit = 0;
  while (amount >= 1024 && unit < 4) {
    amount /= 1024;
    ++unit;
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, unit == 0 ? "%.0f %s" : "%.1f %s", amount, kUnits[unit]);
  return buffer;
}

}  // namespace grundy
