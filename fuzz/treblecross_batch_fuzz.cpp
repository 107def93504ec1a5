// Fuzzes the treblecross contest format (a count, then that many rows): the
// rows of an accepted batch, written back in that format, parse to themselves.
#include <string>

#include "fuzz_check.hpp"
#include "grundy/games/treblecross.hpp"

using namespace grundy::games;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto rows = grundy::fuzz::parsed([&] { return parse_treblecross_batch(grundy::fuzz::as_text(data, size)); });
  if (!rows) return 0;
  std::string text = std::to_string(rows->size()) + "\n";
  for (const std::string& row : *rows) text += row + "\n";
  GRUNDY_FUZZ_CHECK(parse_treblecross_batch(text) == *rows);
  return 0;
}
