// Instance::draw: what a person sees of a position in `grundy play`, checked by
// hand for each kind of drawing (token rows, capped rows, matrices with their
// numbers, the Treblecross row, pebbles) and the default one line per component.
#include <gtest/gtest.h>

#include <string>

#include "grundy/catalogue/catalogue.hpp"

namespace grundy::catalogue {
namespace {

std::string drawn(const std::string& game, const std::vector<std::string>& position, const RuleValues& rules = {}) {
  Context context;
  context.memory = MemoryBudget(std::uint64_t{1} << 30);
  auto instance = find_game(game)->make(rules, context);
  return instance->draw(instance->parse(position));
}

TEST(Draw, PilesAreRowsOfTokens) {
  EXPECT_EQ(drawn("nim", {"3", "0"}), "pile 1 (3): ● ● ●\npile 2 (0): -\n");
  EXPECT_EQ(drawn("kayles", {"2"}), "heap 1 (2): ● ●\n");
  EXPECT_EQ(drawn("passnim", {"1*"}), "pile 1, pass used (1): ●\n");
  const std::string huge = drawn("nim", {"1000000000000"});
  EXPECT_NE(huge.find(" ... (1000000000000)\n"), std::string::npos) << huge;
  EXPECT_LT(huge.size(), 200u);
  EXPECT_EQ(drawn("wythoff", {"1,2"}), "pair 1: first pile (1): ●\n        second pile (2): ● ●\n");
}

TEST(Draw, BoardsAreNumberedMatrices) {
  EXPECT_EQ(drawn("rect", {"01/10"}), "board 1 (1: a cell still to clear):\n     1 2\n  1  . 1\n  2  1 .\n");
  EXPECT_EQ(drawn("gridsplit", {"*./.*"}), "grid 1 (* a cell that can be played):\n     1 2\n  1  * .\n  2  . *\n");
  EXPECT_EQ(drawn("treblecross", {"..X"}), "row 1:\n   . . X\n   1 2 3\n");
}

TEST(Draw, PebblesShowWhereTheyCanGo) {
  const RuleValues loopy{{"file", std::string(GRUNDY_TEST_DATA) + "/graph/loopy.txt"}};
  EXPECT_EQ(drawn("graph", {"b", "b"}, loopy),
            "pebble 1: ● on b  (it can move to: a c)\npebble 2: ● on b  (it can move to: a c)\n"
            "graph: a b●● c s t x y\n");
  const RuleValues dag{{"file", std::string(GRUNDY_TEST_DATA) + "/dag/small.txt"}};
  EXPECT_NE(drawn("dag", {"a"}, dag).find("pebble 1: ● on a  (it can move to: "), std::string::npos);
}

TEST(Draw, TheDefaultIsOneComponentPerLine) { EXPECT_EQ(drawn("divide", {"10", "3"}), "1: 10\n2: 3\n"); }

}  // namespace
}  // namespace grundy::catalogue
