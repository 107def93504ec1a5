// The ranks of an MPI job as the processes of a census (heap/census_processes.hpp):
// each message is one MPI message on a communicator of the census's own, its
// row carried as the row file's JSON record. Only the thread that runs the
// census calls these (MPI_THREAD_FUNNELED).
#pragma once

#include <mpi.h>

#include <optional>

#include "grundy/heap/census_processes.hpp"

namespace grundy::mpi {

class CensusRanks final : public heap::CensusProcesses {
 public:
  /// Duplicates MPI_COMM_WORLD (collective: every rank constructs one, at the same point).
  CensusRanks();
  ~CensusRanks() override;
  CensusRanks(const CensusRanks&) = delete;
  CensusRanks& operator=(const CensusRanks&) = delete;

  [[nodiscard]] unsigned size() const override { return size_; }
  [[nodiscard]] unsigned rank() const override { return rank_; }
  void send(unsigned to, const heap::CensusMessage& message) override;
  std::optional<heap::CensusMessage> receive() override;

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
  unsigned size_ = 1;
  unsigned rank_ = 0;
};

}  // namespace grundy::mpi
