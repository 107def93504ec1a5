#include "grundy/heap/process_group.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <vector>

namespace grundy::heap {

namespace {

std::atomic<ProcessGroup*> registered{nullptr};

}  // namespace

void ProcessGroup::broadcast(std::uint16_t* values, std::size_t count) {
  std::vector<std::uint64_t> words((count * sizeof(std::uint16_t) + sizeof(std::uint64_t) - 1) / sizeof(std::uint64_t), 0);
  if (rank() == 0) std::memcpy(words.data(), values, count * sizeof(std::uint16_t));
  combine(words.data(), words.size());
  std::memcpy(values, words.data(), count * sizeof(std::uint16_t));
}

void ProcessGroup::start_gather(std::uint64_t* words, const std::size_t* counts) {
  std::size_t first = 0;
  std::size_t total = 0;
  for (unsigned r = 0; r < size(); ++r) {
    if (r < rank()) first += counts[r];
    total += counts[r];
  }
  std::fill(words, words + first, std::uint64_t{0});
  std::fill(words + first + counts[rank()], words + total, std::uint64_t{0});
  start_combine(words, total);
}

void set_process_group(ProcessGroup* group) { registered.store(group); }

ProcessGroup* process_group() { return registered.load(); }

bool writes_files() {
  const ProcessGroup* group = registered.load();
  return group == nullptr || group->rank() == 0;
}

}  // namespace grundy::heap
