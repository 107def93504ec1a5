// Misère play of every catalogue game against plain search over whole positions,
// written only with the catalogue's explain/apply/terminal (independent of every
// fast path and of the misère search): the winner and the full set of winning moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "grundy/catalogue/catalogue.hpp"
#include "grundy/core/errors.hpp"
#include "support/catalogue_context.hpp"

namespace grundy::catalogue {
namespace {

using testing::small_context;

struct MisereSample {
  std::string game;
  RuleValues rules;
  std::vector<std::vector<std::string>> components;  // each sum draws its components from these
  std::size_t max_size = 3;
  std::size_t min_size = 1;  // rect takes exactly one board; grids need one (empty sums: below)
};

std::vector<MisereSample> misere_samples() {
  const std::string dag = std::string(GRUNDY_TEST_DATA) + "/dag/small.txt";
  return {
      {"nim", {}, {{"0", "1", "2", "3", "4", "5"}}},
      {"subtraction", {{"--set", "1,3,4"}}, {{"0", "2", "5", "7", "9"}}},
      {"passnim", {}, {{"0", "1", "2", "3", "1*", "2*"}}},
      {"divide", {}, {{"1", "2", "6", "12", "18"}}},
      {"octal", {{"code", "0.137"}}, {{"1", "3", "5", "7", "8"}}},
      {"octal", {{"code", "4.07"}}, {{"2", "4", "6"}}},
      {"kayles", {}, {{"1", "2", "3", "5", "7", "8"}}},
      {"dawsons-kayles", {}, {{"2", "3", "5", "8", "9"}}},
      {"dawsons-chess", {}, {{"2", "4", "7"}}},
      {"officers", {}, {{"3", "5", "8"}}},
      {"grundys-game", {}, {{"3", "5", "7", "9"}}},
      {"rect", {}, {{"0110/1011/1100", "11/11", "101", "111/101"}}, 1, 1},
      {"gridsplit", {}, {{"*.*/.*./*.*", "**/**", "*.*", "**"}}},
      {"dag", {{"file", dag}}, {{"a", "b", "c", "x"}}},
      {"graph", {{"file", dag}}, {{"a", "b", "c", "x"}}},  // acyclic here: cycles in tests/cli/misere_cli_test.cpp
      {"wythoff", {}, {{"0,1", "1,2", "2,2", "3,1", "2,4"}}},
      {"turning", {{"code", "1-3"}}, {{"H", "HH", "THT", "HTH", "TTHH"}}},
      {"fibonacci-nim", {}, {{"3", "5", "4,1", "6,2", "2,5"}}},
      {"take-away", {{"--ratio", "3"}}, {{"3", "4", "5,1", "6,2"}}},
      {"mem", {}, {{"3", "4", "5,2", "6,1"}}},
      {"splittles", {{"--set", "1,2,5"}}, {{"1", "2", "3", "5", "7"}}},
  };
}

// Plain misère search over whole positions (component texts, sorted as the memo key).
class BruteForce {
 public:
  explicit BruteForce(Instance& instance) : instance_(instance) {}

  bool mover_wins(const Position& position) {
    std::vector<std::string> key = position.components;
    std::sort(key.begin(), key.end());
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool wins = instance_.terminal(position);  // no move: the player to move wins
    for (std::size_t i = 0; i < position.components.size() && !wins; ++i) {
      const std::size_t count = instance_.explain(position, i, 0).options_count;
      for (std::size_t j = 0; j < count && !wins; ++j) wins = !mover_wins(instance_.apply(position, i, j));
    }
    memo_[key] = wins;
    return wins;
  }

  // Every winning move as (component, move text).
  std::set<std::pair<std::size_t, std::string>> winning_moves(const Position& position) {
    std::set<std::pair<std::size_t, std::string>> moves;
    for (std::size_t i = 0; i < position.components.size(); ++i) {
      const ComponentExplanation e = instance_.explain(position, i, 1'000'000);
      for (std::size_t j = 0; j < e.options.size(); ++j) {
        if (!mover_wins(instance_.apply(position, i, j))) moves.insert({i, e.options[j].move.text});
      }
    }
    return moves;
  }

