#include "cpu_features.hpp"

#include <atomic>

namespace grundy::heap::detail {

const bool kHaveAvx2 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}();

namespace {

const bool have_avx512 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512bw") != 0;
}();

std::atomic<bool> avx512_allowed{true};

}  // namespace

bool avx512_in_use() { return have_avx512 && avx512_allowed.load(std::memory_order_relaxed); }

void use_avx512(bool allowed) { avx512_allowed.store(allowed, std::memory_order_relaxed); }

}  // namespace grundy::heap::detail
