// Heap-table values in bounded memory, for runs that do not keep the table:
// every value is spilled to a file, and the fast kernel reads what it needs
// from a head (the first values, where the proof scan's short heaps lie), a
// sliding window of recent values, one buffered sequential cursor per distant
// rare heap r (g(n - k - r) moves forward one step as n does), and, for the
// rare reads beyond all of these, blocks read back from the file. Memory is
// head + 2 * window + cursors * cursor values, whatever the table's length.
// In a group of processes (grundy-mpi) only the first holds the file: while
// the kernel runs, a read beyond memory is made by every process alike (the
// parts in order), and the first sends the values to the others.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/heap/kernel.hpp"
#include "grundy/heap/process_group.hpp"
#include "grundy/heap/periodicity.hpp"
#include "grundy/heap/rules.hpp"

namespace grundy::heap {

class StatsAccumulator;

/// Pairs (a + i, rest - a - i) of a split, i < count: g(a + i) = lo[i] and g(rest - a - i) = *(hi - i).
template <class V>
struct PairView {
  const V* lo = nullptr;
  const V* hi = nullptr;
  std::uint64_t count = 0;
};

/// How many values each part of a streamed table keeps in memory.
struct StreamSizes {
  std::uint64_t head = std::uint64_t{1} << 20;    // g(0..head-1), read by the proof scan
  std::uint64_t window = std::uint64_t{1} << 20;  // at least this many recent values
  std::uint64_t cursor = std::uint64_t{1} << 12;  // values buffered per distant rare heap
  std::uint64_t block = std::uint64_t{1} << 16;   // values per block read back for other reads
};

/// What the streamed store did (for the summary and the tests).
struct StreamCounters {
  std::uint64_t spilled = 0;         // values written to the file
  std::uint64_t far_views = 0;       // pair ranges read back from the file (beyond head and window)
  std::uint64_t cursor_refills = 0;  // cursor buffers refilled from the file
  std::uint64_t cursors = 0;         // cursors with a buffer (the most at once)
  std::uint64_t block_reads = 0;     // blocks read back for single values
};

/// Values appended to an anonymous temporary file (gone when closed, even after a
/// kill) and read back anywhere. Throws Error on a file error.
class SpillFile {
 public:
  /// A new empty file in `dir` (empty: $TMPDIR, else /tmp); with keeps_values
  /// false, no file: appends are only counted (a process of a group whose first
  /// process holds the file) and reads throw Error.
  explicit SpillFile(const std::string& dir = "", bool keeps_values = true);
  ~SpillFile();
  SpillFile(const SpillFile&) = delete;
  SpillFile& operator=(const SpillFile&) = delete;

  /// Appends count values.
  void append(const std::uint16_t* values, std::uint64_t count);
  /// Reads g(begin .. begin+count-1); they must have been appended.
  void read(std::uint64_t begin, std::uint64_t count, std::uint16_t* out) const;
  /// Values in the file.
  [[nodiscard]] std::uint64_t size() const { return size_; }
  /// False for a process of a group that keeps no file.
  [[nodiscard]] bool keeps_values() const { return fd_ >= 0; }

 private:
  int fd_ = -1;
  std::string dir_;
  std::uint64_t size_ = 0;
};

/// The kernel's value store in bounded memory (16-bit values). Single-threaded,
/// but for the reads under memory_only (below).
class StreamedValues {
 public:
  using Value = std::uint16_t;
  static constexpr bool kInMemory = false;  // no dense team (the sparse block method reads runs, below)

  /// An empty table spilling to `file`; every value pushed is also added to `stats` when given.
  StreamedValues(SpillFile& file, const StreamSizes& sizes, StatsAccumulator* stats = nullptr);

