// Growing a heap table until it answers: the one loop behind every heap command.
// A table is extended by doubling (g(0..1023), g(0..2047), ...) and its period
// searched once per step, until it knows g(cover) (cover < size, or a proven
// period serves every heap) or reaches g(limit). Doubling keeps the total work
// within twice that of the last step while letting a short proof end early.
// A game no periodicity theorem covers (Grundy's game, some generalized codes)
// goes straight to g(min(cover, limit)).
#pragma once

#include <cstdint>

#include "grundy/heap/table.hpp"
#include "grundy/heap/table_cache.hpp"

namespace grundy::heap {

/// What grow_table aims for.
struct GrowGoal {
  /// Stop once the table knows g(cover).
  std::uint64_t cover = 0;
  /// Never compute beyond g(limit) (a cached or given longer table is cut there).
  std::uint64_t limit = 0;
};

/// The first table size tried: g(0..kFirstStep).
inline constexpr std::uint64_t kFirstStep = 1023;

/// Grows `table` towards `goal` (see the top of this file), continuing from the
/// values it holds. With a cache, starts from the cached table of the game when
/// that is longer, and stores the table there when it computed new values.
/// Returns the last step's result (outcome stopped when options.stop was raised);
/// afterwards table.knows(goal.cover) tells whether the goal was met. Throws what
/// extend_table throws (BudgetExceeded, TimeExceeded past options.deadline, Error).
ExtendResult grow_table(HeapTable& table, const GrowGoal& goal, const ExtendOptions& options = {},
                        const TableCache* cache = nullptr);

}  // namespace grundy::heap
