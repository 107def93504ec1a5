// The one place where a catalogue Context becomes the engine's own limits, so
// every game honours --memory, --time, Ctrl-C and the progress line the same way.
#pragma once

#include "grundy/catalogue/entry.hpp"
#include "grundy/core/search_limits.hpp"

namespace grundy::catalogue {

/// The generic solver's limits for a context (a progress line when it asks for one).
SearchLimits search_limits(const Context& context);

}  // namespace grundy::catalogue
