#include "grundy/catalogue/census_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "grundy/core/errors.hpp"

namespace grundy::catalogue {

namespace {

constexpr int kFormatVersion = 1;

std::string digit_text(unsigned d) { return fmt::format("{:x}", d); }

std::string hash_text(std::uint64_t h) { return fmt::format("{:016x}", h); }

std::uint64_t hash_value(const Json& text) {
  const std::string s = text.get<std::string>();
  std::size_t used = 0;
  const std::uint64_t v = std::stoull(s, &used, 16);
  if (used != s.size() || s.size() != 16) throw std::invalid_argument("hash");
  return v;
}

template <class T>
std::optional<T> optional_field(const Json& record, const char* name) {
  const Json& value = record.at(name);
  if (value.is_null()) return std::nullopt;
  return value.get<T>();
}

heap::CensusSpec spec_from_header(const Json& header) {
  heap::CensusSpec spec;
  spec.digits = header.at("digits").get<unsigned>();
  spec.first.clear();
  for (const Json& d : header.at("first")) spec.first.push_back(static_cast<unsigned>(std::stoul(d.get<std::string>(), nullptr, 16)));
  spec.hex = header.at("hex").get<bool>();
  spec.upto = header.at("upto").get<std::uint64_t>();
  spec.seconds = header.at("time").get<double>();
  return spec;
}

// What differs between two specs, for the refusal: "digits 2 there, 3 here".
std::string difference(const heap::CensusSpec& there, const heap::CensusSpec& here) {
  const Json a = census_spec_json(there);
  const Json b = census_spec_json(here);
  for (const auto& [key, value] : b.items()) {
    if (a.at(key) != value) return fmt::format("--{} {} there, {} here", key, a.at(key).dump(), value.dump());
  }
  return "";
}

}  // namespace

Json census_spec_json(const heap::CensusSpec& spec) {
  Json json = Json::object();
  json["digits"] = spec.digits;
  Json first = Json::array();
  for (const unsigned d : spec.first) first.push_back(digit_text(d));
  json["first"] = std::move(first);
  json["hex"] = spec.hex;
  json["upto"] = spec.upto;
  json["time"] = spec.seconds;
  return json;
}

Json census_row_record(const heap::CensusRow& row) {
  Json json = Json::object();
  json["code"] = row.code;
  json["status"] = heap::status_name(row.status);
  json["period"] = row.period ? Json(row.period->period) : Json(nullptr);
  json["preperiod"] = row.period ? Json(row.period->preperiod) : Json(nullptr);
  json["saltus"] = row.period ? Json(row.period->saltus) : Json(nullptr);
  json["checked_upto"] = row.checked_upto;
  json["rechecked_to"] = row.rechecked_to;
  json["largest"] = row.largest;
  json["largest_at"] = row.largest_at;
  json["rare_mask"] = row.rare_mask ? Json(*row.rare_mask) : Json(nullptr);
  json["rare_heap_parity"] = row.rare_heap_parity;
  json["rare_count"] = row.rare_count;
  json["last_rare"] = row.last_rare ? Json(*row.last_rare) : Json(nullptr);
  json["values"] = row.values.empty() ? Json(nullptr) : Json(row.values);
  json["seconds"] = row.seconds;
  json["zeros"] = row.fingerprint.zeros;
  Json prefixes = Json::array();
  for (const auto& [length, hash] : row.fingerprint.prefixes) {
    prefixes.push_back(Json::array({length, hash_text(hash.a), hash_text(hash.b)}));
  }
  json["prefixes"] = std::move(prefixes);
  return json;
}

heap::CensusRow census_row_from_record(const Json& record) {
  heap::CensusRow row;
  try {
    row.code = record.at("code").get<std::string>();
    row.status = heap::parse_status(record.at("status").get<std::string>());
    if (const auto period = optional_field<std::uint64_t>(record, "period")) {
      row.period = heap::Periodicity{.period = *period,
                                     .preperiod = record.at("preperiod").get<std::uint64_t>(),
                                     .saltus = record.at("saltus").get<std::uint64_t>()};
      if (row.period->period == 0) throw InputError("a period of 0");
    }
    if ((row.status == heap::CensusStatus::unsolved) == row.period.has_value()) {
      throw InputError("a status that does not match its period");
    }
    row.checked_upto = record.at("checked_upto").get<std::uint64_t>();
    row.rechecked_to = record.at("rechecked_to").get<std::uint64_t>();
    row.largest = record.at("largest").get<std::uint32_t>();
    row.largest_at = record.at("largest_at").get<std::uint64_t>();
    row.rare_mask = optional_field<std::uint32_t>(record, "rare_mask");
    row.rare_heap_parity = record.at("rare_heap_parity").get<bool>();
    row.rare_count = record.at("rare_count").get<std::uint64_t>();
    row.last_rare = optional_field<std::uint64_t>(record, "last_rare");
    row.values = optional_field<std::string>(record, "values").value_or("");
    row.seconds = record.at("seconds").get<double>();
    row.fingerprint.zeros = record.at("zeros").get<std::uint64_t>();
    std::uint64_t last = 0;
    for (const Json& prefix : record.at("prefixes")) {
      if (!prefix.is_array() || prefix.size() != 3) throw InputError("a malformed fingerprint");
      const std::uint64_t length = prefix.at(0).get<std::uint64_t>();
      if (length <= last) throw InputError("fingerprint lengths out of order");
      last = length;
      row.fingerprint.prefixes.emplace_back(length,
                                            heap::SequenceHash{.a = hash_value(prefix.at(1)), .b = hash_value(prefix.at(2))});
    }
  } catch (const InputError&) {
    throw;
  } catch (const std::exception& e) {
    throw InputError(e.what());
  }
  return row;
}

std::vector<std::optional<heap::CensusRow>> read_census_file(const std::string& path, const std::string& option,
                                                             const heap::CensusSpec& spec,
                                                             const std::vector<heap::HeapRules>& games) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{} {}: cannot read the file", option, path));
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  std::vector<std::optional<heap::CensusRow>> rows(games.size());
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < games.size(); ++i) index[games[i].name()] = i;
  std::size_t begin = 0;
  std::size_t line = 0;
  // A last line without its newline is a row whose write a kill interrupted: dropped.
  for (std::size_t end; (end = text.find('\n', begin)) != std::string::npos; begin = end + 1) {
    ++line;
    const std::string_view content(text.data() + begin, end - begin);
    Json record;
    try {
      record = Json::parse(content);
    } catch (const std::exception&) {
      throw InputError(fmt::format("{} {}: line {} is not JSON (a corrupt census row file)", option, path, line));
    }
    if (line == 1) {
      if (!record.is_object() || !record.contains("census")) {
        throw InputError(fmt::format("{} {}: not a census row file (no census header on line 1)", option, path));
      }
      heap::CensusSpec there;
      try {
        if (record.at("census") != kFormatVersion) throw InputError("version");
        there = spec_from_header(record);
      } catch (const std::exception&) {
        throw InputError(fmt::format("{} {}: its census header is not of this version of grundy (corrupt?)", option, path));
      }
      if (!(there == spec)) {
        throw InputError(fmt::format("{} {}: a census of other options ({}); give the same options to continue it",
                                     option, path, difference(there, spec)));
      }
      continue;
    }
    heap::CensusRow row;
    try {
      row = census_row_from_record(record);
    } catch (const InputError& e) {
      throw InputError(fmt::format("{} {}: line {} is not a census row ({}; a corrupt file)", option, path, line, e.what()));
    }
    const auto found = index.find(row.code);
    if (found == index.end()) {
      throw InputError(fmt::format("{} {}: line {}: {} is not a game of this census (a corrupt file)", option, path,
                                   line, row.code));
    }
    if (rows[found->second]) {
      throw InputError(fmt::format("{} {}: line {}: {} appears twice (a corrupt file)", option, path, line, row.code));
    }
    rows[found->second] = std::move(row);
  }
  if (line == 0) throw InputError(fmt::format("{} {}: not a census row file (empty)", option, path));
  return rows;
}

