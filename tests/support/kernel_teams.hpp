// Heap tables computed by a team of a given size (KernelControl::adaptive off,
// so the team is always used where the method has one), for the tests that
// check that thread counts never change a value.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "grundy/heap/codes.hpp"
#include "grundy/heap/kernel.hpp"
#include "support/sanitizers.hpp"

namespace grundy::testing {

inline constexpr std::uint64_t kTeamTableScale = sized(1, 4);  // sanitizers: same paths, smaller tables

// speculative_from: the team size from which the sparse-space method guesses
// (the kernel's default is 3 members; 2 puts every team on that path).
inline heap::KernelControl team_control(unsigned threads, heap::KernelStats* stats = nullptr,
                                        unsigned speculative_from = 2) {
  heap::KernelControl control;
  control.threads = threads;
  control.adaptive = false;
  control.speculative_from = speculative_from;
  control.stats = stats;
  return control;
}

template <class V = std::uint16_t>
std::vector<V> fast_on_team(const heap::HeapRules& rules, std::uint64_t upto, unsigned threads,
                            heap::KernelStats* stats = nullptr) {
  std::vector<V> g;
  EXPECT_EQ(heap::extend_fast(rules, g, upto, team_control(threads, stats)), upto + 1);
  return g;
}

inline std::vector<std::uint16_t> plain_on_team(const heap::HeapRules& rules, std::uint64_t upto, unsigned threads) {
  std::vector<std::uint16_t> g;
  EXPECT_EQ(heap::extend_plain(rules, g, upto, team_control(threads)), upto + 1);
  return g;
}

// The fast kernel on a team, called chunk by chunk (random chunk lengths) and
// continued from a prefix of `prefix` heaps computed by the plain method (as
// if loaded from a file): both must give `whole`.
inline void expect_chunked_and_resumed_equal(const heap::HeapRules& rules, const std::vector<std::uint16_t>& whole,
                                             unsigned threads, std::uint64_t prefix) {
  const std::uint64_t upto = whole.size() - 1;
  std::vector<std::uint16_t> chunked;
  std::mt19937 random(threads);
  while (chunked.size() <= upto) {
    const std::uint64_t next = std::min<std::uint64_t>(upto, chunked.size() + 1 + random() % 9000);
    EXPECT_EQ(heap::extend_fast(rules, chunked, next, team_control(threads)), next + 1);
  }
  EXPECT_EQ(chunked, whole);
  std::vector<std::uint16_t> resumed = plain_on_team(rules, prefix, 1);
  EXPECT_EQ(heap::extend_fast(rules, resumed, upto, team_control(threads)), upto + 1);
  EXPECT_EQ(resumed, whole);
}

}  // namespace grundy::testing
