#include "grundy/heap/sum_xor.hpp"

#include <bit>
#include <limits>

namespace grundy::heap {

namespace {

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return a > std::numeric_limits<std::uint64_t>::max() - b ? std::numeric_limits<std::uint64_t>::max() : a + b;
}

std::uint64_t bit_residue(unsigned i, std::uint64_t step) {
  std::uint64_t r = 1 % step;
  for (unsigned k = 0; k < i; ++k) r = (2 * r) % step;
  return r;
}

constexpr unsigned kMaxTriedBits = 20;  // 2^20 subsets tried when the step is too large to count by residues

}  // namespace

SumXorProgression::SumXorProgression(std::uint64_t sum, std::uint64_t xor_value, std::uint64_t lo, std::uint64_t hi,
                                     std::uint64_t step)
    : xor_(xor_value), step_(step == 0 ? 1 : step) {
  if (sum < xor_value || (sum - xor_value) % 2 != 0 || lo > hi) return;
  common_ = (sum - xor_value) / 2;
  if ((common_ & xor_value) != 0 || hi < common_) return;
  u_lo_ = lo > common_ ? lo - common_ : 0;
  u_hi_ = std::min(hi - common_, xor_value);
  if (u_lo_ > u_hi_) return;
  solvable_ = true;
  residue_ = (lo % step_ + step_ - common_ % step_) % step_;
  if (step_ > kMaxCountedStep) return;
  below_.assign(65 * step_, 0);
  below_[0] = 1;  // the empty subset, under bit 0
  for (unsigned i = 0; i < 64; ++i) {
    const std::uint64_t* from = &below_[i * step_];
    std::uint64_t* to = &below_[(i + 1) * step_];
    for (std::uint64_t r = 0; r < step_; ++r) to[r] = from[r];
    if (((xor_value >> i) & 1U) == 0) continue;
    const std::uint64_t shift = bit_residue(i, step_);
    for (std::uint64_t r = 0; r < step_; ++r) to[(r + shift) % step_] = saturating_add(to[(r + shift) % step_], from[r]);
  }
}

std::uint64_t SumXorProgression::count_up_to(std::uint64_t bound) const {
  std::uint64_t total = 0;
  std::uint64_t prefix = 0;  // residue of the bits chosen so far, all equal to bound's
  for (int i = 63; i >= 0; --i) {
    const unsigned bit = static_cast<unsigned>(i);
    if (((bound >> bit) & 1U) == 0) continue;  // u's bit must be 0 to stay equal to bound
    // u's bit 0 where bound's is 1: every subset of the lower bits is below bound.
    total = saturating_add(total, below_[bit * step_ + (residue_ + step_ - prefix) % step_]);
    if (((xor_ >> bit) & 1U) == 0) return total;  // u cannot match bound's bit here
    prefix = (prefix + bit_residue(bit, step_)) % step_;
  }
  return prefix == residue_ ? saturating_add(total, 1) : total;  // u == bound
}

std::optional<std::uint64_t> SumXorProgression::count() const {
  if (!solvable_) return 0;
  if (!below_.empty()) return count_up_to(u_hi_) - (u_lo_ == 0 ? 0 : count_up_to(u_lo_ - 1));
  if (std::popcount(xor_) > static_cast<int>(kMaxTriedBits)) return std::nullopt;
  std::uint64_t total = 0;
  list([&](std::uint64_t) { return ++total, true; }, std::numeric_limits<std::uint64_t>::max());
  return total;
}

bool SumXorProgression::list(const std::function<bool(std::uint64_t)>& visit, std::uint64_t work) const {
  if (!solvable_) return true;
  unsigned bits[64];
  unsigned width = 0;
  for (int i = 63; i >= 0; --i) {
    if (((xor_ >> static_cast<unsigned>(i)) & 1U) != 0) bits[width++] = static_cast<unsigned>(i);
  }
  std::uint64_t rest[65];  // rest[k]: the sum of bits[k..width)
  rest[width] = 0;
  for (unsigned k = width; k-- > 0;) rest[k] = rest[k + 1] | (std::uint64_t{1} << bits[k]);
  bool stopped = false;  // visit asked to stop
  // Depth first, the smaller choice (bit off) first, so x comes in increasing order.
  const std::function<bool(unsigned, std::uint64_t)> walk = [&](unsigned k, std::uint64_t u) -> bool {
    if (work == 0) return false;
    --work;
    if (u > u_hi_ || u + rest[k] < u_lo_) return true;
    if (!below_.empty()) {
      const unsigned under = k < width ? bits[k] + 1 : 0;
      if (below_[under * step_ + (residue_ + step_ - u % step_) % step_] == 0) return true;
    }
    if (k == width) {
      if (u % step_ == residue_ && !visit(common_ | u)) stopped = true;
      return true;
    }
    if (!walk(k + 1, u)) return false;
    if (stopped) return true;
    return walk(k + 1, u | (std::uint64_t{1} << bits[k]));
  };
  return walk(0, 0) || stopped;
}

}  // namespace grundy::heap
