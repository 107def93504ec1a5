#include "grundy/heap/table.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/table_file.hpp"
#include "grundy/heap/table_stats.hpp"
#include "support/sanitizers.hpp"

namespace grundy::heap {
namespace {

using grundy::testing::kSanitized;

// Reads a golden file: '#' comment lines, then whitespace-separated values.
std::vector<std::uint32_t> golden(const std::string& name) {
  std::ifstream in(std::string(GRUNDY_TEST_DATA) + "/heap/" + name);
  EXPECT_TRUE(in) << name;
  std::vector<std::uint32_t> values;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::uint32_t v = 0;
    while (words >> v) values.push_back(v);
  }
  return values;
}

std::vector<std::uint32_t> values_of(const HeapTable& t) {
  std::vector<std::uint32_t> out;
  for (std::uint64_t n = 0; n < t.size(); ++n) out.push_back(t.at(n));
  return out;
}

HeapTable computed(const std::string& code, std::uint64_t upto, KernelMethod method = KernelMethod::fast) {
  HeapTable table(parse_heap_rules(code));
  ExtendOptions options;
  options.method = method;
  extend_table(table, upto, options);
  return table;
}

std::filesystem::path temp_path(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("grundy-heap-test-" + std::to_string(::getpid()) + "-" + name);
}

TEST(HeapTable, PublishedSequences) {
  struct Case {
    const char* code;
    const char* file;
    std::uint64_t shift;  // g(n) = a(n - shift), g(0..shift-1) = 0
  };
  for (const Case& c :
       {Case{"kayles", "kayles.txt", 0}, Case{"dawsons-chess", "dawsons_chess.txt", 0},
        Case{"dawsons-kayles", "dawsons_chess.txt", 1}, Case{"grundys-game", "grundys_game.txt", 0},
        Case{"officers", "officers.txt", 0}, Case{"0.127", "octal_0127.txt", 0}, Case{"0.56", "octal_056.txt", 0}}) {
    SCOPED_TRACE(c.code);
    std::vector<std::uint32_t> expected(c.shift, 0);
    for (std::uint32_t v : golden(c.file)) expected.push_back(v);
    ASSERT_GT(expected.size(), 80U);
    for (const KernelMethod method : {KernelMethod::fast, KernelMethod::plain}) {
      const HeapTable t = computed(c.code, expected.size() - 1, method);
      EXPECT_EQ(values_of(t), expected);
    }
  }
}

TEST(HeapTable, TreblecrossHandChecked) {
  // 0.007: remove exactly 3 tokens, leaving 0, 1 or 2 heaps. By hand: g(0..2) = 0
  // (no move), g(3..5) = 1 (every option is 0), g(6) = mex{g(3), g(1)^g(2)} = 2,
  // g(7) = mex{1, 0^1, 0^0} = 2, g(8) = mex{g(5), g(1)^g(4), g(2)^g(3)} = mex{1} = 0.
  const std::vector<std::uint32_t> expected{0, 0, 0, 1, 1, 1, 2, 2, 0};
  EXPECT_EQ(values_of(computed("treblecross", 8)), expected);
}

TEST(HeapTable, ProvenPeriods) {
  struct Case {
    const char* code;
    std::uint64_t upto;
    Periodicity expected;
  };
  // Kayles: last exception at 70 (A002186); 0.137: at 51 (A002187); 0.07 shifts it by one.
  for (const Case& c : {Case{"kayles", 400, {12, 71}}, Case{"0.137", 400, {34, 52}}, Case{"0.07", 400, {34, 53}},
                        Case{"officers", 400, {}}, Case{"0.6", 400, {}}}) {
    SCOPED_TRACE(c.code);
    const HeapTable t = computed(c.code, c.upto);
    if (c.expected.period == 0) {
      EXPECT_FALSE(t.period().has_value());
    } else {
      ASSERT_TRUE(t.period().has_value());
      EXPECT_EQ(*t.period(), c.expected);
    }
  }
}

TEST(HeapTable, PeriodNeedsTheWholeProofRange) {
  // Kayles, p = 12, n0 = 71, t = 2: the proof needs g(0..2*71+12+2+12-1).
  const HeapRules kayles = parse_heap_rules("kayles");
  const std::uint64_t length = proof_length(kayles, 12, 71);
  EXPECT_EQ(length, 2U * 71 + 12 + 2 + 12);
  EXPECT_FALSE(computed("kayles", length - 2).period().has_value());
  EXPECT_TRUE(computed("kayles", length - 1).period().has_value());
}

TEST(HeapTable, Octal0127PeriodFourFrom46578) {
  if (kSanitized) GTEST_SKIP() << "too slow under sanitizers";
  const HeapRules rules = parse_heap_rules("0.127");
  const HeapTable t = computed("0.127", proof_length(rules, 4, 46578) - 1);
  ASSERT_TRUE(t.period().has_value());
  EXPECT_EQ(*t.period(), (Periodicity{4, 46578}));
  EXPECT_EQ(t.value(std::uint64_t{1} << 62), t.at(46578 + ((std::uint64_t{1} << 62) - 46578) % 4));
}

// Published periods that need half a million values: seconds with the fast
// kernel in Release, so skipped under sanitizers (docs/heap_tables.md has the CLI runs).
TEST(HeapTable, LargePublishedPeriods) {
  if (kSanitized) GTEST_SKIP() << "too slow under sanitizers";
  struct Case {
    const char* code;
    Periodicity expected;
  };
  for (const Case& c : {Case{"0.56", {144, 326640}}, Case{"0.16", {149459, 105351}}}) {
    SCOPED_TRACE(c.code);
    const HeapRules rules = parse_heap_rules(c.code);
    const std::uint64_t length = proof_length(rules, c.expected.period, c.expected.preperiod);
    HeapTable t = computed(c.code, length - 2);
    EXPECT_FALSE(t.period().has_value()) << "one value short of the proof";
    extend_table(t, length - 1);
    ASSERT_TRUE(t.period().has_value());
    EXPECT_EQ(*t.period(), c.expected);
  }
}

TEST(HeapTable, GrundysGameIsNeverPeriodic) {
  const HeapTable t = computed("grundys-game", 3000);
  EXPECT_FALSE(t.period().has_value());
  EXPECT_THROW((void)t.value(3001), InputError);
}

TEST(HeapTable, ValueBeyondTheTableUsesThePeriod) {
  const HeapTable t = computed("kayles", 300);
  ASSERT_TRUE(t.period().has_value());
  const HeapTable big = computed("kayles", 2000);
  for (std::uint64_t n = 0; n <= 2000; ++n) EXPECT_EQ(t.value(n), big.at(n)) << n;
  EXPECT_EQ(t.value(9223372036854775807ULL), t.value(71 + (9223372036854775807ULL - 71) % 12));
}

// Independent check of find_period: for random codes, the reported period holds
// on a table four times longer, and no smaller period does.
TEST(HeapTable, RandomCodesPeriodsHoldFurther) {
  std::mt19937 rng(7);
  int proven = 0;
  for (int trial = 0; trial < 60; ++trial) {
    std::string code = "0.";
    const int digits = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < digits; ++i) code += static_cast<char>('0' + rng() % 8);
    if (code.find_first_not_of("0.") == std::string::npos) continue;  // no move: not a game
    const HeapTable t = computed(code, 600);
    if (!t.period()) continue;
    ++proven;
    const HeapTable longer = computed(code, 2400);
    const auto [p, n0, saltus] = *t.period();
    ASSERT_EQ(saltus, 0U) << code << ": octal games are never arithmetic-periodic";
    for (std::uint64_t n = n0; n + p <= 2400; ++n) ASSERT_EQ(longer.at(n), longer.at(n + p)) << code << " n=" << n;
    if (n0 > 0) {
      EXPECT_NE(longer.at(n0 - 1), longer.at(n0 - 1 + p)) << code << ": n0 is not the smallest";
    }
    for (std::uint64_t q = 1; q < p; ++q) {
      bool holds = true;
      for (std::uint64_t n = 1200; n + q <= 2400 && holds; ++n) holds = longer.at(n) == longer.at(n + q);
      EXPECT_FALSE(holds) << code << ": smaller period " << q;
    }
  }
  EXPECT_GT(proven, 20);
}

