// Whole numbers as users type them: one parser for every count-like input (piles,
// heaps, --upto, set elements), so every game refuses a negative, malformed or
// too large number with the same one-line error naming the input.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

/// Parses a non-negative decimal integer no larger than `max`; `what` names the
/// input in the error ("pile 2", "--upto"). Throws InputError.
std::uint64_t parse_count(std::string_view text, std::string_view what, std::uint64_t max);

/// Parses one count per text, naming each "<noun> <i>" (1-based) in errors.
std::vector<std::uint64_t> parse_counts(const std::vector<std::string>& texts, std::string_view noun,
                                        std::uint64_t max);

/// Parses a comma-separated list of counts ("1,2,3"); throws InputError.
std::vector<std::uint64_t> parse_count_list(std::string_view text, std::string_view what, std::uint64_t max);

}  // namespace grundy
