// Fuzzes memory sizes ("512M", "1.5G", "100000"): an accepted size is at least
// one byte, and its byte count written out (exact in a double: up to 2^53) is
// accepted as the same budget.
#include <string>

#include "fuzz_check.hpp"
#include "grundy/core/memory_budget.hpp"

using grundy::MemoryBudget;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto budget = grundy::fuzz::parsed([&] { return MemoryBudget::parse(grundy::fuzz::as_text(data, size)); });
  if (!budget) return 0;
  GRUNDY_FUZZ_CHECK(budget->bytes() >= 1);
  GRUNDY_FUZZ_CHECK(!grundy::format_bytes(budget->bytes()).empty());
  if (budget->bytes() <= (std::uint64_t{1} << 53)) {
    GRUNDY_FUZZ_CHECK(MemoryBudget::parse(std::to_string(budget->bytes())).bytes() == budget->bytes());
  }
  return 0;
}
