// The memoised solver on several threads, for games whose positions are one
// unsigned word. Every thread runs the explicit-stack search of Solver from the
// same root over one SharedMemo; a position a thread starts is marked busy with
// its id, and another thread meeting it searches the frame's other options first
// and comes back to it after: the threads spread over the tree by themselves,
// with no task list. A position still busy on that second look is searched again
// (duplicate work, never a wrong value: both write the same value). The calling
// thread starts alone and the others join after its first 1,024 positions, so a
// small search costs no thread start; the first thread to value the root stops
// the others. Values equal Solver's; the number
// of memoised positions may differ a little (duplicate and abandoned slots).
// Cycles are found when a thread meets a position it marked itself, so a cyclic
// game may end in the memory budget instead of a CycleError: use Solver for those.
#pragma once

#include <algorithm>
#include <atomic>
#include <concepts>
#include <ctime>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <span>
#include <thread>
#include <utility>
#include <vector>

#include "grundy/core/errors.hpp"
#include "grundy/core/game.hpp"
#include "grundy/core/memo.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/core/search_limits.hpp"
#include "grundy/core/shared_memo.hpp"

namespace grundy {

namespace detail {
/// CPU seconds the calling thread has used.
inline double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}
}  // namespace detail

/// Games a ParallelSolver serves: positions are one unsigned word.
template <class G>
concept OneWordGame = Game<G> && std::unsigned_integral<PositionOf<G>> && sizeof(PositionOf<G>) <= 8;

/// Solver's interface (value, component_value, memo statistics) on `threads` threads.
template <OneWordGame G>
class ParallelSolver {
 public:
  using Position = PositionOf<G>;

  /// Keeps a reference to `game`, which must outlive the solver; threads >= 1.
  ParallelSolver(const G& game, SearchLimits limits, unsigned threads)
      : game_(game), limits_(std::move(limits)), threads_(std::max(threads, 1U)) {}

  void set_limits(SearchLimits limits) { limits_ = std::move(limits); }
  [[nodiscard]] const SearchLimits& limits() const { return limits_; }
  [[nodiscard]] unsigned threads() const { return threads_; }

  /// The value of a position: the nim-sum of its independent parts' values.
  /// Throws BudgetExceeded, CycleError, TimeExceeded or Interrupted (every thread
  /// joined); the solver stays usable and keeps the values found.
  Nimber value(const Position& p) {
    std::vector<Position> parts;
    decompose_into(game_, p, parts);
    Nimber total = 0;
    for (const Position& part : parts) total ^= component_value(part);
    return total;
  }

  /// The value of one component (canonicalised, not decomposed).
  Nimber component_value(const Position& raw) {
    const Position root = canonical_of(game_, raw);
    if (memo_.bytes() == 0) memo_.grow(limits_.memory, 0);
    const SharedMemoState before = memo_.find(root);
    if (before.kind == SharedMemoState::Kind::known) return before.value;
    search(root);
    return memo_.find(root).value;
  }

  /// Positions holding a slot in the shared memo.
  [[nodiscard]] std::size_t memo_size() const { return memo_.size(); }
  [[nodiscard]] std::uint64_t memo_bytes() const { return memo_.bytes(); }
  /// Positions pushed by all threads in the searches that completed.
  [[nodiscard]] std::uint64_t positions_searched() const { return positions_searched_; }
  [[nodiscard]] const G& game() const { return game_; }

  /// What one thread did in the searches so far: positions pushed and its CPU seconds.
  struct ThreadWork {
    std::uint64_t positions = 0;
    double cpu_seconds = 0;
  };
  /// One entry per thread (thread 0 first), summed over every search so far, the
  /// stopped ones included: how evenly the threads shared the work.
  [[nodiscard]] const std::vector<ThreadWork>& thread_work() const { return thread_work_; }

 private:
  class Worker;

