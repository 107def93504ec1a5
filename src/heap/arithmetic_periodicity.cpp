#include "grundy/heap/arithmetic_periodicity.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <vector>

#include "grundy/heap/moves.hpp"
#include "period_search.hpp"

namespace grundy::heap {

namespace {

// The proof (docs/heap_tables.md, "Arithmetic periodicity"). With s = 2^m and
// every value below B = n0 + p (n0 >= 1) under s, each heap h >= n0 has
// g(h) = g(u) + s*q for its kind u = n0 + (h - n0) mod p, and a heap below n0 is
// its own kind. An option of heap N = r + p*Q is a kind of option (take k, kinds
// u_1..u_j): its value is L + s*H with L the nim-sum of the g(u_i) (< s) and H the
// nim-sum of the e >= 1 quotients q_i of its periodic parts, which add up to
// M = Q + c (c fixed by the kind). H is exactly M when e = 1; when e = 2, H <= M
// with H = M mod 2 and H = M reachable; when e = 3, H is any value <= M with H = M
// mod 2. g(N) = g(r) + s*Q then follows from: no kind with L = g(r) can reach H = Q,
// and every (l, Q - d), d >= 1, and every (l < g(r), Q) is reached by some kind.
constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min();

// What the option kinds with one nim-sum L reach, for one residue r of N.
struct Cover {
  std::int64_t odd3 = kNone;                          // the largest odd c of a three-quotient kind
  std::int64_t even3 = kNone;                         // the largest even c of a three-quotient kind
  std::vector<std::int64_t> exact;                    // c <= 0 of one- and two-quotient kinds: H = Q + c reached
  [[nodiscard]] bool reaches(std::int64_t c) const {  // H = Q + c, c <= 0
    const std::int64_t best = (c % 2 != 0) ? odd3 : even3;
    return (best != kNone && best >= c) || std::find(exact.begin(), exact.end(), c) != exact.end();
  }
};

template <class V>
class Prover {
 public:
  Prover(const HeapRules& rules, const Periodicity& period, std::span<const V> g)
      : rules_(rules),
        p_(period.period),
        s_(period.saltus),
        n0_(std::max<std::uint64_t>(period.preperiod, 1)),
        base_(n0_ + p_),
        g_(g),
        covers_(p_ * s_) {}

  // True when every kind of option passes (see the top of this file).
  bool run() {
    for (std::uint64_t k = 0; k <= rules_.max_take() && ok_; ++k) {
      const std::uint8_t digit = rules_.digit(k);
      if (allows(digit, 1) && k >= 1) each_single(k);
      if (allows(digit, 2)) each_pair(k);
      if (allows(digit, 3)) each_triple(k);
    }
    return ok_ && covered();
  }

 private:
  void each_single(std::uint64_t k) {
    for (std::uint64_t a = 1; a < base_ && ok_; ++a) add(k, {a}, 1);
  }
  void each_pair(std::uint64_t k) {
    for (std::uint64_t a = 1; a < base_ && ok_; ++a) {
      for (std::uint64_t b = a; b < base_ && ok_; ++b) add(k, {a, b}, 2);
    }
  }
  void each_triple(std::uint64_t k) {
    for (std::uint64_t a = 1; a < base_ && ok_; ++a) {
      for (std::uint64_t b = a; b < base_ && ok_; ++b) {
        for (std::uint64_t c = b; c < base_ && ok_; ++c) add(k, {a, b, c}, 3);
      }
    }
  }

  void add(std::uint64_t k, std::array<std::uint64_t, 3> kinds, unsigned j) {
    std::uint64_t nim = 0;
    std::uint64_t sum = 0;
    unsigned periodic = 0;
    for (unsigned i = 0; i < j; ++i) {
      nim ^= g_[kinds[i]];
      sum += kinds[i];
      if (kinds[i] >= n0_) ++periodic;
    }
    if (periodic == 0) return;  // only heaps N <= small_limit() have it
    // N = r + p*Q with r = k + sum (mod p) in [n0, n0 + p); the quotients add up to Q + c.
    const std::uint64_t r = n0_ + ((k + sum) % p_ + p_ - n0_ % p_) % p_;
    const std::int64_t c =
        (static_cast<std::int64_t>(r) - static_cast<std::int64_t>(k + sum)) / static_cast<std::int64_t>(p_);
    if (nim == g_[r]) {  // this kind must never reach H = Q
      const bool safe = periodic == 1 ? c != 0 : (c < 0 || c % 2 != 0);
      if (!safe) {
        ok_ = false;
        return;
      }
    }
    Cover& cover = covers_[(r - n0_) * s_ + nim];
    if (periodic == 3) {
      std::int64_t& best = (c % 2 != 0) ? cover.odd3 : cover.even3;
      best = std::max(best, c);
    } else if (c <= 0 && std::find(cover.exact.begin(), cover.exact.end(), c) == cover.exact.end()) {
      cover.exact.push_back(c);
    }
  }

  // Every (l, Q - d) with d >= 1, and (l, Q) for l < g(r), is reached.
  [[nodiscard]] bool covered() const {
    for (std::uint64_t r = n0_; r < base_; ++r) {
      for (std::uint64_t l = 0; l < s_; ++l) {
        const Cover& cover = covers_[(r - n0_) * s_ + l];
        if (cover.odd3 == kNone || cover.even3 == kNone) return false;
        const std::int64_t deepest = std::max<std::int64_t>({1, -cover.odd3, -cover.even3});
        for (std::int64_t d = 1; d <= deepest; ++d) {
          if (!cover.reaches(-d)) return false;
        }
        if (l < g_[r] && !cover.reaches(0)) return false;
      }
    }
    return true;
  }

