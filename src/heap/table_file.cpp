#include "grundy/heap/table_file.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "common/text.hpp"

#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/process_group.hpp"

namespace grundy::heap {

namespace {

static_assert(std::endian::native == std::endian::little, "the table format is written little-endian");

constexpr char kMagic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'H', 'T'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kChecksumOffset = 24;
constexpr std::uint32_t kMaxDigits = 4096;
constexpr std::uint32_t kMaxName = 4096;

template <class T>
void put(std::vector<char>& out, T value) {
  const auto* bytes = reinterpret_cast<const char*>(&value);
  out.insert(out.end(), bytes, bytes + sizeof(T));
}

std::vector<char> header_bytes(const HeapRules& rules, unsigned width, std::uint64_t count) {
  std::vector<char> out(kMagic, kMagic + 8);
  put<std::uint32_t>(out, kVersion);
  put<std::uint32_t>(out, width);
  put<std::uint64_t>(out, count);
  put<std::uint64_t>(out, 0);  // checksum, filled in later
  put<std::uint32_t>(out, rules.unequal_split() ? 1 : 0);
  put<std::uint32_t>(out, static_cast<std::uint32_t>(rules.digits().size()));
  for (std::uint8_t d : rules.digits()) out.push_back(static_cast<char>(d));
  put<std::uint32_t>(out, static_cast<std::uint32_t>(rules.name().size()));
  out.insert(out.end(), rules.name().begin(), rules.name().end());
  return out;
}

std::vector<char> header_bytes(const HeapTable& table) {
  return header_bytes(table.rules(), table.wide() ? 4 : 2, table.size());
}

std::pair<const char*, std::size_t> value_bytes(const HeapTable& table) {
  if (table.wide()) {
    return {reinterpret_cast<const char*>(table.wide_values().data()), table.wide_values().size() * 4};
  }
  return {reinterpret_cast<const char*>(table.narrow_values().data()), table.narrow_values().size() * 2};
}

// Reads a file's fields in order, failing with one clear line.
class Reader {
 public:
  Reader(std::string_view path, std::vector<char> bytes) : path_(path), bytes_(std::move(bytes)) {}
  template <class T>
  T get(const char* what) {
    if (bytes_.size() - pos_ < sizeof(T)) fail(grundy::detail::message("truncated (no room for ", what, ")"));
    T value;
    std::memcpy(&value, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return value;
  }
  std::string get_bytes(std::size_t n, const char* what) {
    if (bytes_.size() - pos_ < n) fail(grundy::detail::message("truncated (no room for ", what, ")"));
    std::string out(bytes_.data() + pos_, n);
    pos_ += n;
    return out;
  }
  [[nodiscard]] std::size_t pos() const { return pos_; }
  [[nodiscard]] const std::vector<char>& bytes() const { return bytes_; }
  [[noreturn]] void fail(const std::string& why) const {
    throw InputError(grundy::detail::message("table file '", path_, "': ", why));
  }

 private:
  std::string path_;
  std::vector<char> bytes_;
  std::size_t pos_ = 0;
};

}  // namespace

std::uint64_t fnv1a64(const void* data, std::size_t size, std::uint64_t hash) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) {
    hash ^= p[i];
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

namespace {

// A name of this process's and this call's own: two processes, or two threads of
// one server, saving one file never share a temporary.
[[gnu::noinline]] std::string temporary_name(const std::string& path) {
  static std::atomic<std::uint64_t> saves{0};
  return path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(saves.fetch_add(1));
}

}  // namespace

namespace {

// Writes the header and then values(file, hash) (which writes the values and
// continues the hash) to a temporary file, fills in the checksum and renames it
// over path.
template <class Values>
void save_atomically(std::vector<char> header, const std::string& path, const Values& values) {
  if (!writes_files()) return;  // another process of the group holds the same table and writes it
  std::uint64_t hash = fnv1a64(header.data(), kChecksumOffset);
  hash = fnv1a64(header.data() + kChecksumOffset + 8, header.size() - kChecksumOffset - 8, hash);
  const std::string temp = temporary_name(path);
  std::FILE* file = std::fopen(temp.c_str(), "wb");
  if (file == nullptr) throw Error(grundy::detail::message("cannot write '", temp, "': ", std::strerror(errno)));
  bool ok = std::fwrite(header.data(), 1, header.size(), file) == header.size();
  ok = ok && values(file, hash);
  ok = ok && std::fseek(file, static_cast<long>(kChecksumOffset), SEEK_SET) == 0 &&
       std::fwrite(&hash, 1, 8, file) == 8;
  ok = std::fflush(file) == 0 && ok;
  ok = std::fclose(file) == 0 && ok;
  if (!ok) {
    std::remove(temp.c_str());
    throw Error(grundy::detail::message("cannot write '", temp, "' (disk full?)"));
  }
  std::error_code error;
  std::filesystem::rename(temp, path, error);
  if (error) throw Error(grundy::detail::message("cannot rename '", temp, "' to '", path, "': ", error.message()));
}

constexpr std::uint64_t kChunkValues = std::uint64_t{1} << 18;

}  // namespace

void save_table(const HeapTable& table, const std::string& path) {
  // Named copies, not a structured binding: clang 14 cannot capture those in a lambda.
  const std::pair<const char*, std::size_t> bytes = value_bytes(table);
  const char* values = bytes.first;
  const std::size_t values_size = bytes.second;
  save_atomically(header_bytes(table), path, [values, values_size](std::FILE* file, std::uint64_t& hash) {
    hash = fnv1a64(values, values_size, hash);
    return values_size == 0 || std::fwrite(values, 1, values_size, file) == values_size;
  });
}

void save_table_stream(const HeapRules& rules, std::uint64_t count,
                       const std::function<void(std::uint64_t, std::uint64_t, std::uint16_t*)>& read,
                       const std::string& path) {
  save_atomically(header_bytes(rules, 2, count), path, [&](std::FILE* file, std::uint64_t& hash) {
    std::vector<std::uint16_t> chunk;
    for (std::uint64_t begin = 0; begin < count; begin += kChunkValues) {
      chunk.resize(std::min(kChunkValues, count - begin));
      read(begin, chunk.size(), chunk.data());
      const std::size_t bytes = chunk.size() * 2;
      hash = fnv1a64(chunk.data(), bytes, hash);
      if (std::fwrite(chunk.data(), 1, bytes, file) != bytes) return false;
    }
    return true;
  });
}

unsigned table_file_width(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char header[16] = {};
  if (!in.read(header, sizeof header) || std::memcmp(header, kMagic, 8) != 0) return 0;
  std::uint32_t width = 0;
  std::memcpy(&width, header + 12, 4);
  return width == 2 || width == 4 ? width : 0;
}

HeapRules read_table_stream(const std::string& path, std::uint64_t limit,
                            const std::function<void(const std::uint16_t*, std::uint64_t)>& take,
                            std::uint64_t& count) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(grundy::detail::message("table file '", path, "': cannot open it"));
  const auto fail = [&path](const auto&... why) {
    throw InputError(grundy::detail::message("table file '", path, "': ", why...));
  };
  std::vector<char> header(36);
  if (!in.read(header.data(), 36)) fail("truncated (no room for the header)");
  if (std::memcmp(header.data(), kMagic, 8) != 0) fail("not a grundy heap table (bad magic)");
  std::uint32_t version = 0;
  std::uint32_t width = 0;
  std::uint64_t stored_hash = 0;
  std::uint32_t flags = 0;
  std::uint32_t digit_count = 0;
  std::memcpy(&version, header.data() + 8, 4);
  std::memcpy(&width, header.data() + 12, 4);
  std::memcpy(&count, header.data() + 16, 8);
  std::memcpy(&stored_hash, header.data() + 24, 8);
  std::memcpy(&flags, header.data() + 32, 4);
  if (version != kVersion) fail("format version ", version, " is not supported (expected ", kVersion, ")");
  if (width != 2) fail("it holds 32-bit values; continue it without --summary");
  if (flags > 1) fail("unknown flags");
  // The rest of the header: the digit count, the digits, the name's length and the name.
  if (!in.read(reinterpret_cast<char*>(&digit_count), 4)) fail("truncated (no room for the code length)");
  if (digit_count == 0 || digit_count > kMaxDigits) fail("bad code length");
  std::string digits(digit_count, '\0');
  std::uint32_t name_length = 0;
  if (!in.read(digits.data(), digit_count) || !in.read(reinterpret_cast<char*>(&name_length), 4)) {
    fail("truncated (no room for the code)");
  }
  if (name_length > kMaxName) fail("bad name length");
  std::string name(name_length, '\0');
  if (!in.read(name.data(), name_length)) fail("truncated (no room for the name)");
  std::uint64_t hash = fnv1a64(header.data(), kChecksumOffset);
  hash = fnv1a64(header.data() + kChecksumOffset + 8, 36 - kChecksumOffset - 8, hash);
  hash = fnv1a64(&digit_count, 4, hash);
  hash = fnv1a64(digits.data(), digits.size(), hash);
  hash = fnv1a64(&name_length, 4, hash);
  hash = fnv1a64(name.data(), name.size(), hash);
  std::vector<std::uint8_t> code(digits.begin(), digits.end());
  std::optional<HeapRules> rules;
  try {
    rules = HeapRules::make(name, std::move(code), (flags & 1) != 0);
  } catch (const InputError& e) {
    fail("bad rules (", e.what(), ")");
  }
  std::vector<std::uint16_t> chunk;
  for (std::uint64_t begin = 0; begin < count; begin += kChunkValues) {
    chunk.resize(std::min(kChunkValues, count - begin));
    const auto bytes = static_cast<std::streamsize>(chunk.size() * 2);
    if (!in.read(reinterpret_cast<char*>(chunk.data()), bytes)) {
      fail("size mismatch: the header says ", count, " values, the file ends before");
    }
    hash = fnv1a64(chunk.data(), chunk.size() * 2, hash);
    if (begin < limit) take(chunk.data(), std::min<std::uint64_t>(chunk.size(), limit - begin));
  }
  if (in.peek() != std::char_traits<char>::eof()) fail("size mismatch: bytes after the last value");
  if (hash != stored_hash) fail("checksum mismatch: the file is corrupt");
  return std::move(*rules);
}

HeapTable load_table(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(grundy::detail::message("table file '", path, "': cannot open it"));
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return load_table_from_bytes(std::move(bytes), path);
}

namespace {

constexpr std::string_view kTextHeader = "# grundy heap table: ";

// The text export (write_text): its first line names the game and its code, then
// '#' comments, then "n g(n)" lines with n = 0, 1, 2, ...
HeapTable read_text_table(std::string_view text, std::string_view source) {
  const auto fail = [source](const auto&... why) {
    throw InputError(grundy::detail::message("table file '", source, "': ", why...));
  };
  const std::size_t line_end = text.find('\n');
  const std::string_view first = text.substr(0, line_end);
  const std::size_t code_at = first.rfind("(code ");
  if (code_at == std::string_view::npos || first.back() != ')') fail("line 1 does not name the game's code");
  const std::string_view code = first.substr(code_at + 6, first.size() - code_at - 7);
  HeapRules rules = [&] {
    try {
      return parse_heap_rules(code);
    } catch (const InputError& e) {
      fail("line 1: ", e.what());
    }
    throw InputError("unreachable");
  }();
  std::vector<std::uint32_t> values;
  std::uint64_t line = 1;
  for (std::size_t at = line_end; at != std::string_view::npos && at + 1 < text.size();) {
    const std::size_t end = text.find('\n', at + 1);
    const std::string_view row = text.substr(at + 1, end == std::string_view::npos ? text.npos : end - at - 1);
    at = end;
    ++line;
    if (row.empty() || row.front() == '#') continue;
    const std::size_t space = row.find(' ');
    if (space == std::string_view::npos) fail("line ", line, ": expected 'n g(n)'");
    const std::uint64_t n = parse_count(row.substr(0, space), grundy::detail::message("table file line ", line), ~0ULL);
    const std::uint64_t g = parse_count(row.substr(space + 1), grundy::detail::message("table file line ", line),
                                        0xFFFFFFFFULL);
    if (n != values.size()) fail("line ", line, ": expected n = ", values.size(), ", found ", n);
    values.push_back(static_cast<std::uint32_t>(g));
  }
  const bool narrow = std::all_of(values.begin(), values.end(), [](std::uint32_t v) { return v <= 0xFFFF; });
  if (!narrow) return HeapTable(std::move(rules), std::move(values));
  return HeapTable(std::move(rules), std::vector<std::uint16_t>(values.begin(), values.end()));
}

}  // namespace

HeapTable load_table_from_bytes(std::vector<char> bytes, std::string_view source) {
  if (std::string_view(bytes.data(), bytes.size()).starts_with(kTextHeader)) {
    return read_text_table(std::string_view(bytes.data(), bytes.size()), source);
  }
  Reader reader(source, std::move(bytes));
  if (reader.get_bytes(8, "the magic") != std::string(kMagic, 8)) reader.fail("not a grundy heap table (bad magic)");
  const auto version = reader.get<std::uint32_t>("the version");
  if (version != kVersion)
    reader.fail(grundy::detail::message("format version ", version, " is not supported (expected ", kVersion, ")"));
  const auto width = reader.get<std::uint32_t>("the value width");
  if (width != 2 && width != 4) reader.fail(grundy::detail::message("value width ", width, " bytes is invalid (2 or 4)"));
  const auto count = reader.get<std::uint64_t>("the count");
  const auto stored_hash = reader.get<std::uint64_t>("the checksum");
  const auto flags = reader.get<std::uint32_t>("the flags");
  if (flags > 1) reader.fail("unknown flags");
  const auto digit_count = reader.get<std::uint32_t>("the code length");
  if (digit_count == 0 || digit_count > kMaxDigits) reader.fail("bad code length");
  const std::string digits = reader.get_bytes(digit_count, "the code");
  const auto name_length = reader.get<std::uint32_t>("the name length");
  if (name_length > kMaxName) reader.fail("bad name length");
  const std::string name = reader.get_bytes(name_length, "the name");
  const std::size_t values_at = reader.pos();
  const std::size_t remaining = reader.bytes().size() - values_at;
  if (count > remaining / width || count * width != remaining) {
    reader.fail(grundy::detail::message("size mismatch: the header says ", count, " values of ", width,
                                " bytes, the file holds ", remaining, " bytes of values"));
  }
  const std::vector<char>& all = reader.bytes();
  std::uint64_t hash = fnv1a64(all.data(), kChecksumOffset);
  hash = fnv1a64(all.data() + kChecksumOffset + 8, all.size() - kChecksumOffset - 8, hash);
  if (hash != stored_hash) reader.fail("checksum mismatch: the file is corrupt");

  std::vector<std::uint8_t> code;
  for (char d : digits) code.push_back(static_cast<std::uint8_t>(d));
  std::optional<HeapRules> checked;
  try {
    checked = HeapRules::make(name, std::move(code), (flags & 1) != 0);
  } catch (const InputError& e) {
    reader.fail(grundy::detail::message("bad rules (", e.what(), ")"));
  }
  HeapRules rules = std::move(*checked);
  if (width == 2) {
    std::vector<std::uint16_t> values(count);
    if (count > 0) std::memcpy(values.data(), all.data() + values_at, count * 2);
    return HeapTable(std::move(rules), std::move(values));
  }
  std::vector<std::uint32_t> values(count);
  if (count > 0) std::memcpy(values.data(), all.data() + values_at, count * 4);
  return HeapTable(std::move(rules), std::move(values));
}

void write_text(const HeapTable& table, std::ostream& out) {
  out << "# grundy heap table: " << table.rules().name() << " (code " << format_code(table.rules()) << ")\n";
  out << "# g(n) for n = 0.." << (table.size() == 0 ? 0 : table.size() - 1) << ", one 'n g(n)' line each\n";
  if (table.period()) {
    out << "# " << period_text(*table.period()) << "\n";
  }
  std::string buffer;
  for (std::uint64_t n = 0; n < table.size(); ++n) {
    buffer += std::to_string(n);
    buffer += ' ';
    buffer += std::to_string(table.at(n));
    buffer += '\n';
    if (buffer.size() > (1U << 16)) {
      out << buffer;
      buffer.clear();
    }
  }
  out << buffer;
  if (!out) throw Error("cannot write the text table");
}

}  // namespace grundy::heap
