// Fuzzes pass-Nim piles ("n", "n*", "n:used"): an accepted pile is within the
// limit and its printed form parses back to the same pile.
#include "fuzz_check.hpp"
#include "grundy/games/passnim.hpp"

using namespace grundy::games;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto pile = grundy::fuzz::parsed([&] { return parse_pass_pile(grundy::fuzz::as_text(data, size), "pile 1"); });
  if (!pile) return 0;
  GRUNDY_FUZZ_CHECK(pile->size <= PassNim::kMaxPile);
  GRUNDY_FUZZ_CHECK(parse_pass_pile(format_pass_pile(*pile), "pile 1") == *pile);
  return 0;
}
