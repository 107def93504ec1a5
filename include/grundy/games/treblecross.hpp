// Treblecross (one-dimensional tic-tac-toe): a row of cells, empty '.' or marked
// 'X'; players alternately mark an empty cell and whoever first makes three
// consecutive marks wins (Winning Ways, ch. 15; UVa 10561). Reduction used here:
// a player who can complete XXX wins at once; otherwise every empty cell within
// distance 2 of an X hands the opponent a win, so play is confined to runs of
// "safe" cells, and a run of L safe cells is a heap of L + 2 in the octal game
// 0.007 (a move at offset i of the run leaves runs i - 2 and L - 3 - i, i.e. heaps
// i and L - 1 - i; heaps 0, 1, 2 are dead). Rows shorter than 3 cannot be won.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace grundy::games {

/// The longest row the command line and the analysis accept.
inline constexpr std::uint64_t kTreblecrossMaxCells = 1'000'000;

/// Checks a row ('.' and 'X' only, not empty, at most kTreblecrossMaxCells, no
/// XXX) and returns it; `what` names it in the error ("row 3"). Surrounding
/// whitespace (a trailing '\r' included) is dropped. Throws InputError.
std::string parse_treblecross_row(std::string_view text, std::string_view what);

/// The most rows one batch may hold.
inline constexpr std::uint64_t kTreblecrossMaxBatchRows = 1'000'000;

/// Parses the contest format: a line with the count of rows, then exactly that
/// many rows, each checked by parse_treblecross_row (blank lines after the last
/// row are ignored). Throws InputError naming the line.
std::vector<std::string> parse_treblecross_batch(std::string_view text);

/// A maximal run of safe cells: 0-based first cell and length.
struct TreblecrossGap {
  std::uint64_t start = 0;
  std::uint64_t length = 0;
  friend bool operator==(const TreblecrossGap&, const TreblecrossGap&) = default;
};

/// What a row is made of, before any table lookup.
struct TreblecrossShape {
  /// 0-based cells whose marking completes XXX (empty when there is none).
  std::vector<std::uint64_t> immediate_wins;
  /// The runs of safe cells, left to right (empty when immediate_wins is not).
  std::vector<TreblecrossGap> gaps;
  /// The 0.007 heap size the value table must reach: longest gap + 2 (0 if none).
  [[nodiscard]] std::uint64_t table_upto() const;
};

/// Finds the immediate wins and the safe runs of a valid row in O(length).
TreblecrossShape treblecross_shape(std::string_view row);

/// The answer for one row.
struct TreblecrossAnalysis {
  bool immediate_win = false;
  std::vector<TreblecrossGap> gaps;
  std::vector<Nimber> gap_values;            // g_0.007(length + 2) per gap
  Nimber value = 0;                          // nim-sum of gap_values; 1 when immediate_win
  std::vector<std::uint64_t> winning_moves;  // 1-based cells, increasing
  [[nodiscard]] bool winning() const { return value != 0; }
};

/// Analyses a valid row with g = the 0.007 values g(0..) reaching at least
/// treblecross_shape(row).table_upto(). O(length) after the table.
TreblecrossAnalysis analyze_treblecross(std::string_view row, std::span<const std::uint32_t> g);

/// Where the 0.007 table is cached on disk: $XDG_CACHE_HOME/grundy, else
/// $HOME/.cache/grundy; nullopt when neither is set.
std::optional<std::filesystem::path> default_treblecross_cache_dir();

/// The 0.007 values g(0..upto), computed with the fast heap kernel. When
/// `cache_dir` is given and upto is at least kTreblecrossCacheFrom, a cached
/// table there is used (and extended and rewritten when too short); a cache file
/// that fails its checks is ignored and replaced. Writing the cache is best
/// effort: a failure to write never fails the computation.
std::vector<std::uint32_t> treblecross_values(std::uint64_t upto,
                                              const std::optional<std::filesystem::path>& cache_dir);

/// Tables shorter than this are computed at once instead of cached.
inline constexpr std::uint64_t kTreblecrossCacheFrom = 4096;

/// The cache file of the 0.007 table inside a cache directory.
std::filesystem::path treblecross_cache_file(const std::filesystem::path& cache_dir);

/// Reads a cache file: its values, or an empty vector when the file is missing,
/// truncated, of another format, fails its checksum or disagrees with a fresh
/// computation of its first values.
std::vector<std::uint32_t> load_treblecross_cache(const std::filesystem::path& file);

/// Writes a cache file atomically (temporary file, then rename); false on failure.
bool save_treblecross_cache(const std::filesystem::path& file, std::span<const std::uint32_t> values);

/// The reduced game for the generic engine: a run of `Position` safe cells.
/// A move marks offset i of the run and leaves the runs i - 2 and L - 3 - i
/// (empty ones dropped). The value hook reads the 0.007 table given at
/// construction (it must reach L + 2).
class TreblecrossRun {
 public:
  using Position = std::uint64_t;
  using Move = std::uint64_t;  // 0-based offset in the run

  explicit TreblecrossRun(std::span<const std::uint32_t> g) : g_(g) {}

  template <class Sink>
  void options(Position run, Sink& sink) const {
    for (std::uint64_t i = 0; i < run; ++i) {
      const std::uint64_t left = i >= 2 ? i - 2 : 0;
      const std::uint64_t right = run >= i + 3 ? run - 3 - i : 0;
      if (left != 0 && right != 0) {
        sink.add(i, {left, right});
      } else if (left != 0) {
        sink.add(i, {left});
      } else if (right != 0) {
        sink.add(i, {right});
      } else {
        sink.add(i);
      }
    }
  }

  [[nodiscard]] Nimber value(Position run) const { return g_[run + 2]; }
  [[nodiscard]] std::size_t dense_index(Position run) const { return static_cast<std::size_t>(run); }

 private:
  std::span<const std::uint32_t> g_;
};

}  // namespace grundy::games
