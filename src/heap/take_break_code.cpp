#include "grundy/heap/take_break_code.hpp"

#include <algorithm>
#include <bit>
#include <cctype>

#include "common/text.hpp"

#include "grundy/core/errors.hpp"

namespace grundy::heap {

namespace {

constexpr std::uint64_t kMaxBracedCount = 63;

[[noreturn]] void malformed(std::string_view text, const auto&... why) {
  throw InputError(grundy::detail::message("code ", grundy::detail::quoted(text), ": ", why...));
}

int single_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return -1;
}

class CodeReader {
 public:
  explicit CodeReader(std::string_view text) : text_(text) {}

  TakeBreakCode read() {
    if (text_.size() > 8 * kMaxCodeDigits) malformed(shown(), "too long (at most ", kMaxCodeDigits, " digits)");
    const std::size_t dot = text_.find('.');
    if (dot == std::string_view::npos) malformed(shown(), "expected a point: d0.d1d2... (0.[3], 4!.0, {2+}.0)");
    TakeBreakCode code;
    // Before the point: at most one digit (removing nothing); more would add tokens.
    pos_ = 0;
    std::vector<CodeDigit> before;
    while (pos_ < dot) before.push_back(read_digit(dot));
    if (before.size() > 1) {
      malformed(shown(), "only one digit may stand before the point (digits that add tokens are not supported)");
    }
    code.head.push_back(before.empty() ? CodeDigit{} : before.front());
    const CodeDigit& d0 = code.head.front();
    if (d0.allows(0) || d0.allows(1)) {
      malformed(shown(), "the digit before the point may only split the heap (two heaps or more): a move that "
                         "removes nothing must leave at least two heaps");
    }
    pos_ = dot + 1;
    while (pos_ < text_.size() && text_[pos_] != '[') code.head.push_back(read_digit(text_.size()));
    if (pos_ < text_.size()) {
      const std::size_t close = text_.find(']', pos_);
      if (close == std::string_view::npos) malformed(shown(), "'[' without ']'");
      if (close + 1 != text_.size()) malformed(shown(), "the repeating digits in brackets must end the code");
      ++pos_;
      while (pos_ < close) code.tail.push_back(read_digit(close));
      if (code.tail.empty()) malformed(shown(), "empty brackets: put the repeating digits inside, as in 0.[3]");
      pos_ = close + 1;
    }
    if (code.head.size() + code.tail.size() > kMaxCodeDigits) {
      malformed(shown(), "at most ", kMaxCodeDigits, " digits");
    }
    return code;
  }

 private:
  [[nodiscard]] std::string_view shown() const { return text_; }

  CodeDigit read_digit(std::size_t end) {
    CodeDigit digit;
    const char c = text_[pos_];
    if (c == '{') {
      read_braces(digit, end);
    } else if (const int value = single_digit(c); value >= 0) {
      digit.counts = static_cast<std::uint64_t>(value);
      ++pos_;
    } else {
      if (c == '}' || c == ']') malformed(shown(), "'", c, "' without its opening bracket");
      if (c == '.' || c == '[') malformed(shown(), "'", c, "' out of place");
      if (c == '!' || c == '?' || c == '=') malformed(shown(), "a modifier (", c, ") must follow a digit");
      malformed(shown(), grundy::detail::shown_byte(c), " is not a digit (0-9, a-z) or a braced list like {2,3}");
    }
    if (pos_ < end) {
      const char m = text_[pos_];
      if (m == '!' || m == '?' || m == '=') {
        digit.modifier = m == '!' ? HeapsModifier::unequal
                                  : (m == '?' ? HeapsModifier::not_all_equal : HeapsModifier::all_equal);
        ++pos_;
        if (pos_ < end && (text_[pos_] == '!' || text_[pos_] == '?' || text_[pos_] == '=')) {
          malformed(shown(), "one modifier per digit");
        }
      }
    }
    // A modifier only constrains moves that leave two heaps or more.
    if ((digit.counts >> 2) == 0 && !(digit.and_more && digit.counts != 0)) digit.modifier = HeapsModifier::none;
    return digit;
  }

