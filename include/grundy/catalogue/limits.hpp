// The one place where a catalogue Context becomes the engine's own limits, so
// every game honours --memory, --time and Ctrl-C the same way.
#pragma once

#include "grundy/catalogue/entry.hpp"
#include "grundy/core/memory_budget.hpp"

namespace grundy::catalogue {

/// The solver's limits for a context.
inline MemoryBudget search_limits(const Context& context) { return context.memory; }

}  // namespace grundy::catalogue
