#include "grundy/heap/census_processes.hpp"

#include <atomic>

namespace grundy::heap {

namespace census_processes_registry {

std::atomic<CensusProcesses*> registered{nullptr};

}  // namespace census_processes_registry

void set_census_processes(CensusProcesses* processes) { census_processes_registry::registered.store(processes); }

CensusProcesses* census_processes() {
  CensusProcesses* processes = census_processes_registry::registered.load();
  return processes != nullptr && processes->size() > 1 ? processes : nullptr;
}

void abandon_census(CensusProcesses& processes, const std::string& error, bool internal) {
  if (processes.rank() == 0) {
    for (unsigned to = 1; to < processes.size(); ++to) processes.send(to, {.kind = CensusMessage::Kind::halt});
  } else {
    processes.send(0, {.kind = CensusMessage::Kind::failed, .text = error, .internal = internal});
  }
}

}  // namespace grundy::heap