  void read_braces(CodeDigit& digit, std::size_t end) {
    const std::size_t close = text_.find('}', pos_);
    if (close == std::string_view::npos || close >= end) malformed(shown(), "'{' without '}'");
    const std::string_view list = text_.substr(pos_ + 1, close - pos_ - 1);
    if (list.empty()) malformed(shown(), "empty braces: list heap counts, as in {2,3} or {2+}");
    std::size_t i = 0;
    while (i < list.size()) {
      std::uint64_t count = 0;
      const std::size_t start = i;
      while (i < list.size() && std::isdigit(static_cast<unsigned char>(list[i])) != 0) {
        count = count * 10 + static_cast<std::uint64_t>(list[i] - '0');
        if (count > kMaxBracedCount) malformed(shown(), "a heap count in braces is at most ", kMaxBracedCount);
        ++i;
      }
      if (i == start) malformed(shown(), "braces hold heap counts 0-", kMaxBracedCount, " separated by commas, as in {2,3} or {2+}");
      if (digit.and_more) malformed(shown(), "'+' may only follow the last count in braces");
      if ((digit.counts >> count) != 0) {
        malformed(shown(), "heap counts in braces go in increasing order");
      }
      digit.counts |= std::uint64_t{1} << count;
      if (i < list.size() && list[i] == '+') {
        digit.and_more = true;
        ++i;
      }
      if (i < list.size()) {
        if (list[i] != ',') malformed(shown(), "braces hold heap counts 0-", kMaxBracedCount, " separated by commas, as in {2,3} or {2+}");
        ++i;
        if (i == list.size()) malformed(shown(), "a comma must be followed by a heap count");
      }
    }
    pos_ = close + 1;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

// Drops what does not change the game: zero digits at the end of a code without
// tail, a zero tail, a tail repeating a shorter block, head digits the tail repeats.
void normalise(TakeBreakCode& code) {
  const auto all_zero = [](const std::vector<CodeDigit>& digits) {
    return std::all_of(digits.begin(), digits.end(), [](const CodeDigit& d) { return d.empty(); });
  };
  for (auto* digits : {&code.head, &code.tail}) {
    for (CodeDigit& d : *digits) {
      if (d.empty()) d = CodeDigit{};
      // {2,3+} is {2+}: a count just below the open range's start joins it.
      while (d.and_more && std::popcount(d.counts) >= 2) {
        const std::uint64_t top = std::bit_width(d.counts) - 1;
        if (((d.counts >> (top - 1)) & 1U) == 0) break;
        d.counts &= ~(std::uint64_t{1} << top);
      }
    }
  }
  if (all_zero(code.tail)) code.tail.clear();
  for (std::size_t block = 1; block < code.tail.size(); ++block) {
    if (code.tail.size() % block != 0) continue;
    bool repeats = true;
    for (std::size_t i = block; i < code.tail.size() && repeats; ++i) repeats = code.tail[i] == code.tail[i - block];
    if (repeats) {
      code.tail.resize(block);
      break;
    }
  }
  if (code.tail.empty()) {
    while (code.head.size() > 1 && code.head.back().empty()) code.head.pop_back();
  } else {
    while (code.head.size() > 1 && code.head.back() == code.tail.back()) {
      code.head.pop_back();
      std::rotate(code.tail.begin(), code.tail.end() - 1, code.tail.end());
    }
  }
}

}  // namespace

bool CodeDigit::allows(std::uint64_t heaps) const {
  if (heaps < 64 && ((counts >> heaps) & 1U) != 0) return true;
  return and_more && counts != 0 && heaps > static_cast<std::uint64_t>(std::bit_width(counts) - 1);
}

const CodeDigit& TakeBreakCode::digit(std::uint64_t take) const {
  static const CodeDigit kZero{};
  if (take < head.size()) return head[take];
  if (tail.empty()) return kZero;
  return tail[(take - head.size()) % tail.size()];
}

std::optional<std::uint64_t> TakeBreakCode::max_take() const {
  if (!tail.empty()) return std::nullopt;
  return head.size() - 1;
}

std::optional<std::uint64_t> TakeBreakCode::max_heaps() const {
  std::uint64_t most = 0;
  for (const auto* digits : {&head, &tail}) {
    for (const CodeDigit& d : *digits) {
      if (d.and_more && d.counts != 0) return std::nullopt;
      if (d.counts != 0) most = std::max<std::uint64_t>(most, static_cast<std::uint64_t>(std::bit_width(d.counts) - 1));
    }
  }
  return most;
}

bool TakeBreakCode::has_modifiers() const {
  for (const auto* digits : {&head, &tail}) {
    for (const CodeDigit& d : *digits) {
      if (d.modifier != HeapsModifier::none) return true;
    }
  }
  return false;
}

bool is_generalized_code(std::string_view text) {
  const std::size_t dot = text.find('.');
  if (dot == std::string_view::npos) return false;
  if (text.size() - dot - 1 > 255) return true;  // longer than octal rules hold
  for (const char c : text) {
    if (c == '{' || c == '}' || c == '[' || c == ']' || c == '!' || c == '?' || c == '=') return true;
    if ((c >= 'g' && c <= 'z') || (c >= 'G' && c <= 'Z')) return true;
  }
  return false;
}

TakeBreakCode parse_take_break_code(std::string_view text) {
  TakeBreakCode code = CodeReader(text).read();
  normalise(code);
  const bool any_move = std::any_of(code.head.begin(), code.head.end(), [](const CodeDigit& d) { return !d.empty(); }) ||
                        !code.tail.empty();
  if (!any_move) malformed(text, "every digit is 0, so the game has no move");
  return code;
}

std::string format_take_break_code(const TakeBreakCode& code) {
  constexpr std::string_view kChars = "0123456789abcdefghijklmnopqrstuvwxyz";
  const auto put = [&](std::string& out, const CodeDigit& d) {
    if (!d.and_more && d.counts < kChars.size()) {
      out += kChars[d.counts];
    } else {
      out += '{';
      bool first = true;
      for (unsigned j = 0; j < 64; ++j) {
        if (((d.counts >> j) & 1U) == 0) continue;
        if (!first) out += ',';
        first = false;
        out += std::to_string(j);
      }
      if (d.and_more) out += '+';
      out += '}';
    }
    if (d.modifier == HeapsModifier::unequal) out += '!';
    if (d.modifier == HeapsModifier::not_all_equal) out += '?';
    if (d.modifier == HeapsModifier::all_equal) out += '=';
  };
  std::string out;
  put(out, code.head.front());
  out += '.';
  for (std::size_t k = 1; k < code.head.size(); ++k) put(out, code.head[k]);
  if (code.head.size() == 1 && code.tail.empty()) out += '0';
  if (!code.tail.empty()) {
    out += '[';
    for (const CodeDigit& d : code.tail) put(out, d);
    out += ']';
  }
  return out;
}

}  // namespace grundy::heap
