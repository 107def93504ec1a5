// Small text helpers grundy shares (private: not installed): building an error
// message, showing a bad byte, reading a FILE or standard input with the
// system's reason on failure, splitting lines, trimming blanks.
#pragma once

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

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

/// The whole of FILE, or of standard input for "-". Throws InputError naming
/// the file and the system's reason ("No such file or directory").
std::string read_input(const std::string& path);

/// True when a position argument names a file rather than writing the position
/// itself: the file exists, or the argument holds a letter or one of
/// "_~." that the position syntax (`position_chars`) cannot contain.
bool names_a_file(const std::string& argument, std::string_view position_chars);

/// The lines of a text ('\n' separated; a final newline ends the last line).
std::vector<std::string> split_lines(std::string_view text);

/// The text without leading and trailing blanks (spaces, tabs, '\r').
std::string trim(std::string_view text);

}  // namespace grundy::detail
