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
  // In pieces under the eager limit, as a started combine's: piece j of every
  // part (its words from j x kPieceWords on, if any) lies together.
  const std::size_t parts = size_;
  part_counts_.assign(counts, counts + parts);
  part_firsts_.assign(parts, 0);
  std::size_t longest = 0;
  for (std::size_t part = 0; part < parts; ++part) {
    if (part > 0) part_firsts_[part] = part_firsts_[part - 1] + part_counts_[part - 1];
    longest = std::max(longest, part_counts_[part]);
  }
  if (part_firsts_.back() + part_counts_.back() > static_cast<std::size_t>(INT_MAX)) {
    throw std::length_error("an MPI gather of more than INT_MAX words");
  }
  const std::size_t pieces = (longest + kPieceWords - 1) / kPieceWords;
  piece_counts_.resize(pieces);
  piece_firsts_.resize(pieces);
  pieces_.resize(part_firsts_.back() + part_counts_.back());
  requests_.clear();
  std::size_t at = 0;
  for (std::size_t piece = 0; piece < pieces; ++piece) {
    std::vector<int>& piece_counts = piece_counts_[piece];
    std::vector<int>& piece_firsts = piece_firsts_[piece];
    piece_counts.assign(parts, 0);
    piece_firsts.assign(parts, 0);
    const std::size_t from = piece * kPieceWords;
    std::size_t in_piece = 0;
    for (std::size_t part = 0; part < parts; ++part) {
      const std::size_t count = part_counts_[part] > from ? std::min(kPieceWords, part_counts_[part] - from) : 0;
      piece_counts[part] = static_cast<int>(count);
      piece_firsts[part] = static_cast<int>(in_piece);
      in_piece += count;
    }
    std::uint64_t* const together = pieces_.data() + at;
    std::copy_n(words + part_firsts_[rank_] + from, piece_counts[rank_], together + piece_firsts[rank_]);
    MPI_Request& request = requests_.emplace_back();
    MPI_Iallgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, together, piece_counts.data(), piece_firsts.data(),
                    MPI_UINT64_T, MPI_COMM_WORLD, &request);
    at += in_piece;
  }
  gathered_ = words;
  started_count_ = part_counts_[rank_];
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
  if (gathered_ != nullptr) {
    std::size_t at = 0;
    for (std::size_t piece = 0; piece < piece_counts_.size(); ++piece) {
      const std::uint64_t* const together = pieces_.data() + at;
      for (std::size_t part = 0; part < size_; ++part) {
        const auto count = static_cast<std::size_t>(piece_counts_[piece][part]);
        std::copy_n(together + piece_firsts_[piece][part], count, gathered_ + part_firsts_[part] + piece * kPieceWords);
        at += count;
      }
    }
    gathered_ = nullptr;
  }
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