  /// Values known: g(0..size()-1).
  [[nodiscard]] std::uint64_t size() const { return size_; }
  /// g(i), i < size(): from memory, or a block read back from the file.
  [[nodiscard]] std::uint16_t operator[](std::uint64_t i) const {
    if (i >= base_) return window_data_[i - base_];
    if (i < head_.size()) return head_[i];
    return from_block(i);
  }
  /// Appends g(size()).
  void push_back(std::uint16_t v);
  /// Appends a guess of g(size()), not yet counted in the statistics: confirm or truncate it later.
  /// Guesses stay in memory (a slide keeps them in the window) and never reach the file.
  void push_guess(std::uint16_t v);
  /// Appends guesses of g(size()), g(size() + 1), ..., not yet counted in the statistics.
  void push_guesses(const std::uint16_t* values, std::uint64_t count);
  /// g(i) = v for a guess i (the first not confirmed), now counted.
  void confirm(std::uint64_t i, std::uint16_t v);
  /// The guesses [begin, begin + count) (begin the first not confirmed, all appended) held as they
  /// are: now counted. May run beside push_guesses on another thread (a team's confirmations).
  void confirm_guesses(std::uint64_t begin, std::uint64_t count);
  /// Drops the values from `size` on (guesses, still in the window and not spilled).
  void truncate(std::uint64_t size);
  /// While set (nullptr: never), reads beyond memory are shared by the group: every
  /// process makes the same ones in the same order, process 0 reads its file and
  /// sends the values to the others (the only process with a file).
  void share_reads(ProcessGroup* group) { group_ = group; }
  /// Thrown by a read beyond memory while local_only is set.
  struct NotInMemory {};
  /// While true, reads are this process's alone (it cannot ask the others): a
  /// pair range or a run beyond memory is read from the file where this process
  /// holds it, and every other read beyond memory throws NotInMemory, changing
  /// nothing (the single-value caches are the group's: never filled alone).
  void local_only(bool on) { local_only_ = on; }
  /// Empties every cursor and block read back from the file. Processes of a
  /// group whose runs beyond memory were process 0's (read alone) call it
  /// before they compute alike, each making the same reads: from here on
  /// every process asks for the same values at the same points.
  void forget_reads();
  /// While set on the calling thread, a read beyond the head and the window
  /// throws NotInMemory before it changes anything. Such reads may run on
  /// several threads at once, while one thread appends within the room that
  /// make_room reserved (a team's proofs during a block).
  static void memory_only(bool on) { memory_only_ = on; }
  /// Whether g(begin .. begin+count-1) lies in the head or the window (a run of it needs no read).
  [[nodiscard]] bool in_memory(std::uint64_t begin, std::uint64_t count) const {
    return begin >= base_ || begin + count <= head_.size();
  }
  /// The pairs (a + i, rest - a - i) from i = 0 for at least one and at most end - a values of i (a < end <= rest - a +
  /// 1).
  [[nodiscard]] PairView<std::uint16_t> pairs(std::uint64_t rest, std::uint64_t a, std::uint64_t end) const;
  /// marks[values[j] ^ g(rest - heaps[j])] = 1 for j in [begin, end); heaps ascending, each <= rest.
  void mark_partners(std::uint64_t rest, const std::uint64_t* heaps, const std::uint16_t* values, std::size_t begin,
                     std::size_t end, std::uint8_t* marks) const;
  /// g(begin .. begin+count-1) (all below size(), count <= kMostRoom) contiguous in memory: from the head, the
  /// window, or the buffer of cursor `slot` (one per partner run, refilled sequentially from the file). Valid
  /// until that slot is asked again or the window slides (make_room says when it may).
  [[nodiscard]] const std::uint16_t* run(std::size_t slot, std::uint64_t begin, std::uint64_t count) const {
    // Inline where memory holds it: a block sets up a run per partner (thousands).
    if (begin >= base_) return window_data_ + (begin - base_);
    if (begin + count <= head_.size()) return head_.data() + begin;
    return run_from_cursor(slot, begin, count);
  }
  /// Where g(i) lies or will lie in the window (i >= the window's base, i < size() + the appends
  /// before it slides): pointers from it stay valid until the window slides.
  [[nodiscard]] const std::uint16_t* window_at(std::uint64_t i) const { return window_data_ + (i - base_); }
  /// The lowest value in the window.
  [[nodiscard]] std::uint64_t window_base() const { return base_; }
  /// Slides the window now if fewer than `count` values (at most the window's size less one) could be
  /// appended before it slides; returns how many can be (runs and window_at pointers stay valid while they are).
  std::uint64_t room_for_run(std::uint64_t count);
  /// The most values make_room reserves at once.
  static constexpr std::uint64_t kMostRoom = 1024;
  /// The most guesses not yet confirmed when the window slides (they stay in it).
  static constexpr std::uint64_t kMostGuesses = 2048;
  /// Slides the window now if needed, so that the next `count` values (<= kMostRoom) are appended without moving
  /// any value in memory: runs handed out after this call stay valid while those values are pushed.
  void make_room(std::uint64_t count);
  /// Copies g(begin .. begin+count-1) (all below size()) to out.
  void read(std::uint64_t begin, std::uint64_t count, std::uint16_t* out) const;
  /// Writes every value still only in memory to the file, so the file holds g(0..size()-1).
  void flush();
  /// Values a pair range beyond memory is read back in at a time (StreamSizes::block).
  [[nodiscard]] std::uint64_t read_block() const { return sizes_.block; }
  [[nodiscard]] const StreamCounters& counters() const { return counters_; }
  [[nodiscard]] const SpillFile& file() const { return file_; }

