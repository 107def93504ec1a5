// The budgets a Python call may give (time=seconds, memory="2G"), turned into
// the catalogue's Context and the engine's SearchLimits in one place.
#pragma once

#include <optional>
#include <string>

#include "grundy/catalogue/entry.hpp"
#include "grundy/core/search_limits.hpp"

namespace grundy::python {

/// time: seconds (None or <= 0: no deadline); memory: bytes as the command line writes them ("512M").
struct CallLimits {
  std::optional<double> seconds;
  std::optional<std::string> memory;
};

/// The catalogue context for one call; `stop` may be null.
catalogue::Context context_of(const CallLimits& limits, const std::atomic<bool>* stop);
/// The engine's limits for one call; `stop` may be null.
SearchLimits search_limits_of(const CallLimits& limits, const std::atomic<bool>* stop);

}  // namespace grundy::python
