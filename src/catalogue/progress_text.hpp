// Progress lines for long computations, one wording for every game.
#pragma once

#include <string>

#include "grundy/core/search_limits.hpp"
#include "grundy/heap/table.hpp"

namespace grundy::catalogue {

/// "g(n) n = 123 / 1000 (12.3%)  4.5M values/s  ETA 3s  rare 60".
std::string table_progress_line(const heap::ExtendProgress& progress);

/// "search: 120000 positions, memo 80000 (2.4 MiB), 1.2M positions/s, 3s".
std::string search_progress_line(const SearchProgress& progress);

/// "12s", "3m05s", "2h07m"; "?" for a negative duration.
std::string format_duration(double seconds);

/// "4.5M", "12.0k", "17".
std::string format_rate(double rate);

}  // namespace grundy::catalogue
