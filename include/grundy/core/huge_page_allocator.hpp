// An allocator for large tables read at random (memo tables): blocks of 2 MiB or
// more are aligned to 2 MiB and, on Linux, marked for transparent huge pages, so
// a random lookup in a table of tens of MiB needs no page walk (with 4 KiB pages
// each such lookup misses the TLB). Smaller blocks come from operator new. Only
// a hint: where huge pages are off the table works the same, on small pages.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace grundy {

template <class T>
class HugePageAllocator {
 public:
  using value_type = T;

  HugePageAllocator() = default;
  template <class U>
  explicit HugePageAllocator(const HugePageAllocator<U>&) {}

  /// Storage for n objects; large blocks are huge-page aligned and advised.
  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugePage) return static_cast<T*>(::operator new(bytes));
    void* block = std::aligned_alloc(kHugePage, rounded(bytes));
    if (block == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    ::madvise(block, rounded(bytes), MADV_HUGEPAGE);  // a hint: failure leaves small pages
#endif
    return static_cast<T*>(block);
  }

  void deallocate(T* p, std::size_t n) {
    if (n * sizeof(T) < kHugePage) {
      ::operator delete(p);
    } else {
      std::free(p);
    }
  }

  template <class U>
  friend bool operator==(const HugePageAllocator&, const HugePageAllocator<U>&) {
    return true;
  }

 private:
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;
  static std::size_t rounded(std::size_t bytes) { return (bytes + kHugePage - 1) / kHugePage * kHugePage; }
};

}  // namespace grundy
