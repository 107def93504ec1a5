// What the processor offers the heap kernels' vector forms, read once at
// start-up: a dispatch on every call of a short pass (the pairs of one heap
// size inside a block) cost 0.7% of a sparse table's time as a guarded call.
#pragma once

namespace grundy::heap::detail {

/// Whether the processor runs AVX2. False until the program's static
/// initialisation has read it: a caller that early takes the portable forms.
extern const bool kHaveAvx2;

}  // namespace grundy::heap::detail
