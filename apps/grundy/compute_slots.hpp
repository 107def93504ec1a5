// The computing slots of `grundy serve`: at most `slots` computations run at
// once; a request that finds every slot taken waits its turn in a bounded queue
// (first come, first served) for at most a given time, and past the queue's
// length or that time it is refused (HTTP 503), so a burst of requests is
// served in turn and a flood is turned away at once instead of piling up.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>

namespace grundy::cli {

class ComputeSlots {
 public:
  /// How a request fared.
  enum class Admission { granted, queue_full, waited_too_long, stopping };

  /// `slots` at once (at least 1), `queue` waiting at most (0: none), each for at most `wait`.
  ComputeSlots(unsigned slots, std::size_t queue, std::chrono::duration<double> wait);

  /// Takes a slot, waiting in the queue when every slot is taken; `stop`, when
  /// raised, ends the wait (the server is stopping). A granted slot must be left.
  Admission enter(const std::atomic<bool>* stop);
  /// Gives the slot back: to the first request waiting, if any.
  void leave();

  /// A slot held for one computation, left when this goes.
  class Held {
   public:
    Held(ComputeSlots& slots, const std::atomic<bool>* stop) : slots_(slots), admission_(slots.enter(stop)) {}
    ~Held() {
      if (admission_ == Admission::granted) slots_.leave();
    }
    Held(const Held&) = delete;
    Held& operator=(const Held&) = delete;
    [[nodiscard]] Admission admission() const { return admission_; }

   private:
    ComputeSlots& slots_;
    Admission admission_;
  };

 private:
  struct Waiter {
    bool granted = false;
  };

  const unsigned slots_;
  const std::size_t queue_;
  const std::chrono::steady_clock::duration wait_;
  std::mutex mutex_;
  std::condition_variable freed_;
  unsigned running_ = 0;
  std::deque<Waiter*> waiting_;  // in order of arrival
};

}  // namespace grundy::cli