TEST(HeapTable, FastAndPlainAgreeOnRandomCodes) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    std::string code = (rng() % 4 == 0) ? "4." : "0.";
    const int digits = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < digits; ++i) code += "0123456789abcdef"[rng() % 16];
    SCOPED_TRACE(code);
    const std::uint64_t upto = code.find_first_of("89abcdef") != std::string::npos ? 120 : 700;
    EXPECT_EQ(values_of(computed(code, upto, KernelMethod::fast)),
              values_of(computed(code, upto, KernelMethod::plain)));
  }
}

TEST(HeapTable, WideningKeepsValues) {
  HeapTable t = computed("0.007", 300);
  const auto before = values_of(t);
  t.widen();
  EXPECT_TRUE(t.wide());
  EXPECT_EQ(t.value_bits(), 32U);
  extend_table(t, 600);
  const auto whole = values_of(computed("0.007", 600));
  EXPECT_EQ(values_of(t), whole);
  EXPECT_TRUE(std::equal(before.begin(), before.end(), whole.begin()));
}

TEST(HeapTable, BudgetIsEnforced) {
  HeapTable t(parse_heap_rules("kayles"));
  ExtendOptions options;
  options.budget = MemoryBudget(1000);
  EXPECT_THROW(extend_table(t, 100000, options), BudgetExceeded);
}

