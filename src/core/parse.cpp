#include "grundy/core/parse.hpp"

#include <charconv>
#include <string>

#include "common/text.hpp"
#include "grundy/core/errors.hpp"

namespace grundy {

std::uint64_t parse_count(std::string_view text, std::string_view what, std::uint64_t max, std::uint64_t min) {
  const std::string name(what);
  const std::string shown = detail::quoted(text);
  const std::string range = "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
  if (text.empty()) throw InputError(name + ": empty, expected a whole number");
  if (text.front() == '-') throw InputError(name + ": " + shown + " is negative, expected " + range);
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec == std::errc::result_out_of_range || (ec == std::errc() && ptr == end && value > max)) {
    throw InputError(name + ": " + shown + " is over the limit " + std::to_string(max));
  }
  if (ec != std::errc() || ptr != end) throw InputError(name + ": " + shown + " is not a whole number");
  if (value < min) throw InputError(name + ": " + shown + " is under " + std::to_string(min) + ", expected " + range);
  return value;
}

std::vector<std::uint64_t> parse_counts(const std::vector<std::string>& texts, std::string_view noun,
                                        std::uint64_t max) {
  std::vector<std::uint64_t> counts;
  counts.reserve(texts.size());
  for (std::size_t i = 0; i < texts.size(); ++i) {
    counts.push_back(parse_count(texts[i], std::string(noun) + " " + std::to_string(i + 1), max));
  }
  return counts;
}

std::vector<std::uint64_t> parse_count_list(std::string_view text, std::string_view what, std::uint64_t max,
                                            std::uint64_t min) {
  if (text.empty()) throw InputError(std::string(what) + ": empty list");
  std::vector<std::uint64_t> values;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = text.substr(start, comma == std::string_view::npos ? text.npos : comma - start);
    values.push_back(parse_count(item, what, max, min));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return values;
}

}  // namespace grundy
