// A group of processes never changes a value: K threads, each standing for one
// process with its own table and its own kernel, share the sparse-space blocks
// through an in-process group (the MPI one does the same with MPI_Allreduce;
// tests/mpi/run.sh checks grundy-mpi itself). The tables equal the kernel's
// alone, and a stop asked by one process ends every process at the same heap
// size, from which all continue to the same table. In bounded memory only
// member 0 holds the spilled values, and sends the others what they need.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/process_group.hpp"
#include "grundy/heap/value_stream.hpp"
#include "support/sanitizers.hpp"
#include "support/thread_group.hpp"

namespace grundy::heap {
namespace {

constexpr std::uint64_t kGroupScale = grundy::testing::sized(1, 4);  // sanitizers: same paths, smaller tables

using grundy::testing::OrMeeting;
using grundy::testing::ThreadMember;

std::vector<std::uint16_t> alone(const HeapRules& rules, std::uint64_t upto) {
  std::vector<std::uint16_t> g;
  EXPECT_EQ(extend_fast(rules, g, upto, KernelControl{}), upto + 1);
  return g;
}

// Every member extends its own table towards upto; stops[i] is member i's stop flag.
// `base` gives each member's threads and test switches.
std::vector<std::vector<std::uint16_t>> in_group(const HeapRules& rules, std::uint64_t upto, unsigned size,
                                                 std::vector<std::vector<std::uint16_t>> tables,
                                                 const std::vector<std::atomic<bool>>& stops, OrMeeting& meeting,
                                                 const KernelControl& base = {}) {
  std::vector<std::thread> members;
  for (unsigned rank = 0; rank < size; ++rank) {
    members.emplace_back([&, rank] {
      ThreadMember member(meeting, rank, size);
      KernelControl control = base;
      control.stop = &stops[rank];
      control.group = &member;
      extend_fast(rules, tables[rank], upto, control);
    });
  }
  for (std::thread& member : members) member.join();
  EXPECT_FALSE(meeting.mismatched()) << "members combined different block sizes";
  return tables;
}

// Every member computes the table from nothing, each block shared or (adaptive)
// as the members' timings choose; the kernels' counters go to `stats`.
std::vector<std::vector<std::uint16_t>> fresh_in_group(const HeapRules& rules, std::uint64_t upto, unsigned size,
                                                       bool adaptive, OrMeeting& meeting, KernelStats& stats) {
  const std::vector<std::atomic<bool>> stops(size);
  KernelControl base;
  base.adaptive = adaptive;
  base.trial_length = 2048;  // trials from 16,384 on (by default 2^13 heap sizes, from 65,536)
  base.stats = &stats;
  return in_group(rules, upto, size, std::vector<std::vector<std::uint16_t>>(size), stops, meeting, base);
}

TEST(ProcessGroup, MembersComputeTheTableOfOneProcess) {
  const std::vector<std::pair<HeapRules, std::uint64_t>> cases{
      {HeapRules::make("grundys-game", {4}, true), 70'000 / kGroupScale},
      {parse_heap_rules("0.167"), 200'000 / kGroupScale},
      {parse_heap_rules("0.354"), 60'000 / kGroupScale},
      {parse_heap_rules("0.007"), 80'000 / kGroupScale},  // no sparse space: the dense method's blocks, from 2^14
  };
  for (const auto& [rules, upto] : cases) {
    const std::vector<std::uint16_t> expected = alone(rules, upto);
    // Always shared, and (adaptive, the default) shared or each alone by the
    // members' timings, which must agree whatever each measured.
    for (const bool adaptive : {false, true}) {
      for (unsigned size : {2U, 3U}) {
        OrMeeting meeting(size);
        KernelStats stats;
        const auto tables = fresh_in_group(rules, upto, size, adaptive, meeting, stats);
        const std::string label = rules.name() + ", " + std::to_string(size) + (adaptive ? ", adaptive" : ", shared");
        for (unsigned rank = 0; rank < size; ++rank) EXPECT_EQ(tables[rank], expected) << label << ", member " << rank;
        EXPECT_GT(meeting.calls(), 0U) << label << ": the members never met";
        // Shared blocks: guesses proven across members (sparse space), or blocks overlapped (dense).
        if (!adaptive) {
          EXPECT_GT(stats.guessed_steps.load() + stats.overlapped_nanoseconds.load(), 0U) << label;
          // Sparse space: blocks guessed a round ahead by one member, and far
          // shares marked two rounds ahead.
          if (stats.guessed_steps.load() > 0) {
            EXPECT_GT(stats.shares_marked_ahead.load(), 0U) << label;
            EXPECT_GT(stats.guessed_ahead.load(), 0U) << label;
          }
        }
      }
    }
  }
}

// A gather hands every member's part, of its own length, to all: what a
// group's rounds exchange (each member's stretches of the masks).
TEST(ProcessGroup, GatherHandsEveryPartToAll) {
  constexpr unsigned kSize = 3;
  const std::vector<std::size_t> counts{2, 0, 5};
  const std::size_t firsts[kSize] = {0, 2, 2};  // where each part begins
  OrMeeting meeting(kSize);
  std::vector<std::vector<std::uint64_t>> words(kSize, std::vector<std::uint64_t>(7, 99));
  std::vector<std::thread> members;
  for (unsigned rank = 0; rank < kSize; ++rank) {
    members.emplace_back([&, rank] {
      ThreadMember member(meeting, rank, kSize);
      for (std::size_t i = 0; i < counts[rank]; ++i) words[rank][firsts[rank] + i] = 10 * (rank + 1) + i;
      member.start_gather(words[rank].data(), counts.data());
      member.finish_combine();
    });
  }
  for (std::thread& member : members) member.join();
  const std::vector<std::uint64_t> expected{10, 11, 30, 31, 32, 33, 34};
  for (unsigned rank = 0; rank < kSize; ++rank) EXPECT_EQ(words[rank], expected) << "member " << rank;
}

// One member guesses each next block a round ahead, from its far share and
// the pairs with a rare heap below the near bound that it compares itself: its
// guesses are those the whole masks give, so they fail where a team's guesses
// (made from the whole masks) fail, at the blocks with a rare heap, and no
// more often. (A team of three: two members finish in order where rare heaps
// are close.)
TEST(ProcessGroup, GuessesAheadFailWhereATeamsFail) {
  const HeapRules rules = HeapRules::make("grundys-game", {4}, true);
  const std::uint64_t upto = 70'000 / kGroupScale;
  KernelControl team;
  team.threads = 3;
  team.adaptive = false;
  team.longest_block = 256;  // a group's blocks
  KernelStats team_stats;
  team.stats = &team_stats;
  std::vector<std::uint16_t> g;
  extend_fast(rules, g, upto, team);
  for (unsigned size : {2U, 3U}) {
    OrMeeting meeting(size);
    KernelStats stats;
    const auto tables = fresh_in_group(rules, upto, size, false, meeting, stats);
    EXPECT_EQ(tables[0], g);
    EXPECT_GT(stats.guessed_ahead.load(), 0U);
    // The same blocks here (Grundy's game to 70,000: 70 failed of 225 blocks
    // guessed ahead, on a team and on every member alike); a little room for
    // blocks cut elsewhere.
    const std::uint64_t failed = stats.failed_guesses.load() / size;
    EXPECT_LE(failed, team_stats.failed_guesses.load() * 5 / 4 + 4) << size << " members";
  }
}

// Past values of 64 a heap size's pairs inside its block are tried by the scan
// with its candidates (those with a rare heap marked where one reaches m), not
// marked one by one, where blocks are speculated: on Grundy's game to 40,000,
// where rare heaps come close together and both happen, the tables equal
// those marking every pair, on teams of 2 and 3 and in groups of 2 and 3.
TEST(ProcessGroup, ScannedOwnPairsKeepTheValues) {
  const HeapRules rules = HeapRules::make("grundys-game", {4}, true);
  // The whole table under the sanitizers too: values pass 64 near 5,000, and
  // two members speculate only once rare heaps are no longer close (past about
  // 20,000 here).
  const std::uint64_t upto = 40'000;
  KernelControl marked;
  marked.scan_own_pairs = false;
  marked.adaptive = false;
  std::vector<std::uint16_t> reference;
  extend_fast(rules, reference, upto, marked);
  EXPECT_EQ(reference, alone(rules, upto));
  for (unsigned threads : {2U, 3U}) {
    const auto team = [&](bool scan, KernelStats& stats) {
      KernelControl control;
      control.threads = threads;
      control.adaptive = false;
      control.scan_own_pairs = scan;
      control.stats = &stats;
      std::vector<std::uint16_t> g;
      extend_fast(rules, g, upto, control);
      return g;
    };
    KernelStats scanned;
    KernelStats marked_team;
    EXPECT_EQ(team(true, scanned), reference) << threads << " threads";
    EXPECT_EQ(team(false, marked_team), reference) << threads << " threads";
    EXPECT_GT(scanned.own_pairs_scanned.load(), 0U) << threads << " threads";
    EXPECT_EQ(marked_team.own_pairs_scanned.load(), 0U);
    // And the failed guesses are the marking's: a proof that missed a reached
    // candidate would fail its guess.
    EXPECT_EQ(scanned.failed_guesses.load(), marked_team.failed_guesses.load()) << threads << " threads";
  }
  for (unsigned size : {2U, 3U}) {
    OrMeeting meeting(size);
    KernelStats stats;
    const auto tables = fresh_in_group(rules, upto, size, false, meeting, stats);
    for (const auto& table : tables) EXPECT_EQ(table, reference) << size << " members";
    EXPECT_GT(stats.own_pairs_scanned.load(), 0U);
  }
}

// A block's shares go by stretches of heap sizes, whole tiles of 16 each;
// 0.167's blocks of 32 heap sizes have two, so five members share them three and
// two to a stretch, splitting its partners among them.
TEST(ProcessGroup, MoreMembersThanTilesSplitEachStretchsPartners) {
  const HeapRules rules = parse_heap_rules("0.167");
  const std::uint64_t upto = 100'000 / kGroupScale;
  const std::vector<std::uint16_t> expected = alone(rules, upto);
  const unsigned size = 5;
  OrMeeting meeting(size);
  KernelStats stats;
  const auto tables = fresh_in_group(rules, upto, size, false, meeting, stats);
  for (unsigned rank = 0; rank < size; ++rank) EXPECT_EQ(tables[rank], expected) << "member " << rank;
  EXPECT_GT(stats.guessed_steps.load(), 0U) << "the blocks were never shared";
}

// The guessing member's part of the far shares starts at nothing or at a
// fraction of an even part (as from about five processes on, where its chain of
// guesses outweighs the proofs it can give away) and follows the members'
// times from there: the others' parts then end inside a tile, two members mark
// that tile's partners between them, and the values stay those of one process.
TEST(ProcessGroup, AGuesserWithLessOfTheFarSharesKeepsTheValues) {
  const HeapRules rules = HeapRules::make("grundys-game", {4}, true);
  const std::uint64_t upto = 70'000 / kGroupScale;
  const std::vector<std::uint16_t> expected = alone(rules, upto);
  for (const auto& [size, start, threads] : {std::tuple{3U, 0U, 1U}, std::tuple{5U, 7U, 1U}, std::tuple{4U, 0U, 2U}}) {
    OrMeeting meeting(size);
    KernelStats stats;
    const std::vector<std::atomic<bool>> stops(size);
    KernelControl base;
    base.adaptive = false;
    base.threads = threads;
    base.stats = &stats;
    base.guesser_far_start = start;
    const auto tables =
        in_group(rules, upto, size, std::vector<std::vector<std::uint16_t>>(size), stops, meeting, base);
    const std::string label = std::to_string(size) + " members from " + std::to_string(start) + "/32, " +
                              std::to_string(threads) + " thread(s) each";
    for (unsigned rank = 0; rank < size; ++rank) EXPECT_EQ(tables[rank], expected) << label << ", member " << rank;
    EXPECT_GT(stats.shares_marked_ahead.load(), 0U) << label << ": no far share was marked ahead";
  }
}

// The members prove the guessed values of each block by parts: a guess dropped
// in the middle of every block (as if a rare heap were there) makes each redo
// the rest in order, drop the next block's guesses (made from the dropped one,
// a round ahead) and shares, and start again; members with two threads each
// split their parts once more. The values stay those of one process.
TEST(ProcessGroup, FailedGuessesAndThreadsInsideMembersKeepTheValues) {
  const HeapRules rules = HeapRules::make("grundys-game", {4}, true);
  // The full size under the sanitizers too: the sparse-space method (the shared path) starts
  // only past a few thousand heap sizes.
  const std::uint64_t upto = 50'000;
  const std::vector<std::uint16_t> expected = alone(rules, upto);
  for (const bool spoil : {true, false}) {
    KernelControl base;
    base.spoil_guesses = spoil;
    base.threads = spoil ? 1 : 2;
    base.adaptive = false;
    KernelStats stats;  // both members add to it
    base.stats = &stats;
    OrMeeting meeting(2);
    const std::vector<std::atomic<bool>> stops(2);
    const auto tables = in_group(rules, upto, 2, std::vector<std::vector<std::uint16_t>>(2), stops, meeting, base);
    for (unsigned rank = 0; rank < 2; ++rank) {
      EXPECT_EQ(tables[rank], expected) << "member " << rank << (spoil ? ", guesses dropped" : ", two threads");
    }
    EXPECT_GT(meeting.calls(), 0U);
    EXPECT_GT(stats.guessed_steps.load(), upto / 4);
    if (spoil) {
      EXPECT_GT(stats.failed_guesses.load(), 100U);
    }
    // Each failed guess starts the pipeline again, and its first block's next is guessed ahead.
    EXPECT_GT(stats.guessed_ahead.load(), 0U);
  }
}

TEST(ProcessGroup, OneMembersStopEndsAllAtTheSameHeapSize) {
  // The sparse space's blocks (Grundy's game) and the dense method's (0.007).
  const std::vector<std::pair<HeapRules, std::uint64_t>> cases{
      {HeapRules::make("grundys-game", {4}, true), 70'000 / kGroupScale},
      {parse_heap_rules("0.007"), 80'000 / kGroupScale},
  };
  for (const auto& [rules, upto] : cases) {
    const std::vector<std::uint16_t> expected = alone(rules, upto);
    constexpr unsigned kSize = 3;
    OrMeeting meeting(kSize);
    std::vector<std::atomic<bool>> stops(kSize);
    stops[1].store(true);  // member 1 is asked to stop from the start
    auto tables = in_group(rules, upto, kSize, std::vector<std::vector<std::uint16_t>>(kSize), stops, meeting);
    const std::size_t reached = tables[0].size();
    EXPECT_GT(reached, 1U) << rules.name();
    EXPECT_LT(reached, upto + 1) << rules.name();
    for (unsigned rank = 0; rank < kSize; ++rank) {
      ASSERT_EQ(tables[rank].size(), reached) << rules.name() << ", member " << rank;
      EXPECT_TRUE(std::equal(tables[rank].begin(), tables[rank].end(), expected.begin()))
          << rules.name() << ", member " << rank;
    }
    stops[1].store(false);
    tables = in_group(rules, upto, kSize, tables, stops, meeting);
    for (unsigned rank = 0; rank < kSize; ++rank) EXPECT_EQ(tables[rank], expected) << rules.name() << ", member " << rank;
  }
}

// Streamed tables in a group: member 0 alone spills to a file; the others keep
// the head, the window and the cursors, and receive from member 0 what lies
// beyond them. Tiny sizes put most reads beyond memory: the scans that need
// such values are made by member 0 alone (of guesses, and of heap sizes
// finished in order), so are the partners whose runs lie there, the other
// parts in order read alike through member 0, and the values stay those of
// one process (rare heaps inside blocks still fail guesses). With threads
// inside the members, their proofs read the head and the window alone.
TEST(ProcessGroup, StreamedMembersShareTheFirstOnesFile) {
  const HeapRules rules = HeapRules::make("grundys-game", {4}, true);
  const std::uint64_t upto = 30'000;  // the shared blocks start past a few thousand heap sizes
  const std::vector<std::uint16_t> expected = alone(rules, upto);
  struct Layout {
    StreamSizes sizes;
    unsigned size;
    unsigned threads;
  };
  const std::vector<Layout> layouts{
      {{.head = 16, .window = 1024, .cursor = 512, .block = 256}, 2, 1},      // nearly everything beyond memory
      {{.head = 4096, .window = 4096, .cursor = 1024, .block = 4096}, 3, 1},  // the scans mostly in memory
      {{.head = 16, .window = 1024, .cursor = 512, .block = 256}, 2, 2},      // and a team inside each member
      {{.head = 4096, .window = 4096, .cursor = 1024, .block = 4096}, 2, 3},
  };
  for (const auto& [sizes, size, threads] : layouts) {
    {
      OrMeeting meeting(size);
      std::vector<std::uint64_t> reached(size, 0);
      std::vector<std::vector<std::uint16_t>> tails(size);
      std::vector<std::uint16_t> whole;
      std::uint64_t sent = 0;
      KernelStats stats;  // every member adds to it
      std::vector<std::thread> members;
      for (unsigned rank = 0; rank < size; ++rank) {
        // sizes and size captured by name: clang 14 (the sanitizer build) cannot capture a structured binding.
        members.emplace_back([&, &sizes = sizes, size = size, threads = threads, rank] {
          ThreadMember member(meeting, rank, size);
          SpillFile file("", rank == 0);
          StreamedValues g(file, sizes);
          KernelControl control;
          control.group = &member;
          control.stats = &stats;
          control.threads = threads;
          // One thread a member: shared or each alone by the members' timings
          // (alone, every member reads beyond memory through member 0; trials
          // from 16,384 on, the first one alone); a team inside: always shared.
          control.adaptive = threads == 1;
          control.trial_length = 2048;
          reached[rank] = extend_fast_streamed(rules, g, upto, control);
          if (rank == 0) sent = member.sent();
          // Every member holds the window; member 0 alone the rest.
          tails[rank].resize(1000);
          g.read(g.size() - 1000, 1000, tails[rank].data());
          if (rank == 0) {
            whole.resize(g.size());
            g.read(0, g.size(), whole.data());
          } else {
            std::vector<std::uint16_t> first(1);
            EXPECT_THROW(g.read(g.size() / 2 - 1024, 1, first.data()), Error) << "member " << rank << " holds no file";
          }
        });
      }
      for (std::thread& member : members) member.join();
      EXPECT_EQ(whole, expected) << size << " members of " << threads << " threads, head " << sizes.head;
      for (unsigned rank = 0; rank < size; ++rank) {
        EXPECT_EQ(reached[rank], upto + 1) << "member " << rank;
        EXPECT_TRUE(std::equal(tails[rank].begin(), tails[rank].end(), expected.end() - 1000)) << "member " << rank;
      }
      EXPECT_GT(meeting.calls(), 0U);
      EXPECT_FALSE(meeting.mismatched());
      EXPECT_GT(stats.guessed_steps.load(), 0U) << "head " << sizes.head;
      EXPECT_GT(stats.failed_guesses.load(), 0U) << "head " << sizes.head;
      if (threads == 1) {
        EXPECT_GT(stats.alone_nanoseconds.load(), 0U) << size << " members never went alone";
      } else if (sizes.head >= 4096) {
        // Always shared: the runs of partners beyond memory are member 0's to mark, and the scans in order
        // beyond memory its to make: what it sends is a small part of the table (every run and scan sent: 9.4
        // million values). (The head holds the dense method's prefix of pairs, n / 6, until the sparse method
        // takes over.) Alone, every member reads what member 0 reads, so member 0 sends it all.
        EXPECT_LT(sent, upto) << size << " members";
      }
    }
  }
}

}  // namespace
}  // namespace grundy::heap
