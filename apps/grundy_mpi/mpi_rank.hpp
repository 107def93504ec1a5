// Where this process stands in an MPI communicator: its rank and the number of
// ranks, as the unsigned figures the heap engine's groups use.
#pragma once

#include <mpi.h>

namespace grundy::mpi {

struct RankAndSize {
  unsigned rank = 0;
  unsigned size = 1;
};

/// MPI must be initialised.
inline RankAndSize rank_and_size(MPI_Comm comm) {
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  return {.rank = static_cast<unsigned>(rank), .size = static_cast<unsigned>(size)};
}

}  // namespace grundy::mpi
