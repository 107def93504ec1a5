// Fuzzes the treblecross row parser: an accepted row is '.'/'X' only, has no
// XXX, and is accepted again unchanged; its shape analysis must not fail.
#include "fuzz_check.hpp"
#include "grundy/games/treblecross.hpp"

using namespace grundy::games;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto row = grundy::fuzz::parsed([&] { return parse_treblecross_row(grundy::fuzz::as_text(data, size), "row"); });
  if (!row) return 0;
  GRUNDY_FUZZ_CHECK(!row->empty() && row->find_first_not_of(".X") == std::string::npos);
  GRUNDY_FUZZ_CHECK(row->find("XXX") == std::string::npos);
  GRUNDY_FUZZ_CHECK(parse_treblecross_row(*row, "row") == *row);
  const TreblecrossShape shape = treblecross_shape(*row);
  GRUNDY_FUZZ_CHECK(shape.table_upto() <= row->size() + 2);
  return 0;
}
