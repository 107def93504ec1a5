// The proofs of a group's block shared among its processes: hand-checked
// shares, then random ones whose counts and own proofs are those the prover
// of each guess gives.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "heap/proof_owners.hpp"

namespace grundy::heap::detail {
namespace {

std::vector<std::uint32_t> owners_of(const ProofShare& share) {
  std::vector<std::uint32_t> owners;
  proof_owners(share, owners);
  return owners;
}

std::vector<std::size_t> counts_of(const ProofShare& share) {
  std::vector<std::size_t> counts;
  proof_counts(share, counts);
  return counts;
}

std::vector<std::size_t> own_of(const ProofShare& share, std::size_t rank) {
  std::vector<std::size_t> own;
  own_proofs(share, rank, own);
  return own;
}

// Without a quota the guesses go round, from process block mod K.
TEST(ProofOwners, WithoutAQuotaTheGuessesGoRound) {
  const ProofShare share{.count = 7, .length = 8, .processes = 3, .block = 4};
  EXPECT_EQ(owners_of(share), (std::vector<std::uint32_t>{1, 2, 0, 1, 2, 0, 1}));
  EXPECT_EQ(counts_of(share), (std::vector<std::size_t>{2, 3, 2}));
  EXPECT_EQ(own_of(share, 1), (std::vector<std::size_t>{0, 3, 6}));
}

// A quota of 2 of 8: the guesser (process 2) proves guesses 3 and 7; the two
// provers, even weights, block 1 (prover 1 first), the other six in runs of 3.
TEST(ProofOwners, TheGuessersQuotaIsSpreadAndTheProversGoInRuns) {
  const ProofShare share{.count = 8, .length = 8, .processes = 3, .quota = 2, .block = 1, .weights = {64, 64}};
  EXPECT_EQ(owners_of(share), (std::vector<std::uint32_t>{1, 1, 1, 2, 0, 0, 0, 2}));
  EXPECT_EQ(counts_of(share), (std::vector<std::size_t>{3, 3, 2}));
  EXPECT_EQ(own_of(share, 0), (std::vector<std::size_t>{4, 5, 6}));
  EXPECT_EQ(own_of(share, 2), (std::vector<std::size_t>{3, 7}));
}

// A prover of weight 0 proves nothing; the others share its guesses.
TEST(ProofOwners, AProverOfNoWeightProvesNothing) {
  const ProofShare share{.count = 6, .length = 6, .processes = 4, .quota = 0, .block = 0, .weights = {1, 0, 2}};
  EXPECT_EQ(owners_of(share), (std::vector<std::uint32_t>{0, 0, 2, 2, 2, 2}));
  EXPECT_TRUE(own_of(share, 1).empty());
}

TEST(ProofOwners, CountsAndOwnProofsAgreeWithTheProverOfEachGuess) {
  std::mt19937_64 random(22);
  for (int trial = 0; trial < 3000; ++trial) {
    ProofShare share;
    share.processes = 1 + random() % 9;
    share.length = 1 + random() % 300;
    share.count = random() % (share.length + 1);
    share.block = random() % 1000;
    if (share.processes >= 2 && random() % 4 != 0) {
      share.quota = random() % (share.length + 1);
      share.weights.resize(share.processes - 1);
      for (std::uint32_t& weight : share.weights)
        weight = static_cast<std::uint32_t>(random() % 4 == 0 ? 0 : random() % 130);
      if (share.weights[0] == 0) share.weights[0] = 1;  // never all zero
    }
    const std::vector<std::uint32_t> owners = owners_of(share);
    ASSERT_EQ(owners.size(), share.count);
    const std::vector<std::size_t> counts = counts_of(share);
    ASSERT_EQ(counts.size(), share.processes);
    for (std::size_t rank = 0; rank < share.processes; ++rank) {
      std::vector<std::size_t> expected;
      for (std::size_t i = 0; i < share.count; ++i) {
        if (owners[i] == rank) expected.push_back(i);
      }
      ASSERT_EQ(own_of(share, rank), expected) << "trial " << trial << ", process " << rank;
      ASSERT_EQ(counts[rank], expected.size()) << "trial " << trial << ", process " << rank;
    }
  }
}

}  // namespace
}  // namespace grundy::heap::detail
