// The generalized Sprague-Grundy value type and the value of a sum of such values
// (Smith 1966): finite parts add by nim-sum; one infinite part shifts its K.
#include <algorithm>

#include "grundy/games/loopy.hpp"

namespace grundy::games {

std::string_view outcome_name(LoopyOutcome outcome) {
  switch (outcome) {
    case LoopyOutcome::kWin:
      return "first";
    case LoopyOutcome::kLoss:
      return "second";
    case LoopyOutcome::kDraw:
      break;
  }
  return "draw";
}

LoopyValue LoopyValue::finite(Nimber nimber) {
  LoopyValue value;
  value.nimber_ = nimber;
  return value;
}

LoopyValue LoopyValue::infinity(std::vector<Nimber> k) {
  std::sort(k.begin(), k.end());
  k.erase(std::unique(k.begin(), k.end()), k.end());
  LoopyValue value;
  value.infinite_ = true;
  value.k_ = std::move(k);
  return value;
}

bool LoopyValue::infinity_contains(Nimber x) const { return std::binary_search(k_.begin(), k_.end(), x); }

LoopyOutcome LoopyValue::outcome() const {
  if (is_finite()) return nimber_ == 0 ? LoopyOutcome::kLoss : LoopyOutcome::kWin;
  return infinity_contains(0) ? LoopyOutcome::kWin : LoopyOutcome::kDraw;
}

std::string LoopyValue::to_string() const {
  if (is_finite()) return std::to_string(nimber_);
  std::string text = "inf(";
  for (std::size_t i = 0; i < k_.size(); ++i) text += (i == 0 ? "" : ",") + std::to_string(k_[i]);
  return text + ")";
}

LoopyValue loopy_sum(std::span<const LoopyValue> components) {
  Nimber finite_sum = 0;
  const LoopyValue* infinite = nullptr;
  for (const LoopyValue& c : components) {
    if (c.is_finite()) {
      finite_sum ^= c.nimber();
    } else if (infinite == nullptr) {
      infinite = &c;
    } else {
      return LoopyValue::infinity({});  // two infinite parts: no finite follower
    }
  }
  if (infinite == nullptr) return LoopyValue::finite(finite_sum);
  std::vector<Nimber> shifted = infinite->infinity_set();
  for (Nimber& k : shifted) k ^= finite_sum;
  return LoopyValue::infinity(std::move(shifted));
}

}  // namespace grundy::games
