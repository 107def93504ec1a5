#include <algorithm>
#include <bit>
#include <limits>

#include "grundy/heap/kernel.hpp"

namespace grundy::heap {

namespace {

// The seen-set of one heap size: a byte per value, cleared by walking the values
// actually set (cheaper than clearing the whole array when it is large).
class SeenValues {
 public:
  void mark(std::uint64_t v) {
    if (v >= seen_.size()) seen_.resize(std::bit_ceil(v + 1), 0);
    if (!seen_[v]) {
      seen_[v] = 1;
      marked_.push_back(v);
    }
  }
  std::uint64_t mex_and_clear() {
    std::uint64_t mex = 0;
    while (mex < seen_.size() && seen_[mex]) ++mex;
    for (std::uint64_t v : marked_) seen_[v] = 0;
    marked_.clear();
    return mex;
  }

 private:
  std::vector<std::uint8_t> seen_;
  std::vector<std::uint64_t> marked_;
};

}  // namespace

template <class V>
std::uint64_t extend_plain(const HeapRules& rules, std::vector<V>& g, std::uint64_t upto,
                           const KernelControl& control) {
  if (g.empty()) g.push_back(0);
  SeenValues seen;
  const std::uint64_t t = rules.max_take();
  for (std::uint64_t n = g.size(); n <= upto; ++n) {
    if (control.stop != nullptr && control.stop->load(std::memory_order_relaxed)) break;
    for (std::uint64_t k = 0; k <= t && k <= n; ++k) {
      const std::uint8_t d = rules.digits[k];
      const std::uint64_t rest = n - k;
      if ((d & 1) && rest == 0) seen.mark(0);
      if ((d & 2) && rest >= 1 && k >= 1) seen.mark(g[rest]);
      if ((d & 4) && rest >= 2) {
        for (std::uint64_t a = 1; a <= rest / 2; ++a) {
          if (rules.unequal_split && 2 * a == rest) continue;
          seen.mark(static_cast<std::uint64_t>(g[a] ^ g[rest - a]));
        }
      }
      if ((d & 8) && rest >= 3) {
        for (std::uint64_t a = 1; 3 * a <= rest; ++a) {
          for (std::uint64_t b = a; a + 2 * b <= rest; ++b) {
            seen.mark(static_cast<std::uint64_t>(g[a] ^ g[b] ^ g[rest - a - b]));
          }
        }
      }
    }
    const std::uint64_t value = seen.mex_and_clear();
    if (value > std::numeric_limits<V>::max()) break;
    g.push_back(static_cast<V>(value));
    if (control.progress != nullptr && (n & 1023) == 0) control.progress->store(n + 1, std::memory_order_relaxed);
  }
  if (control.progress != nullptr) control.progress->store(g.size(), std::memory_order_relaxed);
  return g.size();
}

template std::uint64_t extend_plain<std::uint16_t>(const HeapRules&, std::vector<std::uint16_t>&, std::uint64_t,
                                                    const KernelControl&);
template std::uint64_t extend_plain<std::uint32_t>(const HeapRules&, std::vector<std::uint32_t>&, std::uint64_t,
                                                    const KernelControl&);

}  // namespace grundy::heap
