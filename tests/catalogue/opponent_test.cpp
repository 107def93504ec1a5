// The perfect opponent and typed moves, through the catalogue boundary: every
// listed option's text (long, short and C:N) reads back as that option; in won
// positions of random small games the engine's move leaves a lost position; in a
// graph with cycles it keeps a draw; bad input is one InputError.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "grundy/catalogue/catalogue.hpp"
#include "grundy/catalogue/opponent.hpp"
#include "grundy/core/errors.hpp"
#include "support/catalogue_context.hpp"

namespace grundy::catalogue {
namespace {

using testing::small_context;

struct OpponentSample {
  std::string game;
  RuleValues rules;
  std::vector<std::string> position;
};

std::vector<OpponentSample> opponent_samples() {
  const std::string data = GRUNDY_TEST_DATA;
  return {
      {"nim", {}, {"3", "4", "5", "3"}},
      {"subtraction", {{"--set", "1,3,4"}}, {"10", "7"}},
      {"passnim", {}, {"5", "3*", "2"}},
      {"divide", {}, {"10", "13"}},
      {"octal", {{"code", "0.137"}}, {"12", "7"}},
      {"kayles", {}, {"5", "9"}},
      {"dawsons-kayles", {}, {"8", "3"}},
      {"dawsons-chess", {}, {"9"}},
      {"officers", {}, {"10"}},
      {"grundys-game", {}, {"9", "7"}},
      {"treblecross", {}, {"......X...."}},
      {"rect", {}, {"0110/1011/1100"}},
      {"gridsplit", {}, {"**/**", "*.*"}},
      {"dag", {{"file", data + "/dag/small.txt"}}, {"a", "b", "x"}},
      {"graph", {{"file", data + "/graph/loopy.txt"}}, {"a", "s", "b"}},
      {"wythoff", {}, {"3,5", "2,2"}},
      {"turning", {{"code", "1-3"}}, {"HTTHH"}},
      {"turning", {{"code", "2"}, {"--times", "1-2"}}, {"HTH/THH"}},
      {"wythoff", {{"--r", "2"}}, {"4,7", "2,3"}},
      {"fibonacci-nim", {}, {"12", "7,2"}},
      {"take-away", {{"--ratio", "3/2"}}, {"11", "6,3"}},
      {"mem", {}, {"9", "7,2"}},
      {"splittles", {{"--set", "1,2,5"}}, {"7", "4"}},
  };
}

std::unique_ptr<Instance> make(const std::string& game, const RuleValues& rules = {}) {
  return find_game(game)->make(rules, small_context());
}

// Typed moves may pick an equal component or an option leaving the same: compare what they leave.
Position after(Instance& instance, const Position& position, const TypedMove& move) {
  return instance.apply(position, move.component, move.option);
}

TEST(FindMove, EveryGameHasASample) {
  std::set<std::string> covered;
  for (const OpponentSample& s : opponent_samples()) covered.insert(s.game);
  for (const Entry* entry : games()) EXPECT_TRUE(covered.count(entry->info().name)) << entry->info().name;
}

TEST(FindMove, EveryListedOptionReadsBackInEveryForm) {
  for (const OpponentSample& s : opponent_samples()) {
    auto instance = make(s.game, s.rules);
    const Position position = instance->normalise(instance->parse(s.position));
    for (std::size_t c = 0; c < position.components.size(); ++c) {
      const ComponentExplanation listed = instance->explain(position, c, 60);
      for (std::size_t j = 0; j < listed.options.size(); ++j) {
        const OptionInfo& option = listed.options[j];
        const Position expected = instance->apply(position, c, j);
        const std::string number = std::to_string(c + 1) + ":" + std::to_string(j + 1);
        const TypedMove exact = find_move(*instance, position, number);
        EXPECT_EQ(exact.component, c) << s.game << " " << number;
        EXPECT_EQ(exact.option, j) << s.game << " " << number;
        const std::string text = option.move.text;
        try {  // unprefixed, the text may fit another component too: then it is ambiguous or an equal one
          const TypedMove typed = find_move(*instance, position, text);
          EXPECT_EQ(position.components[typed.component], position.components[c]) << s.game << " " << text;
        } catch (const InputError& e) {
          EXPECT_NE(std::string(e.what()).find("could be played"), std::string::npos) << s.game << " " << e.what();
        }
        const std::string prefixed = std::to_string(c + 1) + ": " + text;
        EXPECT_EQ(after(*instance, position, find_move(*instance, position, prefixed)), expected)
            << s.game << " " << prefixed;
        const std::string short_text = std::to_string(c + 1) + ": " + short_move(position, c, option);
        EXPECT_EQ(after(*instance, position, find_move(*instance, position, short_text)), expected)
            << s.game << " " << short_text;
      }
    }
  }
}

TEST(FindMove, ShortFormsAndErrors) {
  auto nim = make("nim");
  const Position position{{"9", "4", "9"}};
  const TypedMove split = find_move(*nim, position, "9 -> 6");
  EXPECT_EQ(split.component, 0u);
  EXPECT_EQ(nim->apply(position, split.component, split.option), (Position{{"6", "4", "9"}}));
  EXPECT_EQ(find_move(*nim, position, "3: 9 -> 6").component, 2u);
  for (const char* none : {"4 -> 0", "4 -> nothing", "4 ->", "4 -> -"}) {
    const TypedMove all = find_move(*nim, position, none);
    EXPECT_EQ(nim->apply(position, all.component, all.option), (Position{{"9", "9"}})) << none;
  }
  EXPECT_EQ(find_move(*nim, position, "  TAKE 2 from the pile of 4,   leaving 2 ").component, 1u);
  for (const char* bad : {"", "hello", "9 -> 10", "5 -> 1", "2: 9 -> 1", "4:1", "1:10", "1:0", "0: 9 -> 1"}) {
    EXPECT_THROW((void)find_move(*nim, position, bad), InputError) << bad;
  }
  auto kayles = make("kayles");
  const Position heaps{{"5"}};
  const TypedMove two = find_move(*kayles, heaps, "5 -> 1 2");
  EXPECT_EQ(kayles->apply(heaps, two.component, two.option), (Position{{"1", "2"}}));
  const TypedMove swapped = find_move(*kayles, heaps, "5 -> 2 + 1");
  EXPECT_EQ(kayles->apply(heaps, swapped.component, swapped.option), (Position{{"1", "2"}}));
}

// The fewest winning moves any option leaves the opponent, by listing every option.
std::size_t fewest_replies(Instance& instance, const Position& position) {
  std::size_t fewest = static_cast<std::size_t>(-1);
  for (std::size_t c = 0; c < position.components.size(); ++c) {
    const ComponentExplanation listed = instance.explain(position, c, 1000);
    for (std::size_t j = 0; j < listed.options.size(); ++j) {
      fewest = std::min(fewest, instance.analyse(instance.apply(position, c, j), 0).winning_moves_count);
    }
  }
  return fewest;
}

// Plays random positions of small games: every won position's engine move leaves a loss,
// every lost one's the fewest winning replies.
TEST(ChooseMove, WonPositionsAreKeptLostOnesResisted) {
  std::mt19937 random(7);
  const auto heaps = [&](std::size_t count, unsigned most) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < count; ++i) out.push_back(std::to_string(random() % (most + 1)));
    return out;
  };
  const auto row = [&](std::size_t length) {
    std::string cells(length, '.');
    for (char& cell : cells) cell = random() % 5 == 0 ? 'X' : '.';
    return cells;
  };
  const auto board = [&] {
    std::string text;
    for (int r = 0; r < 3; ++r)
      text += (r ? "/" : "") + std::string({"01"[random() % 2], "01"[random() % 2], "01"[random() % 2]});
    return text;
  };
  for (int round = 0; round < 30; ++round) {
    std::vector<OpponentSample> games = {
        {"nim", {}, heaps(3, 9)},
        {"kayles", {}, heaps(2, 12)},
        {"subtraction", {{"--set", "1,2,5"}}, heaps(2, 15)},
        {"grundys-game", {}, heaps(2, 12)},
        {"rect", {}, {board()}},
        {"wythoff", {}, {std::to_string(random() % 6) + "," + std::to_string(random() % 6)}},
    };
    const std::string cells = row(4 + random() % 8);
    if (cells.find("XXX") == std::string::npos) games.push_back({"treblecross", {}, {cells}});
    for (const OpponentSample& s : games) {
      auto instance = make(s.game, s.rules);
      Position position = instance->normalise(instance->parse(s.position));
      while (!instance->terminal(position)) {
        const Report report = instance->analyse(position, 0);
        const EngineMove move = choose_move(*instance, position);
        ASSERT_NE(move.option, kOptionNotListed);
        ASSERT_EQ(move.after, instance->apply(position, move.component, move.option)) << s.game;
        if (report.outcome == Outcome::first) {
          EXPECT_EQ(instance->analyse(move.after, 0).outcome, Outcome::second) << s.game << " " << move.why;
        } else {
          EXPECT_EQ(instance->analyse(move.after, 0).winning_moves_count, fewest_replies(*instance, position))
              << s.game;
        }
        position = move.after;
      }
    }
  }
}

