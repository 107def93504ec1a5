#include "grundy/heap/process_group.hpp"

#include <atomic>

namespace grundy::heap {

namespace {

std::atomic<ProcessGroup*> registered{nullptr};

}  // namespace

void set_process_group(ProcessGroup* group) { registered.store(group); }

ProcessGroup* process_group() { return registered.load(); }

bool writes_files() {
  const ProcessGroup* group = registered.load();
  return group == nullptr || group->rank() == 0;
}

}  // namespace grundy::heap
