#include "progress_text.hpp"

#include "grundy/catalogue/limits.hpp"

#include <fmt/format.h>

#include <cstdint>

namespace grundy::catalogue {

std::string format_duration(double seconds) {
  if (seconds < 0) return "?";
  const auto s = static_cast<std::uint64_t>(seconds);
  if (s < 60) return fmt::format("{}s", s);
  if (s < 3600) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}h{:02}m", s / 3600, (s / 60) % 60);
}

std::string format_rate(double rate) {
  if (rate >= 1e6) return fmt::format("{:.1f}M", rate / 1e6);
  if (rate >= 1e3) return fmt::format("{:.1f}k", rate / 1e3);
  return fmt::format("{:.0f}", rate);
}

std::string table_progress_line(const heap::ExtendProgress& p) {
  std::string line = fmt::format("g(n) n = {} / {} ({:.1f}%)  {} values/s  ETA {}", p.done, p.target - 1,
                                 100.0 * static_cast<double>(p.done) / static_cast<double>(p.target),
                                 format_rate(p.values_per_second), format_duration(p.eta_seconds));
  if (p.rare_count > 0) line += fmt::format("  rare {}", p.rare_count);
  return line;
}

std::string search_progress_line(const SearchProgress& p) {
  return fmt::format("search: {} positions, memo {} ({}), {} positions/s, {}", p.positions, p.memo_size,
                     format_bytes(p.memo_bytes), format_rate(p.positions_per_second), format_duration(p.seconds));
}

SearchLimits search_limits(const Context& context) {
  SearchLimits limits(context.memory);
  limits.deadline = context.deadline;
  limits.stop = context.stop;
  if (context.progress && context.on_progress) {
    auto draw = context.on_progress;
    limits.on_progress = [draw](const SearchProgress& p) { draw(search_progress_line(p)); };
  }
  return limits;
}

}  // namespace grundy::catalogue
