#include "grundy/heap/value_stream.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "common/text.hpp"

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/moves.hpp"
#include "grundy/heap/table_stats.hpp"
#include "period_search.hpp"

namespace grundy::heap {

namespace {

std::string spill_dir(const std::string& dir) {
  if (!dir.empty()) return dir;
  const char* tmp = std::getenv("TMPDIR");
  return tmp != nullptr && *tmp != '\0' ? std::string(tmp) : std::string("/tmp");
}

[[noreturn]] void file_error(const std::string& what, const std::string& dir) {
  throw Error(
      grundy::detail::message("the table's spill file in '", dir, "': cannot ", what, ": ", std::strerror(errno)));
}

}  // namespace

SpillFile::SpillFile(const std::string& dir, bool keeps_values) : dir_(spill_dir(dir)) {
  if (!keeps_values) return;
  // O_TMPFILE: no name at all, so nothing is left behind however the run ends.
  fd_ = ::open(dir_.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd_ < 0) {
    std::string name = dir_ + "/grundy-spill-XXXXXX";
    fd_ = ::mkstemp(name.data());
    if (fd_ < 0) file_error("create it", dir_);
    ::unlink(name.c_str());
  }
}

SpillFile::~SpillFile() {
  if (fd_ >= 0) ::close(fd_);
}

void SpillFile::append(const std::uint16_t* values, std::uint64_t count) {
  if (fd_ < 0) {  // another process of the group holds the values
    size_ += count;
    return;
  }
  const auto* bytes = reinterpret_cast<const char*>(values);
  std::uint64_t left = count * sizeof(std::uint16_t);
  auto offset = static_cast<off_t>(size_ * sizeof(std::uint16_t));
  while (left > 0) {
    const ssize_t wrote = ::pwrite(fd_, bytes, std::min<std::uint64_t>(left, 1U << 30), offset);
    if (wrote <= 0) {
      if (wrote < 0 && errno == EINTR) continue;
      file_error("write it (disk full?)", dir_);
    }
    bytes += wrote;
    left -= static_cast<std::uint64_t>(wrote);
    offset += wrote;
  }
  size_ += count;
}

void SpillFile::read(std::uint64_t begin, std::uint64_t count, std::uint16_t* out) const {
  if (fd_ < 0) throw Error("the spilled values are held by the first process of the group, not this one");
  auto* bytes = reinterpret_cast<char*>(out);
  std::uint64_t left = count * sizeof(std::uint16_t);
  auto offset = static_cast<off_t>(begin * sizeof(std::uint16_t));
  while (left > 0) {
    const ssize_t got = ::pread(fd_, bytes, std::min<std::uint64_t>(left, 1U << 30), offset);
    if (got <= 0) {
      if (got < 0 && errno == EINTR) continue;
      file_error("read it back", dir_);
    }
    bytes += got;
    left -= static_cast<std::uint64_t>(got);
    offset += got;
  }
}

StreamedValues::StreamedValues(SpillFile& file, const StreamSizes& sizes, StatsAccumulator* stats)
    : file_(file), sizes_(sizes), stats_(stats) {
  // The kernel's prefix loops read up to 1024 pairs from the head and the window.
  sizes_.head = std::max<std::uint64_t>(sizes_.head, 16);
  sizes_.window = std::max<std::uint64_t>(sizes_.window, 16);
  sizes_.cursor = std::max<std::uint64_t>(sizes_.cursor, 16);
  sizes_.block = std::max<std::uint64_t>(sizes_.block, 16);
  // A cursor starts this far before the value asked for, so the other split digits
  // (g(i - 1), g(i - 2), ...) read from the same buffer.
  slack_ = 256;
  sizes_.cursor = std::max<std::uint64_t>(sizes_.cursor, 2 * slack_);
  // Neither moves while it fills, so the runs handed out stay where they are;
  // the window keeps room for guesses not yet confirmed, which stay in it when
  // it slides (a group's pipeline holds two blocks of them then).
  window_.reserve(2 * sizes_.window + kMostRoom + kMostGuesses);
  note_window();
  head_.reserve(sizes_.head);
  blocks_.resize(4);
}

void StreamedValues::push_back(std::uint16_t v) {
  if (stats_ != nullptr) stats_->add(size_, v);
  append(v);
  confirmed_ = size_;
}

void StreamedValues::push_guess(std::uint16_t v) { append(v); }

void StreamedValues::push_guesses(const std::uint16_t* values, std::uint64_t count) {
  // Together where the window takes them all without sliding (room reserved, or below twice its size).
  const bool whole = count <= room_ || window_.size() + count < 2 * sizes_.window;
  if (!whole || size_ < sizes_.head) {
    for (std::uint64_t i = 0; i < count; ++i) append(values[i]);
    return;
  }
  window_.insert(window_.end(), values, values + count);
  note_window();
  size_ += count;
  room_ -= std::min(room_, count);
}

void StreamedValues::confirm(std::uint64_t i, std::uint16_t v) {
  if (i < base_ || i >= size_) throw Error("StreamedValues::confirm: not a guess in the window");
  // A guess that held is not written again: the members of a team read it meanwhile.
  if (window_[i - base_] != v) window_[i - base_] = v;
  if (i < head_.size() && head_[i] != v) head_[i] = v;
  if (stats_ != nullptr) stats_->add(i, v);
  confirmed_ = std::max(confirmed_, i + 1);
}

void StreamedValues::confirm_guesses(std::uint64_t begin, std::uint64_t count) {
  // (Not checked against size(): a team's member 0 appends further guesses meanwhile.)
  if (begin < base_) throw Error("StreamedValues::confirm_guesses: not guesses in the window");
  confirmed_ = std::max(confirmed_, begin + count);
  if (stats_ == nullptr) return;
  const std::uint16_t* const values = window_data_ + (begin - base_);
  for (std::uint64_t i = 0; i < count; ++i) stats_->add(begin + i, values[i]);
}

void StreamedValues::truncate(std::uint64_t size) {
  if (size > size_) return;
  if (size < base_ || size < file_.size()) throw Error("StreamedValues::truncate: the values are spilled");
  window_.resize(size - base_);
  note_window();
  if (head_.size() > size) head_.resize(size);
  room_ += size_ - size;
  size_ = size;
  confirmed_ = std::min(confirmed_, size);
}

void StreamedValues::append(std::uint16_t v) {
  if (size_ < sizes_.head) head_.push_back(v);
  window_.push_back(v);
  note_window();
  ++size_;
  if (room_ > 0) {
    --room_;
  } else if (window_.size() >= 2 * sizes_.window) {
    slide();
  }
}

void StreamedValues::make_room(std::uint64_t count) {
  if (count > kMostRoom) throw Error("the streamed table cannot reserve room for so many values at once");
  if (window_.size() + count > 2 * sizes_.window) slide();
  room_ = count;
}

std::uint64_t StreamedValues::room_for_run(std::uint64_t count) {
  count = std::min(count, sizes_.window - 1);  // (room_for_run never slides a window just slid)
  if (window_.size() + count >= 2 * sizes_.window) slide();
  return 2 * sizes_.window - window_.size() - 1;  // the append that fills 2 x window slides
}

const std::uint16_t* StreamedValues::run_from_cursor(std::size_t slot, std::uint64_t begin,
                                                     std::uint64_t count) const {
  if (memory_only_) throw NotInMemory{};
  if (slot >= run_cursors_.size()) run_cursors_.resize(slot + 1);
  Cursor& cursor = run_cursors_[slot];
  if (begin < cursor.begin || begin + count > cursor.begin + cursor.values.size()) {
    if (local_only_ && !file_.keeps_values()) throw NotInMemory{};
    if (cursor.values.capacity() == 0) ++counters_.cursors;
    // Runs of a partner move forward block by block: read ahead from begin.
    cursor.begin = begin;
    cursor.values.resize(std::min(std::max(sizes_.cursor, count), size_ - begin));
    read(cursor.begin, cursor.values.size(), cursor.values.data());
    ++counters_.cursor_refills;
  }
  return cursor.values.data() + (begin - cursor.begin);
}

void StreamedValues::flush() { spill_to(size_); }

void StreamedValues::spill_to(std::uint64_t end) {
  const std::uint64_t spilled = file_.size();
  if (spilled >= end) return;
  file_.append(window_.data() + (spilled - base_), end - spilled);
  counters_.spilled = file_.size();
}

// Keeps the last `window` values in memory; everything before is in the file.
void StreamedValues::slide() {
  // Guesses not yet confirmed stay in memory, never in the file: a failed one is dropped (truncate).
  const std::uint64_t from = std::min(size_ - std::min(size_, sizes_.window), confirmed_);
  if (size_ - from > sizes_.window + kMostGuesses) throw Error("the streamed table holds too many guesses to slide");
  spill_to(confirmed_);
  if (from <= base_) return;
  std::memmove(window_.data(), window_.data() + (from - base_), (size_ - from) * sizeof(std::uint16_t));
  window_.resize(size_ - from);
  note_window();
  base_ = from;
}

void StreamedValues::read(std::uint64_t begin, std::uint64_t count, std::uint16_t* out) const {
  while (count > 0) {
    std::uint64_t n = 0;
    if (begin >= base_) {
      n = count;
      std::memcpy(out, window_data_ + (begin - base_), n * sizeof(std::uint16_t));
    } else if (begin < head_.size()) {
      n = std::min<std::uint64_t>(count, head_.size() - begin);
      std::memcpy(out, head_.data() + begin, n * sizeof(std::uint16_t));
    } else {
      n = std::min(count, base_ - begin);  // the file holds everything below base_
      read_spilled(begin, n, out);
    }
    begin += n;
    out += n;
    count -= n;
  }
}

void StreamedValues::read_spilled(std::uint64_t begin, std::uint64_t count, std::uint16_t* out) const {
  if (memory_only_) throw NotInMemory{};
  if (local_only_ && !file_.keeps_values()) throw NotInMemory{};
  if (local_only_ || group_ == nullptr || group_->size() <= 1) {
    file_.read(begin, count, out);
    return;
  }
  if (group_->rank() == 0) file_.read(begin, count, out);
  group_->broadcast(out, count);
}

std::uint16_t StreamedValues::from_block(std::uint64_t i) const {
  if (memory_only_) throw NotInMemory{};
  ++clock_;
  Block* oldest = &blocks_.front();
  for (Block& block : blocks_) {
    if (i >= block.begin && i - block.begin < block.values.size()) {
      block.used = clock_;
      return block.values[i - block.begin];
    }
    if (block.used < oldest->used) oldest = &block;
  }
  check_far_read();
  ++counters_.block_reads;
  oldest->begin = i - i % sizes_.block;
  oldest->values.resize(std::min(sizes_.block, size_ - oldest->begin));
  read(oldest->begin, oldest->values.size(), oldest->values.data());
  oldest->used = clock_;
  return oldest->values[i - oldest->begin];
}

void StreamedValues::forget_reads() {
  for (Cursor& cursor : cursors_) cursor.values.clear();
  for (Cursor& cursor : run_cursors_) cursor.values.clear();
  for (Block& block : blocks_) {
    block.values.clear();
    block.used = 0;
  }
}

std::uint16_t StreamedValues::from_cursor(std::size_t j, std::uint64_t heap, std::uint64_t i) const {
  if (memory_only_) throw NotInMemory{};
  if (j >= cursors_.size()) cursors_.resize(j + 1);
  Cursor& cursor = cursors_[j];
  if (cursor.heap != heap) {
    cursor.heap = heap;
    cursor.values.clear();
  }
  if (i < cursor.begin || i - cursor.begin >= cursor.values.size()) {
    check_far_read();
    if (cursor.values.capacity() == 0) ++counters_.cursors;
    // Start a little before i: the other split digits read g(i - 1), g(i - 2), ...
    cursor.begin = i - std::min(i, slack_);
    cursor.values.resize(std::min(sizes_.cursor, size_ - cursor.begin));
    read(cursor.begin, cursor.values.size(), cursor.values.data());
    ++counters_.cursor_refills;
  }
  return cursor.values[i - cursor.begin];
}

void StreamedValues::mark_partners(std::uint64_t rest, const std::uint64_t* heaps, const std::uint16_t* values,
                                   std::size_t begin, std::size_t end, std::uint8_t* marks) const {
  // Heaps ascend, so their partners rest - heap descend: the window first, then
  // the distant ones (one cursor each), then those in the head.
  std::size_t j = begin;
  const std::uint16_t* window = window_data_;
  for (; j < end && rest - heaps[j] >= base_; ++j) marks[values[j] ^ window[rest - heaps[j] - base_]] = 1;
  for (; j < end && rest - heaps[j] >= head_.size(); ++j) {
    marks[values[j] ^ from_cursor(j, heaps[j], rest - heaps[j])] = 1;
  }
  const std::uint16_t* head = head_.data();
  for (; j < end; ++j) marks[values[j] ^ head[rest - heaps[j]]] = 1;
}

PairView<std::uint16_t> StreamedValues::pairs(std::uint64_t rest, std::uint64_t a, std::uint64_t end) const {
  std::uint64_t count = end - a;
  const std::uint16_t* lo = nullptr;
  // The window first: while the head still grows (nothing has slid: base_ = 0)
  // another thread may be appending to it. Past a in the window the pairs' other
  // heaps bound the count (a + count - 1 <= rest - a < size_).
  if (a >= base_) {
    lo = window_data_ + (a - base_);
  } else if (a < head_.size()) {
    lo = head_.data() + a;
    count = std::min<std::uint64_t>(count, head_.size() - a);
  }
  const std::uint64_t b = rest - a;
  const std::uint16_t* hi = nullptr;
  if (b >= base_) {
    hi = window_data_ + (b - base_);
    count = std::min(count, b - base_ + 1);
  } else if (b < head_.size()) {
    hi = head_.data() + b;
    count = std::min(count, b + 1);
  }
  if (lo != nullptr && hi != nullptr) return {lo, hi, count};
  // Beyond the head and the window: read both sides back, a block at a time
  // (no cache: a process alone may read them from its own file, read_spilled).
  if (memory_only_ || (local_only_ && !file_.keeps_values())) throw NotInMemory{};
  ++counters_.far_views;
  count = std::min(count, sizes_.block);
  if (lo == nullptr) {
    far_lo_.resize(count);
    read(a, count, far_lo_.data());
    lo = far_lo_.data();
  }
  if (hi == nullptr) {
    far_hi_.resize(count);
    read(b + 1 - count, count, far_hi_.data());
    hi = far_hi_.data() + (count - 1);
  }
  return {lo, hi, count};
}

bool streams(const HeapRules& rules) { return any_allows(rules, 2) && !any_allows(rules, 3); }

std::optional<Periodicity> find_period_streamed(const HeapRules& rules, const StreamedValues& g) {
  return detail::find_period_in(rules, g, g.size());
}

}  // namespace grundy::heap