  const HeapRules& rules_;
  std::uint64_t p_;
  std::uint64_t s_;
  std::uint64_t n0_;
  std::uint64_t base_;
  std::span<const V> g_;
  std::vector<Cover> covers_;  // by (r - n0) * s + L
  bool ok_ = true;
};

// Kinds of options the prover enumerates: (n0 + p)^j / j! per digit allowing j heaps.
std::uint64_t proof_work(const HeapRules& rules, std::uint64_t base) {
  const double b = static_cast<double>(base);
  double work = 0;
  for (std::uint64_t k = 0; k <= rules.max_take(); ++k) {
    const std::uint8_t digit = rules.digit(k);
    if (allows(digit, 1)) work += b;
    if (allows(digit, 2)) work += b * b / 2;
    if (allows(digit, 3)) work += b * b * b / 6;
  }
  return work >= static_cast<double>(kMaxArithmeticProofWork) ? kMaxArithmeticProofWork + 1
                                                              : static_cast<std::uint64_t>(work);
}

// The largest heap with an option of only non-periodic parts or none at all.
std::uint64_t small_limit(const HeapRules& rules, std::uint64_t n0) {
  return rules.max_take() + kMaxHeapsLeft * (n0 - 1);
}

// The pattern g(n + p) = g(n) + s (s > 0 the last difference at p) that the
// table's end follows, from the smallest n0 it holds from; nothing when the last
// difference is not positive.
template <class V>
std::optional<Periodicity> trailing_pattern(std::span<const V> g, std::uint64_t p) {
  const std::uint64_t top = g.size() - 1;
  if (g[top] <= g[top - p]) return std::nullopt;
  const std::uint64_t s = std::uint64_t{g[top]} - g[top - p];
  return Periodicity{.period = p, .preperiod = detail::pattern_start(g, g.size(), p, s), .saltus = s};
}

}  // namespace

template <class V>
std::optional<std::uint64_t> arithmetic_proof_length(const HeapRules& rules, const Periodicity& period,
                                                     std::span<const V> g) {
  const std::uint64_t p = period.period;
  const std::uint64_t s = period.saltus;
  if (rules.unequal_split() || p == 0 || s == 0 || !std::has_single_bit(s)) return std::nullopt;
  if (s > (std::uint64_t{1} << 24) || p > (std::uint64_t{1} << 24) || p * s > (std::uint64_t{1} << 24)) {
    return std::nullopt;
  }
  const std::uint64_t n0 = std::max<std::uint64_t>(period.preperiod, 1);
  const std::uint64_t base = n0 + p;
  if (g.size() < base) return std::nullopt;
  for (std::uint64_t n = 0; n < base; ++n) {
    if (g[n] >= s) return std::nullopt;
  }
  if (proof_work(rules, base) > kMaxArithmeticProofWork) return std::nullopt;
  if (!Prover<V>(rules, period, g).run()) return std::nullopt;
  // Heaps up to small_limit are checked in the table; the induction covers the rest.
  return std::max(base, small_limit(rules, n0) + 1);
}

template <class V>
std::optional<Periodicity> find_arithmetic_period(const HeapRules& rules, std::span<const V> g) {
  if (rules.unequal_split() || g.size() < 2) return std::nullopt;
  const std::uint64_t size = g.size();
  for (std::uint64_t p = 1; 2 * p <= size; ++p) {
    const std::uint64_t top = size - 1;
    // A power of two tested by its bits: std::has_single_bit calls a popcount
    // routine on the baseline processor, 1% of a table to 2^22 in this loop.
    const std::uint64_t rise = std::uint64_t{g[top]} - g[top - p];
    if (g[top] <= g[top - p] || (rise & (rise - 1)) != 0) continue;
    const Periodicity candidate = *trailing_pattern(g, p);
    const std::optional<std::uint64_t> length = arithmetic_proof_length(rules, candidate, g);
    if (length && *length <= size) return candidate;
  }
  // Any saltus: the pattern the table's end shows, decided by automata.
  if (const std::optional<Periodicity> seen = observe_arithmetic_period(g)) {
    const std::optional<std::uint64_t> length = automatic_proof_length(rules, *seen, g);
    if (length && *length <= size) return seen;
  }
  return std::nullopt;
}

template <class V>
std::optional<Periodicity> observe_arithmetic_period(std::span<const V> g) {
  const std::uint64_t size = g.size();
  for (std::uint64_t p = 1; p <= kMaxObservedPeriod && kObservedPeriods * p <= size; ++p) {
    const std::optional<Periodicity> pattern = trailing_pattern(g, p);
    if (!pattern) continue;
    const std::uint64_t seen = size - pattern->preperiod;  // values that follow it
    if (seen >= kObservedPeriods * p && 2 * seen >= size) return pattern;
  }
  return std::nullopt;
}

template std::optional<std::uint64_t> arithmetic_proof_length<std::uint16_t>(const HeapRules&, const Periodicity&,
                                                                             std::span<const std::uint16_t>);
template std::optional<std::uint64_t> arithmetic_proof_length<std::uint32_t>(const HeapRules&, const Periodicity&,
                                                                             std::span<const std::uint32_t>);
template std::optional<Periodicity> find_arithmetic_period<std::uint16_t>(const HeapRules&,
                                                                          std::span<const std::uint16_t>);
template std::optional<Periodicity> find_arithmetic_period<std::uint32_t>(const HeapRules&,
                                                                          std::span<const std::uint32_t>);
template std::optional<Periodicity> observe_arithmetic_period<std::uint16_t>(std::span<const std::uint16_t>);
template std::optional<Periodicity> observe_arithmetic_period<std::uint32_t>(std::span<const std::uint32_t>);

}  // namespace grundy::heap