  // Runs one search from `root`: the calling thread starts alone and the others
  // join once it has pushed kHelpersAfter positions (a small search pays no thread
  // start). Every thread is joined before this returns; rethrows the first error.
  void search(const Position& root) {
    done_.store(false, std::memory_order_relaxed);
    failed_.store(false, std::memory_order_relaxed);
    root_ = root;
    workers_.clear();
    for (unsigned t = 0; t < threads_; ++t) workers_.push_back(std::make_unique<Worker>(*this, t));
    errors_.assign(threads_, nullptr);
    run_worker(0);
    helpers_.clear();  // joins them: they stop once done_ or failed_ is set
    thread_work_.resize(threads_);
    for (unsigned t = 0; t < threads_; ++t) {
      thread_work_[t].positions += workers_[t]->positions();
      thread_work_[t].cpu_seconds += workers_[t]->cpu_seconds();
    }
    for (const std::exception_ptr& error : errors_) {
      if (error) std::rethrow_exception(error);
    }
    for (const auto& worker : workers_) positions_searched_ += worker->positions();
  }

  void run_worker(unsigned t) {
    try {
      workers_[t]->run(root_);
    } catch (...) {
      errors_[t] = std::current_exception();
      failed_.store(true, std::memory_order_relaxed);
    }
  }

  // Called by thread 0 once its search is big enough to share.
  void start_helpers() {
    for (unsigned t = 1; t < threads_; ++t) helpers_.emplace_back([this, t] { run_worker(t); });
  }

  [[nodiscard]] bool should_stop() const {
    return done_.load(std::memory_order_relaxed) || failed_.load(std::memory_order_relaxed);
  }

  const G& game_;
  SearchLimits limits_;
  unsigned threads_;
  SharedMemo<Position> memo_;
  std::atomic<bool> done_{false};    // some thread valued the root
  std::atomic<bool> failed_{false};  // some thread threw: the others stop
  Position root_{};                  // the running search's root
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<std::exception_ptr> errors_;  // errors_[t]: what thread t threw
  std::vector<std::jthread> helpers_;       // threads 1.., running while a search does
  std::uint64_t positions_searched_ = 0;
  std::vector<ThreadWork> thread_work_;  // per thread, over every search
};

/// One thread's explicit-stack search (Solver's loop, over the shared memo).
template <OneWordGame G>
class ParallelSolver<G>::Worker {
 public:
  Worker(ParallelSolver& owner, unsigned id) : owner_(owner), id_(id), limits_(thread_limits(owner.limits_, id)) {}

  /// Values `root` into the shared memo, or returns early when another thread did.
  void run(const Position& root) {
    const double cpu_start = detail::thread_cpu_seconds();
    struct CpuTimer {
      Worker& worker;
      double start;
      ~CpuTimer() { worker.cpu_seconds_ = detail::thread_cpu_seconds() - start; }
    } timer{*this, cpu_start};
    std::shared_lock guard(owner_.memo_.lock());
    guard_ = &guard;
    watch_.emplace(limits_);
    try {
      const SharedMemoState state = owner_.memo_.claim(root, id_, inserted_);
      if (state.kind != SharedMemoState::Kind::known) push(root, state.kind == SharedMemoState::Kind::missing);
      while (!stack_.empty()) {
        if (owner_.should_stop()) {
          abandon();
          break;
        }
        if (descend_into_unknown_component()) continue;
        finish_top_frame();
      }
    } catch (...) {
      abandon();
      throw;
    }
    owner_.memo_.note_inserted(inserted_);
    inserted_ = 0;
    owner_.done_.store(true, std::memory_order_relaxed);
  }

  [[nodiscard]] std::uint64_t positions() const { return watch_ ? watch_->positions() : 0; }
  [[nodiscard]] double cpu_seconds() const { return cpu_seconds_; }

