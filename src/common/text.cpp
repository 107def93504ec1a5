#include "common/text.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cctype>
#include <cerrno>
#include <cstring>

#include "grundy/core/errors.hpp"

namespace grundy::detail {

namespace {

constexpr char kHex[] = "0123456789abcdef";

std::string hex_byte(unsigned char byte, std::string_view prefix) {
  return std::string(prefix) + kHex[byte >> 4] + kHex[byte & 0xF];
}

// The length of the well-formed UTF-8 sequence of two or more bytes at text[i],
// or 0 (overlong forms, surrogates and code points past U+10FFFF are not).
std::size_t utf8_sequence(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  std::size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    const auto next = static_cast<unsigned char>(text[i + k]);
    if (next < (k == 1 ? low : 0x80) || next > (k == 1 ? high : 0xBF)) return 0;
  }
  return length;
}

std::string source_name(const std::string& path) { return path == "-" ? "standard input" : "'" + path + "'"; }

// Closes a file descriptor grundy opened (never standard input).
class OwnedFile {
 public:
  explicit OwnedFile(int fd) : fd_(fd) {}
  ~OwnedFile() {
    if (fd_ > STDIN_FILENO) ::close(fd_);
  }
  OwnedFile(const OwnedFile&) = delete;
  OwnedFile& operator=(const OwnedFile&) = delete;
  [[nodiscard]] int fd() const { return fd_; }

 private:
  int fd_;
};

void check_limits(const SearchLimits& limits, const std::string& source) {
  if (limits.stop != nullptr && limits.stop->load()) throw Interrupted("interrupted while reading " + source);
  if (limits.deadline && SearchLimits::Clock::now() >= *limits.deadline) {
    throw TimeExceeded("time budget exceeded while reading " + source + " (raise it with --time)");
  }
}

// Where byte `offset` of the text is, for people: "line 3, column 7".
std::string place(std::string_view text, std::size_t offset) {
  std::size_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(offset - line_start + 1);
}

}  // namespace

std::string shown_byte(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x20 && byte < 0x7F) return std::string("'") + c + "'";
  return hex_byte(byte, "byte 0x");
}

std::string quoted(std::string_view text, std::size_t most) {
  const std::string_view head = text.substr(0, most);
  std::string out = "'";
  for (std::size_t i = 0; i < head.size();) {
    const auto byte = static_cast<unsigned char>(head[i]);
    if (byte >= 0x20 && byte < 0x7F) {
      out += head[i++];
    } else if (const std::size_t length = byte >= 0x80 ? utf8_sequence(head, i) : 0; length != 0) {
      out += head.substr(i, length);
      i += length;
    } else {
      out += hex_byte(byte, "\\x");
      ++i;
    }
  }
  if (head.size() == text.size()) return out + "'";
  return out + "...' (" + std::to_string(text.size()) + " bytes)";
}

std::string read_input(const std::string& path, const InputBounds& bounds) {
  const std::string source = source_name(path);
  const auto fail = [&](int error) { return InputError("cannot read " + source + ": " + std::strerror(error)); };
  int fd = STDIN_FILENO;
  if (path != "-") {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw fail(errno);
  }
  const OwnedFile file(fd);
  struct stat info {};
  if (::fstat(fd, &info) != 0) throw fail(errno);
  if (S_ISDIR(info.st_mode)) throw InputError("cannot read " + source + ": it is a directory");
  std::string text;
  if (S_ISREG(info.st_mode)) {  // measured before it is read
    const auto size = static_cast<std::uint64_t>(info.st_size);
    if (size > bounds.max_bytes) {
      throw InputError(source + ": " + std::to_string(size) + " bytes, over the limit of " +
                       std::to_string(bounds.max_bytes) + " for " + bounds.what);
    }
    bounds.limits.memory.require(size, "reading " + source);
    text.reserve(static_cast<std::size_t>(size));
  }
  std::array<bool, 256> belongs{};
  belongs.fill(bounds.allowed.empty());
  for (const char c : bounds.allowed) belongs[static_cast<unsigned char>(c)] = true;
  std::array<char, 1 << 16> block{};
  while (true) {
    check_limits(bounds.limits, source);
    pollfd ready{.fd = fd, .events = POLLIN, .revents = 0};
    const int waiting = ::poll(&ready, 1, 100);  // a silent pipe: look at the limits again soon
    if (waiting == 0 || (waiting < 0 && errno == EINTR)) continue;
    const ssize_t got = ::read(fd, block.data(), block.size());
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      throw fail(errno);
    }
    if (got == 0) break;
    const std::string_view part(block.data(), static_cast<std::size_t>(got));
    for (std::size_t i = 0; i < part.size(); ++i) {
      if (belongs[static_cast<unsigned char>(part[i])]) continue;
      text.append(part.substr(0, i));
      throw InputError(source + ", " + place(text, text.size()) + ": " + shown_byte(part[i]) + " cannot be part of " +
                       bounds.what);
    }
    if (text.size() + part.size() > bounds.max_bytes) {
      throw InputError(source + ": more than " + std::to_string(bounds.max_bytes) + " bytes, over the limit for " +
                       bounds.what);
    }
    if (text.size() + part.size() > text.capacity()) {
      bounds.limits.memory.require(2 * (text.size() + part.size()), "reading " + source);
    }
    text.append(part);
  }
  return text;
}

bool names_a_file(const std::string& argument, std::string_view position_chars) {
  struct stat info {};
  if (::stat(argument.c_str(), &info) == 0) return true;
  for (const char c : argument) {
    if (position_chars.find(c) != std::string_view::npos) continue;
    if (std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '~' || c == '.') return true;
  }
  return false;
}

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.emplace_back(text.substr(start));
      break;
    }
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string trim(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return "";
  const std::size_t last = text.find_last_not_of(" \t\r");
  return std::string(text.substr(first, last - first + 1));
}

}  // namespace grundy::detail
