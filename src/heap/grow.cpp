#include "grundy/heap/grow.hpp"

#include <algorithm>

#include "grundy/heap/periodicity.hpp"

namespace grundy::heap {

namespace {

void start_from_cache(HeapTable& table, const GrowGoal& goal, const TableCache& cache) {
  if (table.size() > goal.cover) return;  // nothing to gain
  std::optional<HeapTable> cached = cache.load(table.rules());
  if (cached && cached->size() > table.size()) table = std::move(*cached);
}

// A generalized code may split a heap into four heaps or more (O(n^3) options
// and worse): its doubling starts small.
std::uint64_t first_step(const HeapRules& rules) { return rules.general() != nullptr ? 63 : kFirstStep; }

}  // namespace

ExtendResult grow_table(HeapTable& table, const GrowGoal& goal, const ExtendOptions& options, const TableCache* cache) {
  if (cache != nullptr) start_from_cache(table, goal, *cache);
  if (goal.limit < table.size()) table.truncate(goal.limit + 1);
  const std::uint64_t start_size = table.size();
  const std::uint64_t cover = std::min(goal.cover, goal.limit);
  std::uint64_t next = !period_theorem_applies(table.rules())
                           ? cover
                           : std::min(goal.limit, std::max(first_step(table.rules()), start_size == 0 ? 0 : start_size - 1));
  ExtendResult result;
  while (true) {
    result = extend_table(table, next, options);  // searches the period of this step, once
    if (result.outcome == ExtendOutcome::stopped) break;
    if (table.knows(goal.cover) || next >= goal.limit) break;
    next = std::min(goal.limit, 2 * next + 1);
  }
  if (cache != nullptr && table.size() > start_size) cache->store(table);
  return result;
}

}  // namespace grundy::heap
