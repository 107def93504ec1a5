// The text parsers that live beside their games: pass-Nim piles, subtraction
// sets, treblecross batches, and heap tables read from bytes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "grundy/core/errors.hpp"
#include "grundy/games/passnim.hpp"
#include "grundy/games/subtraction.hpp"
#include "grundy/games/treblecross.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/table_file.hpp"

namespace grundy::games {
namespace {

template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(GameParsers, PassPileForms) {
  EXPECT_EQ(parse_pass_pile("0", "pile 1"), (PassPile{0, false}));
  EXPECT_EQ(parse_pass_pile("47*", "pile 1"), (PassPile{47, true}));
  EXPECT_EQ(parse_pass_pile("9:used", "pile 1"), (PassPile{9, true}));
  EXPECT_EQ(parse_pass_pile("9223372036854775807", "pile 1"), (PassPile{PassNim::kMaxPile, false}));
  EXPECT_EQ(format_pass_pile(PassPile{47, true}), "47*");
  EXPECT_EQ(format_pass_pile(PassPile{5, false}), "5");
}

TEST(GameParsers, PassPileErrors) {
  EXPECT_EQ(error_of([] { parse_pass_pile("*", "pile 2"); }), "pile 2: '*' has no pile size before the used-pass mark");
  EXPECT_EQ(error_of([] { parse_pass_pile(":used", "pile 2"); }),
            "pile 2: ':used' has no pile size before the used-pass mark");
  EXPECT_EQ(error_of([] { parse_pass_pile("9223372036854775808", "pile 3"); }),
            "pile 3: '9223372036854775808' is over the limit 9223372036854775807");
  EXPECT_EQ(error_of([] { parse_pass_pile("-1", "pile 1"); }),
            "pile 1: '-1' is negative, expected a whole number from 0 to 9223372036854775807");
  EXPECT_EQ(error_of([] { parse_pass_pile("4**", "pile 1"); }),
            "pile 1: '4**' is not a pile: a whole number, then '*' or ':used' once its pass is used");
  EXPECT_EQ(error_of([] { parse_pass_pile("-4*", "pile 1"); }),
            "pile 1: '-4*' is not a pile: a whole number, then '*' or ':used' once its pass is used");
  EXPECT_EQ(error_of([] { parse_pass_pile("99999999999999999999:used", "pile 1"); }),
            "pile 1: '99999999999999999999:used' is over the limit 9223372036854775807");
  EXPECT_EQ(error_of([] { parse_pass_pile(std::string("4\0x", 3), "pile 1"); }), "pile 1: '4\\x00x' is not a whole number");
}

TEST(GameParsers, SubtractionSetIsSortedAndMerged) {
  EXPECT_EQ(parse_subtraction_set("7,2,5,2"), (std::vector<std::uint64_t>{2, 5, 7}));
  EXPECT_EQ(parse_subtraction_set("1000000000"), (std::vector<std::uint64_t>{1'000'000'000}));
}

TEST(GameParsers, SubtractionSetErrors) {
  EXPECT_EQ(error_of([] { parse_subtraction_set(""); }), "--set: empty list");
  EXPECT_EQ(error_of([] { parse_subtraction_set("1,,2"); }), "--set: empty, expected a whole number");
  EXPECT_EQ(error_of([] { parse_subtraction_set("3,0"); }),
            "--set: '0' is under 1, expected a whole number from 1 to 1000000000");
  EXPECT_EQ(error_of([] { parse_subtraction_set("1,-2"); }),
            "--set: '-2' is negative, expected a whole number from 1 to 1000000000");
  EXPECT_EQ(error_of([] { parse_subtraction_set("1000000001"); }), "--set: '1000000001' is over the limit 1000000000");
  EXPECT_EQ(error_of([] { parse_subtraction_set("1, 2"); }), "--set: ' 2' is not a whole number");
}

TEST(GameParsers, TreblecrossBatch) {
  EXPECT_EQ(parse_treblecross_batch(" 3 \r\n.....\nX.....X..\n.X.X...X\n\n  \n"),
            (std::vector<std::string>{".....", "X.....X..", ".X.X...X"}));
  EXPECT_EQ(parse_treblecross_batch("0"), std::vector<std::string>{});
  EXPECT_EQ(parse_treblecross_batch("1\n..X\r\n"), std::vector<std::string>{"..X"});
}

TEST(GameParsers, TreblecrossBatchErrors) {
  EXPECT_EQ(error_of([] { parse_treblecross_batch(" \n\n"); }),
            "treblecross --batch: empty input, expected a count and then one row per line");
  EXPECT_EQ(error_of([] { parse_treblecross_batch("2\n...\n"); }), "treblecross --batch: the count is 2 but only 1 rows follow");
  EXPECT_EQ(error_of([] { parse_treblecross_batch("1\n...\n...\n"); }),
            "treblecross --batch: the count is 1 but more rows follow (line 3)");
  EXPECT_EQ(error_of([] { parse_treblecross_batch("x\n"); }), "treblecross --batch: the count (line 1): 'x' is not a whole number");
  EXPECT_EQ(error_of([] { parse_treblecross_batch("2\n...\n\n"); }), "treblecross --batch: the count is 2 but only 1 rows follow");
  EXPECT_EQ(error_of([] { parse_treblecross_batch("2\n\n...\n"); }),
            "treblecross row 1 (line 2): empty, expected a row of '.' and 'X'");
  EXPECT_EQ(error_of([] { parse_treblecross_batch("1\n.XXX\n"); }),
            "treblecross row 1 (line 2): cells 2-4 already hold three consecutive marks (XXX): the game is over");
}

TEST(GameParsers, TableFromBytesMatchesTheFile) {
  const heap::HeapTable table(heap::parse_heap_rules("kayles"), std::vector<std::uint16_t>{0, 1, 2, 3, 1, 4, 3, 2, 1});
  const auto path = std::filesystem::temp_directory_path() / "grundy_game_parsers_test.table";
  heap::save_table(table, path.string());
  std::ifstream in(path, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove(path);
  const heap::HeapTable loaded = heap::load_table_from_bytes(bytes, "kayles.table");
  EXPECT_EQ(loaded.narrow_values(), table.narrow_values());
  EXPECT_TRUE(heap::same_game(loaded.rules(), table.rules()));
  bytes.pop_back();
  EXPECT_NE(error_of([&] { heap::load_table_from_bytes(bytes, "cut.table"); }).find("table file 'cut.table': size mismatch"),
            std::string::npos);
}

}  // namespace
}  // namespace grundy::games
