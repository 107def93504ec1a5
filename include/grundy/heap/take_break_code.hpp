// Generalized take-and-break codes (CGSuite's notation): digits 0-9 and A-Z
// (bit j of a digit: the rest may be left as exactly j non-empty heaps),
// braced heap counts ({2,3}, {2+}), the modifiers ! (heaps pairwise unequal),
// ? (not all equal) and = (all equal) after a digit, and a repeating tail in
// brackets (0.[3] is Nim). A code that an octal or hexadecimal HeapRules can
// state (with Grundy's unequal split for 4!.0) becomes one, so the fast kernel
// keeps serving it; any other becomes a HeapRules carrying this code, served by
// the plain kernel through for_each_code_option. docs/games.md states the rules.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::heap {

/// What a move leaving two or more heaps must respect.
enum class HeapsModifier : std::uint8_t { none, unequal, not_all_equal, all_equal };

/// One digit: the numbers of non-empty heaps the rest may be left as.
struct CodeDigit {
  std::uint64_t counts = 0;  // bit j: exactly j heaps (j <= 63)
  bool and_more = false;     // also every count above the highest bit of counts
  HeapsModifier modifier = HeapsModifier::none;
  friend bool operator==(const CodeDigit&, const CodeDigit&) = default;
  [[nodiscard]] bool empty() const { return counts == 0; }
  /// True when the digit lets the rest be left as `heaps` heaps.
  [[nodiscard]] bool allows(std::uint64_t heaps) const;
};

/// A parsed code: digit k (tokens removed) is head[k], then tail[(k - head.size()) % tail.size()].
struct TakeBreakCode {
  std::vector<CodeDigit> head;  // head[0] is the digit before the point
  std::vector<CodeDigit> tail;  // empty: no move removes head.size() tokens or more
  friend bool operator==(const TakeBreakCode&, const TakeBreakCode&) = default;

  [[nodiscard]] const CodeDigit& digit(std::uint64_t take) const;
  /// The most tokens one move removes (nothing with a repeating tail).
  [[nodiscard]] std::optional<std::uint64_t> max_take() const;
  /// The most heaps one move leaves (nothing when unbounded).
  [[nodiscard]] std::optional<std::uint64_t> max_heaps() const;
  /// True when some digit carries a modifier that matters (on a count of two or more).
  [[nodiscard]] bool has_modifiers() const;
};

/// The most digits a code may have (head and tail together).
inline constexpr std::size_t kMaxCodeDigits = std::size_t{1} << 16;

/// True when `text` uses the generalized notation (braces, brackets, modifiers,
/// digits G-Z) or has more digits than octal rules hold (255 after the point):
/// parse_heap_rules sends it to parse_take_break_code.
bool is_generalized_code(std::string_view text);

/// Parses a generalized code ("4!.0", "0.[3]", "{2+}.0", "0.{1,2}7"), letters in
/// either case. Throws InputError (one line) on a malformed code: digits before
/// the point other than the last, a count over 63, unbalanced braces or
/// brackets, a tail not at the end, a move that removes nothing without
/// splitting, a code with no move, more than kMaxCodeDigits digits.
TakeBreakCode parse_take_break_code(std::string_view text);

/// The code in canonical form: single characters 0-9, a-z where a digit has one,
/// braces otherwise; parse_take_break_code(format_take_break_code(c)) == c.
std::string format_take_break_code(const TakeBreakCode& code);

/// Calls visit(take, parts) for every option of a heap of n (parts ascending,
/// any number of them) until visit returns false; returns false when stopped.
/// Exponential in n for codes that leave many heaps: callers bound n.
template <class Visit>
bool for_each_code_option(const TakeBreakCode& code, std::uint64_t n, Visit&& visit);

namespace detail {

// The partitions of `rest` into exactly `count` parts (ascending) that respect
// `modifier`, each passed to visit(parts); false when visit stopped it.
template <class Visit>
bool for_each_partition(std::uint64_t rest, std::uint64_t count, HeapsModifier modifier,
                        std::vector<std::uint64_t>& parts, Visit&& visit) {
  parts.assign(count, 0);
  if (count == 0) return rest != 0 || visit(std::span<const std::uint64_t>());
  if (modifier == HeapsModifier::all_equal && count >= 2) {
    if (rest % count != 0) return true;
    parts.assign(count, rest / count);
    return visit(std::span<const std::uint64_t>(parts));
  }
  const bool strict = modifier == HeapsModifier::unequal && count >= 2;
  const bool not_all_equal = modifier == HeapsModifier::not_all_equal && count >= 2;
  // Depth-first over parts[i] >= parts[i-1] (+1 when strict); the last part takes the rest.
  struct Frame {
    std::uint64_t index;
    std::uint64_t left;
  };
  std::vector<Frame> stack;
  const auto min_sum = [&](std::uint64_t first, std::uint64_t parts_left) {
    // The least sum of parts_left parts from `first` on.
    if (!strict) return first * parts_left;
    return first * parts_left + parts_left * (parts_left - 1) / 2;
  };
  // Recursive in spirit, iterative in fact: depth is count, which may be large.
  std::uint64_t index = 0;
  std::uint64_t left = rest;
  std::uint64_t low = 1;
  while (true) {
    if (index + 1 == count) {
      // The last part: all that is left, if it respects the order.
      if (left >= low) {
        parts[index] = left;
        const bool all_same = parts.front() == parts.back();
        if (!(not_all_equal && all_same) && !visit(std::span<const std::uint64_t>(parts))) return false;
      }
    } else {
      const std::uint64_t parts_left = count - index;
      if (min_sum(low, parts_left) <= left) {
        parts[index] = low;
        stack.push_back({index, left});
        left -= low;
        ++index;
        low = parts[index - 1] + (strict ? 1 : 0);
        continue;
      }
    }
    // Backtrack: raise the deepest part that can still grow.
    bool advanced = false;
    while (!stack.empty()) {
      const Frame frame = stack.back();
      stack.pop_back();
      const std::uint64_t next = parts[frame.index] + 1;
      if (min_sum(next, count - frame.index) <= frame.left) {
        index = frame.index;
        left = frame.left;
        parts[index] = next;
        stack.push_back({index, left});
        left -= next;
        ++index;
        low = next + (strict ? 1 : 0);
        advanced = true;
        break;
      }
    }
    if (!advanced) return true;
  }
}

}  // namespace detail

template <class Visit>
bool for_each_code_option(const TakeBreakCode& code, std::uint64_t n, Visit&& visit) {
  const std::optional<std::uint64_t> top_take = code.max_take();
  const std::uint64_t last = top_take && *top_take < n ? *top_take : n;
  std::vector<std::uint64_t> parts;
  for (std::uint64_t take = 0; take <= last; ++take) {
    const CodeDigit& digit = code.digit(take);
    if (digit.empty()) continue;
    const std::uint64_t rest = n - take;
    for (std::uint64_t count = 0; count <= rest; ++count) {
      if (!digit.allows(count)) {
        if (!digit.and_more && count >= 64) break;
        continue;
      }
      if (count == 1 && take == 0) continue;  // the same heap: not a move (the parser refuses it)
      const bool go_on = detail::for_each_partition(rest, count, digit.modifier, parts, [&](std::span<const std::uint64_t> p) {
        return visit(take, p);
      });
      if (!go_on) return false;
    }
  }
  return true;
}

}  // namespace grundy::heap
