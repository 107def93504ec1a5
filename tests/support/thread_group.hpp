// A group of processes inside one process: K threads, each standing for one
// process with its own table and kernel, share the sparse-space blocks through
// a meeting that ORs or gathers their words (what grundy-mpi does with
// MPI_Allreduce and MPI_Allgatherv), for the tests and the benchmarks of a
// group.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "grundy/heap/process_group.hpp"

namespace grundy::testing {

using heap::ProcessGroup;

// The OR of every member's words, handed back to all: a barrier per call.
class OrMeeting {
 public:
  explicit OrMeeting(unsigned size) : size_(size) {}

  void combine(std::uint64_t* words, std::size_t count) {
    std::unique_lock lock(mutex_);
    if (arrived_ == 0) sum_.assign(count, 0);
    mismatched_ = mismatched_ || sum_.size() != count;
    for (std::size_t i = 0; i < count && i < sum_.size(); ++i) sum_[i] |= words[i];
    meet(lock, [this] { result_ = sum_; });
    for (std::size_t i = 0; i < count && i < result_.size(); ++i) words[i] = result_[i];
  }

  // Every member's part handed to all, as an allgather: part r is counts[r]
  // words after those before it; each member copies in its own part and, once
  // all have, copies out the others' (what a transport's receiver does), so a
  // benchmark's member pays for the words it receives, not for zeroing and
  // ORing all of them.
  void gather(std::uint64_t* words, const std::size_t* counts, unsigned rank) {
    std::size_t first = 0;
    std::size_t total = 0;
    for (unsigned r = 0; r < size_; ++r) {
      if (r < rank) first += counts[r];
      total += counts[r];
    }
    std::unique_lock lock(mutex_);
    if (arrived_ == 0) filling_.resize(total);
    mismatched_ = mismatched_ || filling_.size() != total;
    if (filling_.size() == total) {
      std::copy_n(words + first, counts[rank], filling_.begin() + static_cast<std::ptrdiff_t>(first));
    }
    // Kept until every member has left: the next gather must first meet all.
    meet(lock, [this] { gathered_.swap(filling_); });
    if (gathered_.size() == total) {
      std::copy_n(gathered_.begin(), first, words);
      std::copy(gathered_.begin() + static_cast<std::ptrdiff_t>(first + counts[rank]), gathered_.end(),
                words + first + counts[rank]);
    }
  }

  [[nodiscard]] std::uint64_t calls() const { return calls_; }
  /// Whether members ever combined different numbers of words (their blocks differed).
  [[nodiscard]] bool mismatched() const { return mismatched_; }

 private:
  // Waits under `lock` until every member has arrived; the last to arrive
  // runs `last` (the round's result) before any goes on.
  template <class Last>
  void meet(std::unique_lock<std::mutex>& lock, Last&& last) {
    const std::uint64_t round = round_;
    if (++arrived_ == size_) {
      last();
      arrived_ = 0;
      ++round_;
      ++calls_;
      met_.notify_all();
    } else {
      met_.wait(lock, [&] { return round_ != round; });
    }
  }

  unsigned size_;
  std::mutex mutex_;
  std::condition_variable met_;
  unsigned arrived_ = 0;
  std::uint64_t round_ = 0;
  std::uint64_t calls_ = 0;
  bool mismatched_ = false;
  std::vector<std::uint64_t> sum_;
  std::vector<std::uint64_t> result_;
  std::vector<std::uint64_t> filling_;   // a gather's parts as members arrive
  std::vector<std::uint64_t> gathered_;  // the last gather's, read as members leave
};

class ThreadMember final : public ProcessGroup {
 public:
  ThreadMember(OrMeeting& meeting, unsigned rank, unsigned size) : meeting_(meeting), rank_(rank), size_(size) {}
  [[nodiscard]] unsigned size() const override { return size_; }
  [[nodiscard]] unsigned rank() const override { return rank_; }
  void combine(std::uint64_t* words, std::size_t count) override { meeting_.combine(words, count); }
  // A started combine happens only when it is finished, as late as a transport
  // may: a kernel that read the words before then would read its own alone.
  void start_combine(std::uint64_t* words, std::size_t count) override {
    started_ = words;
    started_count_ = count;
  }
  void start_gather(std::uint64_t* words, const std::size_t* counts) override {
    started_ = words;
    gather_counts_.assign(counts, counts + size_);
    gathering_ = true;
  }
  void finish_combine() override {
    if (gathering_) {
      gathering_ = false;
      meeting_.gather(started_, gather_counts_.data(), rank_);
      return;
    }
    meeting_.combine(started_, started_count_);
  }
  void broadcast(std::uint16_t* values, std::size_t count) override {
    sent_ += count;
    ProcessGroup::broadcast(values, count);
  }
  void add_in_order_time(std::uint64_t nanoseconds) override { in_order_ += nanoseconds; }
  // Values member 0 sent to the others (each member counts the same).
  [[nodiscard]] std::uint64_t sent() const { return sent_; }
  // The time this member spent in work every member repeats in order.
  [[nodiscard]] std::uint64_t in_order_nanoseconds() const { return in_order_; }

 private:
  OrMeeting& meeting_;
  std::uint64_t* started_ = nullptr;
  std::size_t started_count_ = 0;
  std::vector<std::size_t> gather_counts_;
  bool gathering_ = false;
  std::uint64_t sent_ = 0;
  std::uint64_t in_order_ = 0;
  unsigned rank_;
  unsigned size_;
};

}  // namespace grundy::testing
