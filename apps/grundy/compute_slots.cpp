#include "compute_slots.hpp"

#include <algorithm>

namespace grundy::cli {

namespace {

// How often a waiting request looks at the stop flag.
constexpr std::chrono::milliseconds kStopCheck{50};

}  // namespace

ComputeSlots::ComputeSlots(unsigned slots, std::size_t queue, std::chrono::duration<double> wait)
    : slots_(std::max(1u, slots)),
      queue_(queue),
      wait_(std::chrono::duration_cast<std::chrono::steady_clock::duration>(wait)) {}

ComputeSlots::Admission ComputeSlots::enter(const std::atomic<bool>* stop) {
  std::unique_lock lock(mutex_);
  if (running_ < slots_ && waiting_.empty()) {
    ++running_;
    return Admission::granted;
  }
  if (waiting_.size() >= queue_) return Admission::queue_full;
  Waiter me;
  waiting_.push_back(&me);
  const auto deadline = std::chrono::steady_clock::now() + wait_;
  while (!me.granted) {
    const auto now = std::chrono::steady_clock::now();
    const bool stopping = stop != nullptr && stop->load();
    if (stopping || now >= deadline) {
      waiting_.erase(std::find(waiting_.begin(), waiting_.end(), &me));
      return stopping ? Admission::stopping : Admission::waited_too_long;
    }
    freed_.wait_until(lock, std::min(deadline, now + kStopCheck));
  }
  return Admission::granted;  // the slot was handed over by leave(): running_ already counts it
}

void ComputeSlots::leave() {
  std::lock_guard lock(mutex_);
  if (waiting_.empty()) {
    --running_;
    return;
  }
  waiting_.front()->granted = true;
  waiting_.pop_front();
  freed_.notify_all();
}

}  // namespace grundy::cli