 private:
  struct Cursor {
    std::uint64_t heap = ~std::uint64_t{0};
    std::uint64_t begin = 0;
    std::vector<std::uint16_t> values;
  };
  struct Block {
    std::uint64_t begin = ~std::uint64_t{0};
    std::vector<std::uint16_t> values;
    std::uint64_t used = 0;
  };

  std::uint16_t from_block(std::uint64_t i) const;
  const std::uint16_t* run_from_cursor(std::size_t slot, std::uint64_t begin, std::uint64_t count) const;
  void append(std::uint16_t v);
  void check_far_read() const {
    if (local_only_ || memory_only_) throw NotInMemory{};
  }
  void read_spilled(std::uint64_t begin, std::uint64_t count, std::uint16_t* out) const;
  void spill_to(std::uint64_t end);
  std::uint16_t from_cursor(std::size_t j, std::uint64_t heap, std::uint64_t i) const;
  void slide();
  // The readers' copy of the window's address, written only when it moves.
  void note_window() {
    if (window_data_ != window_.data()) window_data_ = window_.data();
  }

  // Read by every member of a team while member 0 appends: apart from what
  // the appends write, so that an append does not take the readers' line
  // (0.167 on two threads: a confirmation's first read of the store missed
  // about every chunk).
  SpillFile& file_;
  StreamSizes sizes_;
  StatsAccumulator* stats_;
  std::uint64_t base_ = 0;                      // window_ holds g(base_ .. size_-1)
  const std::uint16_t* window_data_ = nullptr;  // window_.data(), rewritten only when it moves (note_window)
  std::vector<std::uint16_t> head_;
  std::uint64_t slack_ = 0;  // a cursor refills this far before the value asked for
  // Written by the appends.
  alignas(64) std::uint64_t size_ = 0;
  std::uint64_t confirmed_ = 0;  // g(0 .. confirmed_-1) are values, the rest guesses (push_guess)
  std::uint64_t room_ = 0;       // values still to be appended without a slide (make_room)
  std::vector<std::uint16_t> window_;
  // Written by reads beyond memory (one member at a time: memory_only keeps the others out).
  alignas(64) mutable std::vector<Cursor> cursors_;
  mutable std::vector<Cursor> run_cursors_;
  mutable std::vector<Block> blocks_;
  mutable std::uint64_t clock_ = 0;
  mutable std::vector<std::uint16_t> far_lo_;
  mutable std::vector<std::uint16_t> far_hi_;
  mutable StreamCounters counters_;
  ProcessGroup* group_ = nullptr;
  bool local_only_ = false;
  static inline thread_local bool memory_only_ = false;
};

/// True when the fast kernel's rare/common method applies to the game (two-heap
/// splits and no three-heap ones): the games a streamed table serves.
bool streams(const HeapRules& rules);

/// extend_fast over a streamed store: the same values, memory bounded by the store's sizes.
/// Returns g.size() afterwards (upto + 1 unless stopped, or a value did not fit in 16 bits).
std::uint64_t extend_fast_streamed(const HeapRules& rules, StreamedValues& g, std::uint64_t upto,
                                   const KernelControl& control = {});

/// find_period over a streamed store: exactly the answer find_period gives on the same values.
std::optional<Periodicity> find_period_streamed(const HeapRules& rules, const StreamedValues& g);

}  // namespace grundy::heap
