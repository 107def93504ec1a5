// Fuzzes whole numbers and comma-separated lists of them (the subtraction set
// syntax): an accepted number is within its limit and reads back from its
// decimal form; an accepted list reads back from its elements joined by ','.
#include <limits>
#include <string>

#include "fuzz_check.hpp"
#include "grundy/core/parse.hpp"

namespace {

std::string joined(const std::vector<std::uint64_t>& values) {
  std::string text;
  for (const std::uint64_t v : values) text += (text.empty() ? "" : ",") + std::to_string(v);
  return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = grundy::fuzz::as_text(data, size);
  for (const std::uint64_t max : {std::numeric_limits<std::uint64_t>::max(), std::uint64_t{1'000'000'000}, std::uint64_t{0}}) {
    if (const auto n = grundy::fuzz::parsed([&] { return grundy::parse_count(text, "n", max); })) {
      GRUNDY_FUZZ_CHECK(*n <= max);
      GRUNDY_FUZZ_CHECK(grundy::parse_count(std::to_string(*n), "n", max) == *n);
    }
    if (const auto list = grundy::fuzz::parsed([&] { return grundy::parse_count_list(text, "list", max); })) {
      GRUNDY_FUZZ_CHECK(!list->empty());
      for (const std::uint64_t v : *list) GRUNDY_FUZZ_CHECK(v <= max);
      GRUNDY_FUZZ_CHECK(grundy::parse_count_list(joined(*list), "list", max) == *list);
    }
  }
  return 0;
}
