// Fuzzes the rect board parsers ('/'-separated and one row per line): a parsed
// board formats and parses back to itself in both forms.
#include <algorithm>
#include <string>

#include "fuzz_check.hpp"
#include "grundy/games/rect.hpp"

using namespace grundy::games;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = grundy::fuzz::as_text(data, size);
  for (const bool lines : {false, true}) {
    const auto board = grundy::fuzz::parsed([&] { return lines ? parse_rect_lines(text) : parse_rect_board(text); });
    if (!board) continue;
    GRUNDY_FUZZ_CHECK(board->rows >= 1 && board->rows <= 8 && board->cols >= 1 && board->cols <= 8);
    std::string formatted = format_rect_board(*board);
    GRUNDY_FUZZ_CHECK(parse_rect_board(formatted) == *board);
    std::replace(formatted.begin(), formatted.end(), '/', '\n');
    GRUNDY_FUZZ_CHECK(parse_rect_lines(formatted) == *board);
  }
  return 0;
}
