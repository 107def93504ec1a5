// Processes computing one heap table together (the ranks of an MPI job): each
// holds the table and computes every value itself, but the sparse-space
// method's blocks are shared: each process marks its part of a block's partner
// pairs and proves its part of the block's guessed values, combine() ORs the
// parts of all processes (an allreduce) or start_gather() hands each its
// others' parts (an allgather), and every process confirms the block
// identically. Only the first process writes files (and, in bounded memory,
// holds the spilled values).
// The library knows no MPI: grundy-mpi registers its communicator here.
#pragma once

#include <cstddef>
#include <cstdint>

namespace grundy::heap {

/// A group of processes sharing the blocks of the sparse-space method.
class ProcessGroup {
 public:
  virtual ~ProcessGroup() = default;
  /// The number of processes (1: no sharing).
  [[nodiscard]] virtual unsigned size() const = 0;
  /// This process's place, 0 .. size() - 1; process 0 writes the files.
  [[nodiscard]] virtual unsigned rank() const = 0;
  /// ORs words[0 .. count) over every process, in place. Every process calls it
  /// the same number of times, with the same counts, in the same order.
  virtual void combine(std::uint64_t* words, std::size_t count) = 0;
  /// combine(words, count) begun, to be ended by finish_combine(): meanwhile
  /// the caller computes (and leaves `words` alone), calling progress() now and
  /// then, so that the wait for the other processes and the transfer overlap
  /// its work. Collective like combine(), one at a time. By default the whole
  /// combine() here, and finish_combine() and progress() do nothing.
  virtual void start_combine(std::uint64_t* words, std::size_t count) { combine(words, count); }
  /// Every process's part handed to all: part r is counts[r] words, after
  /// those of the processes before it in `words`; this process's part is
  /// filled, every other part is written in place. Begun here and ended by
  /// finish_combine() like a started combine (progress() meanwhile); every
  /// process passes the same counts; collective like combine().
  virtual void start_gather(std::uint64_t* words, const std::size_t* counts) = 0;
  virtual void finish_combine() {}
  /// Lets a started combine advance (a transport that moves data only inside its own calls).
  virtual void progress() {}
  /// Sends values[0 .. count) of process 0 to every process (a streamed table's
  /// values, which process 0 alone holds on disk). Collective like combine().
  /// By default a combine() in which the other processes contribute zeros.
  virtual void broadcast(std::uint16_t* values, std::size_t count);
  /// Told how long this process spent in work that every process repeats in
  /// order (the serial part of the shared blocks), for a report; ignored by default.
  virtual void add_in_order_time(std::uint64_t /*nanoseconds*/) {}
};

/// Makes `group` the group of this process (nullptr: none); it must outlive its use.
void set_process_group(ProcessGroup* group);

/// The group of this process, or nullptr when it computes alone.
[[nodiscard]] ProcessGroup* process_group();

/// False on every process of a group but the first: tables, checkpoints and
/// outputs are written once.
[[nodiscard]] bool writes_files();

}  // namespace grundy::heap
