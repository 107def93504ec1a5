// The budgets a Python call may give (time=seconds, memory="2G"), turned into
// the catalogue's Context and the engine's SearchLimits in one place.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "grundy/catalogue/entry.hpp"
#include "grundy/core/search_limits.hpp"

namespace grundy::python {

/// time: seconds (None or 0: no deadline); memory: bytes as the command line writes them ("512M").
struct CallLimits {
  std::optional<double> seconds;
  std::optional<std::string> memory;
};

/// A whole-number argument as the Python layer passes it (see count_of).
using Count = std::optional<std::string>;

/// Everything: the listing when no count is given.
inline constexpr std::uint64_t kAll = ~std::uint64_t{0};

/// The most a listing argument (max_moves=, limit=) may ask for, as on the command line.
inline constexpr std::uint64_t kMaxListed = 1'000'000'000;

/// A whole-number argument given as text (the Python layer writes ints as decimal
/// text and anything else as its repr), checked as the command line checks its
/// counts: `fallback` when absent; InputError naming `what` when negative,
/// fractional, malformed or above `most`.
std::uint64_t count_of(const std::optional<std::string>& text, const char* what, std::uint64_t most,
                       std::uint64_t fallback);

/// The catalogue context for one call; `stop` may be null.
catalogue::Context context_of(const CallLimits& limits, const std::atomic<bool>* stop);
/// The engine's limits for one call; `stop` may be null.
SearchLimits search_limits_of(const CallLimits& limits, const std::atomic<bool>* stop);

}  // namespace grundy::python
