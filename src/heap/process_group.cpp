#include "grundy/heap/process_group.hpp"

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

void set_process_group(ProcessGroup* group) { registered.store(group); }

ProcessGroup* process_group() { return registered.load(); }

bool writes_files() {
  const ProcessGroup* group = registered.load();
  return group == nullptr || group->rank() == 0;
}

}  // namespace grundy::heap
