// What the processor offers the heap kernels' vector forms, read once at
// start-up: a dispatch on every call of a short pass (the pairs of one heap
// size inside a block) cost 0.7% of a sparse table's time as a guarded call.
#pragma once

#include <atomic>

namespace grundy::heap::detail {

/// Whether the processor runs AVX2. False until the program's static
/// initialisation has read it: a caller that early takes the portable forms.
extern const bool kHaveAvx2;

/// Whether the processor runs AVX-512 F and BW (read as kHaveAvx2 is).
extern const bool kHaveAvx512;
/// Cleared by use_avx512(false).
extern std::atomic<bool> avx512_allowed;

/// Whether the block's marking and the proofs' scans take their AVX-512 forms
/// (tiles of 32 heap sizes, 32 pairs a vector): true where the processor runs
/// them, unless turned off by use_avx512(false) (tests check the AVX2 forms so
/// on the same machine). Read once a call of a scan or of the marking, not a pair.
[[nodiscard]] inline bool avx512_in_use() { return kHaveAvx512 && avx512_allowed.load(std::memory_order_relaxed); }
inline void use_avx512(bool allowed) { avx512_allowed.store(allowed, std::memory_order_relaxed); }

}  // namespace grundy::heap::detail
