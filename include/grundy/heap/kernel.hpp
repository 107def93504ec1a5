// Table kernels: extend g(0..k-1) of a heap game to g(0..upto), bottom-up.
// Every kernel has this one signature, so the table engine (checkpoints,
// periodicity, files) is written once and the kernels only compute. A kernel
// works on one value type V (uint16_t first, uint32_t when values outgrow it)
// and stops early, cleanly, when asked to or when a value does not fit in V.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "grundy/heap/rules.hpp"

namespace grundy::heap {

struct KernelControl {
  /// When set and true, the kernel returns at the next heap size it starts.
  const std::atomic<bool>* stop = nullptr;
  /// When set, the kernel stores here how many values are valid, now and then.
  std::atomic<std::uint64_t>* progress = nullptr;
  /// Worker threads the kernel may use (1 = this thread only).
  unsigned threads = 1;
};

/// The plain method: for each n, every option's value into a seen-set, then the
/// mex. O(n^2) for split moves. The reference every faster kernel must match.
/// Extends `values` (which holds g(0..values.size()-1), at least g(0)) towards
/// g(upto); returns values.size() afterwards: upto + 1 unless it stopped early
/// (stop requested, or a value exceeded V's range: widen V and call again).
template <class V>
std::uint64_t extend_plain(const HeapRules& rules, std::vector<V>& values, std::uint64_t upto,
                           const KernelControl& control = {});

extern template std::uint64_t extend_plain<std::uint16_t>(const HeapRules&, std::vector<std::uint16_t>&,
                                                           std::uint64_t, const KernelControl&);
extern template std::uint64_t extend_plain<std::uint32_t>(const HeapRules&, std::vector<std::uint32_t>&,
                                                           std::uint64_t, const KernelControl&);

}  // namespace grundy::heap
