// The rules of a take-and-break heap game, in the form every heap-table kernel
// reads: for each number k of tokens removed, which numbers of non-empty heaps
// may remain. Octal and hexadecimal codes, Grundy's game and the named aliases
// all become this one struct, so each kernel is written once.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace grundy::heap {

struct HeapRules {
  /// The game as the user named it ("0.007", "kayles", "grundys-game").
  std::string name;
  /// digits[k] is the code digit for removing k tokens: bit (1 << j) set means the
  /// remainder may be left as j non-empty heaps (j = 0, 1, 2, 3). digits[0] may only
  /// carry bits 4 and 8 (split a heap without removing anything).
  std::vector<std::uint8_t> digits;
  /// Grundy's game: a split into two heaps must leave them unequal.
  bool unequal_split = false;

  /// The largest number of tokens one move removes (t in the periodicity theorem).
  [[nodiscard]] std::uint64_t max_take() const {
    return digits.empty() ? 0 : digits.size() - 1;
  }
};

}  // namespace grundy::heap
