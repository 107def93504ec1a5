// The ranks of an MPI job as a heap::ProcessGroup: combine() is one
// MPI_Allreduce (bitwise OR) over MPI_COMM_WORLD, counted for the report.
#pragma once

#include <cstddef>
#include <cstdint>

#include "grundy/heap/process_group.hpp"

namespace grundy::mpi {

class MpiGroup final : public heap::ProcessGroup {
 public:
  /// Reads the rank and size of MPI_COMM_WORLD (MPI must be initialised).
  MpiGroup();
  [[nodiscard]] unsigned size() const override { return size_; }
  [[nodiscard]] unsigned rank() const override { return rank_; }
  void combine(std::uint64_t* words, std::size_t count) override;

  /// Calls of combine() so far, and the bytes each process contributed in all.
  [[nodiscard]] std::uint64_t combines() const { return combines_; }
  [[nodiscard]] std::uint64_t bytes() const { return bytes_; }

 private:
  unsigned size_ = 1;
  unsigned rank_ = 0;
  std::uint64_t combines_ = 0;
  std::uint64_t bytes_ = 0;
};

}  // namespace grundy::mpi
