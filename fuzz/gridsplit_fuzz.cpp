// Fuzzes the gridsplit grid parser: a parsed grid prints ('/' between rows) and,
// one row per line, parses back to the same candidates.
#include <algorithm>
#include <string>

#include "fuzz_check.hpp"
#include "grundy/games/gridsplit.hpp"

using grundy::games::GridSplitBoard;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto board = grundy::fuzz::parsed([&] { return GridSplitBoard::parse(grundy::fuzz::as_text(data, size)); });
  if (!board) return 0;
  std::string text = board->text();
  std::replace(text.begin(), text.end(), '/', '\n');
  const GridSplitBoard again = GridSplitBoard::parse(text);
  GRUNDY_FUZZ_CHECK(again.rows() == board->rows() && again.cols() == board->cols());
  for (std::size_t r = 0; r < board->rows(); ++r) {
    for (std::size_t c = 0; c < board->cols(); ++c) GRUNDY_FUZZ_CHECK(again.is_candidate(r, c) == board->is_candidate(r, c));
  }
  return 0;
}