TEST(ChooseMove, LostPositionLeavesTheFewestWinningReplies) {
  auto nim = make("nim");
  // 3 3: taking all of a 3 leaves 3 (one winning reply); any other move leaves 3 k (one reply too);
  // ties go to the position with the most options: taking 1 leaves 2 + 3 = 5 options.
  const EngineMove move = choose_move(*nim, Position{{"3", "3"}});
  EXPECT_EQ(move.after, (Position{{"2", "3"}}));
  EXPECT_THROW((void)choose_move(*nim, Position{{"0"}}), InputError);
}

TEST(ChooseMove, GraphWinsSoonestAndKeepsDraws) {
  auto graph = make("graph", {{"file", std::string(GRUNDY_TEST_DATA) + "/graph/loopy.txt"}});
  // a pebble on b wins at once by moving to c (no move there).
  EXPECT_EQ(choose_move(*graph, Position{{"b"}}).after, (Position{{"c"}}));
  // x and y only lead to each other: a draw, kept.
  const Report drawn = graph->analyse(Position{{"x"}}, 10);
  ASSERT_EQ(drawn.outcome, Outcome::draw);
  const EngineMove keep = choose_move(*graph, Position{{"x"}});
  EXPECT_EQ(keep.after, (Position{{"y"}}));
}

