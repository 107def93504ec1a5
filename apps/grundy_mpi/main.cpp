// grundy-mpi: the grundy command line as one process of an MPI job
// (`mpirun -np K grundy-mpi table GAME --upto N ...`). Every rank runs the same
// command on the same table; the heap tables' sparse-space blocks are shared
// among the ranks (heap::ProcessGroup), so the values are those of `grundy`,
// bit for bit. Rank 0 alone prints and writes files; the others are silent.
#include <mpi.h>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include <fmt/format.h>

#include "census_ranks.hpp"
#include "command_line.hpp"
#include "mpi_group.hpp"

namespace {

// What a rank other than 0 wrote on stderr, prefixed with its rank, on the real stderr.
void show_held_errors(std::FILE* held, int real_stderr, unsigned rank) {
  std::fflush(stderr);
  std::rewind(held);
  std::string text;
  char buffer[4096];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, held)) > 0;) text.append(buffer, got);
  const std::string line = "grundy-mpi: rank " + std::to_string(rank) + ": " + text;
  if (!text.empty()) (void)!::write(real_stderr, line.data(), line.size());
}

// True when `request` (every rank reaching the end) completes within a few
// seconds: they all stopped together (an interruption, a budget met at the same
// block), and rank 0 has said why.
bool completes_soon(MPI_Request& request) {
  for (int waited_ms = 0; waited_ms < 5000; ++waited_ms) {
    int done = 0;
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done != 0) return true;
    ::usleep(1000);
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  // Only the thread that runs the kernel's blocks calls MPI.
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  // The ranks meet once more at the end, on a communicator of their own (a rank
  // still waiting in a block's reduction must not meet this instead).
  MPI_Comm finish = MPI_COMM_NULL;
  MPI_Comm_dup(MPI_COMM_WORLD, &finish);
  int status = 0;
  bool shared_work = false;
  std::FILE* held_errors = nullptr;  // ranks but 0: their stderr, shown only if they alone fail
  int real_stderr = -1;
  {
    grundy::mpi::MpiGroup group;
    const auto started = std::chrono::steady_clock::now();
    grundy::heap::set_process_group(&group);
    grundy::mpi::CensusRanks census_ranks;  // a census deals its games to the ranks
    grundy::heap::set_census_processes(&census_ranks);
    if (group.rank() != 0) {
      // Same answers, same errors: said once, by rank 0.
      held_errors = std::tmpfile();
      real_stderr = ::dup(STDERR_FILENO);
      if (std::freopen("/dev/null", "w", stdout) == nullptr || held_errors == nullptr || real_stderr < 0 ||
          ::dup2(::fileno(held_errors), STDERR_FILENO) < 0) {
        status = 3;
      }
    }
    if (status == 0) status = grundy::cli::run_command_line(argc, argv);
    grundy::heap::set_process_group(nullptr);
    grundy::heap::set_census_processes(nullptr);
    shared_work = group.combines() > 0;
    if (group.rank() == 0 && group.size() > 1 && group.combines() > 0) {
      // Rank 0's own figures; every rank does about the same share (the guesser sends its guesses too).
      // Reductions include the values of a streamed table that rank 0 sent.
      const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      std::cerr << "grundy-mpi: " << group.size() << " ranks, " << group.combines() << " blocks combined, "
                << group.bytes() / group.combines() << " bytes per block from rank 0; rank 0: "
                << fmt::format("{:.2f} s in order, {:.2f} s in reductions, of {:.2f} s", group.in_order_seconds(),
                               group.combine_seconds(), wall)
                << (group.broadcasts() > 0 ? fmt::format("; {} reads beyond memory sent from rank 0 ({} bytes)",
                                                         group.broadcasts(), group.broadcast_bytes())
                                           : std::string())
                << "\n";
    }
    MPI_Request everyone = MPI_REQUEST_NULL;
    MPI_Ibarrier(finish, &everyone);
    if (status != 0 && shared_work && !completes_soon(everyone)) {
      // This rank failed alone (a budget, a file): say why and end the job, so
      // no other rank waits for it in a reduction.
      if (held_errors != nullptr) show_held_errors(held_errors, real_stderr, group.rank());
      MPI_Abort(MPI_COMM_WORLD, status);
    }
    MPI_Wait(&everyone, MPI_STATUS_IGNORE);
  }
  MPI_Comm_free(&finish);
  MPI_Finalize();
  return status;
}
