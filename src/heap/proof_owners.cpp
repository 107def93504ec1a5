#include "proof_owners.hpp"

namespace grundy::heap::detail {

namespace {

// The provers' guesses (those the guesser leaves) with a quota.
std::size_t provers_guesses(const ProofShare& share) { return share.count - share.count * *share.quota / share.length; }

// Where a run begins, counted in the provers' guesses, when the runs before
// it weigh `before` of `weights`: their share of the provers' guesses.
std::size_t run_bound(const ProofShare& share, std::uint64_t before, std::uint64_t weights) {
  return static_cast<std::size_t>(provers_guesses(share) * before / weights);
}

// Where the run of the prover `turns` places after the first one begins.
std::size_t run_start(const ProofShare& share, std::size_t turns, std::uint64_t weights) {
  const std::size_t provers = share.processes - 1;
  std::uint64_t before = 0;
  for (std::size_t t = 0; t < turns; ++t) before += share.weights[(share.block + t) % provers];
  return run_bound(share, before, weights);
}

std::uint64_t weight_sum(const ProofShare& share) {
  std::uint64_t weights = 0;
  for (const std::uint32_t weight : share.weights) weights += weight;
  return weights;
}

// The first guess of process `rank` without a quota.
std::size_t first_turn(const ProofShare& share, std::size_t rank) {
  const std::size_t processes = share.processes;
  return (rank + processes - share.block % processes) % processes;
}

}  // namespace

void proof_owners(const ProofShare& share, std::vector<std::uint32_t>& owners) {
  owners.resize(share.count);
  const std::size_t processes = share.processes;
  if (!share.quota) {
    std::size_t owner = share.block % processes;
    for (std::size_t i = 0; i < share.count; ++i) {
      owners[i] = static_cast<std::uint32_t>(owner);
      if (++owner == processes) owner = 0;
    }
    return;
  }
  // Counted along without a division a guess: guess i is the guesser's when
  // (i + 1) x quota / length passes a whole number, which `along` (i x quota
  // mod length) tells.
  const std::size_t provers = processes - 1;
  const std::uint64_t weights = weight_sum(share);
  std::size_t turn = share.block % provers;  // the prover of the run under way
  std::size_t ran = 0;                       // the provers' guesses so far
  std::uint64_t weight_before = 0;           // the weights of the runs before this one
  const auto run_end = [&] { return run_bound(share, weight_before + share.weights[turn], weights); };
  std::size_t end = run_end();
  std::size_t along = 0;
  for (std::size_t i = 0; i < share.count; ++i) {
    std::size_t owner = processes - 1;
    along += *share.quota;
    if (along >= share.length) {
      along -= share.length;
    } else {
      while (ran == end) {  // on to the next prover with guesses left
        weight_before += share.weights[turn];
        if (++turn == provers) turn = 0;
        end = run_end();
      }
      owner = turn;
      ++ran;
    }
    owners[i] = static_cast<std::uint32_t>(owner);
  }
}

void proof_counts(const ProofShare& share, std::vector<std::size_t>& counts) {
  const std::size_t processes = share.processes;
  counts.assign(processes, 0);
  if (!share.quota) {
    for (std::size_t rank = 0; rank < processes; ++rank) {
      const std::size_t first = first_turn(share, rank);
      counts[rank] = first < share.count ? (share.count - first - 1) / processes + 1 : 0;
    }
    return;
  }
  const std::size_t provers = processes - 1;
  const std::uint64_t weights = weight_sum(share);
  counts[processes - 1] = share.count - provers_guesses(share);
  std::size_t start = 0;
  std::uint64_t before = 0;
  for (std::size_t t = 0; t < provers; ++t) {
    const std::size_t prover = (share.block + t) % provers;
    before += share.weights[prover];
    const std::size_t end = run_bound(share, before, weights);
    counts[prover] = end - start;
    start = end;
  }
}

void own_proofs(const ProofShare& share, std::size_t rank, std::vector<std::size_t>& own) {
  own.clear();
  const std::size_t processes = share.processes;
  if (!share.quota) {
    for (std::size_t i = first_turn(share, rank); i < share.count; i += processes) own.push_back(i);
    return;
  }
  const std::size_t provers = processes - 1;
  const bool guesser = rank == provers;
  // A prover's run of the provers' guesses, [from, to).
  std::size_t from = 0;
  std::size_t to = 0;
  if (!guesser) {
    const std::uint64_t weights = weight_sum(share);
    const std::size_t turns = (rank + provers - share.block % provers) % provers;
    from = run_start(share, turns, weights);
    to = run_start(share, turns + 1, weights);
    if (from == to) return;
  }
  std::size_t along = 0;
  std::size_t ran = 0;  // the provers' guesses before guess i
  for (std::size_t i = 0; i < share.count; ++i) {
    along += *share.quota;
    if (along >= share.length) {
      along -= share.length;
      if (guesser) own.push_back(i);
    } else {
      if (!guesser && ran >= from) own.push_back(i);
      if (++ran == to && !guesser) return;
    }
  }
}

}  // namespace grundy::heap::detail
