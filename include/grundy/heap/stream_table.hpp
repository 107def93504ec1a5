// A heap table computed in bounded memory: the fast kernel over a streamed store
// (value_stream.hpp) that spills every value to a file, with the statistics
// gathered on the fly and the period searched by reading the file back, so a
// run that does not keep the table (--summary, --output FILE, a checkpointed
// run) needs memory independent of its length. Same values, statistics,
// period, checkpoints and resumes as extend_table on a HeapTable.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "grundy/heap/periodicity.hpp"
#include "grundy/heap/table.hpp"
#include "grundy/heap/table_stats.hpp"
#include "grundy/heap/value_stream.hpp"

namespace grundy::heap {

struct StreamOptions {
  StreamSizes sizes;
  /// Where the (nameless) spill file lives; empty: $TMPDIR, else /tmp.
  std::string spill_dir;
  /// When set, continue from this table file (16-bit values), read in order.
  std::string resume;
  /// When set, the whole table is written here (table file format) at the end.
  std::string output;
};

struct StreamedTable {
  std::uint64_t size = 0;             // g(0..size-1) computed
  std::uint64_t loaded = 0;           // values the resumed file held
  std::optional<Periodicity> period;  // what find_period proves on the values
  StatsAccumulator stats;             // every value, for TableStats
  StreamCounters counters;
  ExtendOutcome outcome = ExtendOutcome::complete;
  std::uint64_t checkpoints_saved = 0;
};

/// g(0..upto) of a game that streams (streams(rules)) with the fast kernel, in
/// the memory the sizes allow. options: as extend_table (stop, checkpoints to
/// options.checkpoint_path, deadline, progress, kernel_stats, threads for the
/// block method; the method is always the fast kernel's). Throws InputError for a game that does not stream or a resume
/// file of another game, Error when a value does not fit in 16 bits or on a file
/// error, TimeExceeded past the deadline.
StreamedTable stream_table(const HeapRules& rules, std::uint64_t upto, const ExtendOptions& options,
                           const StreamOptions& stream);

}  // namespace grundy::heap
