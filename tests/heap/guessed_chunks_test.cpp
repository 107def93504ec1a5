// Guessed chunks: members mark chunks up to a lead ahead of the guesses, member
// 0 guesses in order, any member proves, one member at a time confirms in order. The
// driver's order of calls on a toy method (every rule of run_guessed's
// contract checked at each call), on teams of 1 to 8, with a failed proof, a
// stop and guesses that end early; then the fast kernel's sparse-space method
// by chunks (values below 64) against one thread on games with and without
// rare heaps inside the chunks, with heap parity, and with proofs spoiled.
#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "grundy/heap/codes.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/value_stream.hpp"
#include "heap/guessed_chunks.hpp"
#include "heap/worker_team.hpp"
#include "support/kernel_teams.hpp"

namespace grundy::heap {
namespace {

using testing::team_control;
constexpr std::uint64_t kChunkTableScale = testing::kTeamTableScale;

// A method that checks the contract: what it was called for, in which order,
// and that no entry of the ring is reused before its chunk is confirmed.
class Protocol {
 public:
  Protocol(std::uint64_t lead, std::uint64_t fail_at, std::uint64_t guesses_end, std::uint64_t stop_after)
      : lead_(lead), fail_at_(fail_at), guesses_end_(guesses_end), stop_after_(stop_after) {}
  std::atomic<std::uint64_t> guessed{0};
  std::uint64_t confirmed = 0;
  std::atomic<std::uint64_t> marks{0};
  std::atomic<std::uint64_t> proofs{0};

  [[nodiscard]] std::uint64_t lead() const { return lead_; }
  void prepare(std::uint64_t capacity) {
    EXPECT_EQ(std::popcount(capacity), 1);
    EXPECT_GT(capacity, 2 * lead_);
    slots_ = std::vector<Slot>(capacity);
  }
  void mark(std::uint64_t c, std::uint64_t known, unsigned /*member*/) {
    EXPECT_LE(c, known + lead_);       // at most a lead ahead of the guesses
    EXPECT_LE(known, guessed.load());  // it reads only chunks already guessed
    EXPECT_LE(known, c);
    Slot& slot = slots_[c % slots_.size()];
    EXPECT_EQ(slot.chunk.exchange(c + 1), 0U) << "entry of " << c << " still in use";
    slot.marked.store(true);
    marks.fetch_add(1);
  }
  bool guess(std::uint64_t c) {
    EXPECT_EQ(c, guessed.load());  // in order
    EXPECT_TRUE(slots_[c % slots_.size()].marked.load());
    if (c == guesses_end_) return false;
    guessed.store(c + 1);
    return true;
  }
  void prove(std::uint64_t c, unsigned /*member*/) {
    EXPECT_LT(c, guessed.load());
    Slot& slot = slots_[c % slots_.size()];
    EXPECT_EQ(slot.chunk.load(), c + 1);
    EXPECT_FALSE(slot.proved.exchange(true)) << "chunk " << c << " proved twice";
    proofs.fetch_add(1);
  }
  bool confirm(std::uint64_t c) {
    // One member at a time (the token), whichever it is.
    const bool alone = !confirming_.exchange(true);
    EXPECT_TRUE(alone) << "chunk " << c << " confirmed beside another";
    const bool kept = confirm_alone(c);
    if (alone) confirming_.store(false);
    return kept;
  }
  bool confirm_alone(std::uint64_t c) {
    EXPECT_EQ(c, confirmed);  // in order
    Slot& slot = slots_[c % slots_.size()];
    EXPECT_TRUE(slot.proved.load());
    if (c == fail_at_) return false;
    slot.proved.store(false);
    slot.marked.store(false);
    slot.chunk.store(0);  // free again
    ++confirmed;
    return true;
  }
  [[nodiscard]] bool stopped() const { return stop_after_ != 0 && confirmed >= stop_after_; }