TEST(HeapTableFile, SaveLoadRoundTrip) {
  const auto path = temp_path("roundtrip.ght").string();
  for (bool wide : {false, true}) {
    HeapTable t = computed("0.137", 500);
    if (wide) t.widen();
    save_table(t, path);
    HeapTable back = load_table(path);
    EXPECT_EQ(back.wide(), wide);
    EXPECT_EQ(values_of(back), values_of(t));
    EXPECT_TRUE(same_game(back.rules(), t.rules()));
    EXPECT_EQ(back.rules().name(), "0.137");
    EXPECT_FALSE(std::filesystem::exists(path + ".tmp." + std::to_string(::getpid())));
  }
  std::filesystem::remove(path);
}

TEST(HeapTableFile, CorruptFilesAreInputErrors) {
  const auto path = temp_path("corrupt.ght").string();
  save_table(computed("kayles", 200), path);
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  auto write = [&](const std::string& content) { std::ofstream(path, std::ios::binary) << content; };
  auto flipped = [&](std::size_t at) {
    std::string b = bytes;
    b[at] = static_cast<char>(b[at] ^ 0x10);
    return b;
  };
  const std::vector<std::string> bad{flipped(0),
                                     flipped(9),
                                     flipped(13),
                                     flipped(17),
                                     flipped(26),
                                     flipped(40),
                                     flipped(bytes.size() - 1),
                                     bytes.substr(0, bytes.size() - 2),
                                     bytes.substr(0, 20),
                                     bytes + "x",
                                     std::string("hello")};
  for (std::size_t i = 0; i < bad.size(); ++i) {
    write(bad[i]);
    EXPECT_THROW(load_table(path), InputError) << "case " << i;
  }
  std::filesystem::remove(path);
  EXPECT_THROW(load_table(path), InputError) << "missing file";
}

TEST(HeapTableFile, TextExport) {
  const HeapTable t = computed("kayles", 300);
  std::ostringstream out;
  write_text(t, out);
  const std::string text = out.str();
  EXPECT_NE(text.find("# periodic from n0 = 71 with period 12 (proven)"), std::string::npos);
  EXPECT_NE(text.find("\n0 0\n1 1\n2 2\n3 3\n4 1\n"), std::string::npos);
  EXPECT_NE(text.find("\n300 "), std::string::npos);
}

TEST(HeapTableCheckpoint, StopFlagSavesAndResumeGivesTheSingleRunTable) {
  const auto path = temp_path("stopflag.ght").string();
  HeapTable first(parse_heap_rules("0.007"));
  extend_table(first, 700);
  std::atomic<bool> stop{true};  // as if SIGINT arrived: the engine saves and returns
  ExtendOptions options;
  options.stop = &stop;
  options.checkpoint_path = path;
  const auto result = extend_table(first, 2000, options);
  EXPECT_EQ(result.outcome, ExtendOutcome::stopped);
  EXPECT_EQ(result.checkpoints_saved, 1U);
  EXPECT_EQ(first.size(), 701U);
  HeapTable resumed = load_table(path);
  EXPECT_EQ(values_of(resumed), values_of(first));
  extend_table(resumed, 2000);
  EXPECT_EQ(values_of(resumed), values_of(computed("0.007", 2000, KernelMethod::plain)));
  std::filesystem::remove(path);
}

TEST(HeapTableCheckpoint, StopSaveResumeGivesTheSingleRunTable) {
  const std::uint64_t upto = 12000;
  const auto path = temp_path("checkpoint.ght").string();
  HeapTable first(parse_heap_rules("0.007"));
  std::atomic<bool> stop{false};
  ExtendOptions options;
  options.method = KernelMethod::plain;
  options.stop = &stop;
  options.checkpoint_path = path;
  options.checkpoint_every = 0.02;
  options.progress_every = 0.001;
  options.on_progress = [&](const ExtendProgress& p) {
    if (p.done > upto / 3) stop.store(true);
  };
  const auto result = extend_table(first, upto, options);
  if (result.outcome == ExtendOutcome::complete) GTEST_SKIP() << "the machine finished before the stop";
  EXPECT_GE(result.checkpoints_saved, 1U);
  EXPECT_LT(first.size(), upto + 1);
  HeapTable resumed = load_table(path);
  EXPECT_EQ(resumed.size(), first.size());
  extend_table(resumed, upto);
  EXPECT_EQ(values_of(resumed), values_of(computed("0.007", upto, KernelMethod::plain)));
  std::filesystem::remove(path);
}

