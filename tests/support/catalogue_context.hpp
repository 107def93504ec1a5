// The catalogue context the catalogue tests share: default budgets but a
// 1 GiB memory bound, so a runaway search fails fast instead of filling memory.
#pragma once

#include "grundy/catalogue/catalogue.hpp"

namespace grundy::testing {

/// A context for tests: 1 GiB of memory, no time limit.
inline catalogue::Context small_context() {
  catalogue::Context context;
  context.memory = MemoryBudget(std::uint64_t{1} << 30);
  return context;
}

}  // namespace grundy::testing
