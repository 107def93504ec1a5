#include "grundy/heap/codes.hpp"

#include <gtest/gtest.h>

#include "grundy/core/errors.hpp"

namespace grundy::heap {
namespace {

using Digits = std::vector<std::uint8_t>;

TEST(HeapCodes, OctalCodes) {
  EXPECT_EQ(parse_heap_rules("0.77").digits(), (Digits{0, 7, 7}));
  EXPECT_EQ(parse_heap_rules(".07").digits(), (Digits{0, 0, 7}));
  EXPECT_EQ(parse_heap_rules("4.007").digits(), (Digits{4, 0, 0, 7}));
  EXPECT_EQ(parse_heap_rules("0.1370").digits(), (Digits{0, 1, 3, 7})) << "trailing zeros allow nothing";
  EXPECT_EQ(parse_heap_rules("0.77").name(), "0.77");
  EXPECT_EQ(parse_heap_rules("0.007").max_take(), 3U);
}

TEST(HeapCodes, HexadecimalCodes) {
  const HeapRules r = parse_heap_rules("0.3F");
  EXPECT_EQ(r.digits(), (Digits{0, 3, 15}));
  EXPECT_EQ(max_heaps_left(r), 3U);
  EXPECT_EQ(parse_heap_rules("8.0").digits(), (Digits{8}));
  EXPECT_EQ(format_code(r), "0.3f");
}

TEST(HeapCodes, Aliases) {
  EXPECT_EQ(parse_heap_rules("kayles").digits(), (Digits{0, 7, 7}));
  EXPECT_EQ(parse_heap_rules("Kayles").name(), "kayles");
  EXPECT_EQ(parse_heap_rules("dawsons-kayles").digits(), (Digits{0, 0, 7}));
  EXPECT_EQ(parse_heap_rules("treblecross").digits(), (Digits{0, 0, 0, 7}));
  EXPECT_EQ(parse_heap_rules("dawsons-chess").digits(), (Digits{0, 1, 3, 7}));
  EXPECT_EQ(parse_heap_rules("officers").digits(), (Digits{0, 6}));
  const HeapRules g = parse_heap_rules("grundys-game");
  EXPECT_EQ(g.digits(), (Digits{4}));
  EXPECT_TRUE(g.unequal_split());
  EXPECT_EQ(format_code(g), "grundys-game");
  EXPECT_TRUE(same_game(parse_heap_rules("kayles"), parse_heap_rules("0.770")));
  EXPECT_FALSE(same_game(parse_heap_rules("kayles"), parse_heap_rules("0.07")));
}

TEST(HeapCodes, BadCodesAreInputErrors) {
  for (const char* bad : {"", "77", "0.8#", "1.7", "2.07", "0.7-", "00.7", "kayle", "3.0", "0..7"}) {
    EXPECT_THROW(parse_heap_rules(bad), InputError) << bad;
  }
  // Longer codes and digits g-z are generalized codes (take_break_code_test.cpp), up to 65536 digits.
  EXPECT_NE(parse_heap_rules("0.g").general(), nullptr);
  EXPECT_NE(parse_heap_rules("0." + std::string(300, '7')).general(), nullptr);
  EXPECT_THROW(parse_heap_rules("0." + std::string(70000, '7')), InputError);
}

TEST(HeapCodes, FormatRoundTrips) {
  for (const char* code : {"0.77", "4.007", "0.6", "0.137", "4.0", "0.f1"}) {
    EXPECT_EQ(format_code(parse_heap_rules(code)), code);
  }
  // Unequal two-heap splits on the fast kernel's rules print their '!' and read back
  // as the same game (a fuzzer finding: 0.7! printed as Grundy's game).
  for (const char* code : {"4!.0", "0.7!", "0.6!", "0.4!5!", "4!.04!"}) {
    SCOPED_TRACE(code);
    const HeapRules rules = parse_heap_rules(code);
    EXPECT_EQ(rules.general(), nullptr);  // the fast kernel's rules
    EXPECT_TRUE(same_game(parse_heap_rules(format_code(rules)), rules));
  }
  EXPECT_EQ(format_code(parse_heap_rules("0.7!")), "0.7!");
  EXPECT_EQ(format_code(parse_heap_rules("4!.0")), "grundys-game");
  // A modifier on a digit that never leaves two heaps changes nothing.
  EXPECT_TRUE(same_game(parse_heap_rules("0.1!"), parse_heap_rules("0.1")));
}

}  // namespace
}  // namespace grundy::heap
