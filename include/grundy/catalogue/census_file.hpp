// A census's row file: JSON Lines, a header naming the census's options, then
// one line per finished game (fingerprint included, so a census read back is
// grouped into classes exactly as the run that wrote it). Each row is appended
// with one write, so a kill leaves at most a torn last line, which reading
// drops; every other line must parse. docs/census.md describes the format.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grundy/catalogue/report.hpp"
#include "grundy/heap/census.hpp"

namespace grundy::catalogue {

/// The options of a census as the header and the JSON output write them.
Json census_spec_json(const heap::CensusSpec& spec);

/// A row as its file line holds it (with its fingerprint), and back; the
/// reading throws InputError on a missing or malformed field.
Json census_row_record(const heap::CensusRow& row);
heap::CensusRow census_row_from_record(const Json& record);

/// The rows of a census file, checked against the census about to run:
/// rows[i] is the row of games[i] when the file has it. InputError (naming the
/// option `option`, "--resume") when the file is not a census row file, is of a
/// census of other options, or has a line that is not a row of this census.
std::vector<std::optional<heap::CensusRow>> read_census_file(const std::string& path, const std::string& option,
                                                             const heap::CensusSpec& spec,
                                                             const std::vector<heap::HeapRules>& games);

/// Replaces `path` atomically (a temporary file renamed over it) by the header
/// and the given rows in order. InputError naming `option` when it cannot.
void write_census_file(const std::string& path, const std::string& option, const heap::CensusSpec& spec,
                       const std::vector<const heap::CensusRow*>& rows);

/// Appends rows to a census file, one write of a whole line each, flushed to disk.
class CensusAppender {
 public:
  CensusAppender(const std::string& path, const std::string& option);
  ~CensusAppender();
  CensusAppender(const CensusAppender&) = delete;
  CensusAppender& operator=(const CensusAppender&) = delete;
  void append(const heap::CensusRow& row);

 private:
  std::string path_;
  std::string option_;
  int fd_ = -1;
};

}  // namespace grundy::catalogue
