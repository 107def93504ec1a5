// UTF-8 checks for text that goes into JSON (private: not installed): strict
// validity, and a copy of any text that is valid, its bad bytes written \xNN.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace grundy::detail {

/// The length of the valid UTF-8 sequence at the start of `text` (strict: no
/// overlongs, no surrogates, at most U+10FFFF); 0 when it does not start with one.
std::size_t utf8_sequence_length(std::string_view text);

/// True when all of `text` is valid UTF-8.
bool valid_utf8(std::string_view text);

/// `text` with every byte that is not part of a valid UTF-8 sequence written as
/// the four characters \xNN ("caf\xe9"); valid text is returned unchanged.
std::string escape_invalid_utf8(std::string_view text);

}  // namespace grundy::detail