void write_census_file(const std::string& path, const std::string& option, const heap::CensusSpec& spec,
                       const std::vector<const heap::CensusRow*>& rows) {
  Json header = Json::object();
  header["census"] = kFormatVersion;
  const Json options = census_spec_json(spec);
  for (const auto& [key, value] : options.items()) header[key] = value;
  std::string text = header.dump() + "\n";
  for (const heap::CensusRow* row : rows) text += census_row_record(*row).dump() + "\n";
  const std::string temp = path + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.flush();
    if (!out) {
      std::remove(temp.c_str());
      throw InputError(fmt::format("{}: cannot write '{}'", option, temp));
    }
  }
  std::error_code error;
  std::filesystem::rename(temp, path, error);
  if (error) throw InputError(fmt::format("{}: cannot rename '{}' to '{}': {}", option, temp, path, error.message()));
}

CensusAppender::CensusAppender(const std::string& path, const std::string& option) : path_(path), option_(option) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd_ < 0) throw InputError(fmt::format("{}: cannot append to '{}': {}", option, path, std::strerror(errno)));
}

CensusAppender::~CensusAppender() {
  if (fd_ >= 0) ::close(fd_);
}

void CensusAppender::append(const heap::CensusRow& row) {
  const std::string line = census_row_record(row).dump() + "\n";
  // One write of the whole line (O_APPEND): a kill leaves the file ending in whole rows, or a torn last one.
  const ssize_t wrote = ::write(fd_, line.data(), line.size());
  if (wrote != static_cast<ssize_t>(line.size()) || ::fdatasync(fd_) != 0) {
    throw InputError(fmt::format("{}: cannot append to '{}' (disk full?)", option_, path_));
  }
}

}  // namespace grundy::catalogue
