// What every fuzz target shares: the input as text, a parse that may refuse
// cleanly (any grundy::Error), and a check that aborts so libFuzzer records the
// input. Anything else a parser does (crash, UB, another exception) is a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>
#include <vector>

#include "grundy/core/errors.hpp"

namespace grundy::fuzz {

/// The fuzzer's bytes as text (not NUL-terminated; may hold any byte).
inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// The fuzzer's bytes as a vector, for parsers that take ownership of a buffer.
inline std::vector<char> as_bytes(const std::uint8_t* data, std::size_t size) {
  const auto* begin = reinterpret_cast<const char*>(data);
  return {begin, begin + size};
}

/// The result of parse(), or nullopt when it refused the input with a grundy::Error.
template <class Parse>
auto parsed(Parse&& parse) -> std::optional<decltype(parse())> {
  try {
    return parse();
  } catch (const Error&) {
    return std::nullopt;
  }
}

/// Aborts (a finding) naming the broken property.
[[noreturn]] inline void fail(const char* what, const char* file, int line) {
  std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", what, file, line);
  std::abort();
}

}  // namespace grundy::fuzz

/// Asserts a property of a parsed input; a failure is a finding.
#define GRUNDY_FUZZ_CHECK(condition) \
  ((condition) ? static_cast<void>(0) : ::grundy::fuzz::fail(#condition, __FILE__, __LINE__))
