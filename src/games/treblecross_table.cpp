// The 0.007 table behind Treblecross, and its on-disk cache. The cache is only a
// time saver: every file is checked (size, magic, checksum, and its first values
// recomputed) before it is used, and any failure means "recompute".
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <system_error>

#include "grundy/core/errors.hpp"
#include "grundy/games/treblecross.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/rules.hpp"

namespace grundy::games {

namespace {

constexpr char kMagic[16] = {'g', 'r', 'u', 'n', 'd', 'y', ' ', '0', '.', '0', '0', '7', ' ', 'v', '1', '\n'};
// How many leading values of a loaded file are recomputed as a spot check.
constexpr std::uint64_t kVerifiedPrefix = 512;

heap::HeapRules rules_0007() { return heap::HeapRules{.name = "0.007", .digits = {0, 0, 0, 7}}; }

std::uint64_t fnv1a(const void* data, std::size_t size, std::uint64_t hash = 0xcbf29ce484222325ULL) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) {
    hash ^= bytes[i];
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::uint64_t checksum(std::uint64_t count, std::span<const std::uint32_t> values) {
  return fnv1a(values.data(), values.size_bytes(), fnv1a(&count, sizeof count));
}

// Extends g(0..) to g(upto): 16-bit values first (the kernels' fast case), then
// 32-bit if a value outgrows them.
std::vector<std::uint32_t> extend_0007(std::vector<std::uint32_t> g, std::uint64_t upto) {
  const heap::HeapRules rules = rules_0007();
  if (g.empty()) g.push_back(0);
  if (g.size() > upto) {
    g.resize(upto + 1);
    return g;
  }
  const bool fits16 = std::all_of(g.begin(), g.end(), [](std::uint32_t v) { return v <= 0xffff; });
  if (fits16) {
    std::vector<std::uint16_t> narrow(g.begin(), g.end());
    heap::extend_fast<std::uint16_t>(rules, narrow, upto);
    g.assign(narrow.begin(), narrow.end());
  }
  if (g.size() <= upto) heap::extend_fast<std::uint32_t>(rules, g, upto);
  if (g.size() <= upto) throw Error("treblecross: the 0.007 table stopped at " + std::to_string(g.size()));
  return g;
}

}  // namespace

std::optional<std::filesystem::path> default_treblecross_cache_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    return std::filesystem::path(xdg) / "grundy";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return std::filesystem::path(home) / ".cache" / "grundy";
  }
  return std::nullopt;
}

std::filesystem::path treblecross_cache_file(const std::filesystem::path& cache_dir) {
  return cache_dir / "octal-0.007.u32";
}

std::vector<std::uint32_t> load_treblecross_cache(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return {};
  char magic[sizeof kMagic];
  std::uint64_t count = 0;
  if (!in.read(magic, sizeof magic) || std::memcmp(magic, kMagic, sizeof kMagic) != 0) return {};
  if (!in.read(reinterpret_cast<char*>(&count), sizeof count)) return {};
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(file, ec);
  if (ec || count == 0 || count > (std::numeric_limits<std::uint64_t>::max() - 32) / 4 ||
      size != sizeof kMagic + 8 + 4 * count + 8) {
    return {};
  }
  std::vector<std::uint32_t> values(count);
  std::uint64_t stored = 0;
  if (!in.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(4 * count)) ||
      !in.read(reinterpret_cast<char*>(&stored), sizeof stored)) {
    return {};
  }
  if (stored != checksum(count, values)) return {};
  // A file with a right checksum may still come from a broken writer: recompute
  // its start and compare.
  const std::uint64_t check = std::min<std::uint64_t>(count, kVerifiedPrefix);
  std::vector<std::uint32_t> fresh{0};
  heap::extend_plain<std::uint32_t>(rules_0007(), fresh, check - 1);
  if (!std::equal(fresh.begin(), fresh.begin() + static_cast<std::ptrdiff_t>(check), values.begin())) return {};
  return values;
}

bool save_treblecross_cache(const std::filesystem::path& file, std::span<const std::uint32_t> values) {
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  if (ec) return false;
  std::filesystem::path temporary = file;
  temporary += ".tmp." + std::to_string(static_cast<long long>(::getpid()));
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    const std::uint64_t count = values.size();
    const std::uint64_t sum = checksum(count, values);
    out.write(kMagic, sizeof kMagic);
    out.write(reinterpret_cast<const char*>(&count), sizeof count);
    out.write(reinterpret_cast<const char*>(values.data()), static_cast<std::streamsize>(values.size_bytes()));
    out.write(reinterpret_cast<const char*>(&sum), sizeof sum);
    out.flush();
    if (!out) {
      out.close();
      std::filesystem::remove(temporary, ec);
      return false;
    }
  }
  std::filesystem::rename(temporary, file, ec);
  if (ec) {
    std::filesystem::remove(temporary, ec);
    return false;
  }
  return true;
}

std::vector<std::uint32_t> treblecross_values(std::uint64_t upto,
                                              const std::optional<std::filesystem::path>& cache_dir) {
  if (!cache_dir || upto < kTreblecrossCacheFrom) return extend_0007({}, upto);
  const std::filesystem::path file = treblecross_cache_file(*cache_dir);
  std::vector<std::uint32_t> cached = load_treblecross_cache(file);
  if (cached.size() > upto) {
    cached.resize(upto + 1);
    return cached;
  }
  std::vector<std::uint32_t> g = extend_0007(std::move(cached), upto);
  save_treblecross_cache(file, g);
  return g;
}

}  // namespace grundy::games
