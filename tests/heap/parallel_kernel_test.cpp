// Thread counts never change a value: extend_fast and extend_plain on 1, 2 and
// 3 threads (always used: KernelControl::adaptive off) give the same tables,
// on games with and without sparse space and with and without a period, called
// in one piece, chunk by chunk, and continued from a loaded prefix.
#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "grundy/heap/codes.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/moves.hpp"
#include "support/kernel_teams.hpp"

namespace grundy::heap {
namespace {

constexpr std::uint64_t kTeamScale = testing::kTeamTableScale;

std::vector<std::uint16_t> fast(const HeapRules& rules, std::uint64_t upto, unsigned threads,
                                KernelStats* stats = nullptr) {
  return testing::fast_on_team(rules, upto, threads, stats);
}

std::vector<std::uint16_t> plain(const HeapRules& rules, std::uint64_t upto, unsigned threads) {
  return testing::plain_on_team(rules, upto, threads);
}

// Grundy's game (sparse space, no period theorem), 0.167 (sparse space, values
// below 64), Kayles (sparse space until its period shows), 0.007 and 0.16
// (dense, periodic), and a few random octal codes.
std::vector<HeapRules> games() {
  std::vector<HeapRules> all{HeapRules::make("grundys-game", {4}, true), parse_heap_rules("0.167"),
                             parse_heap_rules("0.77"), parse_heap_rules("0.007"), parse_heap_rules("0.16")};
  std::mt19937 random(20261123);
  for (int i = 0; i < 3; ++i) {
    std::vector<std::uint8_t> digits{0};
    for (int d = 0; d < 3; ++d) digits.push_back(static_cast<std::uint8_t>(random() % 8));
    digits.push_back(static_cast<std::uint8_t>(2 + 4 * (random() % 2)));  // a split move
    all.push_back(HeapRules::make("random", digits));
  }
  return all;
}

TEST(ParallelKernel, FastValuesDoNotDependOnThreads) {
  for (const HeapRules& rules : games()) {
    SCOPED_TRACE(rules.name());
    // Grundy's game keeps its full size: the sparse-space method starts only past a few thousand heaps.
    const std::uint64_t upto = rules.name() == "grundys-game" ? 30000 : 30000 / kTeamScale;
    KernelStats stats;
    const auto one = fast(rules, upto, 1, &stats);
    EXPECT_EQ(fast(rules, upto, 2), one);
    EXPECT_EQ(fast(rules, upto, 3), one);
    if (rules.name() == "grundys-game") {
      EXPECT_GT(stats.sparse_steps.load(), 0U);  // the sparse-space method ran
    }
  }
}

TEST(ParallelKernel, FastChunkedAndResumedOnThreadsMatchOneCall) {
  for (const char* code : {"grundys-game", "0.167", "0.77"}) {
    SCOPED_TRACE(code);
    const HeapRules rules = std::string(code) == "grundys-game" ? HeapRules::make(code, {4}, true)
                                                                 : parse_heap_rules(code);
    // Grundy's game keeps its full size: the sparse-space method starts only past a few thousand heaps.
    const std::uint64_t upto = rules.name() == "grundys-game" ? 30000 : 30000 / kTeamScale;
    const auto whole = fast(rules, upto, 1);
    for (unsigned threads : {2U, 3U}) {
      testing::expect_chunked_and_resumed_equal(rules, whole, threads, 3000);
    }
  }
}

// On a team the sparse-space method guesses each heap size of a block common,
// proves the guesses in parallel and confirms them in order. Grundy's game has
// rare heaps inside blocks up to n = 82860 (guesses fail there, and the block
// goes on in order); 0.167 and 0.6 have sparse spaces too. Oversubscribed
// teams (8 threads here) interleave the members every way.
TEST(ParallelKernel, SpeculativeFinishGivesTheOneThreadTable) {
  struct Case {
    HeapRules rules;
    std::uint64_t upto;
  };
  const std::vector<Case> cases{{HeapRules::make("grundys-game", {4}, true), 120000},
                                {parse_heap_rules("0.167"), 100000 / kTeamScale},
                                {parse_heap_rules("0.6"), 100000 / kTeamScale}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.rules.name());
    const auto one = fast(c.rules, c.upto, 1);
    // (Under the sanitizers two members and an oversubscribed eight.)
    for (unsigned threads : testing::kSanitized ? std::vector<unsigned>{2, 8} : std::vector<unsigned>{2, 3, 8}) {
      SCOPED_TRACE(threads);
      KernelStats stats;
      EXPECT_EQ(fast(c.rules, c.upto, threads, &stats), one);
      // The speculation ran (how many heap sizes it took depends on where the sparse space starts,
      // which the smaller tables of a sanitizer build reach late); 0.6's values pass 255 early, and
      // two members finish in order where the masks take eight words.
      if (threads >= 3 || c.rules.name() != "0.6") {
        EXPECT_GT(stats.guessed_steps.load(), 0U);
      }
      if (c.rules.name() == "grundys-game") {
        EXPECT_GT(stats.failed_guesses.load(), 0U);
        // Member 0 confirmed guesses while the block was still being proved, and
        // stopped at each failed one (the values above are the one thread's).
        EXPECT_GT(stats.confirmed_in_round.load(), 0U);
        EXPECT_LE(stats.confirmed_in_round.load(), stats.guessed_steps.load());
      }
    }
    // The in-order finish on a team (the bounded-memory tables') gives it too.
    KernelStats stats;
    KernelControl control = testing::team_control(2, &stats);
    control.speculative_from = 0;
    std::vector<std::uint16_t> g;
    EXPECT_EQ(extend_fast(c.rules, g, c.upto, control), c.upto + 1);
    EXPECT_EQ(g, one);
    EXPECT_EQ(stats.guessed_steps.load(), 0U);
  }
}

// Two members finish in order where rare heaps came lately once every few
// blocks (most blocks' guesses would fail at one): Grundy's game from 2^13,
// rare heaps a few hundred heap sizes apart up to 82,860. Past its last rare
// heap they speculate again; three members always do.
TEST(ParallelKernel, TwoMembersFinishInOrderWhereRareHeapsAreClose) {
  const HeapRules rules = HeapRules::make("grundys-game", {4}, true);
  struct Case {
    std::uint64_t from;
    unsigned threads;
    bool speculates;
  };
  for (const Case c : {Case{8192, 2, false}, Case{8192, 3, true}, Case{131072, 2, true}}) {
    SCOPED_TRACE(::testing::Message() << "from " << c.from << " on " << c.threads);
    const std::uint64_t upto = c.from + 16384;
    const auto one = fast(rules, upto, 1);
    std::vector<std::uint16_t> g(one.begin(), one.begin() + static_cast<std::ptrdiff_t>(c.from));
    KernelStats stats;
    EXPECT_EQ(extend_fast(rules, g, upto, testing::team_control(c.threads, &stats)), upto + 1);
    EXPECT_EQ(g, one);
    if (c.speculates) {
      EXPECT_GT(stats.guessed_steps.load(), 0U);
    } else {
      EXPECT_EQ(stats.guessed_steps.load(), 0U);
    }
  }
}

TEST(ParallelKernel, DroppedGuessesStillGiveTheOneThreadTable) {
  // spoil_guesses drops the guesses from the middle of every block, as a rare heap would.
  for (const HeapRules& rules : {HeapRules::make("grundys-game", {4}, true), parse_heap_rules("0.167")}) {
    SCOPED_TRACE(rules.name());
    const std::uint64_t upto = 60000 / kTeamScale;
    const auto one = fast(rules, upto, 1);
    // Two members speculate on 0.167 (its last rare heap is 1303); on Grundy's game below 60,000 they finish
    // in order where its rare heaps are close, which the smaller tables of a sanitizer build never leave.
    const std::vector<unsigned> teams =
        rules.name() == "0.167" ? std::vector<unsigned>{2, 3} : std::vector<unsigned>{3};
    for (unsigned threads : teams) {
      KernelStats stats;
      KernelControl control = testing::team_control(threads, &stats);
      control.spoil_guesses = true;
      std::vector<std::uint16_t> g;
      EXPECT_EQ(extend_fast(rules, g, upto, control), upto + 1);
      EXPECT_EQ(g, one);
      EXPECT_GT(stats.failed_guesses.load(), upto / 1024);  // at least one per block of at most 256
    }
  }
}

TEST(ParallelKernel, TrialsCutAtTheirDeadlineStillGiveTheOneThreadTable) {
  // With a deadline near 0 every timed trial after the first of a round ends
  // after its first block (as on a busy machine, where the team's blocks wait
  // for a descheduled member); the modes still alternate and agree.
  for (const HeapRules& rules : {HeapRules::make("grundys-game", {4}, true), parse_heap_rules("0.167")}) {
    SCOPED_TRACE(rules.name());
    const std::uint64_t upto = 200000 / kTeamScale;
    const auto one = fast(rules, upto, 1);
    for (unsigned threads : {2U, 3U}) {
      KernelStats stats;
      KernelControl control{
          .threads = threads, .adaptive = true, .trial_overrun = 1e-9, .trial_length = 4096, .stats = &stats};
      std::vector<std::uint16_t> g;
      EXPECT_EQ(extend_fast(rules, g, upto, control), upto + 1);
      EXPECT_EQ(g, one);
      EXPECT_GT(stats.overrun_trials.load(), 0U);
    }
  }
}

// The serial time's parts (KernelStats): alone, the stretches on one worker of
// several (the heap sizes before a team's method applies are always such a
// stretch); waiting, the serial time inside shared stretches. With the
// overlapped time they never exceed the call's wall time; one thread has no parts.
TEST(ParallelKernel, SerialPartsFitInTheWallTime) {
  const HeapRules rules = HeapRules::make("grundys-game", {4}, true);
  for (const bool plain_method : {false, true}) {
    SCOPED_TRACE(plain_method ? "plain" : "fast");
    const std::uint64_t upto = plain_method ? 2000 : 30000;
    for (unsigned threads : {1U, 2U, 3U}) {
      SCOPED_TRACE(threads);
      KernelStats stats;
      std::vector<std::uint16_t> g;
      const auto start = std::chrono::steady_clock::now();
      const KernelControl control = testing::team_control(threads, &stats);
      EXPECT_EQ(plain_method ? extend_plain(rules, g, upto, control) : extend_fast(rules, g, upto, control), upto + 1);
      const auto wall = static_cast<std::uint64_t>(
          std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
      const std::uint64_t alone = stats.alone_nanoseconds.load();
      const std::uint64_t waiting = stats.waiting_nanoseconds.load();
      if (threads == 1) {
        EXPECT_EQ(alone, 0U);
        EXPECT_EQ(waiting, 0U);
        EXPECT_EQ(stats.overlapped_nanoseconds.load(), 0U);
      } else {
        EXPECT_GT(alone, 0U);  // the heap sizes below the team's first block
        EXPECT_LE(alone + waiting + stats.overlapped_nanoseconds.load(), wall);
      }
    }
  }
}

TEST(ParallelKernel, PlainValuesDoNotDependOnThreads) {
  // Octal codes, Grundy's game, and hexadecimal codes with three-heap moves
  // (which the fast kernel hands to the plain method too).
  std::vector<HeapRules> all = games();
  all.push_back(parse_heap_rules("0.f"));
  all.push_back(parse_heap_rules("0.b7"));
  all.push_back(parse_heap_rules("4.8c"));
  for (const HeapRules& rules : all) {
    SCOPED_TRACE(rules.name());
    const bool three = any_allows(rules, 3);
    const std::uint64_t upto = (three ? 600 : 6000) / kTeamScale;
    const auto one = plain(rules, upto, 1);
    EXPECT_EQ(plain(rules, upto, 2), one);
    EXPECT_EQ(plain(rules, upto, 3), one);
    std::vector<std::uint16_t> chunked;
    while (chunked.size() <= upto) {
      const std::uint64_t next = std::min<std::uint64_t>(upto, chunked.size() + 777);
      EXPECT_EQ(extend_plain(rules, chunked, next, testing::team_control(2)), next + 1);
    }
    EXPECT_EQ(chunked, one);
  }
}

}  // namespace
}  // namespace grundy::heap
