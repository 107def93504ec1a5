// The rules of a take-and-break heap game, in the form every heap-table kernel
// reads: for each number k of tokens removed, which numbers of non-empty heaps
// may remain (moves.hpp says what a digit means). Octal and hexadecimal codes,
// Grundy's game and the named aliases all become this one class, so each kernel
// is written once; HeapRules::make checks the rules, so no invalid one exists.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace grundy::heap {

struct TakeBreakCode;  // take_break_code.hpp

class HeapRules {
 public:
  /// The most code digits: removing at most 255 tokens per move.
  static constexpr std::size_t kMaxDigits = 256;

  /// Checks and builds a rule set: `name` not empty; digits[k] the code digit for
  /// removing k tokens (0..15: bit (1 << j) lets the rest be left as j non-empty
  /// heaps); digits[0] carries only bits 4 and 8 (a split that removes nothing);
  /// at most kMaxDigits digits; at least one move; `unequal_split` (Grundy's game:
  /// two-heap splits must be unequal) only with a two-heap split. Trailing zero
  /// digits are dropped. Throws InputError naming the game.
  static HeapRules make(std::string name, std::vector<std::uint8_t> digits, bool unequal_split = false);

  /// Rules stated by a generalized code that no octal or hexadecimal digits can
  /// state (more heaps, braces, modifiers, a repeating tail): only the plain
  /// kernel serves them, through for_each_code_option; digits() is {0}.
  static HeapRules make_general(std::string name, TakeBreakCode code);
  /// The generalized code, or null for octal and hexadecimal rules.
  [[nodiscard]] const TakeBreakCode* general() const { return general_.get(); }

  /// The game as the user named it ("0.007", "kayles", "grundys-game").
  [[nodiscard]] const std::string& name() const { return name_; }
  /// The code digits d_0, d_1, ..., the last one non-zero.
  [[nodiscard]] const std::vector<std::uint8_t>& digits() const { return digits_; }
  /// d_k, or 0 beyond the last digit.
  [[nodiscard]] std::uint8_t digit(std::uint64_t k) const { return k < digits_.size() ? digits_[k] : 0; }
  /// Grundy's game: a split into two heaps must leave them unequal.
  [[nodiscard]] bool unequal_split() const { return unequal_split_; }
  /// The largest number of tokens one move removes (t in the periodicity theorem).
  [[nodiscard]] std::uint64_t max_take() const { return digits_.size() - 1; }

 private:
  HeapRules() = default;

  std::string name_;
  std::vector<std::uint8_t> digits_;
  bool unequal_split_ = false;
  std::shared_ptr<const TakeBreakCode> general_;
};

}  // namespace grundy::heap