 private:
  static constexpr Nimber kUnresolved = kPendingValue;
  static constexpr std::size_t kInsertBatch = 64;
  // Positions thread 0 pushes before the other threads start (about a few ms of search).
  static constexpr std::uint64_t kHelpersAfter = 1024;
  // The memo's size when helpers join: 2^22 slots (64 MiB), room for the
  // largest 6x6 rect searches without growing while the threads run.
  static constexpr std::size_t kSlotsWithHelpers = std::size_t{1} << 22;

  struct Frame {
    Position position;
    std::size_t component_begin;
    std::size_t end_begin;
    std::size_t next;
    bool claimed;      // marked busy by this thread (else a duplicate of another's)
    bool deferred;     // some component was busy with another thread on this pass
    bool second_pass;  // busy components are now searched here too
  };

  // Only thread 0 draws progress (a callback is not made for several threads).
  static SearchLimits thread_limits(const SearchLimits& limits, unsigned id) {
    SearchLimits out = limits;
    if (id != 0) out.on_progress = nullptr;
    return out;
  }

  class ComponentSink {
   public:
    using Move = MoveOf<G>;
    explicit ComponentSink(Worker& worker) : worker_(worker) {}
    void add(const Move&, std::span<const Position> components) {
      for (const Position& c : components) worker_.append_component(c);
      worker_.end_option();
    }
    void add(const Move& move, std::initializer_list<Position> components) {
      add(move, std::span<const Position>(components.begin(), components.size()));
    }
    void add(const Move&) { worker_.end_option(); }
    void add_parts(const Move&, std::span<const Position> parts) {
      for (const Position& part : parts) worker_.append_canonical(canonical_of(worker_.game(), part));
      worker_.end_option();
    }

   private:
    Worker& worker_;
  };

  const G& game() const { return owner_.game_; }

  void append_component(const Position& c) {
    if constexpr (HasDecompose<G>) {
      split_scratch_.clear();
      game().decompose(c, split_scratch_);
      for (const Position& part : split_scratch_) append_canonical(canonical_of(game(), part));
    } else {
      append_canonical(canonical_of(game(), c));
    }
  }

  void append_canonical(const Position& c) {
    if constexpr (HasKnownValue<G>) {
      if (const std::optional<Nimber> known = game().known_value(c)) {
        option_constant_ ^= *known;
        return;
      }
    }
    components_.push_back(c);
  }

  void end_option() {
    option_ends_.push_back(components_.size());
    if constexpr (HasKnownValue<G>) {
      option_constants_.push_back(option_constant_);
      option_constant_ = 0;
    }
  }

  [[nodiscard]] std::uint64_t arena_bytes() const {
    return components_.capacity() * sizeof(Position) + values_.capacity() * sizeof(Nimber) +
           option_ends_.capacity() * sizeof(std::size_t) + option_constants_.capacity() * sizeof(Nimber) +
           stack_.capacity() * sizeof(Frame);
  }

  // Every thread's arenas, as this one's times the thread count (they search alike).
  [[nodiscard]] std::uint64_t all_arena_bytes() const { return arena_bytes() * owner_.threads_; }

  // New slots go to the shared count in batches; a batch end is where the table may grow.
  void count_inserts() {
    if (inserted_ < kInsertBatch) return;
    SharedMemo<Position>& memo = owner_.memo_;
    memo.note_inserted(inserted_);
    inserted_ = 0;
    if (!memo.wants_grow()) return;
    guard_->unlock();
    memo.grow(limits_.memory, all_arena_bytes());
    guard_->lock();
  }

