// Processes sharing a census (the ranks of an MPI job): process 0 deals the
// games one at a time to any process with a free thread and gathers the rows;
// the others only compute. CensusRun speaks the protocol below; a transport
// (grundy-mpi's ranks) only carries its messages. The library knows no MPI: a
// process that computes alone registers nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "grundy/heap/census.hpp"

namespace grundy::heap {

/// One message between the processes of a census.
struct CensusMessage {
  enum class Kind : std::uint8_t {
    want,      // to 0: a thread of the sender is free; answered by game, finish or halt
    game,      // from 0: compute games[game]
    finish,    // from 0: every game is dealt; end once the games under way are done
    halt,      // from 0: the census stops; drop the games under way and end
    row,       // to 0: games[game] is finished, its row in `row`
    done,      // to 0: the sender has ended (every row it finished was sent before)
    stopped,   // to 0: the sender was stopped by a signal and has ended; the census stops
    failed,    // to 0: the sender failed with `text` and has ended; the census stops
  };
  Kind kind = Kind::want;
  /// The sender (filled in by receive()).
  unsigned from = 0;
  std::uint64_t game = 0;
  std::optional<CensusRow> row;
  /// failed: the error, and whether it is an internal error rather than the user's.
  std::string text;
  bool internal = false;
};

/// The processes of a census, seen from one of them. Every call comes from the
/// thread that runs the census (the one that called CensusRun::run).
class CensusProcesses {
 public:
  virtual ~CensusProcesses() = default;
  /// The number of processes (1: alone).
  [[nodiscard]] virtual unsigned size() const = 0;
  /// This process, 0 .. size() - 1; process 0 deals, gathers and writes.
  [[nodiscard]] virtual unsigned rank() const = 0;
  /// Sends `message` to process `to`.
  virtual void send(unsigned to, const CensusMessage& message) = 0;
  /// A message that has arrived for this process, without waiting; nullopt when none.
  virtual std::optional<CensusMessage> receive() = 0;
};

/// Makes `processes` those of this process's censuses (nullptr: alone); it must outlive its use.
void set_census_processes(CensusProcesses* processes);

/// The processes of a census run here, or nullptr when this process computes alone (also for a group of one).
[[nodiscard]] CensusProcesses* census_processes();

/// For a census that fails before its run on this process: tells the others, so
/// that none waits for this one (process 0 halts the others; another process
/// reports the failure to process 0).
void abandon_census(CensusProcesses& processes, const std::string& error, bool internal);

}  // namespace grundy::heap
