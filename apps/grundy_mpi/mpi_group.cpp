#include "mpi_group.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <stdexcept>

#include "mpi_rank.hpp"

namespace grundy::mpi {

MpiGroup::MpiGroup() {
  const RankAndSize place = rank_and_size(MPI_COMM_WORLD);
  size_ = place.size;
  rank_ = place.rank;
}

void MpiGroup::combine(std::uint64_t* words, std::size_t count) {
  if (count > static_cast<std::size_t>(INT_MAX)) throw std::length_error("an MPI reduction of more than INT_MAX words");
  const auto start = std::chrono::steady_clock::now();
  MPI_Allreduce(MPI_IN_PLACE, words, static_cast<int>(count), MPI_UINT64_T, MPI_BOR, MPI_COMM_WORLD);
  combine_nanoseconds_ += static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
  ++combines_;
  bytes_ += count * sizeof(std::uint64_t);
}

void MpiGroup::start_combine(std::uint64_t* words, std::size_t count) {
  const auto start = std::chrono::steady_clock::now();
  // In pieces below the transports' eager limit (4 KiB on shared memory): each
  // goes out at once, where a larger one waits for a handshake that advances
  // only inside MPI calls, so at the wait.
  requests_.clear();
  for (std::size_t first = 0; first < count; first += kPieceWords) {
    const auto piece = static_cast<int>(std::min(kPieceWords, count - first));
    MPI_Request& request = requests_.emplace_back();
    MPI_Iallreduce(MPI_IN_PLACE, words + first, piece, MPI_UINT64_T, MPI_BOR, MPI_COMM_WORLD, &request);
  }
  started_count_ = count;
  combine_nanoseconds_ += static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
}

void MpiGroup::start_gather(std::uint64_t* words, const std::size_t* counts) {
  const auto start = std::chrono::steady_clock::now();
  // In pieces under the eager limit, as a started combine's: piece j gathers
  // every part's words from j x kPieceWords on (if any), each received in its
  // place in `words`, so nothing is copied on either side of the transfer.
  const std::size_t parts = size_;
  std::vector<std::size_t>& firsts = part_firsts_;
  firsts.assign(parts, 0);
  std::size_t longest = 0;
  for (std::size_t part = 0; part < parts; ++part) {
    if (part > 0) firsts[part] = firsts[part - 1] + counts[part - 1];
    longest = std::max(longest, counts[part]);
  }
  if (firsts.back() + counts[parts - 1] > static_cast<std::size_t>(INT_MAX)) {
    throw std::length_error("an MPI gather of more than INT_MAX words");
  }
  const std::size_t pieces = (longest + kPieceWords - 1) / kPieceWords;
  piece_counts_.resize(pieces);
  piece_firsts_.resize(pieces);
  requests_.clear();
  for (std::size_t piece = 0; piece < pieces; ++piece) {
    std::vector<int>& piece_counts = piece_counts_[piece];
    std::vector<int>& piece_firsts = piece_firsts_[piece];
    piece_counts.assign(parts, 0);
    piece_firsts.assign(parts, 0);
    const std::size_t from = piece * kPieceWords;
    for (std::size_t part = 0; part < parts; ++part) {
      if (counts[part] <= from) continue;
      piece_counts[part] = static_cast<int>(std::min(kPieceWords, counts[part] - from));
      piece_firsts[part] = static_cast<int>(firsts[part] + from);
    }
    MPI_Request& request = requests_.emplace_back();
    MPI_Iallgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, words, piece_counts.data(), piece_firsts.data(), MPI_UINT64_T,
                    MPI_COMM_WORLD, &request);
  }
  started_count_ = counts[rank_];
  combine_nanoseconds_ += static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
}

void MpiGroup::progress() {
  if (requests_.empty()) return;
  int done = 0;
  MPI_Testall(static_cast<int>(requests_.size()), requests_.data(), &done, MPI_STATUSES_IGNORE);
}

void MpiGroup::finish_combine() {
  const auto start = std::chrono::steady_clock::now();
  MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  requests_.clear();
  combine_nanoseconds_ += static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
  ++combines_;
  bytes_ += started_count_ * sizeof(std::uint64_t);
}

}  // namespace grundy::mpi

namespace grundy::mpi {

void MpiGroup::broadcast(std::uint16_t* values, std::size_t count) {
  if (count > static_cast<std::size_t>(INT_MAX)) throw std::length_error("an MPI broadcast of more than INT_MAX values");
  const auto start = std::chrono::steady_clock::now();
  MPI_Bcast(values, static_cast<int>(count), MPI_UINT16_T, 0, MPI_COMM_WORLD);
  combine_nanoseconds_ += static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
  ++broadcasts_;
  broadcast_bytes_ += count * sizeof(std::uint16_t);
}

}  // namespace grundy::mpi
