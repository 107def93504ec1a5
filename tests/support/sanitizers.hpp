// Whether the tests run under the sanitizers, whose build is several times slower: the brute
// forces there check the same paths on smaller sizes.
#pragma once

#include <cstdint>

namespace grundy::testing {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_UNDEFINED__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// `full` in an optimised build, `sanitized` under the sanitizers.
constexpr std::uint64_t sized(std::uint64_t full, std::uint64_t sanitized) { return kSanitized ? sanitized : full; }

}  // namespace grundy::testing
