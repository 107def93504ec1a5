#include "grundy/heap/rules.hpp"

#include "common/text.hpp"

#include "grundy/core/errors.hpp"
#include "grundy/heap/moves.hpp"
#include "grundy/heap/take_break_code.hpp"

namespace grundy::heap {

HeapRules HeapRules::make(std::string name, std::vector<std::uint8_t> digits, bool unequal_split) {
  if (name.empty()) throw InputError("heap game: the rules need a name");
  const auto bad = [&](const auto&... why) { return InputError(grundy::detail::message("heap game '", name, "': ", why...)); };
  while (digits.size() > 1 && digits.back() == 0) digits.pop_back();
  if (digits.empty()) throw bad("no code digits");
  if (digits.size() > kMaxDigits) throw bad("at most ", kMaxDigits - 1, " digits after the point");
  for (std::size_t k = 0; k < digits.size(); ++k) {
    if (digits[k] > 15) throw bad("digit ", k, " is ", unsigned{digits[k]}, ", over 15");
  }
  if ((digits[0] & 3) != 0) throw bad("the digit before the point may only split (bits 4 and 8)");
  if (digits.size() == 1 && digits[0] == 0) throw bad("the rules allow no move");
  HeapRules rules;
  rules.name_ = std::move(name);
  rules.digits_ = std::move(digits);
  rules.unequal_split_ = unequal_split;
  if (unequal_split && !any_allows(rules, 2)) throw bad("unequal splits need a two-heap split digit");
  return rules;
}

HeapRules HeapRules::make_general(std::string name, TakeBreakCode code) {
  if (name.empty()) throw InputError("heap game: the rules need a name");
  HeapRules rules;
  rules.name_ = std::move(name);
  rules.digits_ = {0};
  rules.general_ = std::make_shared<const TakeBreakCode>(std::move(code));
  return rules;
}

}  // namespace grundy::heap
