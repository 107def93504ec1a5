#include "grundy/heap/codes.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "common/text.hpp"

#include "grundy/core/errors.hpp"
#include "grundy/heap/moves.hpp"
#include "grundy/heap/take_break_code.hpp"

namespace grundy::heap {

namespace {

constexpr std::size_t kMaxDigits = HeapRules::kMaxDigits;

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

HeapRules parse_code(std::string_view code, std::string name) {
  const auto dot = code.find('.');
  if (dot == std::string_view::npos) {
    throw InputError(grundy::detail::message("heap game '", code,
                                     "': expected a code like 0.77 or 4.07 (digits after a point) or a name (kayles, "
                                     "dawsons-kayles, treblecross, dawsons-chess, officers, grundys-game)"));
  }
  if (dot > 1)
    throw InputError(grundy::detail::message("code '", code, "': only one digit (0 or 4) may stand before the point"));
  std::vector<std::uint8_t> digits;
  int d0 = 0;
  if (dot == 1) {
    d0 = digit_value(code[0]);
    if (d0 < 0) throw InputError(grundy::detail::message("code '", code, "': '", code[0], "' is not a digit"));
    if ((d0 & 3) != 0) {
      throw InputError(grundy::detail::message("code '", code,
                                       "': the digit before the point must be 0 or 4 (8 or c in hexadecimal): a move "
                                       "that removes nothing must split the heap"));
    }
  }
  digits.push_back(static_cast<std::uint8_t>(d0));
  for (std::size_t i = dot + 1; i < code.size(); ++i) {
    const int d = digit_value(code[i]);
    if (d < 0) {
      throw InputError(
          grundy::detail::message("code '", code, "': '", code[i], "' is not an octal or hexadecimal digit (0-9, a-f)"));
    }
    digits.push_back(static_cast<std::uint8_t>(d));
  }
  if (digits.size() > kMaxDigits) {
    throw InputError(grundy::detail::message("code '", code, "': at most ", kMaxDigits - 1, " digits after the point"));
  }
  if (std::all_of(digits.begin(), digits.end(), [](std::uint8_t d) { return d == 0; })) {
    throw InputError(grundy::detail::message("code '", code, "': every digit is 0, so the game has no move"));
  }
  return HeapRules::make(std::move(name), std::move(digits));
}

// The octal or hexadecimal rules that state `code`, if any: digits below 16,
// no tail, at most HeapRules::kMaxDigits digits, and no modifier except the
// unequal two-heap split of Grundy's game (! or ?, the same on two heaps) on
// every digit that splits in two, none splitting in three.
std::optional<HeapRules> plain_rules(const TakeBreakCode& code, const std::string& name) {
  if (!code.tail.empty() || code.head.size() > kMaxDigits) return std::nullopt;
  bool modified = false;
  bool unmodified_split = false;
  std::vector<std::uint8_t> digits;
  for (const CodeDigit& d : code.head) {
    if (d.and_more || d.counts > 15) return std::nullopt;
    if (d.modifier == HeapsModifier::all_equal) return std::nullopt;
    // A modifier restricts only moves that leave two or more heaps: on a digit
    // without them it changes nothing.
    const bool splits = (d.counts & 12U) != 0;
    if (d.modifier != HeapsModifier::none && splits) {
      if ((d.counts & 8U) != 0) return std::nullopt;
      modified = true;
    } else if ((d.counts & 4U) != 0) {
      unmodified_split = true;
    }
    digits.push_back(static_cast<std::uint8_t>(d.counts));
  }
  if (modified && unmodified_split) return std::nullopt;
  return HeapRules::make(name, std::move(digits), modified);
}

}  // namespace

HeapRules rules_from_code(TakeBreakCode code, std::string name) {
  if (std::optional<HeapRules> plain = plain_rules(code, name)) return std::move(*plain);
  return HeapRules::make_general(std::move(name), std::move(code));
}

const std::vector<HeapAlias>& heap_aliases() {
  static const std::vector<HeapAlias> aliases{
      {"kayles", "0.77", "Kayles 0.77: knock down one pin or two adjacent pins of a row"},
      {"dawsons-kayles", "0.07", "Dawson's Kayles 0.07: knock down two adjacent pins"},
      {"treblecross", "0.007", "Treblecross 0.007: one-dimensional tic-tac-toe as a heap game"},
      {"dawsons-chess", "0.137", "Dawson's chess 0.137 (values of 0.07 shifted by one)"},
      {"officers", "0.6", "Officers 0.6: remove one token, leaving one or two heaps"},
      {"grundys-game", "", "Grundy's game: split a heap into two unequal heaps"},
  };
  return aliases;
}

HeapRules parse_heap_rules(std::string_view text) {
  const std::string name = lower(text);
  if (name.empty()) throw InputError("heap game: empty code");
  for (const HeapAlias& alias : heap_aliases()) {
    if (name != alias.name) continue;
    if (alias.code.empty()) return HeapRules::make(std::string(alias.name), {4}, true);
    return parse_code(alias.code, std::string(alias.name));
  }
  if (is_generalized_code(name)) return rules_from_code(parse_take_break_code(name), name);
  return parse_code(name, name);
}

std::string format_code(const HeapRules& rules) {
  if (rules.general() != nullptr) return format_take_break_code(*rules.general());
  if (rules.unequal_split() && rules.digits() == std::vector<std::uint8_t>{4}) return "grundys-game";
  constexpr std::string_view kDigits = "0123456789abcdef";
  // Unequal two-heap splits: '!' after every digit that splits in two (4!.0, 0.7!).
  const auto digit_text = [&](std::uint8_t digit) {
    std::string text(1, kDigits[digit & 15]);
    if (rules.unequal_split() && (digit & 4U) != 0) text += '!';
    return text;
  };
  std::string code = digit_text(rules.digit(0));
  code += '.';
  for (std::size_t i = 1; i < rules.digits().size(); ++i) code += digit_text(rules.digits()[i]);
  if (rules.digits().size() <= 1) code += '0';
  return code;
}

unsigned max_heaps_left(const HeapRules& rules) {
  if (rules.general() != nullptr) {
    const std::optional<std::uint64_t> most = rules.general()->max_heaps();
    return most ? static_cast<unsigned>(*most) : ~0U;
  }
  unsigned heaps = 0;
  for (unsigned j = 1; j <= kMaxHeapsLeft; ++j) {
    if (any_allows(rules, j)) heaps = j;
  }
  return heaps;
}

bool same_game(const HeapRules& a, const HeapRules& b) {
  if ((a.general() == nullptr) != (b.general() == nullptr)) return false;
  if (a.general() != nullptr) return *a.general() == *b.general();
  return a.unequal_split() == b.unequal_split() && a.digits() == b.digits();  // make() trims trailing zeros
}

}  // namespace grundy::heap
