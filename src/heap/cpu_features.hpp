// What the processor offers the heap kernels' vector forms, read once at
// start-up: a dispatch on every call of a short pass (the pairs of one heap
// size inside a block) cost 0.7% of a sparse table's time as a guarded call.
#pragma once

namespace grundy::heap::detail {

/// Whether the processor runs AVX2. False until the program's static
/// initialisation has read it: a caller that early takes the portable forms.
extern const bool kHaveAvx2;

/// Whether the block's marking takes tiles of 32 heap sizes in AVX-512
/// registers (F and BW): true where the processor runs them, unless
/// turned off by use_avx512(false) (tests check the AVX2 forms so on the same
/// machine). Read once a call of the marking, not a pair.
[[nodiscard]] bool avx512_in_use();
void use_avx512(bool allowed);

}  // namespace grundy::heap::detail
