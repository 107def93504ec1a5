#include "grundy/heap/table_cache.hpp"

#include <algorithm>
#include <cstdlib>
#include <system_error>
#include <vector>

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/table_file.hpp"

namespace grundy::heap {

namespace {

// A file whose checksum is right may still come from a broken writer: recompute
// its start with the reference kernel and compare.
bool prefix_matches(const HeapTable& table) {
  const std::uint64_t check = std::min(table.size(), TableCache::kVerifiedPrefix);
  if (check == 0) return false;
  std::vector<std::uint32_t> fresh{0};
  extend_plain<std::uint32_t>(table.rules(), fresh, check - 1);
  if (fresh.size() < check) return false;
  for (std::uint64_t n = 0; n < check; ++n) {
    if (fresh[n] != table.at(n)) return false;
  }
  return true;
}

}  // namespace

std::optional<std::filesystem::path> TableCache::default_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    return std::filesystem::path(xdg) / "grundy";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return std::filesystem::path(home) / ".cache" / "grundy";
  }
  return std::nullopt;
}

std::filesystem::path TableCache::file_for(const HeapRules& rules) const {
  return dir_ / ("heap-" + format_code(rules) + ".ght");
}

std::optional<HeapTable> TableCache::load(const HeapRules& rules) const {
  const std::filesystem::path file = file_for(rules);
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error)) return std::nullopt;
  try {
    HeapTable loaded = load_table(file.string());
    if (!same_game(loaded.rules(), rules) || !prefix_matches(loaded)) return std::nullopt;
    if (loaded.wide()) return HeapTable(rules, std::move(loaded.wide_values()));
    return HeapTable(rules, std::move(loaded.narrow_values()));
  } catch (const Error&) {
    return std::nullopt;  // unreadable, truncated or corrupt: recompute
  } catch (const std::bad_alloc&) {
    return std::nullopt;  // a header claiming an absurd size
  }
}

bool TableCache::store(const HeapTable& table) const noexcept {
  if (table.size() < kMinValues) return false;
  try {
    std::error_code error;
    std::filesystem::create_directories(dir_, error);
    if (error) return false;
    save_table(table, file_for(table.rules()).string());
    return true;
  } catch (...) {
    return false;  // best effort: a full disk or a read-only home only means no cache
  }
}

}  // namespace grundy::heap
