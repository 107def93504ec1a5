// Fuzzes turning codes ("1-3", "2-3,6C", "3C(5)", "4FS"): an accepted code's
// normal spelling parses back to the same code, every item counts at least one
// coin, and the sets it lists for small rightmost coins are exactly the ones it allows.
#include <set>
#include <vector>

#include "fuzz_check.hpp"
#include "grundy/games/turning_code.hpp"

using grundy::games::TurningCode;
using grundy::games::TurningItem;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto code = grundy::fuzz::parsed([&] { return TurningCode::parse(grundy::fuzz::as_text(data, size)); });
  if (!code) return 0;
  for (const TurningItem& item : code->items()) {
    GRUNDY_FUZZ_CHECK(item.min_coins >= 1 && item.min_coins <= item.max_coins && item.span >= 1);
  }
  GRUNDY_FUZZ_CHECK(TurningCode::parse(code->text()) == *code);
  for (std::uint32_t top = 1; top <= 9; ++top) {
    std::set<std::vector<std::uint32_t>> listed;
    code->for_each_move(top, [&](std::span<const std::uint32_t> coins) {
      GRUNDY_FUZZ_CHECK(!coins.empty() && coins.back() == top && code->allows(coins));
      GRUNDY_FUZZ_CHECK(listed.insert({coins.begin(), coins.end()}).second);
    });
    std::size_t allowed = 0;
    for (std::uint32_t others = 0; others < (1U << (top - 1)); ++others) {
      std::vector<std::uint32_t> coins;
      for (std::uint32_t i = 0; i + 1 < top; ++i) {
        if ((others >> i) & 1) coins.push_back(i + 1);
      }
      coins.push_back(top);
      allowed += code->allows(coins) ? 1 : 0;
    }
    GRUNDY_FUZZ_CHECK(allowed == listed.size());
  }
  return 0;
}
