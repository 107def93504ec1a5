// Fuzzes generalized take-and-break codes: an accepted code prints in canonical
// form, which parses back to the same code, and its first heaps' options can be
// listed.
#include "fuzz_check.hpp"
#include "grundy/heap/take_break_code.hpp"

using namespace grundy::heap;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto code = grundy::fuzz::parsed([&] { return parse_take_break_code(grundy::fuzz::as_text(data, size)); });
  if (!code) return 0;
  GRUNDY_FUZZ_CHECK(!code->head.empty() && !code->head.front().allows(0) && !code->head.front().allows(1));
  const TakeBreakCode again = parse_take_break_code(format_take_break_code(*code));
  GRUNDY_FUZZ_CHECK(again == *code);
  std::uint64_t options = 0;
  for (std::uint64_t n = 0; n <= 8; ++n) {
    for_each_code_option(*code, n, [&](std::uint64_t take, std::span<const std::uint64_t> parts) {
      std::uint64_t sum = take;
      for (std::uint64_t p : parts) sum += p;
      GRUNDY_FUZZ_CHECK(sum == n);
      return ++options < 100000;
    });
  }
  return 0;
}