TEST(HeapTableStats, KaylesStatistics) {
  const HeapTable t = computed("kayles", 1000);
  const TableStats s = compute_stats(t);
  EXPECT_EQ(s.count, 1001U);
  EXPECT_EQ(s.largest, 8U);
  EXPECT_EQ(s.largest_at, 27U);
  std::uint64_t total = 0;
  for (auto f : s.frequencies) total += f;
  EXPECT_EQ(total, 1001U);
  // The rare count matches a direct count under the chosen split; 0 is rare.
  ASSERT_TRUE(s.rare.has_value());
  std::uint64_t rare = 0;
  for (std::uint64_t n = 0; n < t.size(); ++n) rare += is_rare(*s.rare, t.at(n), n) ? 1 : 0;
  EXPECT_EQ(rare, s.rare_count);
  EXPECT_TRUE(s.rare->heap_parity || is_rare(*s.rare, 0, 0));
  EXPECT_LT(2 * s.rare_count, s.count);
}

TEST(HeapTableStats, SparseSpaceRuleFollowsTheSplitMoves) {
  // Grundy's game splits removing 0 tokens: the heap-parity variant, rare parity 0.
  const SparseSpaceRule grundy = sparse_space_rule(HeapRules::make("grundys-game", {4}, true));
  EXPECT_TRUE(grundy.applies);
  EXPECT_TRUE(grundy.heap_parity);
  EXPECT_EQ(grundy.heap_parity_rare, 0U);
  // 0.6 splits removing 1 token: rare parity 1.
  const SparseSpaceRule six = sparse_space_rule(parse_heap_rules("0.6"));
  EXPECT_TRUE(six.heap_parity);
  EXPECT_EQ(six.heap_parity_rare, 1U);
  // 0.167 splits removing 2 or 3 tokens: no heap-parity variant.
  EXPECT_TRUE(sparse_space_rule(parse_heap_rules("0.167")).applies);
  EXPECT_FALSE(sparse_space_rule(parse_heap_rules("0.167")).heap_parity);
  // No split (0.3), or three-heap splits (0.f): no sparse space.
  EXPECT_FALSE(sparse_space_rule(parse_heap_rules("0.3")).applies);
  EXPECT_FALSE(sparse_space_rule(parse_heap_rules("0.f")).applies);
}

TEST(HeapTableStats, SparseSpaceIsDecidedFromTheValues) {
  // Hand-checked: g = 0, then 28 ones, then 2 (30 values). Mask 1 leaves 0 and 2
  // rare (2 values), mask 3 only 0 (1 value, under 30/12), mask 2 the 28 ones.
  StatsAccumulator values;
  values.add(0, 0);
  for (std::uint64_t n = 1; n <= 28; ++n) values.add(n, 1);
  values.add(29, 2);
  const SparseSpaceRule rule = sparse_space_rule(HeapRules::make("grundys-game", {4}, true));
  const std::optional<RareSplit> split = values.sparse_space(rule);
  ASSERT_TRUE(split.has_value());
  EXPECT_EQ(split->mask, 3U);
  EXPECT_FALSE(split->heap_parity);
  const TableStats stats = values.finish(split);
  EXPECT_EQ(stats.rare_count, 1U);
  EXPECT_EQ(stats.last_rare, std::optional<std::uint64_t>{0});
  // Added in two pieces or in one: the same split (it depends on the values only).
  StatsAccumulator again;
  for (std::uint64_t n = 0; n < 30; ++n) again.add(n, n == 0 ? 0 : (n == 29 ? 2 : 1));
  EXPECT_EQ(again.sparse_space(rule)->mask, 3U);
  // 12 values: one rare value is not under 1/12 of them, so no sparse space by the kernel's rule.
  StatsAccumulator few;
  few.add(0, 0);
  for (std::uint64_t n = 1; n < 12; ++n) few.add(n, 1);
  EXPECT_FALSE(few.sparse_space(rule).has_value());
  // A game without split moves has none either.
  EXPECT_FALSE(values.sparse_space(sparse_space_rule(parse_heap_rules("0.3"))).has_value());
}

}  // namespace
}  // namespace grundy::heap