// Misère Nim by Bouton's rule, independent of the library: with a pile above 1 the
// player to move wins when the xor is not 0; with piles of 0 and 1 only, when it is 0.
bool misere_nim_win(const Position& position) {
  unsigned sum = 0;
  bool big = false;
  for (const std::string& pile : position.components) {
    sum ^= static_cast<unsigned>(std::stoul(pile));
    big = big || std::stoul(pile) > 1;
  }
  return big ? sum != 0 : sum == 0;
}

// Misère play through whole games of random small positions: from a misère win the
// engine leaves a misère loss (Bouton's rule for Nim, analyse_misere for the others);
// from a misère loss, the fewest misère winning replies.
TEST(ChooseMove, MisereWinsAreKeptLostOnesResisted) {
  std::mt19937 random(11);
  const auto heaps = [&](std::size_t count, unsigned most) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < count; ++i) out.push_back(std::to_string(random() % (most + 1)));
    return out;
  };
  for (int round = 0; round < 25; ++round) {
    const std::vector<OpponentSample> games = {
        {"nim", {}, heaps(1 + random() % 4, 5)},
        {"kayles", {}, heaps(2, 10)},
        {"subtraction", {{"--set", "1,2,5"}}, heaps(2, 12)},
        {"dawsons-kayles", {}, heaps(2, 10)},
    };
    for (const OpponentSample& s : games) {
      auto instance = make(s.game, s.rules);
      Position position = instance->normalise(instance->parse(s.position));
      while (!instance->terminal(position)) {
        const Report report = instance->analyse_misere(position, 0);
        if (s.game == "nim") {
          ASSERT_EQ(report.outcome == Outcome::first, misere_nim_win(position));
        }
        const EngineMove move = choose_move(*instance, position, Play::misere);
        ASSERT_EQ(move.after, instance->apply(position, move.component, move.option)) << s.game;
        const Report left = instance->analyse_misere(move.after, 0);
        if (report.outcome == Outcome::first) {
          EXPECT_EQ(left.outcome, Outcome::second) << s.game;
          if (s.game == "nim") {
            EXPECT_FALSE(misere_nim_win(move.after));
          }
        } else {
          std::size_t fewest = static_cast<std::size_t>(-1);
          for (std::size_t c = 0; c < position.components.size(); ++c) {
            const ComponentExplanation e = instance->explain(position, c, kOpponentOptionLimit);
            for (std::size_t j = 0; j < e.options.size(); ++j) {
              const Position after = instance->apply(position, c, j);
              fewest = std::min(fewest, instance->analyse_misere(after, 0).winning_moves_count);
            }
          }
          EXPECT_EQ(left.winning_moves_count, fewest) << s.game;
        }
        position = move.after;
      }
    }
  }
}

TEST(ChooseMove, MisereFromOnesAndRefusals) {
  auto nim = make("nim");
  // 1 1 under misère: the player to move takes a 1, leaving the last 1 to the opponent.
  EXPECT_EQ(choose_move(*nim, Position{{"1", "1"}}, Play::misere).after, (Position{{"1"}}));
  // 3 under misère: leave 1, not 0 (normal play takes all).
  EXPECT_EQ(choose_move(*nim, Position{{"3"}}, Play::misere).after, (Position{{"1"}}));
  EXPECT_EQ(choose_move(*nim, Position{{"3"}}).after, Position{});
  auto treblecross = make("treblecross");
  EXPECT_THROW((void)choose_move(*treblecross, Position{{"....."}}, Play::misere), InputError);
}

TEST(ChooseMove, HugePileIsAnsweredWithoutListingIt) {
  auto nim = make("nim");
  const Position position{{"1000000000000", "999999999999"}};  // the winning option is number 10^12 - 1
  const EngineMove move = choose_move(*nim, position);
  EXPECT_EQ(move.after, (Position{{"999999999999", "999999999999"}}));
  EXPECT_EQ(move.option, kOptionNotListed);
  EXPECT_EQ(move.option_info.value.nimber, 999999999999u);
  EXPECT_THROW((void)find_move(*nim, position, "1:999999999"), InputError);  // not listed: never enumerated
  const TypedMove near = find_move(*nim, position, "1000000000000 -> 7");
  EXPECT_EQ(nim->apply(position, near.component, near.option), (Position{{"7", "999999999999"}}));
}

}  // namespace
}  // namespace grundy::catalogue
