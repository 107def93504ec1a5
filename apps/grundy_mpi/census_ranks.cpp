#include "census_ranks.hpp"

#include <climits>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "grundy/catalogue/census_file.hpp"
#include "mpi_rank.hpp"

namespace grundy::mpi {

namespace census_ranks_detail {

// A message's bytes: kind, internal, the game (8 bytes, little or big endian as
// the machine: the ranks of a job run the same program), then the text (the
// row's JSON record, or the error).
constexpr std::size_t kHeader = 2 + sizeof(std::uint64_t);
constexpr int kTag = 1;

std::string encode(const heap::CensusMessage& message) {
  std::string text = message.row ? catalogue::census_row_record(*message.row).dump() : message.text;
  std::string bytes(kHeader, '\0');
  bytes[0] = static_cast<char>(message.kind);
  bytes[1] = static_cast<char>(message.internal ? 1 : 0);
  std::memcpy(bytes.data() + 2, &message.game, sizeof message.game);
  return bytes + text;
}

heap::CensusMessage decode(const std::string& bytes, unsigned from) {
  if (bytes.size() < kHeader) throw std::runtime_error("a census message too short");
  heap::CensusMessage message;
  message.kind = static_cast<heap::CensusMessage::Kind>(bytes[0]);
  message.internal = bytes[1] != 0;
  std::memcpy(&message.game, bytes.data() + 2, sizeof message.game);
  message.from = from;
  std::string text = bytes.substr(kHeader);
  if (message.kind == heap::CensusMessage::Kind::row) {
    message.row = catalogue::census_row_from_record(catalogue::Json::parse(text));
  } else {
    message.text = std::move(text);
  }
  return message;
}

}  // namespace census_ranks_detail

CensusRanks::CensusRanks() {
  MPI_Comm_dup(MPI_COMM_WORLD, &comm_);
  const RankAndSize place = rank_and_size(comm_);
  size_ = place.size;
  rank_ = place.rank;
}

CensusRanks::~CensusRanks() { MPI_Comm_free(&comm_); }

void CensusRanks::send(unsigned to, const heap::CensusMessage& message) {
  const std::string bytes = census_ranks_detail::encode(message);
  if (bytes.size() > static_cast<std::size_t>(INT_MAX)) throw std::length_error("a census row of more than 2 GB");
  MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_CHAR, static_cast<int>(to), census_ranks_detail::kTag,
           comm_);
}

std::optional<heap::CensusMessage> CensusRanks::receive() {
  int arrived = 0;
  MPI_Status status;
  MPI_Iprobe(MPI_ANY_SOURCE, census_ranks_detail::kTag, comm_, &arrived, &status);
  if (arrived == 0) return std::nullopt;
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  std::string bytes(static_cast<std::size_t>(count), '\0');
  MPI_Recv(bytes.data(), count, MPI_CHAR, status.MPI_SOURCE, census_ranks_detail::kTag, comm_, MPI_STATUS_IGNORE);
  return census_ranks_detail::decode(bytes, static_cast<unsigned>(status.MPI_SOURCE));
}

}  // namespace grundy::mpi
