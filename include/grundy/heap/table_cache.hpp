// An on-disk cache of heap tables, one file per game, shared by every heap game
// (octal codes, the named games, Treblecross's 0.007). Files use the table file
// format (table_file.hpp: checksum, atomic write). The cache only saves time: a
// file is used only after its checks pass (format, checksum, same game, its first
// values recomputed), and storing is best effort, so no cache failure ever fails
// a computation. docs/heap_tables.md describes it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>

#include "grundy/heap/rules.hpp"
#include "grundy/heap/table.hpp"

namespace grundy::heap {

class TableCache {
 public:
  /// Tables shorter than this are cheaper to compute than to read: never stored.
  static constexpr std::uint64_t kMinValues = 4096;
  /// How many leading values of a loaded file are recomputed and compared.
  static constexpr std::uint64_t kVerifiedPrefix = 512;

  /// A cache in `dir` (created when the first table is stored).
  explicit TableCache(std::filesystem::path dir) : dir_(std::move(dir)) {}

  /// $XDG_CACHE_HOME/grundy, else $HOME/.cache/grundy; nullopt when neither is set.
  static std::optional<std::filesystem::path> default_dir();

  [[nodiscard]] const std::filesystem::path& dir() const { return dir_; }
  /// The file holding the table of a game: DIR/heap-CODE.ght ("heap-0.007.ght").
  [[nodiscard]] std::filesystem::path file_for(const HeapRules& rules) const;

  /// The cached table of `rules` (named as `rules`), or nullopt when there is none
  /// or the file fails a check (unreadable, truncated, corrupt, another game, or
  /// its first values differ from a fresh computation).
  [[nodiscard]] std::optional<HeapTable> load(const HeapRules& rules) const;

  /// Stores the table atomically when it holds at least kMinValues values; true
  /// when written. Never throws: a failure to write only means no cache.
  bool store(const HeapTable& table) const noexcept;

 private:
  std::filesystem::path dir_;
};

}  // namespace grundy::heap
