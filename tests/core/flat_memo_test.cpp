// FlatMemo against std::unordered_map under random sets and erases, with keys
// crowded into few home slots so runs wrap around and erases shift entries back.
#include "grundy/core/flat_memo.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <unordered_map>

#include "grundy/core/errors.hpp"

namespace grundy {
namespace {

TEST(FlatMemo, AgreesWithAMapUnderSetsAndErases) {
  for (const std::uint64_t key_range : {std::uint64_t{50}, std::uint64_t{3000}, std::uint64_t{1} << 40}) {
    std::mt19937_64 rng(key_range);
    FlatMemo<std::uint64_t> memo;
    std::unordered_map<std::uint64_t, Nimber> model;
    const MemoryBudget budget;
    for (int step = 0; step < 60'000; ++step) {
      const std::uint64_t key = rng() % key_range;
      if (rng() % 3 == 0) {
        memo.erase(key);
        model.erase(key);
      } else {
        const Nimber v = rng() % 100;
        memo.set(key, v, budget, 0);
        model[key] = v;
      }
      if (step % 97 == 0) {
        ASSERT_EQ(memo.size(), model.size());
        for (int probe = 0; probe < 20; ++probe) {
          const std::uint64_t k = rng() % key_range;
          const Nimber* found = memo.find(k);
          const auto it = model.find(k);
          ASSERT_EQ(found != nullptr, it != model.end()) << k;
          if (found != nullptr) {
            ASSERT_EQ(*found, it->second);
          }
        }
      }
    }
    for (const auto& [k, v] : model) {
      ASSERT_NE(memo.find(k), nullptr);
      EXPECT_EQ(*memo.find(k), v);
    }
  }
}

TEST(FlatMemo, GrowingPastTheBudgetThrows) {
  FlatMemo<std::uint32_t> memo;
  const MemoryBudget budget(64 * 1024);
  EXPECT_THROW(
      {
        for (std::uint32_t k = 0; k < 100'000; ++k) memo.set(k, k % 7, budget, 0);
      },
      BudgetExceeded);
  EXPECT_GT(memo.size(), 0U);
  EXPECT_EQ(*memo.find(0), 0U);
}

}  // namespace
}  // namespace grundy
