#include <algorithm>
#include <bit>
#include <limits>
#include <span>

#include "grundy/heap/kernel.hpp"
#include "grundy/heap/moves.hpp"

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
  for (std::uint64_t n = g.size(); n <= upto; ++n) {
    if (control.stop != nullptr && control.stop->load(std::memory_order_relaxed)) break;
    for_each_option(rules, n, [&](std::uint64_t, std::span<const std::uint64_t> parts) {
      std::uint64_t v = 0;
      for (std::uint64_t part : parts) v ^= g[part];
      seen.mark(v);
    });
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
