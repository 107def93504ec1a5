// The numbers x of an arithmetic progression for which x + y = C and x ^ y = t
// have a solution y. Splitting a huge heap of a game whose values grow by a
// saltus (g(n + p) = g(n) + s) into a + b with a in one residue class mod p keeps
// g(a) + g(b) = C fixed while g(a) steps by s, so the winning splits of that class
// are exactly these x. Since x + y = (x ^ y) + 2 (x & y), the solutions are
// x = m | u with m = (C - t) / 2 and u any subset of t's bits (when C >= t, C - t
// is even and m & t = 0): counted by residues mod s over t's bits, O(64 s), and
// listed in increasing order by a pruned walk over those bits.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace grundy::heap {

class SumXorProgression {
 public:
  /// The largest step whose solutions are counted by residues (a 65 x step table).
  static constexpr std::uint64_t kMaxCountedStep = 4096;

  /// Solutions x with lo <= x <= hi and x = lo (mod step), step >= 1, of
  /// x + y = sum and x ^ y = xor_value.
  SumXorProgression(std::uint64_t sum, std::uint64_t xor_value, std::uint64_t lo, std::uint64_t hi,
                    std::uint64_t step);

  /// How many solutions; nullopt when step > kMaxCountedStep and t has more
  /// than 20 bits (the subsets are then neither counted nor tried).
  [[nodiscard]] std::optional<std::uint64_t> count() const;

  /// Calls visit(x) for the solutions in increasing order until it returns
  /// false; gives up after `work` steps of the walk. True when every solution
  /// was visited (or visit asked to stop), false when the work ran out.
  bool list(const std::function<bool(std::uint64_t)>& visit, std::uint64_t work) const;

 private:
  // Subsets u of t's bits with u <= bound and u = residue_ (mod step).
  [[nodiscard]] std::uint64_t count_up_to(std::uint64_t bound) const;

  bool solvable_ = false;
  std::uint64_t xor_ = 0;
  std::uint64_t common_ = 0;     // m = x & y
  std::uint64_t u_lo_ = 0;       // u ranges over [u_lo_, u_hi_]
  std::uint64_t u_hi_ = 0;
  std::uint64_t step_ = 1;
  std::uint64_t residue_ = 0;    // u's residue mod step
  std::vector<std::uint64_t> below_;  // below_[i * step + r]: subsets of t's bits under bit i with sum = r (mod step)
};

}  // namespace grundy::heap