  void push(const Position& p, bool claimed) {
    SharedMemo<Position>& memo = owner_.memo_;
    watch_->tick([&] { return std::pair<std::size_t, std::uint64_t>{memo.size(), memo.bytes()}; });
    if (id_ == 0 && watch_->positions() == kHelpersAfter) {
      // The memo gets its room before the helpers join (see SharedMemo::reserve).
      guard_->unlock();
      memo.reserve(limits_.memory, all_arena_bytes(), kSlotsWithHelpers);
      guard_->lock();
      owner_.start_helpers();
    }
    const std::size_t component_begin = components_.size();
    const std::size_t end_begin = option_ends_.size();
    ComponentSink sink(*this);
    game().options(p, sink);
    for (std::size_t i = component_begin; i < components_.size(); ++i) memo.prefetch(components_[i]);
    values_.resize(components_.size(), kUnresolved);
    stack_.push_back(Frame{p, component_begin, end_begin, component_begin, claimed, false, false});
    if (components_.capacity() != checked_capacity_ || stack_.size() % 4096 == 0) {
      checked_capacity_ = components_.capacity();
      limits_.memory.require(all_arena_bytes() + memo.bytes(), "the solver's search stack");
    }
  }

  // Looks up the top frame's unresolved components; pushes the first one to search.
  bool descend_into_unknown_component() {
    Frame& top = stack_.back();
    SharedMemo<Position>& memo = owner_.memo_;
    for (;;) {
      for (; top.next < components_.size(); ++top.next) {
        if (values_[top.next] != kUnresolved) continue;
        const Position child = components_[top.next];
        SharedMemoState state = memo.find(child);
        if (state.kind == SharedMemoState::Kind::missing) state = memo.claim(child, id_, inserted_);
        if (state.kind == SharedMemoState::Kind::known) {
          values_[top.next] = state.value;
          continue;
        }
        if (state.kind == SharedMemoState::Kind::busy && state.owner == id_) {
          throw CycleError("the game has a cycle: a position can reach itself");
        }
        if (state.kind == SharedMemoState::Kind::busy && !top.second_pass) {
          top.deferred = true;  // another thread is on it: come back after the rest
          continue;
        }
        const bool claimed = state.kind == SharedMemoState::Kind::missing;
        count_inserts();
        push(child, claimed);
        return true;
      }
      if (!top.deferred) return false;
      top.deferred = false;
      top.second_pass = true;
      top.next = top.component_begin;
    }
  }

  // Every component of the top frame is known: its value is the mex of the options.
  void finish_top_frame() {
    const Frame& top = stack_.back();
    mex_.clear();
    std::size_t c = top.component_begin;
    for (std::size_t e = top.end_begin; e < option_ends_.size(); ++e) {
      Nimber option_value = 0;
      if constexpr (HasKnownValue<G>) option_value = option_constants_[e];
      for (; c < option_ends_[e]; ++c) option_value ^= values_[c];
      mex_.insert(option_value);
    }
    owner_.memo_.set(top.position, mex_.mex());
    components_.resize(top.component_begin);
    values_.resize(top.component_begin);
    option_ends_.resize(top.end_begin);
    if constexpr (HasKnownValue<G>) option_constants_.resize(top.end_begin);
    stack_.pop_back();
  }

  // Drops this thread's busy marks (the table lock is taken back if a grow failed).
  void abandon() {
    if (!guard_->owns_lock()) guard_->lock();
    for (const Frame& frame : stack_) {
      if (frame.claimed) owner_.memo_.release(frame.position, id_);
    }
    owner_.memo_.note_inserted(inserted_);
    inserted_ = 0;
    stack_.clear();
    components_.clear();
    values_.clear();
    option_ends_.clear();
    option_constants_.clear();
    option_constant_ = 0;
  }

  ParallelSolver& owner_;
  std::uint32_t id_;
  SearchLimits limits_;
  std::optional<SearchWatch> watch_;
  std::shared_lock<std::shared_mutex>* guard_ = nullptr;
  std::size_t inserted_ = 0;
  std::vector<Frame> stack_;
  std::vector<Position> components_;
  std::vector<Nimber> values_;
  std::vector<std::size_t> option_ends_;
  std::vector<Nimber> option_constants_;
  Nimber option_constant_ = 0;
  std::vector<Position> split_scratch_;
  MexSet mex_;
  std::size_t checked_capacity_ = 0;
  double cpu_seconds_ = 0;
};

}  // namespace grundy
