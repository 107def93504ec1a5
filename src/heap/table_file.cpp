#include "grundy/heap/table_file.hpp"

#include <unistd.h>

#include <bit>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "message.hpp"

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"

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

std::vector<char> header_bytes(const HeapTable& table) {
  std::vector<char> out(kMagic, kMagic + 8);
  put<std::uint32_t>(out, kVersion);
  put<std::uint32_t>(out, table.wide() ? 4 : 2);
  put<std::uint64_t>(out, table.size());
  put<std::uint64_t>(out, 0);  // checksum, filled in later
  put<std::uint32_t>(out, table.rules().unequal_split() ? 1 : 0);
  put<std::uint32_t>(out, static_cast<std::uint32_t>(table.rules().digits().size()));
  for (std::uint8_t d : table.rules().digits()) out.push_back(static_cast<char>(d));
  put<std::uint32_t>(out, static_cast<std::uint32_t>(table.rules().name().size()));
  out.insert(out.end(), table.rules().name().begin(), table.rules().name().end());
  return out;
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
    if (bytes_.size() - pos_ < sizeof(T)) fail(detail::message("truncated (no room for ", what, ")"));
    T value;
    std::memcpy(&value, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return value;
  }
  std::string get_bytes(std::size_t n, const char* what) {
    if (bytes_.size() - pos_ < n) fail(detail::message("truncated (no room for ", what, ")"));
    std::string out(bytes_.data() + pos_, n);
    pos_ += n;
    return out;
  }
  [[nodiscard]] std::size_t pos() const { return pos_; }
  [[nodiscard]] const std::vector<char>& bytes() const { return bytes_; }
  [[noreturn]] void fail(const std::string& why) const {
    throw InputError(detail::message("table file '", path_, "': ", why));
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

void save_table(const HeapTable& table, const std::string& path) {
  std::vector<char> header = header_bytes(table);
  const auto [values, values_size] = value_bytes(table);
  std::uint64_t hash = fnv1a64(header.data(), kChecksumOffset);
  hash = fnv1a64(header.data() + kChecksumOffset + 8, header.size() - kChecksumOffset - 8, hash);
  hash = fnv1a64(values, values_size, hash);
  std::memcpy(header.data() + kChecksumOffset, &hash, 8);

  // A name of this process's own: two processes saving one file never share a temporary.
  const std::string temp = path + ".tmp." + std::to_string(::getpid());
  std::FILE* file = std::fopen(temp.c_str(), "wb");
  if (file == nullptr) throw Error(detail::message("cannot write '", temp, "': ", std::strerror(errno)));
  bool ok = std::fwrite(header.data(), 1, header.size(), file) == header.size();
  ok = ok && (values_size == 0 || std::fwrite(values, 1, values_size, file) == values_size);
  ok = std::fflush(file) == 0 && ok;
  ok = std::fclose(file) == 0 && ok;
  if (!ok) {
    std::remove(temp.c_str());
    throw Error(detail::message("cannot write '", temp, "' (disk full?)"));
  }
  std::error_code error;
  std::filesystem::rename(temp, path, error);
  if (error) throw Error(detail::message("cannot rename '", temp, "' to '", path, "': ", error.message()));
}

HeapTable load_table(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(detail::message("table file '", path, "': cannot open it"));
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return load_table_from_bytes(std::move(bytes), path);
}

HeapTable load_table_from_bytes(std::vector<char> bytes, std::string_view source) {
  Reader reader(source, std::move(bytes));
  if (reader.get_bytes(8, "the magic") != std::string(kMagic, 8)) reader.fail("not a grundy heap table (bad magic)");
  const auto version = reader.get<std::uint32_t>("the version");
  if (version != kVersion)
    reader.fail(detail::message("format version ", version, " is not supported (expected ", kVersion, ")"));
  const auto width = reader.get<std::uint32_t>("the value width");
  if (width != 2 && width != 4) reader.fail(detail::message("value width ", width, " bytes is invalid (2 or 4)"));
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
    reader.fail(detail::message("size mismatch: the header says ", count, " values of ", width,
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
    reader.fail(detail::message("bad rules (", e.what(), ")"));
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
    out << "# periodic from n0 = " << table.period()->preperiod << " with period " << table.period()->period
        << " (proven)\n";
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
