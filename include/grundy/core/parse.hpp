// Whole numbers as users type them: one parser for every count-like input (piles,
// heaps, --upto, set elements), so every game refuses a negative, malformed or
// too large number with the same one-line error naming the input.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

/// Parses a decimal integer from `min` to `max`; `what` names the input in the
/// error ("pile 2", "--upto"), which quotes the text as typed. Throws InputError.
std::uint64_t parse_count(std::string_view text, std::string_view what, std::uint64_t max, std::uint64_t min = 0);

/// Parses one count per text, naming each "<noun> <i>" (1-based) in errors.
std::vector<std::uint64_t> parse_counts(const std::vector<std::string>& texts, std::string_view noun,
                                        std::uint64_t max);

/// Parses a comma-separated list of counts ("1,2,3"), each from `min` to `max`; throws InputError.
std::vector<std::uint64_t> parse_count_list(std::string_view text, std::string_view what, std::uint64_t max,
                                            std::uint64_t min = 0);

}  // namespace grundy
