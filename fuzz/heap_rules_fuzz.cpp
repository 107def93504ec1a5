// Fuzzes octal/hexadecimal heap codes and their aliases: accepted rules print
// as a code that parses back to the same game.
#include "fuzz_check.hpp"
#include "grundy/heap/codes.hpp"

using namespace grundy::heap;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto rules = grundy::fuzz::parsed([&] { return parse_heap_rules(grundy::fuzz::as_text(data, size)); });
  if (!rules) return 0;
  GRUNDY_FUZZ_CHECK(!rules->digits().empty() && (rules->digit(0) & 3) == 0);
  for (const std::uint8_t digit : rules->digits()) GRUNDY_FUZZ_CHECK(digit <= 15);
  const HeapRules again = parse_heap_rules(format_code(*rules));
  GRUNDY_FUZZ_CHECK(same_game(again, *rules));
  return 0;
}
