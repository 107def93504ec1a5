#pragma once
// Which process of a group proves each guess of a block.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace grundy::heap::detail {

/// How a block's `count` guesses are shared among `processes` for their
/// proofs. Without a quota, guess i goes to process (i + block) mod processes.
/// With one, the last process (the guesser) proves `quota` guesses of every
/// `length`, spread along the block: guess i is its own when (i + 1) x quota /
/// length passes a whole number; the others (the provers) prove the rest in
/// runs as long as their `weights`, prover `block` mod provers first, so that
/// the guesses left over when they do not divide evenly fall on each in turn.
struct ProofShare {
  std::size_t count = 0;
  std::size_t length = 1;
  std::size_t processes = 1;
  std::optional<std::size_t> quota;
  std::uint64_t block = 0;
  std::vector<std::uint32_t> weights;  // with a quota: the provers', not all zero
};

/// The process proving each guess, into owners[0, count): a pass over the
/// guesses (every rank needs it only where an answer must be decoded).
void proof_owners(const ProofShare& share, std::vector<std::uint32_t>& owners);

/// How many guesses each process proves, into counts[0, processes), in a step
/// a process (no pass over the guesses).
void proof_counts(const ProofShare& share, std::vector<std::size_t>& counts);

/// The guesses process `rank` proves, ascending, into `own`: a step a guess of
/// its own, up to the last of them.
void own_proofs(const ProofShare& share, std::size_t rank, std::vector<std::size_t>& own);

}  // namespace grundy::heap::detail
