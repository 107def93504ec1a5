#include "cpu_features.hpp"

namespace grundy::heap::detail {

const bool kHaveAvx2 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}();

}  // namespace grundy::heap::detail
