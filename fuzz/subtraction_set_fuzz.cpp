// Fuzzes subtraction sets ("1,2,3"): an accepted set is sorted, distinct, each
// element 1 .. 10^9, and its elements joined by ',' parse back to it.
#include <string>

#include "fuzz_check.hpp"
#include "grundy/games/subtraction.hpp"

using namespace grundy::games;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto set = grundy::fuzz::parsed([&] { return parse_subtraction_set(grundy::fuzz::as_text(data, size)); });
  if (!set) return 0;
  GRUNDY_FUZZ_CHECK(!set->empty() && set->front() >= 1 && set->back() <= Subtraction::kMaxElement);
  std::string text;
  for (std::size_t i = 0; i < set->size(); ++i) {
    if (i > 0) GRUNDY_FUZZ_CHECK((*set)[i - 1] < (*set)[i]);
    text += (i > 0 ? "," : "") + std::to_string((*set)[i]);
  }
  GRUNDY_FUZZ_CHECK(parse_subtraction_set(text) == *set);
  return 0;
}
