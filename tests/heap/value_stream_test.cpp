// A table computed in bounded memory (heap/stream_table.hpp) must equal the
// in-memory table on every value it wrote and every statistic, and prove the
// same period: on games with and without a sparse space and a period, with tiny
// memory sizes so that spills, distant-partner cursors and reads back from the
// file happen at small n; and when resumed from a checkpoint.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/stream_table.hpp"
#include "grundy/heap/table.hpp"
#include "grundy/heap/table_file.hpp"
#include "grundy/heap/table_stats.hpp"
#include "support/sanitizers.hpp"

namespace grundy::heap {
namespace {

constexpr std::uint64_t kStreamScale = grundy::testing::sized(1, 4);  // sanitizers: same paths, smaller tables

// The smallest sizes: every part of the store is exercised from the first thousands of heaps.
constexpr StreamSizes kTiny{.head = 64, .window = 64, .cursor = 32, .block = 64};

std::string stream_temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("grundy_stream_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

std::optional<RareSplit> split_of(const KernelStats& stats) {
  if (stats.rare_mask.load() == 0) return std::nullopt;
  return RareSplit{.mask = static_cast<std::uint32_t>(stats.rare_mask.load()), .heap_parity = stats.heap_parity.load()};
}

void expect_same_stats(const TableStats& a, const TableStats& b) {
  EXPECT_EQ(a.count, b.count);
  EXPECT_EQ(a.largest, b.largest);
  EXPECT_EQ(a.largest_at, b.largest_at);
  EXPECT_EQ(a.frequencies, b.frequencies);
  ASSERT_EQ(a.rare.has_value(), b.rare.has_value());
  if (a.rare) {
    EXPECT_EQ(a.rare->mask, b.rare->mask);
    EXPECT_EQ(a.rare->heap_parity, b.rare->heap_parity);
    EXPECT_EQ(a.rare->rare_parity, b.rare->rare_parity);
  }
  EXPECT_EQ(a.rare_count, b.rare_count);
  EXPECT_EQ(a.last_rare, b.last_rare);
}

struct Full {
  explicit Full(const HeapRules& rules) : table(rules) {}
  HeapTable table;
  KernelStats kernel;
};

// The in-memory reference: extend_table with the fast kernel, one thread.
std::unique_ptr<Full> full_table(const HeapRules& rules, std::uint64_t upto) {
  auto full = std::make_unique<Full>(rules);
  ExtendOptions options;
  options.kernel_stats = &full->kernel;
  extend_table(full->table, upto, options);
  return full;
}

// Streams g(0..upto), writes it to a file and checks it against the full table.
StreamedTable check_streamed(const HeapRules& rules, std::uint64_t upto, const StreamSizes& sizes,
                             const std::string& resume = "") {
  const auto full = full_table(rules, upto);
  const std::string out = stream_temp_path("out.ght");
  KernelStats kernel;
  ExtendOptions options;
  options.kernel_stats = &kernel;
  StreamOptions stream{.sizes = sizes, .resume = resume, .output = out};
  StreamedTable streamed = stream_table(rules, upto, options, stream);
  EXPECT_EQ(streamed.size, upto + 1);
  const HeapTable written = load_table(out);
  std::filesystem::remove(out);
  EXPECT_EQ(written.size(), full->table.size());
  std::uint64_t differ = 0;
  for (std::uint64_t n = 0; n < std::min(written.size(), full->table.size()); ++n) {
    if (written.at(n) != full->table.at(n) && differ++ < 3) ADD_FAILURE() << rules.name() << ": g(" << n << ") differs";
  }
  EXPECT_EQ(differ, 0U);
  EXPECT_EQ(streamed.period, full->table.period()) << rules.name();
  // The kernel's split (when it used one) and the one chosen from the frequencies.
  expect_same_stats(streamed.stats.finish(split_of(kernel)), compute_stats(full->table, split_of(full->kernel)));
  expect_same_stats(streamed.stats.finish(), compute_stats(full->table));
  return streamed;
}

// A group's pipeline holds guesses across a slide of the window: they stay in
// memory, the file gets only confirmed values, and a failed guess is dropped.
TEST(ValueStream, GuessesStayInMemoryWhenTheWindowSlides) {
  SpillFile file;
  StreamedValues g(file, StreamSizes{.head = 16, .window = 64, .cursor = 32, .block = 64});
  for (std::uint16_t i = 0; i < 300; ++i) g.push_back(static_cast<std::uint16_t>(i % 7));
  const std::vector<std::uint16_t> guesses(100, 9);
  g.push_guesses(guesses.data(), guesses.size());
  g.make_room(kTiny.block);  // slides: the window is full
  EXPECT_EQ(file.size(), 300U) << "only the confirmed values are spilled";
  EXPECT_GE(g.window_base(), 300U - 64U);
  g.confirm(300, 5);  // the first guess failed: its value is 5,
  g.truncate(301);    // the rest are dropped
  for (std::uint16_t i = 0; i < 200; ++i) g.push_back(3);
  g.make_room(kTiny.block);
  EXPECT_EQ(file.size(), 501U);
  std::vector<std::uint16_t> back(501);
  g.read(0, back.size(), back.data());
  EXPECT_EQ(back[299], 299 % 7);
  EXPECT_EQ(back[300], 5);
  EXPECT_EQ(back[301], 3);
  EXPECT_EQ(g[300], 5);
}

TEST(ValueStream, SparseGamesEqualTheFullTableWithTinyMemory) {
  // 0.167 (sparse space, rare heaps early), Grundy's game (sparse, no periodicity theorem).
  const StreamedTable a = check_streamed(parse_heap_rules("0.167"), 40000 / kStreamScale, kTiny);
  EXPECT_GT(a.counters.spilled, 0U);
  EXPECT_GT(a.counters.cursor_refills, 0U);
  EXPECT_GT(a.counters.far_views, 0U);
  // Grundy's game keeps its full size: its rare heaps need a cursor only past a few thousand heaps.
  const StreamedTable b = check_streamed(HeapRules::make("grundys-game", {4}, true), 40000, kTiny);
  EXPECT_GT(b.counters.cursors, 1U);
}

TEST(ValueStream, PeriodicAndDenseGamesEqualTheFullTable) {
  // Kayles (period 12), Dawson's chess (period 34), 0.16 (period 149459 from 105351) and 0.007 (dense).
  check_streamed(parse_heap_rules("0.77"), 3000, kTiny);
  check_streamed(parse_heap_rules("0.137"), 3000, kTiny);
  check_streamed(parse_heap_rules("0.007"), 6000 / kStreamScale, kTiny);
  if (kStreamScale == 1) {
    const StreamedTable p = check_streamed(parse_heap_rules("0.16"), 520000, StreamSizes{.head = 4096, .window = 8192});
    ASSERT_TRUE(p.period.has_value());
    EXPECT_EQ(p.period->period, 149459U);
    EXPECT_EQ(p.period->preperiod, 105351U);
  }
}

TEST(ValueStream, RandomOctalCodesEqualTheFullTable) {
  std::mt19937 random(20261123);
  for (int round = 0; round < 8; ++round) {
    std::vector<std::uint8_t> digits{0};
    const int length = 1 + static_cast<int>(random() % 4);
    for (int i = 0; i < length; ++i) digits.push_back(static_cast<std::uint8_t>(random() % 8));
    digits.back() = static_cast<std::uint8_t>(digits.back() | 4);  // a split, so the game streams
    const HeapRules rules = HeapRules::make("random", digits);
    check_streamed(rules, 5000 / kStreamScale, kTiny);
  }
}

// The block method over the streamed store, on one thread and on a team that is
// always used (no timing), with runs of partners from the window, the head and
// cursors (tiny sizes) or mostly from the window (a moderate one). A team
// speculates: its members prove the guesses from the head and the window alone,
// and member 0 makes the proofs that need the file (most of them with the tiny
// sizes); some runs drop guesses on purpose (the failure path).
TEST(ValueStream, BlocksOnEveryThreadCountEqualTheFullTable) {
  const StreamSizes moderate{.head = 4096, .window = 4096, .cursor = 1024, .block = 4096};
  for (const char* code : {"0.167", "grundy"}) {
    const HeapRules rules =
        std::string(code) == "grundy" ? HeapRules::make("grundys-game", {4}, true) : parse_heap_rules(code);
    // Grundy's game keeps its full size: its rare heaps need a cursor only past a few thousand heaps.
    const std::uint64_t upto = std::string(code) == "grundy" ? 20000 : 20000 / kStreamScale;
    const auto full = full_table(rules, upto);
    struct Run {
      StreamSizes sizes;
      unsigned threads;
      bool spoil;
    };
    const Run runs[] = {{kTiny, 1, false},    {kTiny, 2, false},    {kTiny, 3, true},
                        {moderate, 1, false}, {moderate, 2, false}, {moderate, 3, true}};
    for (const auto& [sizes, threads, spoil] : runs) {
      SpillFile file;
      StreamedValues g(file, sizes);
      KernelStats stats;
      const KernelControl control{.threads = threads, .adaptive = false, .stats = &stats, .spoil_guesses = spoil};
      ASSERT_EQ(extend_fast_streamed(rules, g, upto, control), upto + 1) << code;
      // (Two members finish Grundy's game to 20,000 in order: its rare heaps are close there.)
      if (threads >= 3 || (threads == 2 && std::string(code) != "grundy")) {
        EXPECT_GT(stats.guessed_steps.load(), 0U) << code << ", " << threads << " threads";
        if (spoil) {
          EXPECT_GT(stats.failed_guesses.load(), 0U) << code << ", " << threads << " threads";
        }
      }
      std::vector<std::uint16_t> values(upto + 1);
      g.read(0, upto + 1, values.data());
      std::uint64_t differ = 0;
      for (std::uint64_t n = 0; n <= upto; ++n) {
        if (values[n] != full->table.at(n) && differ++ < 3) {
          ADD_FAILURE() << code << ", " << threads << " threads, window " << sizes.window << ": g(" << n
                        << ") differs";
        }
      }
      EXPECT_EQ(differ, 0U);
      if (sizes.window == kTiny.window) {
        EXPECT_GT(g.counters().cursor_refills, 0U);
      }
    }
  }
}

TEST(ValueStream, ResumesFromACheckpointExactly) {
  const HeapRules rules = parse_heap_rules("0.167");
  const std::string checkpoint = stream_temp_path("checkpoint.ght");
  ExtendOptions options;
  options.checkpoint_path = checkpoint;
  const StreamedTable first = stream_table(rules, 15000 / kStreamScale, options, StreamOptions{.sizes = kTiny});
  EXPECT_EQ(first.size, 15000 / kStreamScale + 1);
  // The checkpoint is an ordinary table file of the first values.
  const HeapTable saved = load_table(checkpoint);
  const auto full = full_table(rules, 30000 / kStreamScale);
  ASSERT_EQ(saved.size(), 15000 / kStreamScale + 1);
  for (std::uint64_t n = 0; n < saved.size(); ++n) ASSERT_EQ(saved.at(n), full->table.at(n)) << n;
  const StreamedTable resumed = check_streamed(rules, 30000 / kStreamScale, kTiny, checkpoint);
  EXPECT_EQ(resumed.loaded, 15000 / kStreamScale + 1);
  // A file written by the in-memory engine resumes as well.
  save_table(full->table, checkpoint);
  check_streamed(rules, 40000 / kStreamScale, kTiny, checkpoint);
  std::filesystem::remove(checkpoint);
}

TEST(ValueStream, StopsWithACheckpointAndRefusesOtherGames) {
  const HeapRules rules = parse_heap_rules("0.167");
  const std::string checkpoint = stream_temp_path("stopped.ght");
  std::atomic<bool> stop{true};
  ExtendOptions options;
  options.stop = &stop;
  options.checkpoint_path = checkpoint;
  const StreamedTable stopped = stream_table(rules, 100000, options, StreamOptions{.sizes = kTiny});
  EXPECT_EQ(stopped.outcome, ExtendOutcome::stopped);
  EXPECT_EQ(load_table(checkpoint).size(), stopped.size);
  ExtendOptions plain;
  EXPECT_THROW(stream_table(parse_heap_rules("0.77"), 100, plain, StreamOptions{.resume = checkpoint}), InputError);
  EXPECT_THROW(stream_table(parse_heap_rules("0.3"), 100, plain, StreamOptions{}), InputError);  // no split
  std::filesystem::remove(checkpoint);
}

}  // namespace
}  // namespace grundy::heap
