#include "grundy/heap/table_cache.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>

#include "grundy/heap/codes.hpp"
#include "grundy/heap/grow.hpp"
#include "grundy/heap/table_file.hpp"

namespace grundy::heap {
namespace {

class HeapTableCache : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("grundy-heap-cache-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
            std::to_string(std::random_device{}()));
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  static HeapTable fresh(const HeapRules& rules, std::uint64_t upto) {
    HeapTable t(rules);
    extend_table(t, upto);
    return t;
  }
  static void expect_same_values(const HeapTable& a, const HeapTable& b, std::uint64_t upto) {
    ASSERT_GT(a.size(), upto);
    ASSERT_GT(b.size(), upto);
    for (std::uint64_t n = 0; n <= upto; ++n) ASSERT_EQ(a.at(n), b.at(n)) << "n=" << n;
  }

  std::filesystem::path dir_;
};

// 0.16 is not proven periodic within these sizes, so every grow really computes.
constexpr std::uint64_t kUpto = TableCache::kMinValues + 500;

TEST_F(HeapTableCache, StoresLoadsAndEqualsAFreshTable) {
  const TableCache cache(dir_);
  const HeapRules rules = parse_heap_rules("0.16");
  EXPECT_FALSE(cache.load(rules).has_value());
  HeapTable grown(rules);
  grow_table(grown, {.cover = kUpto, .limit = kUpto}, {}, &cache);
  ASSERT_TRUE(std::filesystem::exists(cache.file_for(rules)));
  EXPECT_EQ(cache.file_for(rules).filename(), "heap-0.16.ght");
  const auto loaded = cache.load(rules);
  ASSERT_TRUE(loaded.has_value());
  EXPECT_EQ(loaded->size(), kUpto + 1);
  expect_same_values(*loaded, fresh(rules, kUpto), kUpto);
  // The loaded table carries the caller's name for the same game.
  const auto renamed = cache.load(HeapRules::make("my-game", {0, 1, 6}));
  ASSERT_TRUE(renamed.has_value());
  EXPECT_EQ(renamed->rules().name(), "my-game");
  // Another game never reads this file.
  EXPECT_FALSE(cache.load(parse_heap_rules("0.17")).has_value());
}

TEST_F(HeapTableCache, SmallTablesAreNotStored) {
  const TableCache cache(dir_);
  EXPECT_FALSE(cache.store(fresh(parse_heap_rules("0.16"), 100)));
  EXPECT_FALSE(std::filesystem::exists(dir_));
}

TEST_F(HeapTableCache, CorruptTruncatedAndForeignFilesAreIgnoredAndReplaced) {
  const TableCache cache(dir_);
  const HeapRules rules = parse_heap_rules("0.16");
  const HeapTable reference = fresh(rules, kUpto);
  const auto file = cache.file_for(rules);
  const auto regrow_and_check = [&] {
    EXPECT_FALSE(cache.load(rules).has_value());
    HeapTable t(rules);
    grow_table(t, {.cover = kUpto, .limit = kUpto}, {}, &cache);
    expect_same_values(t, reference, kUpto);
    const auto replaced = cache.load(rules);
    ASSERT_TRUE(replaced.has_value()) << "the bad file is replaced";
    expect_same_values(*replaced, reference, kUpto);
  };
  ASSERT_TRUE(cache.store(reference));
  {  // one value flipped: the checksum fails
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-20, std::ios::end);
    f.put('\x7f');
  }
  regrow_and_check();
  std::filesystem::resize_file(file, 100);  // truncated
  regrow_and_check();
  std::ofstream(file, std::ios::binary | std::ios::trunc) << "not a table";  // foreign
  regrow_and_check();
  // Another game's table under this game's name.
  save_table(fresh(parse_heap_rules("0.17"), kUpto), file.string());
  regrow_and_check();
  // The right game and a valid checksum, but wrong values: the recomputed prefix catches it.
  std::vector<std::uint16_t> forged(reference.narrow_values());
  forged[10] ^= 1;
  save_table(HeapTable(rules, forged), file.string());
  regrow_and_check();
}

TEST_F(HeapTableCache, DefaultDirFollowsXdgThenHome) {
  const char* old_xdg = std::getenv("XDG_CACHE_HOME");
  const std::string saved = old_xdg != nullptr ? old_xdg : "";
  ::setenv("XDG_CACHE_HOME", "/tmp/xdg-test", 1);
  EXPECT_EQ(TableCache::default_dir(), std::filesystem::path("/tmp/xdg-test/grundy"));
  ::setenv("XDG_CACHE_HOME", "", 1);
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    EXPECT_EQ(TableCache::default_dir(), std::filesystem::path(home) / ".cache" / "grundy");
  }
  if (old_xdg != nullptr) {
    ::setenv("XDG_CACHE_HOME", saved.c_str(), 1);
  } else {
    ::unsetenv("XDG_CACHE_HOME");
  }
}

}  // namespace
}  // namespace grundy::heap
