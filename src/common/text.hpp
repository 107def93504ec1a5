// Small text helpers grundy shares (private: not installed): building an error
// message, showing a bad byte or a typed token, reading a FILE or standard input
// within bounds with the system's reason on failure, splitting lines, trimming
// blanks.
#pragma once

#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/search_limits.hpp"

namespace grundy::detail {

/// An error message built from pieces ("line ", 3, ": ...").
template <class... Args>
std::string message(const Args&... args) {
  std::ostringstream out;
  (out << ... << args);
  return out.str();
}

/// A byte of bad input, safe to print on one line: "'x'" or "byte 0x1b".
std::string shown_byte(char c);

/// What was typed, quoted and safe to print on one line: "'5**'". Control bytes
/// and bytes that are not UTF-8 are written \xNN; past `most` bytes the text is
/// cut, saying how long it was ("'1111...' (1000000 bytes)").
std::string quoted(std::string_view text, std::size_t most = 80);

/// What reading a position from a FILE or standard input may take.
struct InputBounds {
  std::string what;     // the text read, in errors: "a treblecross row"
  std::string allowed;  // the bytes that can belong to it; empty: any byte
  std::uint64_t max_bytes = std::numeric_limits<std::uint64_t>::max();  // the game's size limit
  SearchLimits limits;  // memory (twice the text read), deadline, stop flag
};

/// The whole of FILE, or of standard input for "-", read a block at a time.
/// Stops with InputError (one line naming the file) at the first byte that
/// cannot belong to the text or past max_bytes (a regular file is measured
/// before it is read), and with BudgetExceeded, TimeExceeded or Interrupted
/// when the limits say so (a silent pipe is waited on only until then).
/// A missing file gives the system's reason ("No such file or directory").
std::string read_input(const std::string& path, const InputBounds& bounds);

/// True when a position argument names a file rather than writing the position
/// itself: the file exists, or the argument holds a letter or one of
/// "_~." that the position syntax (`position_chars`) cannot contain.
bool names_a_file(const std::string& argument, std::string_view position_chars);

/// The lines of a text ('\n' separated; a final newline ends the last line).
std::vector<std::string> split_lines(std::string_view text);

/// The text without leading and trailing blanks (spaces, tabs, '\r').
std::string trim(std::string_view text);

}  // namespace grundy::detail
