// The ranks of an MPI job as a heap::ProcessGroup: combine() is one
// MPI_Allreduce (bitwise OR) over MPI_COMM_WORLD (start_combine() one
// MPI_Iallreduce, start_gather() MPI_Iallgatherv), broadcast() one MPI_Bcast
// (a streamed table's values, which rank 0 alone holds on disk), counted and
// timed for the report, with the time the kernel spent in order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <mpi.h>

#include "grundy/heap/process_group.hpp"

namespace grundy::mpi {

class MpiGroup final : public heap::ProcessGroup {
 public:
  /// Reads the rank and size of MPI_COMM_WORLD (MPI must be initialised).
  MpiGroup();
  [[nodiscard]] unsigned size() const override { return size_; }
  [[nodiscard]] unsigned rank() const override { return rank_; }
  void combine(std::uint64_t* words, std::size_t count) override;
  /// One MPI_Iallreduce, tested by progress() and waited for by finish_combine().
  void start_combine(std::uint64_t* words, std::size_t count) override;
  /// The parts in pieces, each one MPI_Iallgatherv, like a started combine's.
  void start_gather(std::uint64_t* words, const std::size_t* counts) override;
  void finish_combine() override;
  void progress() override;
  /// One MPI_Bcast from rank 0, counted with the reductions.
  void broadcast(std::uint16_t* values, std::size_t count) override;
  void add_in_order_time(std::uint64_t nanoseconds) override { in_order_nanoseconds_ += nanoseconds; }

  /// Calls of combine() so far, and the bytes each process contributed in all.
  [[nodiscard]] std::uint64_t combines() const { return combines_; }
  [[nodiscard]] std::uint64_t bytes() const { return bytes_; }
  /// Calls of broadcast() so far, and the bytes they carried.
  [[nodiscard]] std::uint64_t broadcasts() const { return broadcasts_; }
  [[nodiscard]] std::uint64_t broadcast_bytes() const { return broadcast_bytes_; }
  /// Seconds in combine() and in the calls of a started one (waiting for the
  /// other ranks, and the transfer), and in work done in order.
  [[nodiscard]] double combine_seconds() const { return static_cast<double>(combine_nanoseconds_) * 1e-9; }
  [[nodiscard]] double in_order_seconds() const { return static_cast<double>(in_order_nanoseconds_) * 1e-9; }

 private:
  unsigned size_ = 1;
  unsigned rank_ = 0;
  std::uint64_t combines_ = 0;
  std::uint64_t bytes_ = 0;
  std::uint64_t broadcasts_ = 0;
  std::uint64_t broadcast_bytes_ = 0;
  std::uint64_t combine_nanoseconds_ = 0;
  std::uint64_t in_order_nanoseconds_ = 0;
  static constexpr std::size_t kPieceWords = 480;  // a started combine's pieces: 3,840 bytes each
  std::vector<MPI_Request> requests_;               // the started combine's pieces
  std::size_t started_count_ = 0;                   // the words this process contributed
  // A started gather: where each part begins, and its pieces: each part's
  // count and first word in each (kept until the gather ends, as MPI may read
  // them until then).
  std::vector<std::size_t> part_firsts_;
  std::vector<std::vector<int>> piece_counts_;
  std::vector<std::vector<int>> piece_firsts_;
};

}  // namespace grundy::mpi