 private:
  Instance& instance_;
  std::map<std::vector<std::string>, bool> memo_;
};

TEST(CatalogueMisere, RandomSmallSumsOfEveryGameAgreeWithBruteForce) {
  std::mt19937 random(20261123);
  std::set<std::string> covered;
  for (const MisereSample& sample : misere_samples()) {
    const Entry* entry = find_game(sample.game);
    ASSERT_NE(entry, nullptr) << sample.game;
    covered.insert(entry->info().name);
    auto instance = entry->make(sample.rules, small_context());
    BruteForce brute(*instance);
    const auto& pool = sample.components[0];
    for (int trial = 0; trial < 25; ++trial) {
      Position position;
      const std::size_t size = std::uniform_int_distribution<std::size_t>(sample.min_size, sample.max_size)(random);
      for (std::size_t k = 0; k < size; ++k) {
        position.components.push_back(pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(random)]);
      }
      const Position parsed = instance->parse(position.components);
      const Report report = instance->analyse_misere(parsed, 1'000'000);
      const std::string what = sample.game + " " + ::testing::PrintToString(parsed.components);
      EXPECT_EQ(report.play, Play::misere);
      EXPECT_EQ(report.outcome == Outcome::first, brute.mover_wins(parsed)) << what;
      std::set<std::pair<std::size_t, std::string>> reported;
      for (const MoveInfo& m : report.winning_moves) reported.insert({m.component, m.text});
      EXPECT_EQ(reported, brute.winning_moves(parsed)) << what;
      EXPECT_EQ(report.winning_moves_count, report.winning_moves.size()) << what;
      // explain --misere: an option is a winning move exactly when it leaves a loss.
      for (std::size_t i = 0; i < parsed.components.size(); ++i) {
        const ComponentExplanation e = instance->explain_misere(parsed, i, 1'000'000);
        for (std::size_t j = 0; j < e.options.size(); ++j) {
          ASSERT_TRUE(e.options[j].misere_outcome.has_value());
          EXPECT_EQ(*e.options[j].misere_outcome == Outcome::first, brute.mover_wins(instance->apply(parsed, i, j)))
              << what;
        }
      }
    }
  }
  // Every game but treblecross (which refuses misère play) is covered.
  for (const Entry* entry : games()) {
    const std::string& name = entry->info().name;
    if (name == "treblecross") continue;
    EXPECT_TRUE(covered.count(name)) << name;
  }
}

TEST(CatalogueMisere, TreblecrossRefusesWithOneLine) {
  auto instance = find_game("treblecross")->make({}, small_context());
  const Position position = instance->parse({"....."});
  try {
    (void)instance->analyse_misere(position, 10);
    FAIL() << "treblecross accepted misère play";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("treblecross: misère play is not defined"), std::string::npos) << e.what();
  }
}

TEST(CatalogueMisere, EmptyPositionIsAWinForThePlayerToMove) {
  auto instance = find_game("kayles")->make({}, small_context());
  const Report report = instance->analyse_misere(Position{}, 10);
  EXPECT_EQ(report.outcome, Outcome::first);
  EXPECT_TRUE(report.terminal);
  EXPECT_EQ(report.winning_moves_count, 0u);
}

TEST(CatalogueMisere, GenusOfSmallComponents) {
  auto instance = find_game("kayles")->make({}, small_context());
  const Report report = instance->analyse_misere(instance->parse({"0", "1", "5"}), 10);
  ASSERT_EQ(report.genus.size(), 3u);
  EXPECT_EQ(report.genus[0], "0^120");
  EXPECT_EQ(report.genus[1], "1^031");
  EXPECT_EQ(report.genus[2], "4^146");
  EXPECT_EQ(report.values[2].nimber, 4u);
}

// Which exact method answered: a game's own rule, its quotient, the genera of a
// tame sum, else the search (a sum with a wild component falls back to it).
TEST(CatalogueMisere, ReportsTheMethodThatAnswered) {
  const auto method = [](const std::string& game, const RuleValues& rules, const std::vector<std::string>& sum) {
    auto instance = find_game(game)->make(rules, small_context());
    return instance->analyse_misere(instance->parse(sum), 10).method;
  };
  EXPECT_EQ(method("nim", {}, {"1", "2", "3"}), "misere-nim");
  EXPECT_EQ(method("kayles", {}, {"3", "4", "5"}), "quotient");
  EXPECT_EQ(method("subtraction", {{"--set", "1,2,3"}}, {"20", "25", "30"}), "tame");
  EXPECT_EQ(method("rect", {}, {"111/101"}), "search");  // a board with a follower that is not tame
}

// The tame path's answer (outcome and every winning move) equals the brute force's.
TEST(CatalogueMisere, TameAnswerAgreesWithBruteForce) {
  auto instance = find_game("subtraction")->make({{"--set", "1,2,3"}}, small_context());
  BruteForce brute(*instance);
  std::mt19937 rng(3);
  for (int t = 0; t < 40; ++t) {
    std::vector<std::string> sum;
    for (std::size_t k = 0; k < 1 + rng() % 3; ++k) sum.push_back(std::to_string(rng() % 13));
    const Position parsed = instance->parse(sum);
    const Report report = instance->analyse_misere(parsed, 1000);
    EXPECT_EQ(report.method, "tame");
    EXPECT_EQ(report.outcome == Outcome::first, brute.mover_wins(parsed)) << ::testing::PrintToString(sum);
    std::set<std::pair<std::size_t, std::string>> reported;
    for (const MoveInfo& m : report.winning_moves) reported.insert({m.component, m.text});
    EXPECT_EQ(reported, brute.winning_moves(parsed)) << ::testing::PrintToString(sum);
  }
}

}  // namespace
}  // namespace grundy::catalogue
