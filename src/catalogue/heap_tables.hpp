// What the heap games of the catalogue (octal codes, named games, Treblecross's
// 0.007 table) share: the kernel settings, growing a table to cover the heaps
// asked about, and `grundy table` with checkpoints, resume and statistics.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "function_entry.hpp"
#include "grundy/catalogue/entry.hpp"
#include "grundy/heap/rules.hpp"
#include "grundy/heap/table.hpp"
#include "grundy/heap/table_cache.hpp"
#include <memory>

namespace grundy::catalogue {

/// The largest --upto of a heap table.
inline constexpr std::uint64_t kMaxHeapTableUpto = std::uint64_t{1} << 40;

/// How heap values are computed: --method and --threads.
struct HeapRun {
  heap::KernelMethod method = heap::KernelMethod::fast;
  unsigned threads = 1;  // heap_run: every core unless --threads says otherwise
};

/// The settings from the rule options (--method, --threads); throws InputError.
HeapRun heap_run(const RuleValues& values);

/// The on-disk table cache for heap games (heap/table_cache.hpp), or null when
/// --no-cache is given or no cache directory is known.
std::shared_ptr<const heap::TableCache> heap_cache(const RuleValues& values);

/// --no-cache, the flag every game with a cached heap table takes.
RuleOption no_cache_option();

/// The options of `grundy table` for heap games besides --upto and the common ones.
std::vector<RuleOption> heap_table_options();

/// The engine's options for a run within the context (progress, stop, budget).
heap::ExtendOptions extend_options(const HeapRun& run, const Context& context);

/// Grows `table` (heap::grow_table, through the cache when given) until it knows
/// g(n) for every n <= largest_heap. Never beyond `limit`: a heap past it with no
/// period is an InputError naming --upto.
void cover_heaps(heap::HeapTable& table, std::uint64_t largest_heap, std::uint64_t limit, const HeapRun& run,
                 const Context& context, const heap::TableCache* cache);

/// `grundy table` for a heap game.
TableResult heap_table(const heap::HeapRules& rules, std::uint64_t upto, const TableRequest& request,
                       const HeapRun& run, const Context& context);

}  // namespace grundy::catalogue
