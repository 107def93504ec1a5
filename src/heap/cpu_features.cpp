#include "cpu_features.hpp"

namespace grundy::heap::detail {

const bool kHaveAvx2 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}();

const bool kHaveAvx512 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512bw") != 0;
}();

std::atomic<bool> avx512_allowed{true};

}  // namespace grundy::heap::detail