 private:
  struct Slot {
    std::atomic<std::uint64_t> chunk{0};
    std::atomic<bool> marked{false};
    std::atomic<bool> proved{false};
  };
  std::atomic<bool> confirming_{false};
  std::uint64_t lead_;
  std::uint64_t fail_at_;
  std::uint64_t guesses_end_;
  std::uint64_t stop_after_;
  std::vector<Slot> slots_;
};

TEST(GuessedChunks, DriverKeepsTheOrderOnAnyTeam) {
  constexpr std::uint64_t kNever = ~std::uint64_t{0};
  struct Case {
    std::uint64_t fail_at;
    std::uint64_t guesses_end;
    std::uint64_t stop_after;
    std::uint64_t confirmed;  // what the driver must return
  };
  const std::uint64_t chunks = 3000;
  const std::vector<Case> cases{{kNever, kNever, 0, chunks},  // every chunk
                                {1234, kNever, 0, 1234},      // a failed proof
                                {kNever, 777, 0, 777},        // the guesses end early
                                {kNever, kNever, 500, 500},   // a stop
                                {0, kNever, 0, 0}};           // the first proof fails
  for (unsigned members : {1U, 2U, 3U, 8U}) {
    const detail::TeamLease team = detail::lease_team(members);
    for (const std::uint64_t lead : {std::uint64_t{1}, std::uint64_t{4} * members}) {
      for (const Case& c : cases) {
        SCOPED_TRACE(::testing::Message() << members << " members, lead " << lead << ", confirmed " << c.confirmed);
        Protocol method(lead, c.fail_at, c.guesses_end, c.stop_after);
        detail::SpeculatedTimes times;
        EXPECT_EQ(detail::run_guessed(*team, method, chunks, times), c.confirmed);
        EXPECT_EQ(method.confirmed, c.confirmed);
        EXPECT_GE(method.marks.load(), c.confirmed);
        EXPECT_GE(method.proofs.load(), c.confirmed);
      }
    }
  }
}

// extend_fast on a team of `threads` with the chunks' statistics.
std::vector<std::uint16_t> on_team(const HeapRules& rules, std::uint64_t upto, unsigned threads, KernelStats& stats,
                                   bool spoil = false) {
  KernelControl control = team_control(threads, &stats);
  control.spoil_guesses = spoil;
  std::vector<std::uint16_t> g;
  EXPECT_EQ(extend_fast(rules, g, upto, control), upto + 1);
  return g;
}

std::vector<std::uint16_t> one_thread(const HeapRules& rules, std::uint64_t upto) {
  std::vector<std::uint16_t> g;
  EXPECT_EQ(extend_fast(rules, g, upto), upto + 1);
  return g;
}

TEST(GuessedChunks, SparseGamesWithSmallValuesGiveTheOneThreadTable) {
  // Values below 64 all: 0.167 (its last rare heap, 1,303, inside the first
  // chunks), 0.16, 0.106 and 0.104 (rare by heap parity too), 0.454, and
  // 0.165, whose rare heaps come up to about 30,000, many inside chunks: each
  // ends the chunks there (a failed proof) and they start again after it.
  for (const char* code : {"0.167", "0.16", "0.106", "0.104", "0.454", "0.165"}) {
    const HeapRules rules = parse_heap_rules(code);
    SCOPED_TRACE(code);
    const std::uint64_t upto = 60000 / kChunkTableScale;
    const std::vector<std::uint16_t> one = one_thread(rules, upto);
    for (unsigned threads : {2U, 3U, 8U}) {
      SCOPED_TRACE(threads);
      KernelStats stats;
      EXPECT_EQ(on_team(rules, upto, threads, stats), one);
      EXPECT_GT(stats.chunked_steps.load(), upto / 2);
      if (std::string(code) == "0.165") {
        EXPECT_GT(stats.failed_guesses.load(), 10U);
      }
    }
  }
}

TEST(GuessedChunks, SpoiledProofsStillGiveTheOneThreadTable) {
  // Every 64th heap size's proof fails as a rare heap's would: the chunks end
  // there, the heap size is computed in order, and they start again after it.
  const HeapRules rules = parse_heap_rules("0.167");
  const std::uint64_t upto = 40000 / kChunkTableScale;
  const std::vector<std::uint16_t> one = one_thread(rules, upto);
  for (unsigned threads : {2U, 3U}) {
    KernelStats stats;
    EXPECT_EQ(on_team(rules, upto, threads, stats, true), one);
    EXPECT_GT(stats.failed_guesses.load(), upto / 128);
    EXPECT_GT(stats.chunked_steps.load(), upto / 2);
  }
}

TEST(GuessedChunks, InBoundedMemoryProofsThatReadTheFileWaitForTheConfirmation) {
  // A head of 512 values (the chunks of 3 members read the first 448 whole):
  // the proofs' scans past it read the file, which the members may not; those
  // proofs are made at the confirmation.
  const HeapRules rules = parse_heap_rules("0.167");
  const std::uint64_t upto = 40000 / kChunkTableScale;
  const std::vector<std::uint16_t> one = one_thread(rules, upto);
  for (unsigned threads : {2U, 3U}) {
    SCOPED_TRACE(threads);
    SpillFile file;
    StreamedValues g(file, StreamSizes{.head = 512, .window = 2048, .cursor = 1024, .block = 4096});
    KernelStats stats;
    EXPECT_EQ(extend_fast_streamed(rules, g, upto, team_control(threads, &stats)), upto + 1);
    std::vector<std::uint16_t> values(upto + 1);
    g.read(0, upto + 1, values.data());
    EXPECT_EQ(values, one);
    EXPECT_GT(stats.chunked_steps.load(), upto / 2);
    EXPECT_GT(g.counters().far_views, 0U);  // some scans read the file
  }
}

TEST(GuessedChunks, WiderValuesLeaveTheChunksForTheBlocks) {
  // Grundy's game passes 64 early: its team guesses by blocks, never by chunks.
  const HeapRules rules = HeapRules::make("grundys-game", {4}, true);
  const std::uint64_t upto = 30000;
  const std::vector<std::uint16_t> one = one_thread(rules, upto);
  KernelStats stats;
  EXPECT_EQ(on_team(rules, upto, 2, stats), one);
  EXPECT_EQ(stats.chunked_steps.load(), 0U);
}

}  // namespace
}  // namespace grundy::heap
