// The fast table kernel. Two methods, chosen per block of heap sizes from the
// values computed so far, both exact (the same values as extend_plain):
// - dense: the mex candidate from the non-split options and a cheap prefix of the
//   split pairs, then a vectorised scan over every pair proves it unreachable
//   (or finds it reached: mark it, try the next candidate);
// - sparse space (Berlekamp; Gangolli-Plambeck; Flammenkamp): a mask M splits
//   the heaps into rare and common ones so that common XOR common always has one
//   parity Q of popcount(v & M). Values of the other parity come only from pairs
//   with a rare heap, so the candidate costs O(#rare); the values of parity Q
//   below it are then shown reached by a short scan.
// Games with 3-heap splits (hexadecimal digits with bit 8) use the plain method.
// With control.threads >= 2 the dense method runs on a team in speculated
// blocks (speculated_blocks.hpp), where measured faster (see run()). The state
// (histogram, mask, rare list) is rebuilt from the given prefix on every call,
// so chunked calls and resumed tables agree.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <tuple>

#include <emmintrin.h>
#include <boost/container/static_vector.hpp>

#include "busy_log.hpp"
#include "cpu_features.hpp"
#include "even_cuts.hpp"
#include "far_parts.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/moves.hpp"
#include "grundy/heap/value_stream.hpp"
#include "guessed_chunks.hpp"
#include "pair_scans.hpp"
#include "proof_owners.hpp"
#include "proof_runs.hpp"
#include "sparse_block.hpp"
#include "speculated_blocks.hpp"
#include "worker_team.hpp"

namespace grundy::heap {

namespace {

using detail::chunk_hits;
using detail::find_any;
using detail::Lanes;
using detail::mark_pair_xors;
using detail::reached_in_run;

int parity(std::uint64_t v) { return std::popcount(v) & 1; }

// In-place Walsh-Hadamard transform: f(M) = sum over v of w(v) * (-1)^popcount(v & M).
void walsh_hadamard(std::vector<std::int64_t>& w) {
  for (std::size_t len = 1; len < w.size(); len <<= 1) {
    for (std::size_t i = 0; i < w.size(); i += 2 * len) {
      for (std::size_t j = i; j < i + len; ++j) {
        const std::int64_t u = w[j];
        const std::int64_t v = w[j + len];
        w[j] = u + v;
        w[j + len] = u - v;
      }
    }
  }
}

// ---------------------------------------------------------------------------
// The values as the kernel reads them: the whole table in memory. The streamed
// store (value_stream.hpp) offers the same calls over a bounded window.

template <class V>
class VectorValues {
 public:
  using Value = V;
  /// The whole table in memory: the block methods reserve it once for a stretch
  /// (members read it while member 0 appends).
  static constexpr bool kInMemory = true;
  explicit VectorValues(std::vector<V>& g) : g_(g), data_(g.data()) {}
  [[nodiscard]] std::uint64_t size() const { return g_.size(); }
  [[nodiscard]] V operator[](std::uint64_t i) const { return data_[i]; }
  V& operator[](std::uint64_t i) { return data_[i]; }
  void push_back(V v) {
    g_.push_back(v);
    moved();
  }
  /// The speculated finish's guesses: appended, confirmed (or corrected), or dropped.
  void push_guess(V v) { push_back(v); }
  /// A block's guesses appended at once (a group's, made by another process).
  void push_guesses(const V* guesses, std::size_t count) {
    g_.insert(g_.end(), guesses, guesses + count);
    moved();
  }
  void confirm(std::uint64_t i, V v) {
    if (data_[i] != v) data_[i] = v;  // a guess that held is not stored again: no line taken from the other cores
  }
  /// The guesses [begin, begin + count) held as they are (the statistics are the kernel's).
  void confirm_guesses(std::uint64_t /*begin*/, std::uint64_t /*count*/) {}
  void truncate(std::uint64_t n) { g_.resize(n); }
  void reserve(std::uint64_t n) {
    g_.reserve(n);
    moved();
  }
  [[nodiscard]] const V* data() const { return data_; }
  /// The pairs (a + i, rest - a - i), i < count: lo[i] and *(hi - i).
  [[nodiscard]] PairView<V> pairs(std::uint64_t rest, std::uint64_t a, std::uint64_t end) const {
    return {data_ + a, data_ + (rest - a), end - a};
  }
  /// marks[values[j] ^ g(rest - heaps[j])] = 1 for j in [begin, end).
  void mark_partners(std::uint64_t rest, const std::uint64_t* heaps, const V* values, std::size_t begin,
                     std::size_t end, std::uint8_t* marks) const {
    for (std::size_t j = begin; j < end; ++j) marks[values[j] ^ data_[rest - heaps[j]]] = 1;
  }
  /// g(begin .. begin + count - 1), contiguous; the slot matters to the streamed store only.
  [[nodiscard]] const V* run(std::size_t /*slot*/, std::uint64_t begin, std::uint64_t /*count*/) const {
    return data_ + begin;
  }

 private:
  // The readers' copy of the vector's address, written only when the storage
  // moves: members read values while member 0 appends, and reading the address
  // from the vector itself shared a cache line with its end, written per value.
  void moved() {
    if (data_ != g_.data()) data_ = g_.data();
  }
  std::vector<V>& g_;
  V* data_;
};

// ---------------------------------------------------------------------------
// The kernel proper: one object per call, all its state rebuilt from the prefix.
// S is the value store (VectorValues, or StreamedValues for bounded memory).

template <class V, class S>
class FastKernel {
  // What one thread needs for one heap size: the marks (one byte per value) and
  // the candidate list.
  // A cache line each: a team's members push candidates into their own
  // scratch, which would otherwise share a line with another member's.
  struct alignas(64) Scratch {
    std::vector<std::uint8_t> mark;
    std::vector<std::uint32_t> candidates;
  };

 public:
  FastKernel(const HeapRules& rules, S& g, const KernelControl& control)
      : g_(g), control_(control), unequal_split_(rules.unequal_split()), max_take_(rules.max_take()) {
    set_lengths();
    std::copy(rules.digits().begin(), rules.digits().end(), digits_.begin());
    for (std::uint64_t k = 0; k < rules.digits().size(); ++k) {
      if (allows(rules.digits()[k], 2)) splits_.push_back(k);
      if (k >= 1 && allows(rules.digits()[k], 1)) one_heap_takes_.push_back(k);
    }
    // Heap parity may enter the split only when every split removes a number of
    // tokens of one parity (then common + common always lands on one parity).
    heap_parity_ok_ = !splits_.empty();
    for (std::uint64_t k : splits_) {
      if ((k & 1) != (splits_.front() & 1)) heap_parity_ok_ = false;
    }
    resize_sets();  // the sets and the histogram sized for span_ before note_value counts into it
    for_each_value(1, g_.size(), [this](std::uint64_t i, V v) { note_value(i, v); });
  }

  std::uint64_t run(std::uint64_t upto) {
    std::uint64_t n = g_.size();
    start_ = n;
    while (n <= upto && !halted()) {
      if (n >= next_review_) review(n);
      const std::uint64_t segment_end = std::min(next_review_, upto + 1);
      if (blocks_apply(n)) {
        const std::uint64_t before = n;
        n = run_blocks_timed(n, segment_end);
        if (group_stopped_) break;  // every process of the group stops at this block
        // Cut short by a wider value: new blocks, not the rest of the segment one heap size at a time.
        if (n == segment_end || halted() || (n > before && blocks_apply(n))) continue;
      }
      // The dense method on the team. On a busy machine a member may wait for a
      // descheduled one at every block, so (adaptive) each call times a segment
      // on one thread from kDenseTimedFrom on, then one on the team, and keeps
      // the team only if clearly faster.
      const bool eligible = S::kInMemory && !shared_group() && control_.threads >= 2 && !sparse_ &&
                            n >= kDenseTeamFrom && !parallel_off_;
      // Processes of a group, each with the whole table in memory, share the
      // blocks too, where it pays (timed alike: the slowest process's time).
      const bool group_eligible = S::kInMemory && shared_group() && !sparse_ && n >= kDenseGroupFrom && !parallel_off_;
      const bool timed = (eligible || group_eligible) && control_.adaptive && n >= kDenseTimedFrom;
      const bool parallel = eligible && (!timed || one_thread_cost_ > 0);
      const bool shared = group_eligible && (!timed || one_thread_cost_ > 0);
      // One thread is timed on the segment's first eighth, the team on the rest:
      // a whole segment on one thread cost 1.5% of one thread's work on 0.007
      // to 2^18 at one thread's pace (on 16 cores, a sixth of the wall time).
      const bool solo_timing = timed && !(parallel || shared);
      const std::uint64_t stop = solo_timing ? n + std::max<std::uint64_t>((segment_end - n) / 8, 1) : segment_end;
      const auto start = std::chrono::steady_clock::now();
      std::uint64_t reached = 0;
      {
        const detail::StretchClock serial(control_.stats, serial_part(parallel || shared), several_workers());
        if constexpr (S::kInMemory) {
          if (shared) {
            reached = run_dense_group(n, stop);
          } else {
            reached = parallel ? run_dense_team(n, stop) : run_sequential(n, stop);
          }
        } else {
          reached = run_sequential(n, stop);
        }
      }
      // Only a whole stretch is timed: one cut short by a value that widens the
      // span can be a few dozen heap sizes, whose cost is mostly the team's
      // start (on 0.007 one such, 44 heap sizes at 109,319, turned the team off
      // for the rest of the table).
      if (timed && reached == stop) {
        const double work = static_cast<double>(n + reached) * static_cast<double>(reached - n);
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (shared_group()) seconds = slowest_in_group(seconds);
        const double cost = seconds / work;
        if (!(parallel || shared)) {
          one_thread_cost_ = cost;
        } else if (cost > kTeamMargin * one_thread_cost_) {
          parallel_off_ = true;
        }
      }
      n = reached;
      if (n < stop) {
        // Stopped, or a value outgrew V, or (the team) a value widened the span.
        if (!(parallel || shared) || halted() || !step(n)) break;
        ++n;
      }
    }
    report(g_.size());
    return g_.size();
  }

 private:
  // --- one heap size at a time ------------------------------------------------

  bool stop_requested() const {
    if (alone_) return false;  // the group agrees on a stop after the stretch (run_blocks_alone)
    return control_.stop != nullptr && control_.stop->load(std::memory_order_relaxed);
  }

  // Heap sizes begin .. end-1 on this thread; returns where it stopped.
  std::uint64_t run_sequential(std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t n = begin; n < end; ++n) {
      if (shared_group() ? group_agrees_to_stop(n) : stop_requested()) return n;
      if (!step(n)) return n;
    }
    return end;
  }

  // The processes of a group stop one by one heap size only where all stop:
  // every kGroupStopStride heap sizes they ask one another (one word reduced),
  // never at the size the call started from (so a call always advances), and
  // the blocks they then share start at the same heap sizes everywhere.
  static constexpr std::uint64_t kGroupStopStride = std::uint64_t{1} << 16;
  bool group_agrees_to_stop(std::uint64_t n) {
    if (n % kGroupStopStride != 0 || n == start_) return false;
    std::uint64_t stop = stop_requested() ? 1 : 0;
    control_.group->combine(&stop, 1);
    group_stopped_ = stop != 0;
    return group_stopped_;
  }

  // Whether this call is to end: asked of this process alone, or, in a group,
  // agreed by all at the same heap size.
  [[nodiscard]] bool halted() const { return shared_group() ? group_stopped_ : stop_requested(); }

  // True once a timed trial has run past its deadline (run_blocks_timed): the
  // block loops end there, after a whole block.
  bool trial_overrun() {
    if (trial_deadline_ == kNoDeadline || std::chrono::steady_clock::now() < trial_deadline_) return false;
    trial_overran_ = true;
    return true;
  }

  // Computes g(n) on this thread; false when it does not fit in V.
  bool step(std::uint64_t n) {
    const std::uint64_t value = sparse_ ? value_sparse(n, scratch_[0], rare_.size()) : value_dense(n, scratch_[0]);
    if (value > std::numeric_limits<V>::max()) return false;
    commit(n, value);
    return true;
  }

  // Appends g(n) = value (which fits in V) and updates the method's state.
  void commit(std::uint64_t n, std::uint64_t value) {
    g_.push_back(static_cast<V>(value));
    account(n);
  }

  // Updates the method's state for g(n), already in the store.
  void account(std::uint64_t n) { account(n, g_[n]); }
  void account(std::uint64_t n, V v) {
    note_value(n, v);
    if (sparse_ && is_rare(n, v)) {
      rare_.push_back(n);
      rare_value_.push_back(v);
      report_rare();
      // The rare heaps grow faster than the mask was chosen for: review it now,
      // not up to n / 8 heap sizes later (review), since each rare heap past the
      // head of a streamed table costs a proof scan over the whole table.
      if (rare_.size() >= review_rare_limit_) next_review_ = std::min(next_review_, n + 1);
    }
    if (sparse_) {
      ++sparse_steps_;
    } else {
      ++dense_steps_;
    }
    if ((n & 1023) == 0) report(n + 1);
  }

  // Whether g(n) = v, in the block method, moves nothing but the counts:
  // common (rare_in_blocks) and at most typical_max_ (<= max_value_), so
  // neither the span nor the prefix moves. Such a value is accounted by
  // account_common: confirming guesses, where every process of a group
  // accounts every value, the whole account() was about 40 instructions a
  // value (its parity a software popcount).
  [[nodiscard]] bool only_counts(std::uint64_t n, std::uint64_t v) const {
    return v <= typical_max_ && !rare_in_blocks(n, v);
  }
  void account_common(std::uint64_t n, V v) {
    ++histogram_[2 * v + (n & 1)];
    ++sparse_steps_;
    if ((n & 1023) == 0) report(n + 1);
  }

  // --- the dense method on a team ---------------------------------------------
  // Heap sizes are speculated ahead of the finish (speculated_blocks.hpp). The
  // speculation of n marks the options whose heaps lie below `known` (the
  // one-heap options, the prefix's pairs (a, rest - a) with a > rest - known),
  // takes the candidates they leave, and keeps the first group of (up to eight)
  // candidates with members no pair of the proof scan reaches, and those members
  // (first_unreached_group: all those pairs lie below known, as n - known is at
  // most n / 16 and the prefix at least n / 8). The finish drops the
  // members that the options left (which reach into [known, n)) reach, by the
  // same vector scan: the smallest one left is g(n) (the candidates below it are
  // reached by the scan or the options left, or were never candidates); when
  // none is left (rare), n is computed again in full. The values are value_dense's.

  // A cache line each: neighbouring heap sizes are speculated by different
  // members while member 0 reads the finished ones.
  struct alignas(64) DenseGuess {
    V unreached[8];  // the first group's members no pair of the proof scan reaches
    int count;       // 0: every candidate is reached, g(n) = limit
    std::uint64_t known;  // the speculation read the values below it
  };
  struct DenseGuesses {
    std::uint64_t span = 0;  // span_ and the candidates' limit when the speculation started
    std::uint64_t limit = 0;
    std::vector<DenseGuess> ring;  // heap size n's guess in entry n % ring.size()
  };

  // The speculated-blocks method (speculated_blocks.hpp) of this kernel.
  struct DenseTeamMethod {
    FastKernel& kernel;
    // Two blocks' length: as far ahead as the blocks a team once took in turns.
    [[nodiscard]] std::uint64_t lead(std::uint64_t n) const {
      return 2 * kernel.dense_block_length(n, kernel.team_->size());
    }
    void prepare(std::uint64_t capacity) { kernel.prepare_dense(capacity); }
    void speculate(std::uint64_t n, std::uint64_t known, unsigned t) {
      kernel.speculate_dense(n, known, kernel.team_scratch_[t]);
    }
    bool finish(std::uint64_t n) { return kernel.finish_dense(n); }
    [[nodiscard]] bool stopped() const { return kernel.stop_requested(); }
  };

  // Heap sizes begin .. end-1 on the team; returns where it stopped (short of
  // end: stopped, a value did not fit in V, or one widened the span).
  std::uint64_t run_dense_team(std::uint64_t begin, std::uint64_t end) {
    if (!team_) team_ = detail::lease_team(control_.threads);
    team_scratch_.resize(team_->size());
    g_.reserve(end);
    DenseTeamMethod method{*this};
    const std::chrono::nanoseconds overlapped_before = dense_times_.overlapped;
    detail::run_speculated(*team_, method, begin, end, dense_times_);
    if (control_.stats != nullptr) {
      control_.stats->overlapped_nanoseconds.fetch_add(
          static_cast<std::uint64_t>((dense_times_.overlapped - overlapped_before).count()), std::memory_order_relaxed);
    }
    if (dense_redone_ != 0) {
      detail::add_speculated_totals({.redone = dense_redone_});
      dense_times_.redone += dense_redone_;
      dense_redone_ = 0;
    }
    report(g_.size());
    return g_.size();
  }

  // The dense method shared by a group of processes, each holding the whole
  // table: every heap size of a block is speculated from the values below the
  // block (begin + i by process i mod K), the guesses go to every process in
  // one reduction per block (with the stop word), and every process finishes
  // the block in order alike (finish_dense): the same values everywhere, and
  // each process speculates 1/K of the heap sizes. Returns where it stopped
  // (short of end: stopped, a value did not fit in V, or one widened the span).
  std::uint64_t run_dense_group(std::uint64_t begin, std::uint64_t end) {
    const ProcessGroup& group = *control_.group;
    const std::uint64_t processes = group.size();
    const std::uint64_t rank = group.rank();
    constexpr std::size_t kValueWords = (8 * sizeof(V) + 7) / 8;  // a guess's eight values, packed
    constexpr std::size_t kGuessWords = 1 + kValueWords;           // and its count first
    g_.reserve(end);
    Scratch& scratch = scratch_[0];  // sized with the span (resize_sets)
    std::uint64_t n = begin;
    bool cut = false;
    while (n < end && !group_stopped_ && !cut) {
      const std::uint64_t length = dense_block_length(n, processes);
      const std::uint64_t block_begin = n;
      const std::uint64_t block_end = std::min(end, n + length);
      prepare_dense(std::bit_ceil(length));
      const std::uint64_t count = block_end - block_begin;
      // The guesses, then each process's time speculating (the report's parallel
      // part: the second longest), then the stop word.
      const std::size_t times = count * kGuessWords;
      exchange_.assign(times + processes + 1, 0);
      const auto speculating = std::chrono::steady_clock::now();
      for (std::uint64_t m = block_begin + rank; m < block_end; m += processes) {
        speculate_dense(m, block_begin, scratch);
        const DenseGuess& guess = dense_guess(m);
        std::uint64_t* const words = exchange_.data() + (m - block_begin) * kGuessWords;
        words[0] = static_cast<std::uint64_t>(guess.count);
        std::memcpy(words + 1, guess.unreached, sizeof(guess.unreached));
      }
      combine_exchange(times, static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                              std::chrono::steady_clock::now() - speculating)
                                                              .count()));
      add_overlap_across(times, 0);
      for (std::uint64_t i = 0; i < count; ++i) {
        DenseGuess& guess = dense_guess(block_begin + i);
        const std::uint64_t* const words = exchange_.data() + i * kGuessWords;
        guess.count = static_cast<int>(words[0]);
        std::memcpy(guess.unreached, words + 1, sizeof(guess.unreached));
        guess.known = block_begin;
      }
      const InOrderClock clock(*this);
      for (n = block_begin; n < block_end && !cut; ++n) {
        cut = !finish_dense(n);  // a value outgrew V (not committed) or widened the span (committed)
      }
    }
    report(g_.size());
    return g_.size();
  }

  // The dense method's block at begin, shared by `parties` (a team's members or
  // a group's processes): heap sizes summed to about kDenseBlockWork, at least 4
  // per party, at most n / 32 in all (the speculation's pairs must lie below the
  // block before). Per party, the more heap sizes, the less the wait for the
  // last one at the block's end (a heap size's scan varies widely: on 0.007 with
  // 2 members, 16 each from 2^17 took 6% less time than 4); in all, the more
  // heap sizes, the more of them the pairs into the block leave to the in-order
  // finish to compute in full (on 16 members the same 16 each doubled those and
  // the serial share).
  [[nodiscard]] static std::uint64_t dense_block_length(std::uint64_t begin, std::uint64_t parties) {
    const std::uint64_t per_party = std::max<std::uint64_t>(4, kDenseBlockWork / (begin * parties));
    return std::clamp<std::uint64_t>(parties * per_party, 1, begin / 32);
  }

  // Before heap sizes are speculated: the span they read, and room for the
  // guesses of `capacity` heap sizes (a power of two).
  void prepare_dense(std::uint64_t capacity) {
    dense_guesses_.span = span_;
    dense_guesses_.limit = std::min<std::uint64_t>(span_, std::numeric_limits<V>::max() + std::uint64_t{1});
    dense_guesses_.ring.resize(capacity);
    for (Scratch& scratch : team_scratch_) {
      if (scratch.mark.size() < 2 * span_ + 1) scratch.mark.assign(2 * span_ + 1, 0);
    }
  }

  [[nodiscard]] DenseGuess& dense_guess(std::uint64_t n) {
    return dense_guesses_.ring[n & (dense_guesses_.ring.size() - 1)];
  }

  // value_dense without the options that reach into [known, n): reads g below known only.
  void speculate_dense(std::uint64_t n, std::uint64_t known, Scratch& s) {
    const DenseGuesses& guesses = dense_guesses_;
    if (takes_whole(n)) mark(s, 0);
    for (std::uint64_t k : one_heap_takes_) {
      if (k >= n) break;
      if (n - k < known) mark(s, g_[n - k]);
    }
    const std::uint64_t prefix = std::max(guesses.span, n / kDensePrefixShare);
    for (std::uint64_t k : splits_) {
      if (k + 2 > n) continue;
      const std::uint64_t rest = n - k;
      const std::uint64_t first = rest >= known ? rest - known + 1 : 1;  // (a, rest - a) lies below known
      mark_pairs(rest, first, std::min(half(rest), prefix), s.mark.data());
    }
    V unreached[8] = {};  // scanned here, not in the shared ring, then stored once
    int count = 0;
    for (std::uint64_t next = 0; count == 0 && next < guesses.limit;) {
      next = collect_unmarked(s, next, guesses.limit, kCandidateBatch);
      count = first_unreached_group(n, prefix + 1, s.candidates, unreached);
    }
    DenseGuess& guess = dense_guess(n);
    guess.known = known;
    guess.count = count;
    std::copy_n(unreached, 8, guess.unreached);
    std::memset(s.mark.data(), 0, guesses.span);
  }

  // The smallest of the guess's members that no option of n reaching into
  // [known, n) reaches, or kNone.
  [[nodiscard]] std::uint64_t unreached_in_block(std::uint64_t n, std::uint64_t known, const DenseGuess& guess) const {
    V active[8];
    int count = guess.count;
    std::copy(guess.unreached, guess.unreached + 8, active);
    const auto drop = [&active, &count](V value) {
      int kept = 0;
      for (int j = 0; j < count; ++j) {
        if (active[j] != value) active[kept++] = active[j];
      }
      count = kept;
      for (int j = count; j < 8; ++j) active[j] = active[0];
    };
    for (std::uint64_t k : one_heap_takes_) {
      if (k >= n) break;
      if (n - k >= known) drop(g_[n - k]);
    }
    for (std::uint64_t k : splits_) {
      if (k + 2 > n || n - k < known || count == 0) continue;
      const std::uint64_t rest = n - k;
      drop_reached(rest, 1, std::min(half(rest), rest - known) + 1, active, count);
    }
    return count > 0 ? *std::min_element(active, active + count) : kNone;
  }

  // Commits g(n); false when it does not fit in V (not committed) or widened the
  // span (committed: the next block's speculation read the old span).
  bool finish_dense(std::uint64_t n) {
    const DenseGuesses& guesses = dense_guesses_;
    const DenseGuess& guess = dense_guess(n);
    std::uint64_t value = guesses.limit;
    if (control_.spoil_guesses && n % 8 == 0) {
      value = kNone;  // tests: as if an option into [known, n) reached every member left
    } else if (guess.count > 0) {
      value = unreached_in_block(n, guess.known, guess);
    }
    if (value == kNone) {
      value = value_dense(n, scratch_[0]);
      ++dense_redone_;
    }
    if (value > std::numeric_limits<V>::max()) return false;
    commit(n, value);
    return span_ == guesses.span;
  }

  // A rare heap appended: its statistics, and the small ones' list (out of
  // account's way, which is inlined into the confirmation of each value).
  [[gnu::noinline]] void report_rare() {
    if (rare_.back() < kSmallRareBound) list_small_rare();
    if (control_.stats == nullptr) return;
    control_.stats->rare_count.store(rare_.size(), std::memory_order_relaxed);
    control_.stats->last_rare.store(rare_.empty() ? 0 : rare_.back(), std::memory_order_relaxed);
  }

  // --- the sparse-space method on a team, by chunks ---------------------------
  // Where values stay below 64 (one mask word: short blocks, 0.167's are 32
  // heap sizes), a block's round costs the team more than it shares: the
  // members start and meet every 32 heap sizes, and the guesses in order were
  // a third of the work. So heap sizes go in chunks of kChunk without rounds
  // (guessed_chunks.hpp). A chunk is marked once the chunks up to `lead`
  // below it are guessed: the pairs whose both heaps lie below the guessed
  // chunks (partners r from near on, the rare heaps and the prefix's small
  // heaps: one vector pass over the chunk). Member 0 guesses each heap size
  // in order, common as past the last rare heap: m, the least value of the
  // class only pairs with a rare heap reach that none of those reaches, with
  // the one-heap options and the pairs with a rare heap below near (or above
  // top), and appends it to the table. A proof of the chunk (any member, the
  // guesses below it read) takes the values of the other class below m that
  // no marked pair reaches and scans all pairs for them; member 0 confirms
  // the proved chunks in order. Where a candidate is never reached, n is rare
  // with that value: the guesses after it are void and the run ends there
  // (as where m has no room below the span). The values are those of one
  // thread, whatever the team's size.
  // Two tiles: half the lines crossing between the cores a heap size of one
  // tile's chunks (0.167 to 2^24 on two threads, `BM_Octal0167_InMemory`
  // 729-747 ms against 752-857; where the host slows the cores' exchanges
  // 759-1,017 against 1,265-1,320), with more options guessed one by one
  // (the rare heaps below a chunk's length). Four tiles did no better.
  static constexpr std::uint64_t kChunk = 2 * detail::kBlockQuantum;
  static constexpr std::uint64_t kChunkValues = 64;  // the values a chunk's table holds: one mask word

  // A chunk's state, from its marking to its confirmation: a cache line or
  // more each, as neighbouring chunks are marked and proved by different members.
  struct alignas(64) ChunkSlot {
    std::uint64_t seen[kChunk];      // the values its heap sizes' marked pairs (then the guess's options) reach
    std::uint64_t near = 0;          // the guess's pairs: those with a rare heap below near
    std::uint32_t failed_at = 0;     // the first heap size whose proof failed (kChunk: none)
    std::uint64_t failed_value = 0;  // and its value (kNone: a test spoiled the guess)
  };
  struct ChunkPlan {
    std::uint64_t base = 0;    // chunk c is heap sizes base + c kChunk ...
    std::uint64_t lead = 0;    // chunks marked ahead of the guesses at most
    std::uint64_t prefix = 0;  // the partners' small heaps end there
    std::uint64_t top = 0;     // the guess's pairs with a rare heap above it too
    std::size_t top_rare = 0;  // the first of those in rare_
    std::uint64_t span = 0;
    std::vector<std::uint64_t> partners;  // [kChunk, prefix], then the rare heaps (prefix, top], ascending
    std::vector<V> partner_values;
    std::vector<ChunkSlot> ring;
    std::vector<std::vector<const V*>> sources;  // one per member
    std::vector<V> near_values;                  // member 0's (mark_near_rare)
    std::vector<const V*> near_sources;
    std::vector<V> recent;  // member 0's: the values below a chunk and its guesses (guess_chunk)
    // The guess's options whose heap lies within kChunk + the largest split of
    // n (the one-heap options, the pairs with a rare heap below kChunk), by
    // distance: option_bits[64 j + x] are the values those at distance
    // option_distances[j] reach when g(n - distance) = x, as bits. A lookup
    // a distance: the guesses read the values just guessed, which a vector
    // gather could not take from the stores in flight (0.167: half of a
    // gathered guess's time waited on it).
    std::vector<std::uint64_t> option_distances;
    std::vector<std::uint64_t> option_bits;
    std::size_t first_far_rare = 0;  // the first rare heap from kChunk on (the guess's vector pass)
  };

  struct ChunkTeamMethod {
    FastKernel& kernel;
    [[nodiscard]] std::uint64_t lead() const { return kernel.chunks_.lead; }
    void prepare(std::uint64_t capacity) { kernel.chunks_.ring.resize(capacity); }
    void mark(std::uint64_t c, std::uint64_t guessed, unsigned t) { kernel.mark_chunk(c, guessed, t); }
    bool guess(std::uint64_t c) { return kernel.guess_chunk(c); }
    void prove(std::uint64_t c, unsigned /*t*/) { kernel.prove_chunk(c); }
    bool confirm(std::uint64_t c) { return kernel.confirm_chunk(c); }
    [[nodiscard]] bool stopped() const { return kernel.stop_requested() || kernel.trial_overrun(); }
  };

  // Where the team goes by chunks: values below 64, one process, and past the
  // heap sizes a move takes whole (the guesses leave that option out).
  [[nodiscard]] bool chunks_apply(std::uint64_t begin, unsigned members, unsigned words) const {
    return !shared_group() && members >= 2 && words == 1 && control_.speculative_from != 0 &&
           members >= control_.speculative_from && begin > max_take_;
  }

  // Where a run of chunks from begin may end (at most end; begin: nowhere).
  // A streamed store's must read only values in memory (runs and pointers
  // into it stay valid while no value moves): its window slides first if it
  // would before end, and every pass but the proofs' scans (which fall back
  // to member 0 in order where they read the file) reads the window or the head.
  std::uint64_t chunks_end(std::uint64_t begin, std::uint64_t end, unsigned members) {
    if constexpr (S::kInMemory) {
      return end;
    } else {
      const std::uint64_t room = g_.room_for_run(end - begin);
      const std::uint64_t near = (kChunkLead * members + 1) * kChunk;  // the largest a mark may leave to the guess
      const std::uint64_t reach =
          splits_.back() + std::max({prefix_length(), near, rare_.empty() ? std::uint64_t{0} : rare_.back()});
      const bool fits = begin >= reach + g_.window_base() && g_.in_memory(1, near + kChunk);
      return fits && room >= kLeastChunkRun ? std::min(end, begin + room) : begin;
    }
  }
  static constexpr std::uint64_t kLeastChunkRun = 1024;  // heap sizes

  // Where g(i) lies, or will lie as the table grows (read by the chunks' passes: chunks_end).
  [[nodiscard]] const V* place_of(std::uint64_t i) const {
    if constexpr (S::kInMemory) {
      return g_.data() + i;
    } else {
      return g_.window_at(i);
    }
  }

  // Heap sizes [begin, end) on the team by chunks; returns where it stopped
  // (short of end: stopped, a rare heap, a wider value or one that does not fit in V).
  std::uint64_t run_chunks(std::uint64_t begin, std::uint64_t end, unsigned members) {
    ChunkPlan& plan = chunks_;
    plan.base = begin;
    plan.lead = kChunkLead * members;
    const std::uint64_t prefix = prefix_length();
    plan.prefix = prefix;
    plan.top = begin - splits_.back() - 1;
    plan.span = span_;
    plan.top_rare = static_cast<std::size_t>(std::upper_bound(rare_.begin(), rare_.end(), plan.top) - rare_.begin());
    plan.partners.clear();
    plan.partner_values.clear();
    for (std::uint64_t a = kChunk; a <= prefix; ++a) {
      plan.partners.push_back(a);
      plan.partner_values.push_back(g_[a]);
    }
    const auto past_prefix = std::upper_bound(rare_.begin(), rare_.end(), std::max(prefix, kChunk - 1));
    for (auto r = past_prefix; r < rare_.begin() + static_cast<std::ptrdiff_t>(plan.top_rare); ++r) {
      plan.partners.push_back(*r);
      plan.partner_values.push_back(rare_value_[static_cast<std::size_t>(r - rare_.begin())]);
    }
    plan.option_distances.clear();
    plan.option_bits.clear();
    const auto add_option = [&plan](std::uint64_t distance, std::uint64_t value) {
      const auto at = std::lower_bound(plan.option_distances.begin(), plan.option_distances.end(), distance);
      const auto j = static_cast<std::size_t>(at - plan.option_distances.begin());
      if (at == plan.option_distances.end() || *at != distance) {
        plan.option_distances.insert(at, distance);
        plan.option_bits.insert(plan.option_bits.begin() + static_cast<std::ptrdiff_t>(kChunkValues * j), kChunkValues,
                                0);
      }
      // Values below 64 (chunks_apply: one mask word), so every XOR is too.
      for (std::uint64_t x = 0; x < kChunkValues; ++x)
        plan.option_bits[kChunkValues * j + x] |= std::uint64_t{1} << (value ^ x);
    };
    for (std::uint64_t k : one_heap_takes_) add_option(k, 0);
    plan.first_far_rare =
        static_cast<std::size_t>(std::lower_bound(rare_.begin(), rare_.end(), kChunk) - rare_.begin());
    for (std::uint64_t k : splits_) {
      for (std::size_t j = 0; j < plan.first_far_rare; ++j) add_option(k + rare_[j], rare_value_[j]);
    }
    plan.sources.resize(members);
    for (std::vector<const V*>& sources : plan.sources) sources.resize(plan.partners.size() * splits_.size());
    chunk_failure_ = {};
    ChunkTeamMethod method{*this};
    detail::SpeculatedTimes times;
    const std::uint64_t confirmed = detail::run_guessed(*team_, method, (end - begin) / kChunk, times);
    // The guesses past the confirmed ones are void; a failed proof's heap
    // size is rare, with the value its proof found (or, spoiled by a test, as
    // computed in order).
    std::uint64_t n = chunk_failure_.heap != 0 ? chunk_failure_.heap : begin + confirmed * kChunk;
    if (control_.stats != nullptr) {
      control_.stats->overlapped_nanoseconds.fetch_add(static_cast<std::uint64_t>(times.overlapped.count()),
                                                       std::memory_order_relaxed);
      control_.stats->guessed_steps.fetch_add(n - begin, std::memory_order_relaxed);
      control_.stats->chunked_steps.fetch_add(n - begin, std::memory_order_relaxed);
    }
    if (chunk_failure_.heap != 0) {
      g_.truncate(n);
      if (control_.stats != nullptr) control_.stats->failed_guesses.fetch_add(1, std::memory_order_relaxed);
      if (chunk_failure_.value == kNone) return step(n) ? n + 1 : n;
      commit(n, chunk_failure_.value);
      return n + 1;
    }
    g_.truncate(n);
    // Where the guesses stopped (a value past the span) or the chunks ended: on in order, to the chunk's end.
    const std::uint64_t stop = std::min(end, n + kChunk);
    for (const std::size_t rare = rare_.size(); n < stop && !halted() && span_ == plan.span && rare_.size() == rare;
         ++n) {
      if (!step(n)) break;
    }
    return g_.size();
  }

  // The pairs of chunk c whose both heaps lie below the chunks guessed so far (member t).
  void mark_chunk(std::uint64_t c, std::uint64_t guessed, unsigned t) {
    const ChunkPlan& plan = chunks_;
    const std::uint64_t begin = plan.base + c * kChunk;
    ChunkSlot& slot = chunks_.ring[c & (chunks_.ring.size() - 1)];
    const std::uint64_t near = (c - guessed + 1) * kChunk;
    slot.near = near;
    std::fill(std::begin(slot.seen), std::end(slot.seen), 0);
    const auto first = static_cast<std::size_t>(std::lower_bound(plan.partners.begin(), plan.partners.end(), near) -
                                                plan.partners.begin());
    const std::size_t count = plan.partners.size() - first;
    if (count == 0) return;
    const std::span<const std::uint64_t> partners(plan.partners.data() + first, count);
    const V** const sources = chunks_.sources[t].data();
    detail::point_sources<V>(place_of(begin), splits_, partners, sources);
    const detail::SparseBlock<V> block{.begin = begin,
                                       .length = kChunk,
                                       .splits = splits_,
                                       .partners = partners,
                                       .partner_values = std::span(plan.partner_values.data() + first, count),
                                       .sources = std::span<const V* const>(sources, count * splits_.size()),
                                       .unequal_split = unequal_split_,
                                       .words = 1};
    detail::mark_partner_share(block, 0, count, slot.seen);
  }

  // Member 0, in order: appends chunk c's guesses; false (the chunk not
  // whole) where m has no room below the span.
  // (Out of line: member 0's part in order, apart in profiles.)
  [[gnu::noinline]] bool guess_chunk(std::uint64_t c) {
    const ChunkPlan& plan = chunks_;
    const std::uint64_t begin = plan.base + c * kChunk;
    ChunkSlot& slot = chunks_.ring[c & (chunks_.ring.size() - 1)];
    slot.failed_at = kChunk;
    const std::size_t near_rare =
        static_cast<std::size_t>(std::lower_bound(rare_.begin(), rare_.end(), slot.near) - rare_.begin());
    const std::uint64_t* const rare = rare_.data();
    const V* const rare_value = rare_value_.data();
    const std::size_t rare_count = rare_.size();
    // The pairs with a rare heap in [kChunk, near): one padded vector pass
    // (their other heap lies below the chunk, or in it for none); the
    // smaller rare heaps and the one-heap options below, the same for every
    // heap size, a lookup a distance (option_bits; looped over with the
    // bounds of each heap size they cost 150 instructions a heap size, a
    // quarter of one thread's). Into a register: values below 64.
    if (near_rare > plan.first_far_rare) mark_near_rare(begin, slot.near, plan.first_far_rare, near_rare, slot.seen);
    // The guesses are made in a copy of the values just below the chunk and
    // appended together: one at a time, each was a call that grew the table
    // (in bounded memory, a seventh of member 0's time).
    const std::uint64_t reach = plan.option_distances.empty() ? 0 : plan.option_distances.back();
    std::vector<V>& recent = chunks_.recent;
    recent.resize(reach + kChunk);
    std::copy_n(place_of(begin - reach), reach, recent.begin());
    V* const chunk = recent.data() + reach;  // g(begin + i) at chunk[i]
    const std::uint64_t* const distances = plan.option_distances.data();
    const std::uint64_t* const option_bits = plan.option_bits.data();
    const std::size_t distance_count = plan.option_distances.size();
    for (std::uint64_t i = 0; i < kChunk; ++i) {
      const std::uint64_t n = begin + i;  // past max_take_ (chunks_apply): no move takes the whole heap
      std::uint64_t seen = slot.seen[i];
      const V* const at = chunk + i;
      // From the farthest distance down, in two chains: the nearest values,
      // guessed last, join the OR last.
      const auto reached = [&](std::size_t j) {
        return option_bits[kChunkValues * j +
                           static_cast<std::uint64_t>(at[-static_cast<std::ptrdiff_t>(distances[j])])];
      };
      std::uint64_t far = 0;
      std::size_t left = distance_count;
      for (; left >= 2; left -= 2) {
        far |= reached(left - 1);
        seen |= reached(left - 2);
      }
      if (left == 1) seen |= reached(0);
      seen |= far;
      for (std::size_t j = plan.top_rare; j < rare_count; ++j) {  // rare heaps just below the run's start: seldom any
        for (std::uint64_t k : splits_) {
          const std::uint64_t rest = n - k;
          if (rare[j] < rest && !(unequal_split_ && 2 * rare[j] == rest)) {
            seen |= std::uint64_t{1} << (rare_value[j] ^ g_[rest - rare[j]]);
          }
        }
      }
      const std::uint64_t free = ~seen & rare_parity_[common_class(n)][0];
      if (free == 0) return false;  // (the guesses before it are not kept: run_chunks ends before this chunk)
      slot.seen[i] = seen;
      chunk[i] = static_cast<V>(std::countr_zero(free));
    }
    g_.push_guesses(chunk, kChunk);
    return true;
  }

  // ORs into seen[0, kChunk) the pairs of the chunk at begin with the rare
  // heaps rare_[first, last) (all below near) whose other heap lies below the
  // chunk: one vector pass over values copied and padded past the chunk's
  // start (a padded lane marks nothing).
  void mark_near_rare(std::uint64_t begin, std::uint64_t near, std::size_t first, std::size_t last,
                      std::uint64_t* seen) {
    const std::size_t count = last - first;
    ChunkPlan& plan = chunks_;
    const std::uint64_t low = begin - splits_.back() - (near - 1);  // the lowest heap a pair reads
    const std::uint64_t below = begin - low;
    plan.near_values.resize(below + kChunk);
    std::copy_n(place_of(low), below, plan.near_values.begin());
    std::fill_n(plan.near_values.begin() + static_cast<std::ptrdiff_t>(below), kChunk, std::numeric_limits<V>::max());
    const std::span<const std::uint64_t> partners(rare_.data() + first, count);
    plan.near_sources.resize(count * splits_.size());
    detail::point_sources<V>(plan.near_values.data() + below, splits_, partners, plan.near_sources.data());
    const detail::SparseBlock<V> block{.begin = begin,
                                       .length = kChunk,
                                       .splits = splits_,
                                       .partners = partners,
                                       .partner_values = std::span<const V>(rare_value_.data() + first, count),
                                       .sources = plan.near_sources,
                                       .unequal_split = unequal_split_,
                                       .words = 1,
                                       .padded = true};
    detail::mark_partner_share(block, 0, count, seen);
  }

  // Chunk c's proofs (any member): the values of the candidates' class below
  // each guess that no marked pair reaches, scanned for over all pairs. A
  // streamed store's members read memory alone: a scan that needs the file
  // leaves the chunk's proofs from that heap size on to the confirmation.
  void prove_chunk(std::uint64_t c) {
    ChunkSlot& slot = chunks_.ring[c & (chunks_.ring.size() - 1)];
    if constexpr (S::kInMemory) {
      prove_chunk_from(c, 0, slot);
    } else {
      StreamedValues::memory_only(true);
      try {
        prove_chunk_from(c, 0, slot);
      } catch (const StreamedValues::NotInMemory&) {
        slot.failed_value = kUnscanned;  // failed_at: the heap size whose scan it was
      }
      StreamedValues::memory_only(false);
    }
  }

  // The proofs of chunk c's heap sizes from `first` on, into slot.
  void prove_chunk_from(std::uint64_t c, std::uint64_t first, ChunkSlot& slot) const {
    const std::uint64_t begin = chunks_.base + c * kChunk;
    // The pairs (a, rest - a) below near, marked a vector at a time (most
    // candidates are theirs), then the scan from past them and the prefix.
    const std::uint64_t marked = slot.near - 1;
    const std::uint64_t from = std::max(chunks_.prefix, marked) + 1;
    const V* const small = g_.run(0, 1, marked + kChunk);  // g(1 ..), in memory (chunks_end)
    const V* const chunk = place_of(begin);
    for (std::uint64_t i = first; i < kChunk; ++i) {
      const std::uint64_t n = begin + i;
      slot.failed_at = static_cast<std::uint32_t>(i);
      if (control_.spoil_guesses && n % 64 == 0) {  // tests: as if the proof failed (computed again in order)
        slot.failed_value = kNone;
        return;
      }
      const std::uint64_t m = chunk[i];
      const std::uint64_t below_m = ((std::uint64_t{1} << m) - 1) & common_parity_[common_class(n)][0];
      std::uint64_t seen = slot.seen[i];
      if ((below_m & ~seen) == 0) continue;
      for (std::uint64_t k : splits_) {
        const std::uint64_t rest = n - k;
        detail::mark_run_pairs<V>(small, chunk + static_cast<std::ptrdiff_t>(i - k - 1), std::min(marked, half(rest)),
                                  1, true, &seen);
      }
      const std::uint64_t open = below_m & ~seen;
      if (open == 0) continue;
      std::uint32_t candidates[64];
      std::uint32_t count = 0;
      for (std::uint64_t bits = open; bits != 0; bits &= bits - 1) {
        candidates[count++] = static_cast<std::uint32_t>(std::countr_zero(bits));
      }
      const std::uint64_t unreached = first_unreached(n, from, std::span(candidates, count));
      if (unreached != kNone) {
        slot.failed_value = unreached;
        return;
      }
    }
    slot.failed_at = kChunk;
  }

  // In order, by member 0 or on a large team by whoever holds the driver's
  // token: commits chunk c's proved guesses; false at a failed proof
  // (chunk_failure_). Member 0 may be guessing meanwhile: this touches nothing
  // a guess reads (the values stay below the span, a confirmed guess is never rare).
  [[gnu::noinline]] bool confirm_chunk(std::uint64_t c) {
    const std::uint64_t begin = chunks_.base + c * kChunk;
    ChunkSlot& slot = chunks_.ring[c & (chunks_.ring.size() - 1)];
    if (slot.failed_at < kChunk && slot.failed_value == kUnscanned) prove_chunk_from(c, slot.failed_at, slot);
    // The values held as guessed: a streamed store counts them in the statistics only now.
    g_.confirm_guesses(begin, slot.failed_at);
    const V* const values = place_of(begin);
    for (std::uint64_t i = 0; i < slot.failed_at; ++i) {
      if (only_counts(begin + i, values[i])) {
        account_common(begin + i, values[i]);
      } else {
        account(begin + i, values[i]);
      }
    }
    if (slot.failed_at == kChunk) return true;
    chunk_failure_ = {.heap = begin + slot.failed_at, .value = slot.failed_value};
    return false;
  }

  // --- bookkeeping ----------------------------------------------------------

  // visit(i, g(i)) for i in [begin, end), in order. A streamed store's values are
  // read from its file 2^18 at a time: value by value, each a lookup among the
  // store's blocks, the passes over the whole table (a new kernel's histogram, a
  // new mask's rare list) took about a minute at 3 * 10^9 values, and a table in
  // bounded memory starts a new kernel after every checkpoint.
  template <class Visit>
  void for_each_value(std::uint64_t begin, std::uint64_t end, Visit visit) const {
    if constexpr (S::kInMemory) {
      for (std::uint64_t i = begin; i < end; ++i) visit(i, g_[i]);
    } else if (begin < end) {
      std::vector<V> chunk(std::min(end - begin, kValueChunk));
      for (std::uint64_t at = begin; at < end; at += kValueChunk) {
        const std::uint64_t count = std::min(kValueChunk, end - at);
        g_.read(at, count, chunk.data());
        for (std::uint64_t i = 0; i < count; ++i) visit(at + i, chunk[i]);
      }
    }
  }

  // Counts v = g(i) in the value histogram (by heap parity), growing the sets with it.
  // Inlined where it is called once a value (account, the constructor's pass):
  // left out of line, as the compiler once chose, 0.167 continued from a
  // prefix of 4 million values took 18% longer.
  [[gnu::always_inline]] void note_value(std::uint64_t i, std::uint64_t v) {
    if (v > max_value_) {
      max_value_ = v;
      if (std::bit_ceil(v + 1) > span_) resize_sets();
    }
    ++histogram_[2 * v + (i & 1)];  // v < span_, and resize_sets keeps 2 x span_ counts
    if (v > typical_max_ && histogram_[2 * v] + histogram_[2 * v + 1] >= kTypicalCount) {
      typical_max_ = v;
      set_lengths();
    }
  }

  // Every XOR of table values is below span_ = bit_ceil(max + 1), and the mex
  // candidates of either parity lie below 2 * span_.
  void resize_sets() {
    span_ = std::max<std::uint64_t>(std::bit_ceil(max_value_ + 1), 16);
    for (Scratch& scratch : scratch_) {
      if (scratch.mark.size() < 2 * span_ + 1) scratch.mark.assign(2 * span_ + 1, 0);
    }
    histogram_.resize(2 * span_, 0);
  }

  void report(std::uint64_t valid) {
    if (control_.progress != nullptr) control_.progress->store(valid, std::memory_order_relaxed);
    if (control_.stats != nullptr) {
      control_.stats->sparse_steps.store(sparse_steps_, std::memory_order_relaxed);
      control_.stats->dense_steps.store(dense_steps_, std::memory_order_relaxed);
    }
  }

  // Marks are plain byte stores (no test, no list): the hot loops stay
  // branch-free, and clearing span_ bytes is cheap for the spans that occur.
  static void mark(Scratch& s, std::uint64_t v) { s.mark[v] = 1; }

  // s.candidates = the values v in [from, limit) not marked, ascending, at most
  // `most` of them (or a few more: whole steps); returns where it stopped (past
  // the last taken, or limit). Eight marks (bytes 0 or 1) a step: one at a time
  // this was a tenth of 0.007's time.
  static std::uint64_t collect_unmarked(Scratch& s, std::uint64_t from, std::uint64_t limit, std::uint64_t most) {
    s.candidates.clear();
    const std::uint8_t* const marks = s.mark.data();
    std::uint64_t v = from;
    for (; v + 8 <= limit && s.candidates.size() < most; v += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, marks + v, sizeof word);
      for (std::uint64_t open = ~word & 0x0101010101010101U; open != 0; open &= open - 1) {
        s.candidates.push_back(static_cast<std::uint32_t>(v + static_cast<std::uint64_t>(std::countr_zero(open)) / 8));
      }
    }
    for (; v < limit && s.candidates.size() < most; ++v) {
      if (!marks[v]) s.candidates.push_back(static_cast<std::uint32_t>(v));
    }
    return v;
  }
  void clear_marks(Scratch& s) const { std::memset(s.mark.data(), 0, span_); }

  // The options that leave at most one heap.
  void mark_small_options(std::uint64_t n, Scratch& s) const {
    if (takes_whole(n)) mark(s, 0);
    for (std::uint64_t k : one_heap_takes_) {
      if (k >= n) break;
      mark(s, g_[n - k]);
    }
  }

  // The largest a of the pairs (a, rest - a), a <= rest - a, of a split of rest.
  [[nodiscard]] std::uint64_t half(std::uint64_t rest) const { return last_pair_first(unequal_split_, rest); }

  // Marks g[a] ^ g[rest - a] for a in [1, last], a view of the store at a time.
  void mark_pair_prefix(std::uint64_t rest, std::uint64_t last, std::uint8_t* marks) const {
    mark_pairs(rest, 1, last, marks);
  }

  // The same for a in [first, last].
  void mark_pairs(std::uint64_t rest, std::uint64_t first, std::uint64_t last, std::uint8_t* marks) const {
    for (std::uint64_t a = first; a <= last;) {
      const PairView<V> view = g_.pairs(rest, a, last + 1);
      mark_pair_xors(view.lo, view.hi, view.count, marks);
      a += view.count;
    }
  }

  // The smallest of the candidates (ascending, each below span_) that no split
  // pair (a, rest - a) with a >= from reaches, or kNone. Candidates go eight at
  // a time through the vector scan; a group is done when all its members are
  // seen, and the first group with a member never seen holds the answer.
  std::uint64_t first_unreached(std::uint64_t n, std::uint64_t from, std::span<const std::uint32_t> candidates) const {
    V active[8];
    const int count = first_unreached_group(n, from, candidates, active);
    return count > 0 ? *std::min_element(active, active + count) : kNone;
  }

  // first_unreached for a heap size that every process of a group finishes in
  // order. With a streamed store, a scan that reads pairs beyond memory is made
  // by process 0 alone, from its file, and only its answer travels (one word in
  // a reduction), not the values it read: every process knows alike whether the
  // scan went beyond memory, since they all hold the same head and window.
  std::uint64_t first_unreached_in_order(std::uint64_t n, std::uint64_t from,
                                         std::span<const std::uint32_t> candidates) const {
    if constexpr (S::kInMemory) {
      return first_unreached(n, from, candidates);
    } else {
      if (!shared_group()) return first_unreached(n, from, candidates);
      bool beyond_memory = false;
      const std::optional<std::uint64_t> unreached = first_unreached_alone(n, from, candidates, beyond_memory);
      if (!beyond_memory) return *unreached;
      std::uint64_t answer = unreached && *unreached != kNone ? *unreached + 1 : 0;  // process 0's alone
      control_.group->combine(&answer, 1);
      return answer == 0 ? kNone : answer - 1;
    }
  }

  // first_unreached from this process's own reads (read_alone): the file where
  // this process holds it, else nullopt when the scan needed values beyond
  // memory. beyond_memory: whether it read past memory at all.
  std::optional<std::uint64_t> first_unreached_alone(std::uint64_t n, std::uint64_t from,
                                                     std::span<const std::uint32_t> candidates,
                                                     bool& beyond_memory) const {
    const std::uint64_t far_views = g_.counters().far_views;
    std::optional<std::uint64_t> unreached;
    beyond_memory = !read_alone([&] { unreached = first_unreached(n, from, candidates); }) ||
                    g_.counters().far_views != far_views;
    return unreached;
  }

  // Runs read() on the head and the window of a streamed store alone, which the
  // members of a team may read at once (StreamedValues::memory_only); false
  // when it needed other values, and stopped there.
  template <class Read>
  static bool read_in_memory(Read read) {
    StreamedValues::memory_only(true);
    try {
      read();
    } catch (const StreamedValues::NotInMemory&) {
      StreamedValues::memory_only(false);
      return false;
    }
    StreamedValues::memory_only(false);
    return true;
  }

  // Runs read() on this process's own reads only (StreamedValues::local_only: in
  // a group it may not ask the first process for values beyond memory); false
  // when it needed such values, and stopped there.
  template <class Read>
  bool read_alone(Read read) const {
    g_.local_only(true);
    try {
      read();
    } catch (const StreamedValues::NotInMemory&) {
      g_.local_only(false);
      return false;
    }
    g_.local_only(false);
    return true;
  }

  // That first group's members no pair reaches, ascending, in active[0, count);
  // returns count (0: every candidate is reached).
  int first_unreached_group(std::uint64_t n, std::uint64_t from, std::span<const std::uint32_t> candidates,
                            V (&active)[8]) const {
    for (std::size_t group = 0; group < candidates.size(); group += 8) {
      int count = load_group(candidates.subspan(group), active);
      for (std::uint64_t k : splits_) {
        if (k + 2 > n || count == 0) continue;
        const std::uint64_t rest = n - k;
        drop_reached(rest, from, half(rest) + 1, active, count);
      }
      if (count > 0) return count;
    }
    return 0;
  }

  // Drops from active[0, count) (the slots past count repeat active[0]) the
  // values some pair (a, rest - a), from <= a < end, reaches; keeps the order.
  void drop_reached(std::uint64_t rest, std::uint64_t from, std::uint64_t end, V (&active)[8], int& count) const {
    std::uint64_t a = from;
    while (count > 0 && a < end) {
      std::uint32_t found = 0;
      const PairView<V> view = g_.pairs(rest, a, end);
      a += find_any(view.lo, view.hi, 0, view.count, active, count, found);
      drop_found(found, active, count);
    }
  }

  // The first (up to) 8 candidates into active, the slots past them repeating
  // the first; returns how many. Without branches, as drop_found: the counts
  // vary from one heap size to the next, and the mispredicted loops were a
  // third of the scans' own time (Grundy's game, perf). The slots come from a
  // table: written `j < count ? j : 0`, the compiler split the loads by count
  // into branches again (about one mispredicted a group, callgrind).
  static int load_group(std::span<const std::uint32_t> candidates, V (&active)[8]) {
    const std::size_t count = std::min<std::size_t>(candidates.size(), 8);
    const std::array<std::uint8_t, 8>& slots = kLoadSlots[count];
    for (int j = 0; j < 8; ++j) active[j] = static_cast<V>(candidates[slots[j]]);
    return static_cast<int>(count);
  }
  // kLoadSlots[c][j]: j below c, else 0.
  static constexpr std::array<std::array<std::uint8_t, 8>, 9> kLoadSlots = [] {
    std::array<std::array<std::uint8_t, 8>, 9> table{};
    for (std::uint8_t c = 0; c <= 8; ++c) {
      for (std::uint8_t j = 0; j < 8; ++j) table[c][j] = j < c ? j : 0;
    }
    return table;
  }();

  // Drops from active[0, count) the members whose bit is set in `found`; keeps
  // the order, and the slots past count repeat active[0]. The kept slots come
  // from a table, so the eight moves are independent (a running count of the
  // kept ones chained them: 28% of the provers' own time, grundy-mpi, perf).
  // Moved in place, slot by slot: copied back whole from a scratch array, the
  // 16-byte load waited for the eight narrow stores before it to retire (a
  // fifth of the proofs' time outside the scan, perf).
  static void drop_found(std::uint32_t found, V (&active)[8], int& count) {
    if (found == 0) return;
    const unsigned kept = ~found & ((1U << count) - 1U);
    const KeptSlots& slots = kKeptSlots[kept];
    for (int j = 0; j < 8; ++j) active[j] = active[slots.from[j]];
    count = slots.count;  // std::popcount is a library call on the baseline processor
  }
  // kKeptSlots[m]: the slots whose bit m sets, in order, then 0, and how many. Slot
  // j's source is never below j, so moving slot by slot reads only slots not yet
  // moved, and the slots past the kept ones repeat slot 0 once it holds the first kept.
  struct KeptSlots {
    std::array<std::uint8_t, 8> from{};
    std::uint8_t count = 0;
  };
  static constexpr std::array<KeptSlots, 256> kKeptSlots = [] {
    std::array<KeptSlots, 256> table{};
    for (unsigned m = 0; m < 256; ++m) {
      for (std::uint8_t j = 0; j < 8; ++j) {
        if (((m >> j) & 1U) != 0) table[m].from[table[m].count++] = j;
      }
    }
    return table;
  }();

  // first_unreached on every member of the team, between rounds: the proof of
  // a rare heap scans all its pairs, which past a streamed table's head and
  // window are read back from the file (Grundy's game past 47 million: about
  // 11 ms a scan). The members claim stretches of pairs as long as the store
  // reads back at a time, each reads its own (file reads are independent), and a
  // candidate one finds reached is dropped for all (a word of bits), so the
  // scan ends once every candidate of the group is reached, as alone.
  std::uint64_t first_unreached_on_team(std::uint64_t n, std::uint64_t from,
                                        std::span<const std::uint32_t> candidates) {
    if constexpr (S::kInMemory) {
      return first_unreached(n, from, candidates);
    } else {
      const unsigned members = team_->size();
      const std::uint64_t stretch = g_.read_block();
      if (team_scan_.size() < members) team_scan_.resize(members);
      for (std::size_t group = 0; group < candidates.size(); group += 8) {
        V active[8];
        const int count = load_group(candidates.subspan(group), active);
        const std::uint32_t all = (std::uint32_t{1} << count) - 1;
        std::atomic<std::uint32_t> reached{0};  // bit j: active[j] is reached
        for (const std::uint64_t k : splits_) {
          if (k + 2 > n || reached.load(std::memory_order_relaxed) == all) continue;
          const std::uint64_t rest = n - k;
          const std::uint64_t end = half(rest) + 1;
          std::atomic<std::uint64_t> next{from};
          auto scan = [&](unsigned t) {
            TeamScan& own = team_scan_[t];
            for (;;) {
              const std::uint32_t done = reached.load(std::memory_order_relaxed);
              if (done == all) return;
              const std::uint64_t a = next.fetch_add(stretch, std::memory_order_relaxed);
              if (a >= end) return;
              const std::uint64_t pairs = std::min(end, a + stretch) - a;
              own.lo.resize(pairs);
              own.hi.resize(pairs);
              g_.read(a, pairs, own.lo.data());                       // g(a), g(a + 1), ...
              g_.read(rest - a - (pairs - 1), pairs, own.hi.data());  // ... g(rest - a - 1), g(rest - a)
              // The candidates not yet reached, by any member.
              V left[8];
              std::copy_n(active, 8, left);
              int open = count;
              drop_found(done, left, open);
              const V* const hi = own.hi.data() + (pairs - 1);
              for (std::uint64_t at = 0; open > 0 && at < pairs;) {
                std::uint32_t found = 0;
                at += find_any(own.lo.data() + at, hi - at, 0, pairs - at, left, open, found);
                drop_found(found, left, open);
              }
              std::uint32_t bits = 0;  // those this stretch reached (the candidates are distinct)
              for (int j = 0; j < count; ++j) {
                if ((done & (std::uint32_t{1} << j)) == 0 && std::find(left, left + open, active[j]) == left + open) {
                  bits |= std::uint32_t{1} << j;
                }
              }
              reached.fetch_or(bits, std::memory_order_relaxed);
            }
          };
          run_team(scan, members);
        }
        const std::uint32_t done = reached.load(std::memory_order_relaxed);
        std::uint64_t smallest = kNone;
        for (int j = 0; j < count; ++j) {
          if ((done & (std::uint32_t{1} << j)) == 0) smallest = std::min<std::uint64_t>(smallest, active[j]);
        }
        if (smallest != kNone) return smallest;
      }
      return kNone;
    }
  }

  // --- dense method ---------------------------------------------------------

  std::uint64_t value_dense(std::uint64_t n, Scratch& s) const {
    mark_small_options(n, s);
    // A prefix of the pairs, marked with plain stores, leaves few candidates.
    const std::uint64_t prefix = std::max(span_, n / kDensePrefixShare);
    for (std::uint64_t k : splits_) {
      if (k + 2 > n) continue;
      const std::uint64_t rest = n - k;
      mark_pair_prefix(rest, std::min(half(rest), prefix), s.mark.data());
    }
    const std::uint64_t limit = std::min<std::uint64_t>(span_, std::numeric_limits<V>::max() + std::uint64_t{1});
    std::uint64_t unreached = kNone;
    for (std::uint64_t next = 0; unreached == kNone && next < limit;) {
      next = collect_unmarked(s, next, limit, kCandidateBatch);
      unreached = first_unreached_in_order(n, prefix + 1, s.candidates);
    }
    clear_marks(s);
    return unreached == kNone ? limit : unreached;
  }

  // --- sparse-space method ----------------------------------------------------

  // Whether v = g(i) is rare.
  [[nodiscard]] bool is_rare(std::uint64_t i, std::uint64_t v) const {
    const int p = parity(v & mask_) ^ (heap_parity_ ? static_cast<int>(i & 1) : 0);
    return p == (heap_parity_ ? static_cast<int>(splits_.front() & 1) : 0);
  }

  // Reads the first rare_known entries of the rare list (all rare heaps below n - 1).
  std::uint64_t value_sparse(std::uint64_t n, Scratch& s, std::size_t rare_known) const {
    mark_small_options(n, s);
    for (std::uint64_t k : splits_) {
      if (k + 2 > n) continue;
      const std::uint64_t rest = n - k;
      const auto* first = rare_.data();
      const auto count = static_cast<std::size_t>(std::lower_bound(first, first + rare_known, rest) - first);
      // Grundy's game: the equal split (rest/2, rest/2) is not a move; skip it.
      std::size_t skip = count;
      if (unequal_split_ && rest % 2 == 0) {
        skip = static_cast<std::size_t>(std::lower_bound(first, first + count, rest / 2) - first);
        if (skip < count && rare_[skip] != rest / 2) skip = count;
      }
      const V* value = rare_value_.data();
      // A local pointer: a byte store may alias the vector's own pointer, which
      // the compiler would otherwise reload after every store.
      std::uint8_t* const marks = s.mark.data();
      g_.mark_partners(rest, first, value, 0, skip, marks);
      if (skip < count) g_.mark_partners(rest, first, value, skip + 1, count, marks);
    }
    // A short prefix of all pairs, marked with plain stores, settles most of
    // the values the vector scan below would otherwise have to find. Its best
    // length grows with the number of values (measured: Grundy's game, 0.167).
    const std::uint64_t prefix = prefix_length();
    for (std::uint64_t k : splits_) {
      if (k + 2 > n) continue;
      const std::uint64_t rest = n - k;
      mark_pair_prefix(rest, std::min(half(rest), prefix), s.mark.data());
    }
    // Common + common pairs all land on parity q; the other parity comes only
    // from pairs with a rare heap, all marked above.
    const int q = common_class(n);
    std::uint64_t m = 0;
    while (s.mark[m] || parity(m & mask_) == q) ++m;
    collect_unmarked(s, 0, m, m);
    std::memset(s.mark.data(), 0, std::max(span_, m + 1));
    if (s.candidates.empty()) return m;
    const std::uint64_t unreached = first_unreached_in_order(n, prefix + 1, s.candidates);
    return unreached == kNone ? m : unreached;
  }


  // A short prefix of all pairs, marked with plain stores, settles most of
  // the values the vector scan would otherwise have to find. Its best
  // length grows with the number of values (measured: Grundy's game, 0.167).
  // It follows the values that occur often, not the largest one: 0.167's value
  // 64, seen at two heap sizes by 2^30, would otherwise quadruple the prefix
  // (and the block's length) from n = 332,129,728 on, for nothing.
  [[nodiscard]] std::uint64_t prefix_length() const { return prefix_length_; }

  // --- the sparse-space method by blocks ----------------------------------------
  // Heap sizes go in blocks of L. The pairs of partners r (rare heaps, and the
  // prefix's small heaps) whose both heaps lie below what is computed are shared
  // among the team by stretches of heap sizes (detail::mark_partner_share: lanes
  // = heap sizes, masks in registers; processes of a group OR theirs), and then
  // each n of the block is finished in order:
  // the options and pairs that reach into the block, the candidates and the scan.
  // With a team, the share of block j + 1 (partners r >= 2L, which read only
  // values below block j) runs while member 0 finishes block j and then helps
  // it. The pairs of partners r < 2L (r < L alone) are marked by member 0 once
  // the block before is done: those whose other heap lies below the block by
  // the same vector pass (mark_near), the rest, which read the block's own
  // values, heap size by heap size. The values are those of value_sparse,
  // whatever the team's size.

  // Half the prefix, 16 to 128 heap sizes (measured, one thread: Grundy's game
  // best near 128 with its prefix of 1024, 0.167 near 32 with 64): the pairs
  // of partners below 2L are finished in order, so L follows the prefix. A
  // team's blocks go to 512: each round pays the members' start, their waits
  // for guesses inside it and its end, which a longer block spreads (Grundy's
  // game to 2^24 on 2 threads: those made the 0.27 s of serial time inside
  // the rounds, 4 us a round; with 512 against 256 the serial time fell from
  // 0.37-0.38 s to 0.30-0.32 s, in bounded memory from 0.74-0.78 s to
  // 0.53-0.55 s, the wall and the processor time the same; at 256 against
  // 128 it was 4.3-4.6% of the wall against 5.7-6.5%; one thread keeps 128:
  // with 256 it was 3% slower). A group's
  // blocks go to 256: each block is one reduction across the processes
  // (Grundy's game to 2^22 on 2 ranks: 2.42 s against 2.62 at 128, the
  // reductions' count halved; with 512 the guesses in order cost more:
  // 1.92-2.00 s against 1.85-1.97 s).
  [[nodiscard]] std::uint64_t block_length() const {
    return speculated_blocks_ ? speculated_block_length_ : block_length_;
  }

  // Both lengths follow the typical values (read per heap size: kept, not recomputed).
  // The prefix grows with the square of the span up to 1024 heaps: past it the
  // partners' masks (8 words each at span 512) cost more than the candidates
  // they settle (Grundy's game resumed from 4.8e8 to 5e8, span 512: 28.9 s with
  // 4096, 21.1 s with 2048, 20.3 s with 1024, 26.7 s with 512).
  void set_lengths() {
    const std::uint64_t typical_span = std::max<std::uint64_t>(std::bit_ceil(typical_max_ + 1), 16);
    prefix_length_ = std::clamp<std::uint64_t>(typical_span * typical_span / 64, 32, 1024);
    const std::uint64_t half_prefix = prefix_length_ / 2 / detail::kBlockQuantum * detail::kBlockQuantum;
    block_length_ = std::clamp<std::uint64_t>(half_prefix, 16, 128);
    const std::uint64_t longest = control_.longest_block != 0 ? control_.longest_block
                                  : spans_processes()         ? kGroupLongestBlock
                                                              : kTeamLongestBlock;
    speculated_block_length_ = std::clamp<std::uint64_t>(half_prefix, 16, std::max<std::uint64_t>(longest, 16));
  }

  // True when the rare heaps below n lately came about once in kRareBlocks
  // speculated blocks or more often (then a block's guesses would often fail),
  // blocks of at most 256 heap sizes: with a team's 512 the window twice as
  // long kept two members in order further (Grundy's game to 2^20: 2% slower).
  [[nodiscard]] bool rare_heaps_close(std::uint64_t n) const {
    const std::uint64_t window = kRareWindowBlocks * std::min(speculated_block_length_, kRareWindowBlockLength);
    const auto recent = std::lower_bound(rare_.begin(), rare_.end(), n > window ? n - window : 0);
    return static_cast<std::uint64_t>(rare_.end() - recent) * kRareBlocks >= kRareWindowBlocks;
  }
  static constexpr std::uint64_t kRareWindowBlocks = 16;
  static constexpr std::uint64_t kRareWindowBlockLength = 256;
  static constexpr std::uint64_t kTeamLongestBlock = 512;  // set_lengths
  static constexpr std::uint64_t kGroupLongestBlock = 256;
  static constexpr std::uint64_t kRareBlocks = 4;

  [[nodiscard]] bool blocks_apply(std::uint64_t n) const {
    return sparse_ && span_ <= 64 * detail::kMaxMaskWords &&
           n >= 4 * (prefix_length() + 2 * block_length()) + splits_.back() + 64;
  }

  // One block's share: what the team marks for heap sizes [begin, begin + L).
  // What decides a share's partner list; the list is rebuilt only when it changes.
  struct PartnerKey {
    std::uint64_t near = 0;
    std::uint64_t prefix = 0;
    std::size_t first_rare = 0;
    std::size_t end_rare = 0;
    std::uint64_t class_mask = 0;  // the rare mask when grouped by class, else 0
    std::uint64_t rare_list = 0;   // rare_generation_: indices into this rare list
    bool operator==(const PartnerKey&) const = default;
  };

  struct BlockShare {
    std::uint64_t begin = 0;
    // L when the share was set up, its masks' layout: members read it while member 0,
    // finishing the block before, may change block_length() (a value widens the prefix).
    std::uint64_t length = 0;
    std::uint64_t near = 0;  // partners below it are marked by member 0 (mark_near, finish_in_block)
    std::uint64_t top = 0;   // and rare heaps from it on
    std::size_t rare_top = 0;  // the first of those in rare_ (mark_near; rare heaps added later lie past top)
    PartnerKey key;
    bool listed = false;  // partners, partner_values and slots hold the list of `key`
    std::vector<std::uint64_t> partners;
    std::vector<V> partner_values;
    std::vector<std::size_t> slots;  // the store's cursor slot of each partner's run
    std::vector<const V*> sources;  // where each partner's run of values lies (SparseBlock::sources)
    std::uint64_t common_sources_mask = 0;          // SparseBlock::common_sources_mask
    std::size_t odd_partners = 0;                   // SparseBlock::odd_partners
    std::vector<std::uint64_t> masks;  // [word * L + i]
    // What this process marks (one piece of every partner for the whole block
    // alone): its members claim stretches of heap sizes from `cursor` and mark
    // there each piece's partners that reach them (claim_heaps).
    std::vector<detail::SharePiece> own;
    // This process's heap sizes [heap_from, heap_to) of the block (all of them
    // alone), whose masks it marks; the others' stay zero for the group's OR.
    std::uint64_t heap_from = 0;
    std::uint64_t heap_to = 0;
    // A streamed store in a group: some partners' runs lie beyond memory,
    // process 0's to mark for the whole block (choose_own_partners).
    bool distant = false;
    std::atomic<std::uint64_t> cursor{0};  // the block's heap sizes claimed so far
  };

  // A team pays only when its members really run at once: on a busy machine a
  // member waits for a descheduled one at every block. So the kernel times short
  // stretches of heap sizes on one thread and on the team, alternating (wall
  // clock per heap size), goes on with the cheaper, and times them again every
  // kRetrial-th segment (the load changes) and whenever the span or the mask
  // changes (the work does). The modes are timed side by side, never against a
  // cost kept from earlier in the table: the work of a heap size drifts (Grundy's
  // game's doubles at 7,250,049, where a value passes 255), and such a comparison
  // once kept one thread for 1.4 million heap sizes where two were 1.7x faster.
  //
  // Processes of a group with the whole table in memory choose the same way
  // between sharing the blocks ("the team") and each computing alone, in order
  // ("one thread"; every process then holds the same values, with no reduction
  // but one per stretch): where a block's shares are small, as in 0.167's, the
  // reductions cost more than they save. Their choices must agree, so each
  // trial's cost is the slowest process's (one reduction). A group in bounded
  // memory chooses so too where its processes have one thread each: alone,
  // each reads beyond memory what the others read, in the same order, which
  // process 0 sends from its file (a team's proofs beyond memory, left to
  // member 0 as the team's timing falls, would not be the same on every
  // process, so a group of teams always shares). Sharing on a busy machine
  // can cost a time slice a block: 0.167 to 2^24 in bounded memory on 2 ranks
  // beside two busy processes on 2 cores took 110 s always shared, 4.5-5.4 s
  // choosing; on an idle machine 3.2-4.7 s against 1.5-2.0 s.
  std::uint64_t run_blocks_timed(std::uint64_t begin, std::uint64_t end) {
    const bool group = shared_group();
    if (group && !(control_.adaptive && (S::kInMemory || control_.threads <= 1))) {
      const detail::StretchClock serial(control_.stats, serial_part(true), true);
      return run_blocks(begin, end, control_.threads >= 2);
    }
    const bool adaptive = group || (control_.threads >= 2 && control_.adaptive);
    std::uint64_t n = begin;
    while (n < end && !halted() && blocks_apply(n)) {
      // A wider span (twice the mask words) or a new mask: time the modes again.
      if (adaptive && trials_due_ == 0 && timed_shape_ != shape()) trials_due_ = kTrials;
      if (adaptive && trials_due_ == kTrials) timed_shape_ = shape();
      bool use_team = control_.threads >= 2;
      // Only a stretch as long as a whole trial is timed; the rest of a shorter
      // segment goes on in the chosen mode (the team, before any round). The
      // segments' ends (every n / 8 heap sizes) cut the first trials to a few
      // hundred heap sizes, whose pace was mostly the team's start and the
      // machine's noise: Grundy's game on two threads timed the team slower
      // than one thread from 13,000 to 40,000 in some runs, faster in others,
      // kept one thread to 113,000 in some, and spent 0.16-0.37 s of one
      // thread alone to 2^22 (0.04 s once trials waited for whole stretches).
      const std::uint64_t shortest = least_trial_length(group);
      const bool timeable = end - n >= shortest;
      const bool trial = adaptive && trials_due_ > 0 && timeable;
      // A round times the mode not in use once, first, then the chosen mode
      // twice. The machine's noise only slows a trial, so the chosen mode's
      // cheaper trial guards against a hiccup making it look slower, and a
      // slowed trial of the other mode only keeps the chosen one (a change is
      // confirmed by a second round). On a team that is the one-thread trials
      // halved: the time in which one core computes alone.
      if (adaptive) use_team = trial ? (trials_due_ == kTrials) != team_chosen_ : team_chosen_;
      // A trial is short, so the slower mode costs little (a 256th of the table:
      // a round is 1/32 of the heap sizes between two rounds, half of them in
      // the slower mode), yet long enough to be timed (tens of milliseconds).
      std::uint64_t trial_length = std::max(shortest, n / 256);
      // The mode that lost the last round by a clear margin is timed on a
      // stretch shorter by the square of that margin: a lost mode's stretches
      // cost heap sizes at its slower pace, and one thread's trials are time in
      // which one core computes alone (Grundy's game to 2^24 on 2 threads,
      // the team 1.7x faster: 230,737 heap sizes timed on one thread, 0.27 s,
      // when only margins past 2 shortened them by the margin, halved; on 16
      // cores, with the team 10x faster, 0.27 s beside 3.4 s of team).
      if (trial && use_team != team_chosen_ && last_margin_ > kClearMargin) {
        trial_length = std::max(kShortestTrial, static_cast<std::uint64_t>(static_cast<double>(trial_length) /
                                                                           (last_margin_ * last_margin_)));
      }
      // A group's processes alone agree on a stop only between stretches: they go a trial's length at a time.
      const bool alone = group && !use_team;
      const std::uint64_t stop_at = trial || alone ? std::min(end, n + trial_length) : end;
      const auto start = std::chrono::steady_clock::now();
      // A trial ends once it has cost control_.trial_overrun times the other
      // mode's latest pace for its whole stretch (a busy machine: a member
      // waits for a descheduled one at every block). Not in a group: its
      // processes must cut the same blocks.
      trial_overran_ = false;
      trial_deadline_ = kNoDeadline;
      const double other_pace = use_team ? solo_pace_ : team_pace_;
      if (trial && !group && other_pace < kUntimed) {
        trial_deadline_ = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                      std::chrono::duration<double>(control_.trial_overrun * other_pace *
                                                                    static_cast<double>(stop_at - n)));
      }
      std::uint64_t reached = n;
      {
        const detail::StretchClock serial(control_.stats, serial_part(use_team && !alone), several_workers());
        reached = alone ? run_blocks_alone(n, stop_at) : run_blocks(n, stop_at, use_team);
      }
      trial_deadline_ = kNoDeadline;
      double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (group && (trial || alone)) seconds = slowest_in_group(seconds);
      if (trial && (reached >= n + 4 * block_length() || (trial_overran_ && reached > n))) {
        // Each mode's cheapest trial counts: a hiccup of the machine (a core taken
        // away for a while) slows one trial, not both of the chosen mode's.
        if (trial_overran_ && control_.stats != nullptr) {
          control_.stats->overrun_trials.fetch_add(1, std::memory_order_relaxed);
        }
        const double pace = seconds / static_cast<double>(reached - n);
        (use_team ? team_pace_ : solo_pace_) = pace;
        double& best = use_team ? team_cost_ : solo_cost_;
        best = std::min(best, pace);
        if (--trials_due_ == 0) {
          // The team must be clearly faster: when it only matches one thread, its
          // second member mostly spins (0.167's blocks have few partners to share).
          const bool team_faster = team_cost_ < kTeamMargin * solo_cost_;
          if (team_faster != team_chosen_ && !switch_pending_) {
            // A round that would change the mode is confirmed by a second one at
            // once: one round can be wrong, and a wrong mode lasts until the next
            // round, half as many heap sizes again (Grundy's game to 2^24: a
            // round at 3.4 million timed one thread at 1.34 us per heap size, its
            // steady pace 1.8-2.1, and kept it for 2 million heap sizes).
            switch_pending_ = true;
            trials_due_ = kTrials;
          } else {
            // A mode chosen again by a wide margin is timed again later: each
            // round runs the slower mode for a trial of at least 2^15 heap sizes
            // (2^13 in a group); with two such trials a round, a tenth of all
            // heap sizes to 2^22 with a round every 4 segments (Grundy's game on
            // two processes: 1.54x one process without the trials, 1.45-1.49x
            // with them).
            const double margin = team_faster ? solo_cost_ / team_cost_ : team_cost_ / solo_cost_;
            last_margin_ = margin;
            const bool again = team_faster == team_chosen_ && margin >= kClearMargin;
            retrial_segments_ = again ? std::min(2 * retrial_segments_, kMaxRetrial) : kRetrial;
            team_chosen_ = team_faster;
            switch_pending_ = false;
            segments_since_trial_ = 0;
          }
          team_cost_ = solo_cost_ = kUntimed;
        }
      } else if (adaptive && trials_due_ == 0 && reached == end && ++segments_since_trial_ >= retrial_segments_) {
        trials_due_ = kTrials;
      }
      // (A trial cut short measured too little: it is run again; one that
      // overran measured enough.)
      const bool cut = reached < stop_at && !trial_overran_;
      n = reached;
      if (cut) break;  // stopped, or a value widened the masks
    }
    return n;
  }

  // The heap sizes a trial spans at least: long enough to be timed (tens of milliseconds).
  [[nodiscard]] std::uint64_t least_trial_length(bool group) const {
    if (control_.trial_length != 0) return control_.trial_length;
    return group ? kGroupTrialLength : kTrialLength;
  }

  // Heap sizes [begin, end) of a group's process computed by itself (its own
  // team as in a group, from two threads), the same on every process: a stop
  // asked of one process waits for the stretch's end (slowest_in_group).
  std::uint64_t run_blocks_alone(std::uint64_t begin, std::uint64_t end) {
    // Shared, process 0 alone read the runs beyond memory: every process starts alike.
    if constexpr (!S::kInMemory) g_.forget_reads();
    alone_ = true;
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t reached = run_blocks(begin, end, control_.threads >= 2);
    alone_ = false;
    control_.group->add_in_order_time(static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count()));
    return reached;
  }

  // The longest of the group's `seconds` (every process's own), in one
  // reduction that also carries the stop word.
  double slowest_in_group(double seconds) {
    exchange_.assign(control_.group->size() + 1, 0);
    combine_exchange(0, static_cast<std::uint64_t>(std::max(seconds, 0.0) * 1e9));
    return static_cast<double>(*std::max_element(exchange_.begin(), exchange_.end() - 1)) * 1e-9;
  }

  std::uint64_t run_blocks(std::uint64_t begin, std::uint64_t end, bool use_team) {
    if (use_team && !team_) team_ = detail::lease_team(control_.threads);
    const unsigned members = use_team ? team_->size() : 1;
    // A group always speculates (below); a team from speculative_from members,
    // but two members finish in order where rare heaps lately came once every
    // few blocks: there most blocks' guesses fail at one, and member 0
    // finished the rest of the block alone (Grundy's game from 2^13 by 2^14,
    // its last rare heap at 82,860: 57% of the heap sizes, two members 1.12x
    // one thread, against 1.6x finishing in order).
    const bool speculate = members >= 2 && control_.speculative_from != 0 && members >= control_.speculative_from &&
                           !(members == 2 && rare_heaps_close(begin));
    speculated_blocks_ = shared_group() || speculate;
    const bool pipelined = members > 1;
    const unsigned words = static_cast<unsigned>(std::max<std::uint64_t>(span_ / 64, 1));
    const std::uint64_t length = block_length();
    set_parity_patterns(words);
    // Values must not move while members read them: room for every block up to
    // end in memory; a streamed store slides its window only between blocks.
    if constexpr (S::kInMemory) g_.reserve(end);
    if (chunks_apply(begin, members, words)) {
      if (const std::uint64_t last = chunks_end(begin, end, members); last > begin) {
        return run_chunks(begin, last, members);
      }
    }
    // Processes of a group always speculate: the finish in order would be repeated
    // by each.
    if (shared_group()) return run_blocks_ahead(begin, end, members, words);
    // Every team speculates, two members with eight mask words too: there the
    // in-order finish was faster until the scans were claimed several at a
    // time; the table to 2^24 on 2 threads now takes as long either way
    // (11.90-12.18 against 11.87-12.04 s), and the speculation's serial time,
    // the one many cores feel, is 0.87-0.91 s against 1.44-1.60.
    if (pipelined && speculate) return run_blocks_speculative(begin, end, members, words);
    std::uint64_t n = begin;
    BlockShare* current = &shares_[0];
    BlockShare* next = &shares_[1];
    prepare_share(*current, n, n, length, n - splits_.back(), words);
    auto share_only = [&](unsigned /*t*/) { mark_share(*current, members, words); };
    run_team(share_only, members);
    while (true) {
      const std::uint64_t block_end = std::min(end, n + length);
      if constexpr (!S::kInMemory) g_.make_room(block_end - n);
      const bool more = pipelined && block_end < end && block_end == n + length && blocks_apply(block_end);
      if (more) prepare_share(*next, block_end, n, 2 * length, n - splits_.back(), words);
      bool widened = false;
      auto finish_and_share = [&](unsigned t) {
        if (t == 0) {
          const InOrderClock clock(*this);
          mark_near(*current, words);
          widened = finish_in_order(n, block_end, *current, words);
        }
        if (more) mark_share(*next, members, words);
      };
      run_team(finish_and_share, members);
      if (widened || n >= end || stop_requested() || !blocks_apply(n) || trial_overrun() || n >= next_review_) break;
      if (more) {
        std::swap(current, next);
      } else {
        prepare_share(*current, n, n, length, n - splits_.back(), words);
        run_team(share_only, members);
      }
    }
    return n;
  }

  // Runs job(t) on every member; with a team, adds to the statistics the wall
  // time in which two or more members computed (busy_: from the job's start to
  // its end on each member, less the spans a job marks idle).
  template <class Job>
  void run_team(Job& job, unsigned members) {
    if (members <= 1) {
      team_overlap_ = 0;
      if (!busy_.empty()) busy_[0].begin();  // speculate_member logs; keep one job's spans only
      job(0);
      return;
    }
    if (busy_.size() < members) busy_.resize(members);
    auto timed = [this, &job](unsigned t) {
      busy_[t].begin();
      job(t);
      busy_[t].end();
    };
    team_->run(timed);
    if (control_.stats != nullptr) {
      team_overlap_ = overlapped_nanoseconds(members);
      control_.stats->overlapped_nanoseconds.fetch_add(team_overlap_, std::memory_order_relaxed);
    }
  }

  // The wall time of the last job in which two or more members were busy.
  std::uint64_t overlapped_nanoseconds(unsigned members) {
    return detail::overlapped_nanoseconds(busy_, members, events_);
  }

  // --- the finish on the whole team, by speculation ----------------------------
  // Past the last rare heap every heap size has so far been common: g(n) = m,
  // the least value of the common class that no option reaches (pairs with a
  // rare heap reach every value of that class, and all of them are marked),
  // once the proof scan shows every candidate of the rare class below m reached.
  // So member 0 runs only what m needs, in order (the options, the pairs with a
  // rare heap that reach into the block: guess_block_common) and writes the guess
  // g(n) = m to the table for the heap sizes after it; meanwhile every member
  // takes the proofs (scan_guess: the candidates, from the pairs into the block,
  // which read the guesses below n, then the scan over pairs below the block),
  // the next block's share and, once the guesses are written, the next block's
  // near pairs (mark_near's pass, split in chunks). Then member 0 confirms in
  // order: where a proof found a candidate unreached, g(n) is that value (n is
  // rare), the guesses after n are dropped, the block goes on in order as on one
  // thread and the next block's near pairs are marked again. The values are
  // exactly those of one thread; only the time in which one member works alone
  // is serial.

  // A block's guesses live in two arrays, guess_values_ (m, written by member 0)
  // and guess_answers_ (the proof's answer, kNone when the guess holds, written
  // by the member that proves it; on a team in memory kUnproved until then):
  // one array of both made each answer evict the line member 0 was writing its
  // next guesses to.

  struct Speculation {
    // ready and guessed_all are member 0's, the cursors the provers': apart, so
    // that a claim does not take from member 0 the line it publishes on.
    // guessed_all has a line of its own, written once a round: every member
    // reads it at each claim (speculate_member) without taking ready's line.
    alignas(64) std::atomic<std::size_t> ready{0};      // guesses written by member 0
    alignas(64) std::atomic<bool> guessed_all{false};   // member 0 is done: ready is final, the near pairs are set up
    alignas(64) std::atomic<std::uint64_t> near_cursor{0};  // the next block's heap sizes whose near pairs are claimed
    alignas(64) std::atomic<unsigned> finished{0};  // members done marking (combine_round)
    bool near_ready = false;                 // the next block's near pass is set up (before guessed_all)
    // With a team, member 1 sets up the next block's share at the start of the
    // round (prepare_share: its partners' runs), not member 0 between rounds
    // while the others wait; then `next_prepared` (before it, nothing reads it).
    bool prepare_next = false;
    std::atomic<bool> next_prepared{false};
    // A group's share of the block after next, not set up: a guess of this
    // block is missing (set by member 0 before next_prepared).
    bool far_dropped = false;
  };

  // What a round's members do besides the block's proofs.
  struct RoundPlan {
    BlockShare* next = nullptr;   // the next block's share, whose near pairs they mark (null: no next block)
    BlockShare* far = nullptr;    // the share whose far pairs they mark: `next`, or a group's block after next
    std::uint64_t far_begin = 0;  // where `far` begins, and the values below `far_known` it reads
    std::uint64_t far_known = 0;
    bool far_after_guesses = false;  // member 0 sets `far` up once the block is guessed (it reads the guesses)
    bool guess = true;               // member 0 guesses the block (false: its guesses are known)
    bool guess_next = false;         // then the next block too, up to next_end (a group's guesser)
    std::uint64_t next_end = 0;
    bool prove = true;      // the members prove the block's guesses
    bool progress = false;  // member 0 lets a started reduction advance between its claims
  };

  // A team's blocks (a group of processes guesses a round ahead instead: run_blocks_ahead).
  std::uint64_t run_blocks_speculative(std::uint64_t begin, std::uint64_t end, unsigned members, unsigned words) {
    const std::uint64_t length = block_length();
    std::uint64_t n = begin;
    BlockShare* current = &shares_[0];
    BlockShare* next = &shares_[1];
    if (busy_.empty()) busy_.resize(1);
    auto share_only = [&](unsigned /*t*/) { mark_share(*current, members, words); };
    auto start_block = [&] {
      prepare_share(*current, n, n, length, n - splits_.back(), words);
      run_team(share_only, members);
      mark_near(*current, words);
    };
    start_block();
    size_guesses(words);
    full_guesses_ = members == 2;
    guesser_apart_ = false;
    while (true) {
      const std::uint64_t block_end = std::min(end, n + length);
      // A streamed store slides its window only here: the block's guesses and values stay where the runs point.
      if constexpr (!S::kInMemory) g_.make_room(block_end - n);
      const bool more = block_end < end && block_end == n + length && blocks_apply(block_end);
      // In memory member 1 sets it up in the round. A streamed store's runs are
      // read by member 0 before it (in the round, where they fill the cursors
      // from the file, Grundy's game to 2^22 on 2 threads took 2.95-3.39 s
      // against 2.70-2.77).
      const RoundPlan plan{
          .next = more ? next : nullptr, .far = more ? next : nullptr, .far_begin = block_end, .far_known = n};
      spec_.prepare_next = more && S::kInMemory && members > 1;
      spec_.next_prepared.store(more && !spec_.prepare_next, std::memory_order_relaxed);
      if (more && !spec_.prepare_next) prepare_share(*next, block_end, n, 2 * length, n - splits_.back(), words);
      start_round(n, 0);
      // A team in memory confirms in the round the guesses proved so far (confirm_proved).
      confirm_in_round_ = S::kInMemory && members >= 2 && !control_.spoil_guesses;
      std::fill(guess_answers_.begin(), guess_answers_.end(), confirm_in_round_ ? kUnproved : kNone);
      proof_runs_.reset(length, members);
      auto speculate = [&](unsigned t) { speculate_member(t, members, words, *current, plan, block_end); };
      run_team(speculate, members);
      const std::size_t ready = spec_.ready.load(std::memory_order_relaxed);
      if constexpr (!S::kInMemory) scan_unscanned(*current, ready, words);
      const Confirmed confirmed = confirm_guesses(n, ready, guess_values_.data(), guess_answers_.data());
      if (confirmed.widened) break;
      // The rest of the block in order, as on one thread.
      if (finish_in_order(n, block_end, *current, words) || n >= end || halted() || !blocks_apply(n) ||
          trial_overrun() || n >= next_review_) {
        break;
      }
      if (more) {
        // The members marked the next block's share, and at the round's end
        // combined it with its near pairs in a second set (combine_round).
        if (spec_.near_ready && !confirmed.dropped && ready == length) {
          next->masks.swap(near_combined_);
        } else {
          mark_near(*next, words);
        }
        std::swap(current, next);
      } else {
        start_block();
      }
    }
    return n;
  }

  // --- a group's guesses, a round ahead ---------------------------------------
  // Every process guessing each block (m alone, in order) was the part that no
  // number of processes shortens: about 6% of one process's time on Grundy's
  // game, repeated by each, every other part of the round waiting for it. In
  // memory one process (the last: the guesser) guesses block b + 1 while every
  // process works on block b, so the guesses are made once and no process
  // waits for them. What the guesser needs of block b + 1 is ready at the
  // round's start: its far share, marked in the round before (from block
  // b - 1's guesses, as the share of the block after next) and combined in
  // that round's reduction, and block b's guesses; the near pairs the other
  // processes mark in this round read block b's values, and of those only the
  // pairs with a rare heap below the near bound can move m: the guesser
  // compares those itself (guess_block_common, ahead).
  // A round has two parts. First the processes mark block b + 1's near pairs
  // and block b + 2's far share (and the guesser guesses block b + 1); then
  // the reduction of those, of the guesses and of block b - 1's proofs'
  // answers runs while they prove block b, so that its latency and the wait
  // for the slowest process hide behind the proofs. Block b - 1 is confirmed
  // after that reduction, a round behind its guesses: a failed guess drops
  // what was made from it (the blocks after it, their guesses and shares) and
  // the pipeline starts again from the heap size after it, every process
  // guessing the first block (start). The guesser proves fewer guesses
  // (set_proof_owners), as many as the processes' times say even their parts.
  std::uint64_t run_blocks_ahead(std::uint64_t begin, std::uint64_t end, unsigned members, unsigned words) {
    const std::uint64_t length = block_length();
    const std::uint64_t last_split = splits_.back();
    const std::size_t processes = control_.group->size();
    const bool guesser = control_.group->rank() + 1 == processes;
    guesser_apart_ = true;
    std::uint64_t n = begin;            // values below n are confirmed
    BlockShare* current = &shares_[0];  // the masks of the block proved this round
    BlockShare* next = &shares_[1];     // the next block's far share (then its near pairs)
    BlockShare* after = &shares_[2];    // the block after next's far share
    BlockShare* held = &shares_[3];     // the masks of the block proved last round, until it is confirmed
    std::size_t known = 0;          // the block's guesses sent with the last reduction (0: every process guesses it)
    bool next_far = false;          // `next` holds the next block's far share, combined across the group
    bool holding = false;           // the block at n was proved last round and waits for its answers
    std::size_t held_ready = 0;     // its guesses
    std::uint64_t own_time = 0;     // this process's own part of the last round, sent with the next reduction
    std::uint64_t own_overlap = 0;  // and the time its threads overlapped in it
    if (busy_.empty()) busy_.resize(1);
    size_guesses(words);
    full_guesses_ = false;
    next_guesses_.resize(length);
    held_values_.resize(length);
    held_answers_.resize(length);
    if (prover_weights_.size() != processes - 1) {
      prover_weights_.assign(processes - 1, kProverWeight);
      prover_times_.assign(processes - 1, 0);
      weight_rounds_ = 0;
    }
    if (guesser_load_ > kFarSteps + length) {
      guesser_load_ = control_.guesser_far_start ? std::min(*control_.guesser_far_start, kFarSteps)
                                                 : kFarSteps + length / processes;
    }
    const auto stop_at = [&] { return n >= end || halted() || !blocks_apply(n) || n >= next_review_; };
    // The block at n: its masks whole (the share from below n, then the near
    // pairs) and the next block's far share, both combined.
    const auto start = [&] {
      if (g_.size() > n) g_.truncate(n);
      const bool more = n + length < end && blocks_apply(n + length);
      prepare_share(*current, n, n, length, n - last_split, words);
      if constexpr (S::kInMemory) {
        if (more) prepare_share(*next, n + length, n, 2 * length, n - last_split, words);
        auto shares = [&](unsigned /*t*/) {
          mark_share(*current, members, words);
          if (more) mark_share(*next, members, words);
        };
        run_team(shares, members);
      } else {
        // A streamed store's cursor holds one run a partner: the next block's
        // runs are asked for once the block's are marked.
        auto block_share = [&](unsigned /*t*/) { mark_share(*current, members, words); };
        run_team(block_share, members);
        if (more) {
          prepare_share(*next, n + length, n, 2 * length, n - last_split, words);
          auto next_share = [&](unsigned /*t*/) { mark_share(*next, members, words); };
          run_team(next_share, members);
        }
      }
      combine_across_group(*current, words);
      if (more) combine_across_group(*next, words);
      const InOrderClock clock(*this);
      mark_near(*current, words);
      known = 0;
      next_far = more;
      holding = false;
    };
    // Confirms the block at n proved last round with its answers (held_answers_)
    // and finishes it in order from a failed guess.
    enum class Held { kConfirmed, kFailed, kWidened };
    const auto confirm_held = [&] {
      if (!holding) return Held::kConfirmed;
      const std::uint64_t held_end = std::min(end, n + length);
      const Confirmed confirmed = confirm_guesses(n, held_ready, held_values_.data(), held_answers_.data());
      holding = false;
      if (confirmed.widened || finish_in_order(n, held_end, *held, words)) return Held::kWidened;
      return confirmed.dropped ? Held::kFailed : Held::kConfirmed;
    };
    // Where the pipeline stops: the block proved last round, answered in a
    // reduction of its own, then confirmed.
    const auto flush = [&] {
      if (!holding) return Held::kConfirmed;
      const std::size_t times = packed_words(held_ready);
      exchange_.assign(times + processes + 1, 0);
      for (std::size_t i = 0; i < held_ready; ++i) {
        pack(exchange_.data(), i, answer_code(guess_answers_[i]));
      }
      combine_exchange(times, own_time);
      add_overlap_across(times, own_overlap);
      own_time = 0;
      own_overlap = 0;
      for (std::size_t i = 0; i < held_ready; ++i) {
        held_answers_[i] = answer_from_code(unpack(exchange_.data(), i));
      }
      return confirm_held();
    };
    start();
    while (true) {
      // The block proved this round begins at p (after the one held, if any).
      const std::uint64_t p = holding ? n + length : n;
      const std::uint64_t block_end = std::min(end, p + length);
      const bool more = block_end < end && block_end == p + length && blocks_apply(block_end);
      const std::uint64_t after_begin = block_end + length;
      const bool mark_after = more && after_begin < end && blocks_apply(after_begin);
      const bool guess_next = more && next_far && p > next->near + last_split;
      // A streamed store's window slides only here: the runs handed out in the
      // round and the guesses it appends (this block's and the next's) stay put.
      if constexpr (!S::kInMemory) g_.make_room(2 * length);
      // The first part: the next block's near pairs, the far share after it, the guesses.
      const RoundPlan marking{.next = more ? next : nullptr,
                              .far = mark_after ? after : nullptr,
                              .far_begin = after_begin,
                              .far_known = block_end,
                              .far_after_guesses = true,
                              .guess = known == 0,
                              .guess_next = guesser && guess_next,
                              .next_end = std::min(end, block_end + length),
                              .prove = false};
      spec_.prepare_next = false;
      spec_.next_prepared.store(false, std::memory_order_relaxed);
      start_round(p, known);
      confirm_in_round_ = false;
      next_guessed_ = 0;
      const auto started = std::chrono::steady_clock::now();
      auto mark = [&](unsigned t) { speculate_member(t, members, words, *current, marking, block_end); };
      run_team(mark, members);
      const auto repeated = guessing_;  // what every process made alike: a first block's guesses, the set-ups
      std::uint64_t overlap = team_overlap_;
      const std::size_t ready = spec_.ready.load(std::memory_order_relaxed);
      const bool whole = ready == length;
      const Exchanged sent{
          .near = more && whole && spec_.near_ready, .after = mark_after && whole, .guesses = guess_next && whole};
      if (sent.after && control_.stats != nullptr) {
        control_.stats->shares_marked_ahead.fetch_add(1, std::memory_order_relaxed);
      }
      // The second part, while the reduction runs: the block's proofs.
      const RoundPlan proving{.guess = false, .progress = true};
      auto proved = started;
      auto prove = [&] {
        std::fill(guess_answers_.begin(), guess_answers_.end(), kNone);
        set_proof_owners(ready, guess_next ? std::optional(guesser_quota()) : std::nullopt, p / length);
        progress_step_ = std::max(kProofsBetweenProgress, own_proofs_.size() / kProgressCalls);
        proof_runs_.reset(proofs_below(length), members);
        auto job = [&](unsigned t) { speculate_member(t, members, words, *current, proving, block_end); };
        run_team(job, members);
        overlap += team_overlap_;
        proved = std::chrono::steady_clock::now();
      };
      const std::size_t guessed =
          exchange_ahead(*next, *after, sent, words, holding ? held_ready : 0, own_time, own_overlap, prove);
      own_time = static_cast<std::uint64_t>(std::max<std::int64_t>(
          std::chrono::duration_cast<std::chrono::nanoseconds>(proved - started - repeated).count(), 0));
      own_overlap = overlap;
      std::optional<InOrderClock> in_order(std::in_place, *this);
      const Held outcome = confirm_held();
      if (outcome == Held::kWidened) break;
      if (outcome == Held::kFailed) {  // this round's block read a failed guess: dropped
        in_order.reset();
        if (stop_at()) break;
        start();
        continue;
      }
      // The block proved this round waits for its answers.
      holding = true;
      held_ready = ready;
      std::copy_n(guess_values_.begin(), ready, held_values_.begin());
      held_share_ = proof_share_;
      held_own_proofs_ = own_proofs_;
      std::swap(current, held);
      if (!stop_at() && more && whole && (sent.after || !mark_after)) {
        // On to the next block: its masks whole, its guesses known, the share after it its far share.
        if (!sent.near) mark_near(*next, words);
        if (guessed > 0) {
          if (!guesser) g_.push_guesses(next_guesses_.data(), guessed);
          std::copy_n(next_guesses_.begin(), guessed, guess_values_.begin());
          if (control_.stats != nullptr) control_.stats->guessed_ahead.fetch_add(1, std::memory_order_relaxed);
        }
        known = guessed;
        std::swap(current, next);
        if (sent.after) std::swap(next, after);
        next_far = sent.after;
        continue;
      }
      // The pipeline stops: the guesser's guesses of the next block go, this block is confirmed.
      if (g_.size() > p + ready) g_.truncate(p + ready);
      const Held last = flush();
      in_order.reset();
      if (last == Held::kWidened || stop_at()) break;
      start();
    }
    if (g_.size() > n) g_.truncate(n);
    return n;
  }

  // What a round of run_blocks_ahead sends besides the answers of its proofs.
  struct Exchanged {
    bool near = false;     // the next block's near pairs
    bool after = false;    // the far share of the block after next
    bool guesses = false;  // the next block's guesses (the guesser's)
  };

  // The exchange of a round of run_blocks_ahead, while `meanwhile` (the
  // block's proofs) runs: one part from each process, handed to all (an
  // allgather: a process's masks are zero outside its stretches, so it sends
  // only those). A part holds the process's stretch of the next block's near
  // pairs (ORed into the next block's far share, combined a round before) and
  // of the block after next's far share, the `answers` of its proofs of the
  // last round's block (0: the guess holds, else the unreached value + 1; into
  // held_answers_), the guesser's guesses of the next block (each + 1; both
  // two to a word), its own time of the last round (counted_overlap: its
  // threads' overlap then) and its stop word. Sets the guesser's quota of
  // proofs from the times; returns how many guesses of the next block came.
  template <class Meanwhile>
  std::size_t exchange_ahead(BlockShare& next, BlockShare& after, const Exchanged& sent, unsigned words,
                             std::size_t answers, std::uint64_t own_nanoseconds, std::uint64_t counted_overlap,
                             Meanwhile&& meanwhile) {
    const std::size_t length = block_length();
    const std::size_t processes = control_.group->size();
    const std::size_t rank = control_.group->rank();
    // Where each process's part lies, and what it holds.
    parts_.resize(processes);
    part_counts_.resize(processes);
    if (answers > 0) detail::proof_counts(held_share_, held_proof_counts_);
    for (std::size_t r = 0; r < processes; ++r) parts_[r].proofs = answers > 0 ? held_proof_counts_[r] : 0;
    std::size_t first = 0;
    for (std::size_t r = 0; r < processes; ++r) {
      PartLayout& part = parts_[r];
      part.first = first;
      part.near_from = part.near_to = part.far_from = part.far_to = 0;
      if (sent.near) std::tie(part.near_from, part.near_to) = near_stretch(r);
      if (sent.after) std::tie(part.far_from, part.far_to) = far_part(length, after.partners.size(), r);
      if (sent.after && after.distant && r == 0) std::tie(part.far_from, part.far_to) = std::pair(0, length);
      part.far_at = part.first + words * (part.near_to - part.near_from);
      part.answers_at = part.far_at + words * (part.far_to - part.far_from);
      part.guesses_at = part.answers_at + packed_words(part.proofs);
      part.time_at = part.guesses_at + (sent.guesses && r + 1 == processes ? guess_words(length) : 0);
      part_counts_[r] = part.time_at + 2 - part.first;  // the time, then the stop word
      first += part_counts_[r];
    }
    exchange_.resize(first);
    // This process's part: its stretches' words row by row, its answers in the order of its proofs.
    const PartLayout& mine = parts_[rank];
    std::uint64_t* const out = exchange_.data();
    std::fill(out + mine.first, out + mine.first + part_counts_[rank], std::uint64_t{0});
    for (unsigned w = 0; w < words; ++w) {
      if (sent.near) {
        std::copy(near_masks_.data() + w * length + mine.near_from, near_masks_.data() + w * length + mine.near_to,
                  out + mine.first + w * (mine.near_to - mine.near_from));
      }
      if (sent.after) {
        std::copy(after.masks.data() + w * length + mine.far_from, after.masks.data() + w * length + mine.far_to,
                  out + mine.far_at + w * (mine.far_to - mine.far_from));
      }
    }
    for (std::size_t j = 0; j < mine.proofs; ++j) {
      const std::size_t i = held_own_proofs_[j];
      pack(out + mine.answers_at, j, answer_code(guess_answers_[i]));
    }
    if (mine.time_at > mine.guesses_at) {
      out[mine.guesses_at] = next_guessed_;
      std::memcpy(out + mine.guesses_at + 1, next_guesses_.data(), next_guessed_ * sizeof(V));
    }
    out[mine.time_at] = own_nanoseconds;
    out[mine.time_at + 1] = stop_requested() ? 1 : 0;
    control_.group->start_gather(exchange_.data(), part_counts_.data());
    finish_exchange_after(meanwhile);
    // Every part into place: the stretches ORed (processes sharing a stretch split its partners).
    const std::uint64_t* const in = exchange_.data();
    part_times_.resize(processes);
    for (std::size_t r = 0; r < processes; ++r) {
      const PartLayout& part = parts_[r];
      for (unsigned w = 0; w < words; ++w) {
        if (sent.near) {
          detail::combine_masks(next.masks.data() + w * length + part.near_from,
                                in + part.first + w * (part.near_to - part.near_from), part.near_to - part.near_from);
        }
        if (sent.after && r != rank) {
          detail::combine_masks(after.masks.data() + w * length + part.far_from,
                                in + part.far_at + w * (part.far_to - part.far_from), part.far_to - part.far_from);
        }
      }
      part_times_[r] = in[part.time_at];
      group_stopped_ = group_stopped_ || in[part.time_at + 1] != 0;
    }
    // Most blocks hold no failed guess: every answer word is 0 and none is
    // decoded (one by one, by its owner, they were about 20 instructions an
    // answer on every process).
    const bool failed = std::any_of(parts_.begin(), parts_.end(), [in](const PartLayout& part) {
      return std::any_of(in + part.answers_at, in + part.guesses_at, [](std::uint64_t word) { return word != 0; });
    });
    if (!failed) {
      std::fill_n(held_answers_.begin(), answers, kNone);
    } else {
      detail::proof_owners(held_share_, held_owners_);
      for (PartLayout& part : parts_) part.proofs = 0;
      for (std::size_t i = 0; i < answers; ++i) {
        PartLayout& part = parts_[held_owners_[i]];
        held_answers_[i] = answer_from_code(unpack(in + part.answers_at, part.proofs++));
      }
    }
    std::size_t guessed = 0;
    if (sent.guesses) {
      const std::uint64_t* const guesses = in + parts_.back().guesses_at;
      guessed = static_cast<std::size_t>(std::min<std::uint64_t>(guesses[0], length));
      std::memcpy(next_guesses_.data(), guesses + 1, guessed * sizeof(V));
    }
    balance_processes(part_times_.data());
    add_overlap_across(part_times_.data(), counted_overlap);
    return guessed;
  }

  // Where a process's part of exchange_ahead lies (words of exchange_) and what it holds.
  struct PartLayout {
    std::size_t first = 0;  // its near pairs' stretch, row by row
    std::uint64_t near_from = 0;
    std::uint64_t near_to = 0;
    std::size_t far_at = 0;  // its stretch of the far share after next
    std::uint64_t far_from = 0;
    std::uint64_t far_to = 0;
    std::size_t answers_at = 0;  // its answers, two to a word
    std::size_t proofs = 0;
    std::size_t guesses_at = 0;  // the guesser's guesses: their count, then the values
    std::size_t time_at = 0;     // its time, then its stop word
  };

  // A block's answers in a reduction, two to a word, each written by one
  // process as a code of 32 bits: 0 the guess holds, the unreached value + 1
  // (values lie below 2^16), or kUnscannedCode (its scan needed values beyond
  // memory: the heap size is finished in order).
  [[nodiscard]] static std::size_t packed_words(std::size_t count) {
    static_assert(kMaxSparseSpan + 1 < kUnscannedCode);
    return (count + 1) / 2;
  }
  static constexpr std::uint64_t kUnscannedCode = 0xffffffffU;
  [[nodiscard]] static std::uint64_t answer_code(std::uint64_t answer) {
    if (answer == kNone) return 0;
    return answer == kUnscanned ? kUnscannedCode : answer + 1;
  }
  [[nodiscard]] static std::uint64_t answer_from_code(std::uint64_t code) {
    if (code == 0) return kNone;
    return code == kUnscannedCode ? kUnscanned : code - 1;
  }
  static void pack(std::uint64_t* words, std::size_t i, std::uint64_t code) { words[i / 2] |= code << (32 * (i % 2)); }
  [[nodiscard]] static std::uint64_t unpack(const std::uint64_t* words, std::size_t i) {
    return (words[i / 2] >> (32 * (i % 2))) & 0xffffffffU;
  }
  // The guesser's guesses of a block of `count` heap sizes: their count, then
  // the values as the table holds them (copied, not packed one by one).
  [[nodiscard]] static std::size_t guess_words(std::size_t count) { return 1 + (count * sizeof(V) + 7) / 8; }

  // After an exchange that gave the processes' own times (K words): a step
  // more of load for the guesser when it was quicker than the provers on
  // average, one fewer when slower; and every kWeightRounds exchanges a step
  // of weight from the prover slowest over them to the quickest (one that
  // also marks a part of the guesser's far shares, or a heavier stretch of the
  // near pass, proves fewer guesses; over one round the host's noise, a few
  // microseconds, outweighs a step). Every process sees the same times, so
  // all agree on the owners of the next block's proofs and on the far shares'
  // parts.
  void balance_processes(const std::uint64_t* times) {
    const std::size_t processes = control_.group->size();
    const std::size_t provers = processes - 1;
    std::uint64_t others = 0;
    for (std::size_t r = 0; r < provers; ++r) {
      others += times[r];
      prover_times_[r] += times[r];
    }
    others /= provers;
    const std::uint64_t guesser = times[processes - 1];
    if (guesser < others && guesser_load_ < kFarSteps + block_length()) ++guesser_load_;
    if (guesser > others && guesser_load_ > 0) --guesser_load_;
    if (++weight_rounds_ < kWeightRounds) return;
    weight_rounds_ = 0;
    const auto [quickest, slowest] = std::minmax_element(prover_times_.begin(), prover_times_.end());
    std::uint32_t& slow = prover_weights_[static_cast<std::size_t>(slowest - prover_times_.begin())];
    std::uint32_t& quick = prover_weights_[static_cast<std::size_t>(quickest - prover_times_.begin())];
    if (slowest != quickest && slow > 1 && quick < 2 * kProverWeight) {
      --slow;
      ++quick;
    }
    std::fill(prover_times_.begin(), prover_times_.end(), std::uint64_t{0});
  }
  // The guesser's load: its far shares (in kFarSteps of an even part,
  // far_part), then proofs (its quota of a block's guesses, one a step). The
  // slowest, it gives away its proofs first, then far shares; it takes them
  // back in the other order.
  [[nodiscard]] std::uint64_t guesser_far_steps() const { return std::min(guesser_load_, kFarSteps); }
  [[nodiscard]] std::size_t guesser_quota() const {
    return guesser_load_ > kFarSteps ? static_cast<std::size_t>(guesser_load_ - kFarSteps) : 0;
  }

  // The block's guess arrays, sized for blocks of block_length() and `words` mask words.
  void size_guesses(unsigned words) {
    const std::uint64_t length = block_length();
    guess_values_.resize(length);
    guess_answers_.resize(length);
    guess_candidates_.resize(length * span_);
    guess_counts_.resize(length);
    near_masks_.resize(words * length);
    near_combined_.reserve(words * length + 1);  // swapped with a share's masks: the same room
    near_combined_.resize(words * length);
  }

  // Resets the round's shared state for the block at n, whose first `known`
  // guesses are already in guess_values_ and the table (0: member 0 guesses it).
  void start_round(std::uint64_t n, std::size_t known) {
    spec_.ready.store(known, std::memory_order_relaxed);
    spec_.guessed_all.store(false, std::memory_order_relaxed);
    spec_.near_cursor.store(0, std::memory_order_relaxed);
    spec_.near_ready = false;
    spec_.far_dropped = false;
    spec_.finished.store(0, std::memory_order_relaxed);
    confirm_begin_ = n;
    confirmed_ = 0;
    confirm_stopped_ = false;
  }

  // How a block's confirmation ended (confirm_guesses).
  struct Confirmed {
    bool widened = false;  // a value widened the masks or the prefix: the block method starts again
    bool dropped = false;  // a guess failed (or its scan needed values beyond memory): the rest goes in order
  };

  // Confirms in order the block at n's `ready` guesses with their proofs'
  // answers (from confirmed_ on: a team confirmed the first ones in the
  // round), drops the guesses after the first that failed (and every value
  // guessed past it), and advances n.
  Confirmed confirm_guesses(std::uint64_t& n, std::size_t ready, const std::uint64_t* guesses,
                            const std::uint64_t* answers) {
    Confirmed result;
    std::size_t i = confirmed_;
    const bool spoil = control_.spoil_guesses;
    while (i < ready) {
      const std::uint64_t guessed = guesses[i];
      const std::uint64_t answer = answers[i];
      if (answer == kNone && only_counts(n + i, guessed) && !spoil) {
        g_.confirm(n + i, static_cast<V>(guessed));  // the guess held and changes nothing but the counts
        account_common(n + i, static_cast<V>(guessed));
        ++i;
        continue;
      }
      if (answer == kUnscanned) {  // its scan needed values beyond memory: finished in order
        result.dropped = true;
        break;
      }
      const std::uint64_t value = answer == kNone ? guessed : answer;
      const std::uint64_t span = span_;
      const std::uint64_t prefix = prefix_length();
      g_.confirm(n + i, static_cast<V>(value));
      account(n + i);
      ++i;
      if (span_ != span || prefix_length() != prefix) {
        result.widened = true;
        break;
      }
      if (value != guessed || (control_.spoil_guesses && i == (ready + 1) / 2)) {
        result.dropped = true;
        break;
      }
    }
    if (i < ready) g_.truncate(n + i);  // the guesses past a rare heap (or a wider value) are dropped
    n += i;
    if (control_.stats != nullptr) {
      control_.stats->guessed_steps.fetch_add(i, std::memory_order_relaxed);
      control_.stats->confirmed_in_round.fetch_add(confirmed_, std::memory_order_relaxed);
      if (result.dropped) control_.stats->failed_guesses.fetch_add(1, std::memory_order_relaxed);
    }
    return result;
  }

  // Times a part of the block method that every process of a group runs in
  // order (reported to the group: its serial share). Outside a group it reads
  // no clock (one read per block was 0.8% of 0.167's table on one thread).
  class InOrderClock {
   public:
    explicit InOrderClock(FastKernel& kernel)
        : kernel_(kernel), timed_(kernel.shared_group()), start_(timed_ ? std::chrono::steady_clock::now() : Time{}) {}
    ~InOrderClock() {
      if (timed_) {
        kernel_.control_.group->add_in_order_time(static_cast<std::uint64_t>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start_).count()));
      }
    }
    InOrderClock(const InOrderClock&) = delete;
    InOrderClock& operator=(const InOrderClock&) = delete;

   private:
    using Time = std::chrono::steady_clock::time_point;
    FastKernel& kernel_;
    bool timed_;
    Time start_;
  };

  // The end of every reduction of a group but a stop's alone: exchange_ holds
  // `times` words of the caller's, then one word per process (this process's
  // `own_nanoseconds`, its own part's wall time) and the stop word; ORs it
  // over the group, and all stop alike if any process was asked to.
  void combine_exchange(std::size_t times, std::uint64_t own_nanoseconds) {
    exchange_[times + control_.group->rank()] = own_nanoseconds;
    exchange_.back() = stop_requested() ? 1 : 0;
    control_.group->start_combine(exchange_.data(), exchange_.size());
    control_.group->finish_combine();
    group_stopped_ = group_stopped_ || exchange_.back() != 0;
  }

  // Runs `meanwhile` while a started exchange (combine or gather) runs, then
  // ends it; the exchange is collective, so it ends even when `meanwhile` throws.
  template <class Meanwhile>
  void finish_exchange_after(Meanwhile&& meanwhile) {
    try {
      meanwhile();
    } catch (...) {
      control_.group->finish_combine();
      throw;
    }
    control_.group->finish_combine();
  }

  // After a group's reduction in which exchange_[times, times + K) held each
  // process's own part of the block (its wall time; they start together after
  // the reduction before): adds to the report the time in which two or more
  // processes computed at once, the second longest part, less what this
  // process's threads already counted.
  void add_overlap_across(std::size_t times, std::uint64_t counted) {
    add_overlap_across(exchange_.data() + times, counted);
  }
  // The same with the parts' times at `parts` (K words, sorted here).
  void add_overlap_across(std::uint64_t* parts, std::uint64_t counted) {
    if (control_.stats == nullptr) return;
    std::sort(parts, parts + control_.group->size(), std::greater<>());
    const std::uint64_t across = parts[1];
    if (across > counted) {
      control_.stats->overlapped_nanoseconds.fetch_add(across - counted, std::memory_order_relaxed);
    }
  }

  // A team's streamed store: the scans that needed values beyond memory, made
  // by member 0 after the round, reading the file (the whole team where it
  // scans).
  void scan_unscanned(const BlockShare& share, std::size_t ready, unsigned words) {
    for (std::size_t i = 0; i < ready; ++i) {
      if (guess_answers_[i] == kUnscanned) scan_guess(share, i, prefix_length(), words, true);
    }
  }

  // Whether this process reads a streamed table's values from a file of its own
  // (in a group, process 0 alone keeps one).
  [[nodiscard]] bool holds_file() const {
    if constexpr (S::kInMemory) {
      return false;
    } else {
      return g_.file().keeps_values();
    }
  }

  // Where this process stands when a group splits a block of `tiles` tiles by
  // stretches of heap sizes: stretch `stretch` of `stretches` (one a process,
  // or one a tile when the processes outnumber the tiles), which `sharers`
  // processes share by splitting its partners, this one at `place`. Alone: the
  // whole block.
  struct GroupStretch {
    std::uint64_t stretch = 0;
    std::uint64_t stretches = 1;
    std::uint64_t place = 0;
    std::uint64_t sharers = 1;
    // This process's [first, last) of the stretch's `count` partners.
    [[nodiscard]] std::pair<std::size_t, std::size_t> partners(std::size_t count) const {
      return {count * place / sharers, count * (place + 1) / sharers};
    }
  };
  // Where process `rank` of the group's first `processes` stands.
  [[nodiscard]] static GroupStretch group_stretch(std::uint64_t tiles, std::uint64_t rank, std::uint64_t processes) {
    const std::uint64_t stretches = std::min(processes, std::max<std::uint64_t>(tiles, 1));
    const std::uint64_t stretch = rank % stretches;
    return {stretch, stretches, rank / stretches, (processes - 1 - stretch) / stretches + 1};
  }

  // This process's part of the next block's near pass: a stretch of its heap
  // sizes (whole tiles) and the partners [first, last) it marks there (the
  // whole block and every partner alone). A tile of heap sizes from i skips a
  // partner r once r + k <= i for every split k (its pairs' other heaps all in
  // the block: SparseBlock::padded), so a tile's work falls along the block:
  // the stretches hold equal numbers of partners to mark, not of tiles (by
  // partners, 16 processes marked the near pass with twice a 16-member team's
  // instructions; unevenly, a process waited for the other at every block).
  // With more processes than tiles, those on one tile split its partners.
  // The stretches are cut in tiles of the widest marking's (AVX-512, 32 heap
  // sizes) where the block has one for each process that shares it, on every
  // machine alike, so that all processes agree on the cuts: cut in tiles of
  // 16, a stretch's odd tile went to the AVX2 form (Grundy's game to 2^22 on 2
  // ranks: 172 perf samples beside the near pass's 883 in AVX-512). With
  // fewer such tiles than processes, tiles of 16: two processes splitting a
  // tile's partners both pay its fixed costs and both send it (16 ranks: 7%
  // more instructions in all with tiles of 32).
  static constexpr std::uint64_t kWideNearTile = 2 * detail::kBlockQuantum;
  struct NearPart {
    std::uint64_t heap_from = 0;
    std::uint64_t heap_to = 0;
    std::size_t first = 0;
    std::size_t last = 0;
  };
  [[nodiscard]] NearPart near_part() {
    const std::vector<std::uint64_t>& partners = near_share_.partners;
    const std::uint64_t length = near_share_.length;
    if (!shared_group()) return {0, length, 0, partners.size()};
    // A guesser left out still counts the cuts: it lays out the exchange by them.
    const std::uint64_t sharing = near_sharers();
    const std::uint64_t tile = length / kWideNearTile >= sharing ? kWideNearTile : detail::kBlockQuantum;
    const std::uint64_t tiles = std::max<std::uint64_t>(length / tile, 1);
    const std::uint64_t rank = control_.group->rank();
    const GroupStretch part = group_stretch(tiles, std::min(rank, sharing - 1), sharing);
    const std::pair<std::size_t, std::size_t> own = part.partners(partners.size());
    const auto mine = [&]() -> NearPart {
      if (rank >= sharing) return {};
      return {near_cuts_[part.stretch], near_cuts_[part.stretch + 1], own.first, own.second};
    };
    // The cuts change only with the partner list: counted once a list, not
    // every round (a round's count read every near partner: 4.7% of sixteen
    // processes' instructions, BM_GrundysGame_Group/16).
    const NearCutsKey key{.list = near_lists_, .length = length, .stretches = part.stretches};
    if (key == near_cuts_key_) return mine();
    near_cuts_key_ = key;
    near_cuts_.resize(part.stretches + 1);
    // marked[t]: the partners tile t marks (a partner marks the tiles before
    // (r + k) / tile, rounded up), counted by that bound and summed from the top.
    std::vector<std::uint64_t>& marked = near_tile_partners_;
    marked.assign(tiles, 0);
    for (const std::uint64_t r : partners) {
      const std::uint64_t bound = (r + splits_.back() + tile - 1) / tile;
      if (bound > 0) ++marked[std::min(tiles, bound) - 1];
    }
    for (std::uint64_t t = tiles - 1; t-- > 0;) marked[t] += marked[t + 1];
    const std::vector<std::size_t> cuts = detail::even_cuts(marked, part.stretches);
    for (std::uint64_t s = 0; s <= part.stretches; ++s) {
      near_cuts_[s] = cuts[s] == tiles ? length : cuts[s] * tile;
    }
    return mine();
  }

  // The processes that share the next block's near pass: all, or with three
  // or more all but the guesser (run_blocks_ahead), whose chain of guesses
  // already makes it the busiest (16 ranks: 422 million instructions a stretch
  // against 362-388 for the others, with no proofs left to give away).
  [[nodiscard]] std::uint64_t near_sharers() const {
    const std::uint64_t processes = control_.group->size();
    return guesser_apart_ && processes >= 3 ? processes - 1 : processes;
  }

  // The heap sizes [from, to) of the next block's near pass that process
  // `rank` marks (near_part, this round).
  [[nodiscard]] std::pair<std::uint64_t, std::uint64_t> near_stretch(std::uint64_t rank) const {
    if (rank >= near_sharers()) return {0, 0};
    const std::uint64_t stretch = rank % (near_cuts_.size() - 1);
    return {near_cuts_[stretch], near_cuts_[stretch + 1]};
  }

  // Member 0, once the next block's near pass is set up and before the others
  // read it: this process's part of it, the masks of the rest of the block
  // cleared (the group ORs them whole), the members' cursor at its first tile.
  void start_near_pass(unsigned words) {
    near_part_ = near_part();
    const std::uint64_t length = near_share_.length;
    for (unsigned w = 0; w < words; ++w) {
      std::uint64_t* word = near_masks_.data() + w * length;
      std::fill(word, word + near_part_.heap_from, std::uint64_t{0});
      std::fill(word + near_part_.heap_to, word + length, std::uint64_t{0});
    }
    spec_.near_cursor.store(near_part_.heap_from, std::memory_order_relaxed);
  }

  // Member t's part of a block's speculative finish (see above).
  void speculate_member(unsigned t, unsigned members, unsigned words, BlockShare& current, const RoundPlan& plan,
                        std::uint64_t block_end) {
    const std::uint64_t length = block_length();
    BlockShare* const next = plan.next;
    BlockShare* const far_share = plan.far;
    const auto prepare_far = [&] {
      const std::uint64_t known = plan.far_known;
      prepare_share(*far_share, plan.far_begin, known, 2 * length, known - splits_.back(), words);
      spec_.next_prepared.store(true, std::memory_order_release);
    };
    if (t == 1 && spec_.prepare_next) prepare_far();
    const auto await_next = [this] {
      for (unsigned spins = 0; !spec_.next_prepared.load(std::memory_order_acquire);) detail::pause_briefly(++spins);
    };
    if (t == 0) {
      const auto start = std::chrono::steady_clock::now();
      {
        const InOrderClock clock(*this);
        if (plan.guess) guess_block(current, block_end, words);
        // The next block's near pairs (and a group's share of the block after
        // next) read this block's values: guessed, all of them.
        if (next != nullptr && spec_.ready.load(std::memory_order_relaxed) == length) {
          if (far_share != nullptr && plan.far_after_guesses) {
            prepare_far();
          } else if (far_share == next) {
            await_next();
          }
          spec_.near_ready = prepare_near(*next, words);
          if (spec_.near_ready) start_near_pass(words);
        } else if (far_share != nullptr && plan.far_after_guesses) {
          spec_.far_dropped = true;  // a guess is missing: nothing past the block is marked
          spec_.next_prepared.store(true, std::memory_order_release);
        }
        guessing_ = std::chrono::steady_clock::now() - start;
      }
      spec_.guessed_all.store(true, std::memory_order_release);
      if (plan.guess_next && spec_.ready.load(std::memory_order_relaxed) == length) {
        const auto guess_ahead = [&] {
          guess_block_common(*next, std::min(plan.next_end, next->begin + length), words, true);
        };
        // The guesser alone reads these: a streamed store's values beyond
        // memory (the others' process 0 answers reads made by all alike) end
        // its guesses there, and the pipeline starts again from them.
        if constexpr (S::kInMemory) {
          guess_ahead();
        } else {
          read_in_memory(guess_ahead);
        }
      }
    }
    detail::BusyLog& log = busy_[t];
    const std::uint64_t prefix = prefix_length();
    detail::SparseBlock<V> far;
    bool far_left = false;
    bool far_set = far_share == nullptr;  // the share is set up (or there is none to mark)
    // Large stretches, about two a member (of this process's heap sizes): the
    // proofs, one heap size each, even out the members' ends of the round.
    std::uint64_t far_step = 0;
    const auto set_far = [&] {
      if (spec_.far_dropped) {
        far_set = true;
        return;
      }
      far = sparse_block(*far_share, words);
      far_step = heap_step(far_share->heap_to - far_share->heap_from, 2 * members);
      far_left = true;  // even with no partners of this process's: each stretch clears its masks
      far_set = true;
    };
    bool near_left = true;
    // The guesses seen published: member 0's line (written as it guesses) is
    // read again only once they are all claimed, not at every claim, which on
    // many cores every member makes.
    std::size_t ready = 0;
    bool all = false;
    bool proofs_done = !plan.prove;  // every proof is claimed (known once all guesses are made)
    // The guesses made when a claim last found no proof ready (kNone: the last
    // claim took some): ready is read again, and until more guesses are made no
    // proof is (the runs' cursors only advance), so the runs are not read again.
    std::size_t failed_at = 0;
    for (unsigned idle = 0;;) {
      if (t == 0 && confirm_in_round_) confirm_proved();
      if (!all && spec_.guessed_all.load(std::memory_order_acquire)) {
        all = true;
        ready = spec_.ready.load(std::memory_order_acquire);  // final once guessed_all is set
      } else if (failed_at != kNone && !all) {
        ready = spec_.ready.load(std::memory_order_acquire);
      }
      // Member 0 proves first: on two members it wrote the guesses' candidates
      // (full_guesses_), which a proof on another core fetches line by line
      // (Grundy's game to 2^23 on two threads: 4.5% fewer samples in all with
      // the others marking first).
      // The others mark first (the far share as soon as it is set up, the
      // near pass once every guess is made) and prove last: a proof is one
      // heap size, a claim of the share tens of microseconds, and the round's
      // last claim is what the members done first wait for (Grundy's game to
      // 2^22 on two threads: 24% of the rounds ended on a claim of the share,
      // the other member waiting 6-8 us for it; with the proofs last nearly
      // all end on a proof, 0.5-1.3 us).
      if (!far_set && spec_.next_prepared.load(std::memory_order_acquire)) set_far();
      const bool tiles_first = t != 0 && (far_left || (all && next != nullptr && spec_.near_ready && near_left));
      if (!proofs_done && !tiles_first && ready == failed_at) {
        proofs_done = all;
      } else if (!proofs_done && !tiles_first) {
        // A claim takes a share of the scans left in a member's run (ProofRuns),
        // at least kLeastClaim; a reduction started, member 0 takes a few at
        // most, to let it advance a few times a round.
        const std::size_t most = plan.progress && t == 0 ? progress_step_ : std::numeric_limits<std::size_t>::max();
        std::size_t j = 0;
        std::size_t take = 0;
        if (proof_runs_.claim(t, proofs_below(ready), kLeastClaim, most, j, take)) {
          log.busy();
          // Member 0 wrote the claimed guesses' candidates on its core: their
          // lines are fetched together, not one miss per proof (Grundy's game
          // from 2^23 by 2^20 on two threads: 1.5-2% faster).
          if (full_guesses_) {
            for (std::size_t k = 0; k < take; ++k) {
              const std::uint32_t* const candidates = guess_candidates_.data() + proof_index(j + k) * span_;
              __builtin_prefetch(candidates);
              __builtin_prefetch(candidates + 16);  // the eight scanned at once may cross into the next line
            }
          }
          for (std::size_t k = 0; k < take; ++k) scan_guess(current, proof_index(j + k), prefix, words);
          if (plan.progress && t == 0) control_.group->progress();
          idle = 0;
          failed_at = kNone;
          continue;
        }
        proofs_done = all;  // ready is final: every proof is claimed
        failed_at = ready;
      }
      if (far_left) {
        log.busy();
        if (claim_heaps(far, far_share->own, far_step, far_share->heap_to, far_share->masks.data(),
                        far_share->cursor)) {
          idle = 0;
          continue;
        }
        far_left = false;
      }
      if (all && next != nullptr && spec_.near_ready && near_left) {
        const detail::SharePiece near_pieces[] = {
            {near_part_.heap_from, near_part_.heap_to, near_part_.first, near_part_.last}};
        log.busy();
        // Down to a tile a claim: where no proof is left the near pass ends
        // the round, and its claims are what a member that is done waits for
        // (Grundy's game from 2^23 on two threads: serial 3.1-3.4% of the wall
        // against 3.9-4.3% with eight claims a block). A share of what is left,
        // not a tile, while much is: 10 claims a block where 16 moved the
        // cursor's line from core to core (claim_left_heaps).
        const detail::SparseBlock<V> near = near_block(words);
        if (claim_left_heaps(near, near_pieces, members, near_part_.heap_to, near_masks_.data(), spec_.near_cursor)) {
          idle = 0;
          continue;
        }
        near_left = false;
      }
      if (all && !far_set) {  // the next share's masks are written: cleared at least
        await_next();
        set_far();
        continue;
      }
      if (!proofs_done && (all || failed_at == kNone))
        continue;      // the share and the near pass are done: the proofs left
      if (all) break;  // every scan claimed, every share chunk done
      log.idle();
      detail::pause_briefly(++idle);
    }
    if (next != nullptr && far_share == next) combine_round(t, members, *next, log);
  }

  // This process's proofs of the block: guess j on a team alone, in a group
  // the j-th of those set_proof_owners gave it (SIZE_MAX past them).
  [[nodiscard]] std::size_t proof_index(std::size_t j) const {
    if (!shared_group()) return j;
    return j < own_proofs_.size() ? own_proofs_[j] : std::numeric_limits<std::size_t>::max();
  }
  // How many of this process's proofs are of guesses below `ready`.
  [[nodiscard]] std::size_t proofs_below(std::size_t ready) const {
    if (!shared_group()) return ready;
    return static_cast<std::size_t>(std::lower_bound(own_proofs_.begin(), own_proofs_.end(), ready) -
                                    own_proofs_.begin());
  }

  // Which process proves each of a block's `count` guesses (detail::ProofShare):
  // the guesser (the last process, which guesses the next block meanwhile)
  // `quota` of every block_length() of them, and the others the rest in runs
  // as long as their weights (prover_weights_, which their times even out);
  // with no guesser (no next block guessed), guess i on process (i + block)
  // mod K. Sets this process's proofs; every process's count (exchange_ahead)
  // and the prover of each guess (only where an answer must be decoded: a
  // pass over the block on every rank each round was about 20 instructions a
  // guess) come from the share, kept with the block.
  void set_proof_owners(std::size_t count, std::optional<std::size_t> quota, std::uint64_t block) {
    proof_share_.count = count;
    proof_share_.length = block_length();
    proof_share_.processes = control_.group->size();
    proof_share_.quota = quota;
    proof_share_.block = block;
    if (quota) {
      proof_share_.weights.assign(prover_weights_.begin(), prover_weights_.end());
    } else {
      proof_share_.weights.clear();
    }
    detail::own_proofs(proof_share_, control_.group->rank(), own_proofs_);
  }

  // The round's end: once every member is done with the next block's share
  // and its near pairs (when they were marked), member t ORs its slice of
  // them (whole cache lines) into near_combined_: the next block's masks with
  // the near pairs, kept unless a guess fails. Combined by member 0 alone,
  // between rounds, this was serial work growing with the team.
  void combine_round(unsigned t, unsigned members, BlockShare& next, detail::BusyLog& log) {
    spec_.finished.fetch_add(1, std::memory_order_acq_rel);
    for (unsigned spins = 0; spec_.finished.load(std::memory_order_acquire) < members;) {
      if (t == 0 && confirm_in_round_) confirm_proved();
      log.idle();
      detail::pause_briefly(++spins);
    }
    log.busy();
    if (!spec_.near_ready) return;
    constexpr std::size_t kLine = 8;  // words of a cache line
    const std::size_t lines = (next.masks.size() + kLine - 1) / kLine;
    const std::size_t first = std::min(next.masks.size(), lines * t / members * kLine);
    const std::size_t last = std::min(next.masks.size(), lines * (t + 1) / members * kLine);
    if (first == last) return;
    const std::uint64_t* const share = next.masks.data() + first;
    std::uint64_t* const with_near = near_combined_.data() + first;
    std::copy(share, share + (last - first), with_near);
    detail::combine_masks(with_near, near_masks_.data() + first, last - first);
  }

  // Guess i's answer (kNone: it holds), read by member 0 in the round (confirm_proved).
  void publish_answer(std::size_t i, std::uint64_t answer) {
    std::atomic_ref<std::uint64_t>(guess_answers_[i]).store(answer, std::memory_order_release);
  }

  // Member 0, in the round: confirms in order the guesses of the block at
  // confirm_begin_ whose proofs are done and held, as after the round, so that only
  // those still unproved at the round's end are confirmed then (on many cores
  // the confirmation after the round is serial time between rounds). Stops for
  // the round at the first guess that failed, or whose value would change what
  // the other members read (the span, the typical values and the lengths they
  // set, the rare heaps): that one and the rest are confirmed after the round.
  void confirm_proved() {
    const std::size_t ready = spec_.ready.load(std::memory_order_relaxed);  // final: member 0 guessed
    while (!confirm_stopped_ && confirmed_ < ready) {
      const std::uint64_t answer =
          std::atomic_ref<std::uint64_t>(guess_answers_[confirmed_]).load(std::memory_order_acquire);
      if (answer == kUnproved) return;
      const std::uint64_t n = confirm_begin_ + confirmed_;
      const std::uint64_t value = guess_values_[confirmed_];
      if (answer != kNone || !only_counts(n, value)) {
        confirm_stopped_ = true;
        return;
      }
      g_.confirm(n, static_cast<V>(value));
      account_common(n, static_cast<V>(value));
      ++confirmed_;
    }
  }

  // The proof of guess i (heap size begin + i): its candidates (open_candidates,
  // from the guesses below it), then the vector scan over the pairs past the
  // prefix. Where the scan finds a candidate unreached (or the full marks give
  // another m, which the guesses' common class rules out), that value is g(n).
  // after_round: a team's streamed store, a proof left unscanned in the round,
  // made by member 0 (reading the file).
  void scan_guess(const BlockShare& share, std::size_t i, std::uint64_t prefix, unsigned words,
                  bool after_round = false) {
    const std::uint64_t n = share.begin + i;
    std::uint32_t* const candidates = guess_candidates_.data() + i * span_;
    std::uint64_t value = kNone;
    // A team's streamed store: a proof left for after the round reads the
    // file, and the whole team scans it (member 0 alone, the others waited).
    const bool on_team = after_round && team_ && team_->size() > 1 && holds_file();
    const auto prove = [&] {
      std::uint32_t count = 0;
      if (full_guesses_) {  // member 0 found them
        value = guess_values_[i];
        count = guess_counts_[i];
      } else if (!guess_candidates(n, share, words, guess_values_[i], candidates, count)) {
        value = open_candidates(n, share, words, candidates, count);
      } else {
        value = guess_values_[i];
      }
      if (count > 0 && scan_own_pairs_) count = drop_reached_in_block(n, share, candidates, count);
      if (count == 0) return;
      const std::span<const std::uint32_t> open(candidates, count);
      const std::uint64_t unreached =
          on_team ? first_unreached_on_team(n, prefix + 1, open) : first_unreached(n, prefix + 1, open);
      if (unreached != kNone) value = unreached;
    };
    if constexpr (S::kInMemory) {
      prove();
    } else if (after_round) {
      prove();
    } else if (!read_in_memory(prove)) {
      // A streamed store: members read it at once only in its head and window;
      // a proof that needs other values (the first heaps, when the head is
      // short, or distant pairs) is left to member 0 after the round
      // (scan_unscanned), or in a group finished in order by every process,
      // which read beyond memory alike. So no read depends on which member or
      // process took which proof.
      publish_answer(i, kUnscanned);
      return;
    }
    publish_answer(i, value == guess_values_[i] ? kNone : value);
  }

  // Member 0's part: the cheap part of each finish of the block, in order, each
  // guess written to the table and published to the scans. Stops before a heap
  // size whose guess would widen the masks (that one is finished in order).
  void guess_block(const BlockShare& share, std::uint64_t block_end, unsigned words) {
    // Where the proofs scan the block's own pairs, no own pair of two common
    // heaps is marked in a guess: m alone decides, and the candidates are the
    // free values of the other class below it (guess_block_common writes them).
    if (!full_guesses_ || scan_own_pairs_) {
      guess_block_common(share, block_end, words);
      return;
    }
    // Heap sizes whose pairs (a, n - a) read their guesses n - 1 .. n - 16
    // from the window (one split, of no token: Grundy's game); otherwise one
    // by one from guess_values_.
    recent_window_ = sizeof(V) == 2 && detail::kHaveAvx2 && splits_.size() == 1 && splits_.front() == 0;
    if (recent_window_) {
      for (std::uint64_t a = 1; a <= kRecentPairs; ++a) first_values_[a - 1] = static_cast<std::uint16_t>(g_[a]);
    }
    for (std::uint64_t n = share.begin; n < block_end; ++n) {
      const std::size_t i = n - share.begin;
      prefetch_masks(share, i, words);
      std::uint32_t count = 0;
      const std::uint64_t m = open_candidates(n, share, words, guess_candidates_.data() + i * span_, count, true);
      guess_counts_[i] = count;
      if (!publish_guess(i, m, block_end - share.begin)) return;
      if (recent_window_) detail::slide_window(recent_guesses_, static_cast<std::uint16_t>(m));
    }
  }

  // The share's masks were marked by every member, a stretch each: most of
  // a guess's mask words lie in another core's cache, fetched ahead (a line
  // holds one word of 8 heap sizes).
  void prefetch_masks(const BlockShare& share, std::size_t i, unsigned words) const {
    if (i % 8 == 0 && i + kMasksAhead < share.length) {
      for (unsigned w = 0; w < words; ++w) __builtin_prefetch(share.masks.data() + w * share.length + i + kMasksAhead);
    }
  }

  // Writes guess i of a block of `length` heap sizes for the provers; false
  // (and the guesses end before i) where m is no value: no common one is left.
  bool publish_guess(std::size_t i, std::uint64_t m, std::size_t length) {
    if (m >= span_) {
      spec_.ready.store(i, std::memory_order_release);
      return false;
    }
    guess_values_[i] = m;
    g_.push_guess(static_cast<V>(m));
    if ((i + 1) % kPublishedTogether == 0 || i + 1 == length) spec_.ready.store(i + 1, std::memory_order_release);
    return true;
  }

  // The guesses' m alone, the part of a guess that must go in order: the
  // block's values are guesses, all common, and pairs of two common heaps
  // reach only the class of the candidates, so of the pairs that reach into
  // the block only those with a rare heap (a few per heap size, where
  // open_candidates marks about L/2) can move m; the scans find the
  // candidates. m is then the least value free in the share's marks and the
  // one-heap options unless one of those pairs reaches it, which is rare: they
  // are compared with it, and marked only then (a mark per pair made each wait
  // for the store of an earlier one to the same word).
  // A vector's width of heap sizes at a time: a pair whose rare heap h is at
  // least the width (less its split) reads a guess below the chunk, and the
  // same h for consecutive heap sizes reads consecutive guesses, so one vector
  // compares those pairs of the whole chunk. Only the pairs with a smaller
  // rare heap, and the one-heap options, go one heap size after another
  // (Grundy's game: about 10 of a heap size's 22 pairs with a rare heap).
  // ahead: a group's guesser guessing the next block (run_blocks_ahead) from
  // its far share alone, before the others mark its near pairs (which read the
  // block below, guessed): it compares the pairs with a rare heap below the
  // share's near bound too, reading the values below the block, and keeps the
  // guesses in next_guesses_.
  void guess_block_common(const BlockShare& share, std::uint64_t block_end, unsigned words, bool ahead = false) {
    constexpr std::size_t kWidth = Lanes<V>::kWidth;
    const std::size_t length = block_end - share.begin;
    // The block's guesses as values, after kWidth of kBelowBlock: a pair whose
    // other heap lies below the block (marked in the share) reads one, and no
    // rare value XOR it is a candidate (those lie below span_, at most 512 here).
    // Ahead, the values a pair with a rare heap below near reads below the block.
    const std::size_t below = ahead ? share.near + splits_.back() : kWidth;
    // Ahead, a lane whose guess a pair reaches goes on candidate by candidate,
    // each tested against the pairs of the rare heaps below near 8 at a time
    // (small_pair_reaches); the list's last vector may hold heaps up to
    // kSmallRareBound, whose reads lie further down: lanes of kBelowBlock.
    const std::size_t by_vector = ahead ? pairs_below_near_by_vector(share.near) : kPairsOneByOne;
    const std::size_t slack = by_vector != kPairsOneByOne ? kSmallRareBound + splits_.back() : 0;
    guess_lanes_.assign(slack + below + length + kWidth, kBelowBlock);
    V* const guesses = guess_lanes_.data() + slack + below;
    if (ahead) {
      for (std::size_t j = 1; j <= below && j < share.begin; ++j) *(guesses - j) = g_[share.begin - j];
    }
    const std::uint64_t* const heaps = rare_.data();
    const V* const values = rare_value_.data();
    const std::size_t rare = rare_.size();
    // Ahead, the rare heaps below near: each pair of one reads a value in the lanes.
    const std::size_t below_near = static_cast<std::size_t>(std::lower_bound(heaps, heaps + rare, share.near) - heaps);
    // The pairs of the latest kWidth - 1 values a guess compares with m, as
    // (h + k, g(h)) for each rare heap h and split k with h + k < kWidth: the
    // same few for every heap size, read from the lanes without a bound (below
    // the block the lanes hold kBelowBlock, which no pair turns into m, or
    // ahead the values a pair of a near rare heap reads there).
    set_short_layers();
    // The latest values, in step with the guesses: lane j holds the value
    // kWidth - 1 - j heap sizes below the lane's heap size (the last lane none).
    LatestValues latest = latest_values(guesses);
    std::uint64_t seen[kWidth][detail::kMaxMaskWords];
    for (std::size_t first = 0; first < length; first += kWidth) {
      const std::size_t lanes = std::min(kWidth, length - first);
      // Each heap size's least value free in what no guess of the chunk changes.
      V free[kWidth];
      for (std::size_t lane = 0; lane < kWidth; ++lane) {
        free[lane] = kNoCandidate;
        if (lane >= lanes) continue;
        const std::uint64_t n = share.begin + first + lane;
        prefetch_masks(share, first + lane, words);
        mark_share_and_far_rare(n, share, words, seen[lane]);
        const std::uint64_t m = least_unreached_rare_class(seen[lane], common_class(n), words);
        if (m < span_) free[lane] = static_cast<V>(m);
      }
      V hit[kWidth] = {};
      for (std::uint64_t k : splits_) {
        // The rare heaps h with kWidth <= h + k < first + kWidth: some lane's
        // pair reads a guess (ahead: every h + k from kWidth with h below near).
        const auto rare_index = [&](std::uint64_t bound) {
          return static_cast<std::size_t>(std::lower_bound(heaps, heaps + rare, bound - std::min(bound, k)) - heaps);
        };
        const std::size_t from = rare_index(kWidth);
        const std::size_t to = ahead ? below_near : rare_index(first + kWidth);
        if (from < to) chunk_hits(guesses + first - k, heaps, values, from, to, free, hit);
      }
      for (std::size_t lane = 0; lane < lanes; ++lane) {
        const std::size_t i = first + lane;
        const std::uint64_t n = share.begin + i;
        std::uint64_t* const marks = seen[lane];
        mark_one_heap_options(n, marks);
        const int q = common_class(n);
        std::uint64_t m = least_unreached_rare_class(marks, q, words);
        // The pairs (h, rest - h) with a rare heap h and h + k <= below whose
        // other heap the lanes hold: in the block below n, or ahead also below
        // the block for h below near.
        const auto for_each_pair = [&](std::uint64_t bound, auto&& visit) {
          const V* const at = guesses + i;
          for (std::uint64_t k : splits_) {
            const std::uint64_t last = ahead ? bound : std::min<std::uint64_t>(i, bound);
            for (std::size_t j = 0; j < (ahead ? below_near : rare) && heaps[j] + k <= last; ++j) {
              visit(values[j] ^ *(at - k - heaps[j]));
            }
          }
        };
        bool reached = m != free[lane] || hit[lane] != 0;
        if (!reached && m < span_) reached = short_pair_reaches(latest, static_cast<V>(m));
        if (reached && m < span_ && by_vector != kPairsOneByOne) {
          // The least value of the class that no pair reaches: most reached
          // lanes test one or two candidates, where marking every pair's value
          // (about 200 ns a lane, scalar) was a third of the guesser's chain
          // (Grundy's game to 2^22 on 2 ranks; 8% of its lanes are reached).
          while (m < span_ && pair_below_near_reaches(guesses + i, by_vector, static_cast<V>(m))) {
            detail::add_value(marks, m);
            m = least_unreached_rare_class(marks, q, words);
          }
        } else if (reached && m < span_) {
          for_each_pair(ahead ? below : i, [&](std::uint64_t x) { detail::add_value(marks, x); });
          m = least_unreached_rare_class(marks, q, words);
        }
        if (ahead) {
          if (m >= span_) return;  // no common value is left: the guesses end before i
          next_guesses_[i] = static_cast<V>(m);
          next_guessed_ = i + 1;
          g_.push_guess(static_cast<V>(m));
        } else {
          if (full_guesses_ && m < span_) {
            guess_counts_[i] = free_candidates(marks, q, m, words, guess_candidates_.data() + i * span_);
          }
          if (!publish_guess(i, m, length)) return;
        }
        guesses[i] = static_cast<V>(m);
        shift_in(latest, static_cast<V>(m));
      }
    }
  }

  // How many of small_rare_'s heaps guess_block_common's ahead guesses test
  // 8 at a time (those below near), or kPairsOneByOne where that form does
  // not apply (32-bit values, no AVX2, no list, near past the list's bound).
  static constexpr std::size_t kPairsOneByOne = std::numeric_limits<std::size_t>::max();
  [[nodiscard]] std::size_t pairs_below_near_by_vector(std::uint64_t near) const {
    if constexpr (sizeof(V) != 2) {
      return kPairsOneByOne;
    } else {
      if (!detail::kHaveAvx2 || small_rare_.at_most.empty() || near == 0 || near > kSmallRareBound) {
        return kPairsOneByOne;
      }
      return small_rare_.at_most[near - 1];
    }
  }
  // Whether a pair (h, n - k - h) of a rare heap h among the first `count` of
  // small_rare_ (and the rest of their vector of 8) reaches m, for n at `at`
  // in guess_block_common's lanes.
  [[nodiscard]] bool pair_below_near_reaches(const V* at, std::size_t count, V m) const {
    if constexpr (sizeof(V) == 2) {
      for (const std::uint64_t k : splits_) {
        if (detail::small_pair_reaches(at - k - 1, small_rare_.heaps.data(), small_rare_.values.data(), count, m)) {
          return true;
        }
      }
    }
    return false;
  }

  // short_layers_ from the rare heaps h and splits k with h + k < kWidth.
  void set_short_layers() {
    constexpr std::size_t kWidth = Lanes<V>::kWidth;
    short_layers_.clear();
    for (std::uint64_t k : splits_) {
      for (std::size_t j = 0; j < rare_.size() && rare_[j] + k < kWidth; ++j) {
        const std::size_t lane = kWidth - 1 - (rare_[j] + k);
        auto layer = std::find_if(short_layers_.begin(), short_layers_.end(),
                                  [lane](const ShortLayer& l) { return l.valid[lane] == 0; });
        if (layer == short_layers_.end()) layer = short_layers_.insert(layer, ShortLayer{});
        layer->values[lane] = rare_value_[j];
        layer->valid[lane] = static_cast<V>(~V{0});
      }
    }
  }

  // The latest kWidth values below a heap size n, in two halves of lanes:
  // lane j holds g(n - (kWidth - 1 - j)), the last lane 0 (no pair reads it).
  struct LatestValues {
    __m128i low;
    __m128i high;
  };
  // Those below `at` (the lanes' place of n).
  static LatestValues latest_values(const V* at) {
    constexpr std::size_t kHalf = Lanes<V>::kWidth / 2;
    const V* const from = at - (Lanes<V>::kWidth - 1);
    const __m128i all_but_last = _mm_srli_si128(_mm_set1_epi32(-1), sizeof(V));
    return {_mm_loadu_si128(reinterpret_cast<const __m128i*>(from)),
            _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(from + kHalf)), all_but_last)};
  }
  // The same a heap size on, `value` the guess of n: every lane one down
  // (shifts in registers: a vector load of the latest guesses would wait for
  // their stores to leave the core).
  static void shift_in(LatestValues& latest, V value) {
    constexpr int kSize = sizeof(V);
    latest.low = _mm_or_si128(_mm_srli_si128(latest.low, kSize), _mm_slli_si128(latest.high, 16 - kSize));
    latest.high = _mm_or_si128(_mm_srli_si128(latest.high, kSize),
                               _mm_slli_si128(_mm_cvtsi32_si128(static_cast<int>(value)), 16 - 2 * kSize));
  }

  // True when a pair of a short layer reaches m: (g(h) ^ g(n - k - h)) == m.
  [[nodiscard]] bool short_pair_reaches(const LatestValues& latest, V m) const {
    const auto equal = [](__m128i a, __m128i b) {
      if constexpr (sizeof(V) == 2) return _mm_cmpeq_epi16(a, b);
      return _mm_cmpeq_epi32(a, b);
    };
    const __m128i target = sizeof(V) == 2 ? _mm_set1_epi16(static_cast<short>(m)) : _mm_set1_epi32(static_cast<int>(m));
    constexpr std::size_t kHalf = Lanes<V>::kWidth / 2;
    for (const ShortLayer& layer : short_layers_) {
      const auto load = [](const V* lanes) { return _mm_load_si128(reinterpret_cast<const __m128i*>(lanes)); };
      const __m128i low =
          _mm_and_si128(equal(_mm_xor_si128(latest.low, load(layer.values)), target), load(layer.valid));
      const __m128i high = _mm_and_si128(equal(_mm_xor_si128(latest.high, load(layer.values + kHalf)), target),
                                         load(layer.valid + kHalf));
      if (_mm_movemask_epi8(_mm_or_si128(low, high)) != 0) return true;
    }
    return false;
  }

  // Sets up the share of the block at `begin`: partners r with near <= r and both
  // heaps below `known` (the values computed when the share runs).
  void prepare_share(BlockShare& share, std::uint64_t begin, std::uint64_t known, std::uint64_t near,
                     std::uint64_t top, unsigned words) {
    share.begin = begin;
    share.near = near + detail::kLoadSlack;
    share.top = top;
    const std::uint64_t prefix = prefix_length();
    const std::uint64_t from = std::max(prefix + 1, share.near);
    const std::uint64_t last = known - splits_.back() - 1;
    const auto first_rare = static_cast<std::size_t>(std::lower_bound(rare_.begin(), rare_.end(), from) - rare_.begin());
    const auto end_rare = static_cast<std::size_t>(std::upper_bound(rare_.begin(), rare_.end(), last) - rare_.begin());
    const std::uint64_t largest_partner = end_rare > first_rare ? rare_[end_rare - 1] : prefix;
    const bool by_class = share.near <= largest_partner && sources_all_common(begin, largest_partner, words);
    if (by_class && control_.stats != nullptr) control_.stats->shares_by_class.fetch_add(1, std::memory_order_relaxed);
    const PartnerKey key{.near = share.near,
                         .prefix = prefix,
                         .first_rare = first_rare,
                         .end_rare = end_rare,
                         .class_mask = by_class ? mask_ : 0,
                         .rare_list = rare_generation_};
    if (!share.listed || !(share.key == key)) {
      share.key = key;
      share.listed = true;
      share.partners.clear();
      share.partner_values.clear();
      share.slots.clear();
      // Slots name a partner's run for the streamed store's cursors: the same
      // partner keeps its slot from block to block.
      const auto add = [&share](std::uint64_t r, V value, std::size_t slot) {
        share.partners.push_back(r);
        share.partner_values.push_back(value);
        share.slots.push_back(slot);
      };
      // Partners ascending, those whose value parity(v & M) is `odd` (or all when odd < 0).
      const auto add_partners = [&](int odd) {
        const auto wanted = [&](std::uint64_t value) { return odd < 0 || parity(value & mask_) == odd; };
        for (std::uint64_t a = share.near; a <= prefix; ++a) {
          if (wanted(g_[a])) add(a, g_[a], a);
        }
        for (std::size_t i = first_rare; i < end_rare; ++i) {
          if (wanted(rare_value_[i])) add(rare_[i], rare_value_[i], prefix + 1 + i);
        }
      };
      share.common_sources_mask = key.class_mask;
      share.odd_partners = 0;
      if (by_class) {  // grouped by class, odd values first
        add_partners(1);
        share.odd_partners = share.partners.size();
        add_partners(0);
      } else {
        add_partners(-1);
      }
    }
    const std::uint64_t length = block_length();
    share.length = length;
    const std::size_t splits = splits_.size();
    share.sources.resize(share.partners.size() * splits);
    const V** sources = share.sources.data();
    // A streamed store whose window holds every partner's run (all but
    // distant rare heaps) points at them as in memory: asked run by run, with
    // each partner's place tested for the group's cut, they were 4% of a
    // group's time (Grundy's game to 2^24 on 2 ranks).
    bool in_window = true;
    if constexpr (!S::kInMemory) in_window = begin >= splits_.back() + largest_partner + g_.window_base();
    choose_own_partners(share, begin, in_window);
    if constexpr (S::kInMemory) {
      detail::point_sources<V>(g_.data() + begin, splits_, share.partners, sources);
    } else if (in_window) {
      detail::point_sources<V>(g_.window_at(begin), splits_, share.partners, sources);
    } else {
      // Only this process's runs, none asked of another process: in a group they
      // lie in memory, or beyond it for process 0 alone, which reads its file
      // (choose_own_partners).
      std::fill(sources, sources + share.sources.size(), nullptr);
      g_.local_only(shared_group());
      for (const detail::SharePiece& piece : share.own) {
        for (std::size_t j = piece.first; j < piece.last; ++j) {
          for (std::size_t s = 0; s < splits; ++s) {
            sources[j * splits + s] = g_.run(share.slots[j] * splits + s, begin - splits_[s] - share.partners[j], length);
          }
        }
      }
      g_.local_only(false);
    }
    share.masks.reserve(words * length + 1);  // room for the group's stop word
    share.masks.resize(words * length);
    for (unsigned w = 0; w < words; ++w) {  // the heap sizes other processes mark
      std::uint64_t* word = share.masks.data() + w * length;
      std::fill(word, word + share.heap_from, std::uint64_t{0});
      std::fill(word + share.heap_to, word + length, std::uint64_t{0});
    }
    share.cursor.store(share.heap_from, std::memory_order_relaxed);
  }

  // Process `rank`'s part of a group's far share of `length` heap sizes and
  // `partners` partners (detail::far_part): even parts, but for
  // run_blocks_ahead's guesser, which keeps guesser_far_steps() / kFarSteps of
  // its part and leaves the rest to the process before it (its chain of
  // guesses outweighs every proof it could give away from about five
  // processes on; 16 processes on 16 tiles, a tile each: the guesser 396
  // million instructions a stretch, the others 361-378). Returns the heap
  // sizes the part covers, with `pieces` what it marks there.
  [[nodiscard]] std::pair<std::uint64_t, std::uint64_t> far_part(
      std::uint64_t length, std::size_t partners, std::uint64_t rank,
      std::vector<detail::SharePiece>* pieces = nullptr) const {
    const detail::FarCut cut{.length = length,
                             .partners = partners,
                             .processes = control_.group->size(),
                             .last_steps = guesser_apart_ ? guesser_far_steps() : kFarSteps,
                             .steps = kFarSteps};
    return detail::far_part(cut, rank, pieces);
  }

  // A process of a group marks its part of the share (far_part): most of it
  // every partner for whole tiles of the block's heap sizes, so each tile's
  // fixed costs are paid once in the group, as when a team's members split a
  // block (by partners, 16 processes marked Grundy's game's far shares with 8%
  // more instructions than one). A streamed store: the partners whose runs
  // lie beyond memory (distant rare heaps, read through cursors) are process
  // 0's for the whole block, which reads them from its file; its part of the
  // exchange is then the whole block (exchange_ahead), the others' their tiles.
  // in_window: every partner's run lies in memory.
  void choose_own_partners(BlockShare& share, std::uint64_t begin, bool in_window) {
    const std::size_t all = share.partners.size();
    share.own.clear();
    share.heap_from = 0;
    share.heap_to = share.length;
    share.distant = false;
    if (!shared_group()) {
      share.own.push_back({0, share.length, 0, all});
      return;
    }
    const std::size_t rank = control_.group->rank();
    if (in_window) {
      std::tie(share.heap_from, share.heap_to) = far_part(share.length, all, rank, &share.own);
    } else if constexpr (!S::kInMemory) {
      const std::uint64_t length = share.length;
      const auto in_memory = [&](std::size_t j) {
        for (std::uint64_t k : splits_) {
          if (!g_.in_memory(begin - k - share.partners[j], length)) return false;
        }
        return true;
      };
      // The distant partners, in runs of consecutive indices [first, last).
      distant_runs_.clear();
      for (std::size_t j = 0; j < all; ++j) {
        if (in_memory(j)) continue;
        if (!distant_runs_.empty() && distant_runs_.back().second == j) {
          ++distant_runs_.back().second;
        } else {
          distant_runs_.emplace_back(j, j + 1);
        }
      }
      std::tie(share.heap_from, share.heap_to) = far_part(length, all, rank, &tile_pieces_);
      share.distant = !distant_runs_.empty();
      // This process's tiles, every partner in memory.
      for (const detail::SharePiece& piece : tile_pieces_) {
        std::size_t from = piece.first;
        for (const auto& [first, last] : distant_runs_) {
          if (last <= from || first >= piece.last) continue;
          if (first > from) share.own.push_back({piece.heap_from, piece.heap_to, from, first});
          from = std::max(from, last);
        }
        if (from < piece.last) share.own.push_back({piece.heap_from, piece.heap_to, from, piece.last});
      }
      if (share.distant && rank == 0) {
        for (const auto& [first, last] : distant_runs_) share.own.push_back({0, length, first, last});
        share.heap_from = 0;
        share.heap_to = length;
      }
    }
  }

  // Claims the block's next `step` heap sizes (below `end`) from `cursor`,
  // clears their words of masks and marks there the pairs of the partners in
  // `ranges` (this process's); false once every heap size is claimed. Members
  // that split a block by heap sizes write one set of masks, nothing to
  // combine, and each tile of heap sizes passes over the partners once: split
  // by partners, every member's chunk paid every tile's fixed costs (a fifth
  // of the marking at 8 chunks a member) and the members' masks were ORed at
  // the round's end.
  bool claim_heaps(const detail::SparseBlock<V>& block, std::span<const detail::SharePiece> pieces, std::uint64_t step,
                   std::uint64_t end, std::uint64_t* masks, std::atomic<std::uint64_t>& cursor) const {
    const std::uint64_t from = cursor.fetch_add(step, std::memory_order_relaxed);
    if (from >= end) return false;
    mark_heaps(block, pieces, from, std::min(end, from + step), masks);
    return true;
  }
  // The same, a claim taking a share of the heap sizes left (1 / (2 x members)
  // of them in whole tiles, at least one): few claims while much is left, a
  // tile each at the end, where the members' ends even out.
  bool claim_left_heaps(const detail::SparseBlock<V>& block, std::span<const detail::SharePiece> pieces,
                        unsigned members, std::uint64_t end, std::uint64_t* masks,
                        std::atomic<std::uint64_t>& cursor) const {
    std::uint64_t from = cursor.load(std::memory_order_relaxed);
    while (from < end) {
      const std::uint64_t to = std::min(end, from + heap_step(end - from, 2 * members));
      if (cursor.compare_exchange_weak(from, to, std::memory_order_relaxed)) {
        mark_heaps(block, pieces, from, to, masks);
        return true;
      }
    }
    return false;
  }
  // Marks the pieces' partners for heap sizes [from, to), their masks cleared first.
  static void mark_heaps(const detail::SparseBlock<V>& block, std::span<const detail::SharePiece> pieces,
                         std::uint64_t from, std::uint64_t to, std::uint64_t* masks) {
    for (unsigned w = 0; w < block.words; ++w) {
      std::fill(masks + w * block.length + from, masks + w * block.length + to, std::uint64_t{0});
    }
    for (const detail::SharePiece& piece : pieces) {
      const std::uint64_t piece_from = std::max(from, piece.heap_from);
      const std::uint64_t piece_to = std::min(to, piece.heap_to);
      if (piece_from < piece_to) {
        detail::mark_partner_share(block, piece.first, piece.last, piece_from, piece_to, masks);
      }
    }
  }

  // Heap sizes a claim takes when a block is split in about `parts` (a
  // multiple of the marking's tile).
  [[nodiscard]] static std::uint64_t heap_step(std::uint64_t length, std::size_t parts) {
    const std::uint64_t tile = detail::marking_tile();
    return std::max(tile, length / parts / tile * tile);
  }

  // Marks into the block's combined masks the pairs of partners r < near whose
  // other heap lies below the block, in one vector pass like a share's: they read
  // a copy of the values just below the block, padded with a value no pair can
  // reach (a lane whose other heap is in the block reaches nothing). Run by
  // member 0 once the block before is done; finish_in_block marks the rest.
  void mark_near(BlockShare& share, unsigned words) {
    if (!prepare_near(share, words)) return;
    detail::mark_partner_share(near_block(words), 0, near_share_.partners.size(), share.masks.data());
  }

  // What the pass of mark_near reads, once prepare_near has set it up.
  [[nodiscard]] detail::SparseBlock<V> near_block(unsigned words) const {
    detail::SparseBlock<V> block = sparse_block(near_share_, words);
    block.padded = true;
    return block;
  }

  // Sets up mark_near's pass for `share` (near_share_ and near_values_, from the
  // values below the block); false when it has no partners.
  bool prepare_near(BlockShare& share, unsigned words) {
    share.rare_top =
        static_cast<std::size_t>(std::lower_bound(rare_.begin(), rare_.end(), share.top) - rare_.begin());
    const std::uint64_t length = block_length();
    const std::uint64_t near = share.near;
    if (near <= 1) return false;
    const std::uint64_t low = share.begin - splits_.back() - (near - 1);  // the lowest heap a pair reads
    // Copied, then padded: the test of each place against the block's start
    // took 10 instructions a value, every rank of a group each round.
    const std::uint64_t below = share.begin - low;
    near_values_.resize(below + length);
    if constexpr (S::kInMemory) {
      std::copy_n(g_.data() + low, below, near_values_.begin());
    } else {
      for (std::uint64_t j = 0; j < below; ++j) near_values_[j] = g_[low + j];
    }
    std::fill(near_values_.begin() + static_cast<std::ptrdiff_t>(below), near_values_.end(),
              std::numeric_limits<V>::max());
    const bool by_class = sources_all_common(share.begin, near - 1, words);
    BlockShare& list = near_share_;
    const PartnerKey key{.near = near, .class_mask = by_class ? mask_ : 0};
    if (!list.listed || !(list.key == key)) {
      list.key = key;
      list.listed = true;
      ++near_lists_;
      list.partners.clear();
      list.partner_values.clear();
      for (int odd = 1; odd >= 0; --odd) {  // by class, odd values first, or all in one pass
        for (std::uint64_t r = 1; r < near; ++r) {
          if (by_class && parity(g_[r] & mask_) != odd) continue;
          if (!by_class && odd == 0) break;
          list.partners.push_back(r);
          list.partner_values.push_back(g_[r]);
        }
        if (odd == 1) list.odd_partners = by_class ? list.partners.size() : 0;
      }
      list.common_sources_mask = key.class_mask;
    }
    list.begin = share.begin;
    list.length = length;
    // Written in place, not appended: a thousand partners a block on Grundy's
    // game, whose appends were 0.8% of member 0's time on two threads.
    list.sources.resize(list.partners.size() * splits_.size());
    detail::point_sources<V>(near_values_.data() + (share.begin - low), splits_, list.partners, list.sources.data());
    return true;
  }

  // What the workers read of a share.
  [[nodiscard]] detail::SparseBlock<V> sparse_block(const BlockShare& share, unsigned words) const {
    return {.begin = share.begin,
            .length = share.length,
            .splits = splits_,
            .partners = share.partners,
            .partner_values = share.partner_values,
            .sources = share.sources,
            .unequal_split = unequal_split_,
            .words = words,
            .common_sources_mask = share.common_sources_mask,
            .odd_partners = share.odd_partners};
  }

  // True when the block may mark one class of values per pass: every source is
  // a common heap (sources are below the values known when the share was set
  // up, so the rare list covers them), the mask's classes do not depend on the
  // heap size, its highest bit leaves 32-bit chunks whole, and values are below 256
  // (with fewer chunks a tile's fixed costs eat the gain: 0.167 to 2^24 ran slower),
  // or below 512 with the mask's bits below 256 doing the same (the few XORs from
  // 256 on are set one by one: Grundy's game past about 10^8, mask 510).
  [[nodiscard]] bool sources_all_common(std::uint64_t begin, std::uint64_t largest_partner, unsigned words) const {
    if (sizeof(V) != 2 || !sparse_ || heap_parity_ || mask_ == 0 || !control_.mark_by_class) return false;
    if (!detail::marks_by_class(words, mask_)) return false;
    // (A single rare heap far past the others, Grundy's game's 7,250,049 under
    // mask 254, kept a test of the lowest source alone false up to twice its
    // size: the far shares marked every chunk of values, twice the work, from
    // 7.25 to 14.5 million.)
    return detail::no_rare_source(rare_, begin, block_length(), splits_, prefix_length(), largest_partner,
                                  kRareSourcesLooked);
  }

  // A member's part of a share: stretches of heap sizes claimed from a shared
  // cursor (member 0 joins late when it finishes a block first); about
  // `chunks` of them per member, after each of which `between` runs.
  template <class Between = void (*)()>
  void mark_share(BlockShare& share, unsigned members, unsigned words, std::size_t chunks = 8,
                  Between between = [] {}) {
    const detail::SparseBlock<V> block = sparse_block(share, words);
    // In a group, this process marks its own partners for its own heap sizes (choose_own_partners).
    const std::uint64_t step = heap_step(share.heap_to - share.heap_from, chunks * members);
    while (claim_heaps(block, share.own, step, share.heap_to, share.masks.data(), share.cursor)) between();
  }

  // The kernel has workers to share its heap sizes among: threads, or processes of a group.
  [[nodiscard]] bool several_workers() const { return control_.threads >= 2 || shared_group(); }
  // Where a stretch's serial time goes in the statistics: waiting when its workers shared it, else alone.
  static std::atomic<std::uint64_t> KernelStats::*serial_part(bool shared) {
    return shared ? &KernelStats::waiting_nanoseconds : &KernelStats::alone_nanoseconds;
  }

  // Whether this kernel is one process of a group of several (alone or not).
  [[nodiscard]] bool spans_processes() const { return control_.group != nullptr && control_.group->size() > 1; }
  // Whether the blocks are shared with other processes (not while this one computes alone: run_blocks_alone).
  [[nodiscard]] bool shared_group() const { return spans_processes() && !alone_; }

  // ORs the block's masks over the group, with one more word: whether any
  // process was asked to stop (so all stop after this same block).
  void combine_across_group(BlockShare& share, unsigned words) {
    std::vector<std::uint64_t>& masks = share.masks;
    const std::size_t count = static_cast<std::size_t>(words) * block_length();
    masks.resize(count + 1);
    masks[count] = stop_requested() ? 1 : 0;
    control_.group->combine(masks.data(), count + 1);
    group_stopped_ = masks[count] != 0;
    masks.resize(count);
  }

  // rare_parity_[q][w]: bit v of word w set when value 64 w + v < span has the
  // parity that only pairs with a rare heap reach (popcount(v & M) != q).
  void set_parity_patterns(unsigned words) {
    scan_own_pairs_ = words >= 2 && speculated_blocks_ && control_.scan_own_pairs;
    if (scan_own_pairs_ && control_.stats != nullptr) {
      control_.stats->own_pairs_scanned.fetch_add(1, std::memory_order_relaxed);
    }
    for (int q = 0; q < 2; ++q) {
      for (unsigned w = 0; w < detail::kMaxMaskWords; ++w) {
        std::uint64_t rare = 0;
        std::uint64_t common = 0;
        for (unsigned bit = 0; bit < 64; ++bit) {
          const std::uint64_t v = 64 * w + bit;
          if (w >= words || v >= span_) continue;
          (parity(v & mask_) != q ? rare : common) |= std::uint64_t{1} << bit;
        }
        rare_parity_[q][w] = rare;
        common_parity_[q][w] = common;
      }
    }
  }

  // Marks the pairs (a, rest - a), first <= a <= last, into seen.
  void mark_in_block(std::uint64_t rest, std::uint64_t first, std::uint64_t last, std::uint64_t* seen,
                     unsigned words) const {
    if (last < first) return;
    const std::uint64_t count = last - first + 1;
    // The vector form reads 15 pairs past the run: a view of count + 15 pairs
    // (all below n) shows that the store holds them in one piece.
    const PairView<V> whole = g_.pairs(rest, first, last + 16);
    if (whole.count == count + 15) {
      detail::mark_run_pairs(whole.lo, whole.hi, count, words, true, seen);
      return;
    }
    for (std::uint64_t a = first; a <= last;) {
      const PairView<V> view = g_.pairs(rest, a, last + 1);
      detail::mark_run_pairs(view.lo, view.hi, view.count, words, false, seen);
      a += view.count;
    }
  }

  // g(n) for n in the block of `share`, from its combined masks and the pairs
  // the share left out.
  // Finishes heap sizes n .. block_end - 1 in order, advancing n; true when a
  // larger value stopped it early: the masks are too narrow now, or the prefix
  // (and with it the block's partners and length) has changed.
  // A call of its own (a block at a time): inlined into its callers, it left
  // the commit of each value a call (0.167 on one thread: 3% more instructions).
  [[gnu::noinline]] bool finish_in_order(std::uint64_t& n, std::uint64_t block_end, const BlockShare& share,
                                         unsigned words) {
    for (; n < block_end; ++n) {
      const std::uint64_t span = span_;
      const std::uint64_t prefix = prefix_length();
      const std::uint64_t value = finish_in_block(n, share, words);
      if (only_counts(n, value)) {
        g_.push_back(static_cast<V>(value));
        account_common(n, static_cast<V>(value));
        continue;
      }
      commit(n, value);
      if (span_ != span || prefix_length() != prefix) {
        ++n;
        return true;
      }
    }
    return false;
  }

  std::uint64_t finish_in_block(std::uint64_t n, const BlockShare& share, unsigned words) {
    std::vector<std::uint32_t>& candidates = scratch_[0].candidates;
    // Grown only: resize is a call, which once a heap size was 1.3% of 0.167's table.
    if (candidates.size() < span_) candidates.resize(span_);
    const std::uint64_t prefix = prefix_length();
    std::uint32_t count = 0;
    const std::uint64_t m = open_candidates(n, share, words, candidates.data(), count);
    if (count > 0 && scan_own_pairs_) count = drop_reached_in_block(n, share, candidates.data(), count);
    if (count == 0) return m;
    const std::uint64_t unreached = first_unreached_in_order(n, prefix + 1, std::span(candidates.data(), count));
    return unreached == kNone ? m : unreached;
  }

  // What finish_in_block knows before the proof scan: returns m, the least value
  // of the class only pairs with a rare heap reach that no option reaches (g(n)
  // when n is common), and writes to `candidates` (room for span_) the `count`
  // values of the other class below m that no pair marked so far reaches. Reads
  // the values of the block below n, never those past it.
  // guessing: member 0 guessing the block, each guess also in guess_values_.
  std::uint64_t open_candidates(std::uint64_t n, const BlockShare& share, unsigned words, std::uint32_t* candidates,
                                std::uint32_t& count, bool guessing = false) const {
    std::uint64_t seen[detail::kMaxMaskWords];  // the words in use are set from the share's masks
    mark_all_but_in_block(n, share, words, seen);
    // The block's own pairs: marked, or left to the scan (scanned_own_pairs)
    // but for those with a rare heap.
    const bool scanned = scan_own_pairs_;
    if (!scanned) mark_own_pairs(n, share, words, guessing, seen);
    const int q = common_class(n);
    std::uint64_t m = least_unreached_rare_class(seen, q, words);
    // Of the scanned own pairs only those with a rare heap reach m's class, and
    // they can move m only by reaching it: most often none does.
    if (scanned && rare_in_block_reaches(n, share, m)) {
      for (std::uint64_t k : splits_) {
        const std::uint64_t in_block = scanned_own_pairs(n - k, share);
        if (in_block > 0) mark_rare_in_block(n - k, in_block, seen);
      }
      m = least_unreached_rare_class(seen, q, words);
    }
    count = free_candidates(seen, q, m, words, candidates);
    return m;
  }

  // A proof's candidates where the block's own pairs are scanned: those of
  // guess m (the guesser's m is the least value of its class that no option
  // reaches, the block's guesses below n read as values), without finding m
  // again (the pairs of the small rare heaps with a guess, compared one by one,
  // were most of it). False where that does not apply, or where a marked
  // option reaches m: then open_candidates finds them and the value.
  bool guess_candidates(std::uint64_t n, const BlockShare& share, unsigned words, std::uint64_t m,
                        std::uint32_t* candidates, std::uint32_t& count) const {
    if (!scan_own_pairs_ || m >= span_) return false;
    std::uint64_t seen[detail::kMaxMaskWords];
    mark_all_but_in_block(n, share, words, seen);
    if (((seen[m >> 6] >> (m & 63)) & 1U) != 0) return false;
    count = free_candidates(seen, common_class(n), m, words, candidates);
    return true;
  }

  // Writes to `candidates` the values below m of the class pairs of two common
  // heaps reach (common_parity_[q]) that seen lacks, ascending; returns how many.
  std::uint32_t free_candidates(const std::uint64_t* seen, int q, std::uint64_t m, unsigned words,
                                std::uint32_t* candidates) const {
    // Counted in a local: a count passed by reference may alias the candidates
    // (both 32-bit), and was stored and loaded again for each one.
    std::uint32_t found = 0;
    for (unsigned w = 0; w < words && 64 * w < m; ++w) {
      std::uint64_t open = ~seen[w] & common_parity_[q][w];
      if (m - 64 * w < 64) open &= (std::uint64_t{1} << (m - 64 * w)) - 1;
      for (; open != 0; open &= open - 1) {
        candidates[found++] = static_cast<std::uint32_t>(64 * w + static_cast<std::uint64_t>(std::countr_zero(open)));
      }
    }
    return found;
  }

  // Into seen: n's own pairs (a, rest - a), a below near, the other heap in the
  // block below n, marked one by one (by guess_block: `guessing`, the latest
  // guesses also in guess_values_).
  void mark_own_pairs(std::uint64_t n, const BlockShare& share, unsigned words, bool guessing,
                      std::uint64_t* seen) const {
    for (std::uint64_t k : splits_) {
      const std::uint64_t rest = n - k;
      const std::uint64_t in_block = in_block_pairs(rest, share);
      std::uint64_t first = 1;
      if (guessing && in_block > kRecentPairs && k == 0 && recent_window_) {
        // The latest guesses from the window, one vector of the pair marking.
        if constexpr (sizeof(V) == 2) {
          detail::mark_window_pairs(first_values_, recent_guesses_, words, seen);
        }
        first = kRecentPairs + 1;
      } else if (guessing && in_block > kRecentPairs) {
        // The pairs whose other heap is one of the latest guesses read it from
        // guess_values_, a word at a time: the vector load of the table's 16
        // latest values could not take them from the stores still in flight and
        // waited for those to leave the core, behind stores to lines the other
        // members read (Grundy's game from 2^23 on two threads: that load was
        // 23% of the pairs' marking by perf; the guesses took 0.53 s, now 0.50).
        const std::uint64_t* const guesses = guess_values_.data();
        const std::uint64_t last = rest - share.begin;  // the block's index of the pair (0, rest)
        for (std::uint64_t a = 1; a <= kRecentPairs; ++a) {
          detail::add_value(seen, g_[a] ^ guesses[last - a]);
        }
        first = kRecentPairs + 1;
      }
      mark_in_block(rest, first, in_block, seen, words);
    }
  }

  // Into seen: the block's own pairs (a, rest - a), 1 <= a <= in_block, with a
  // rare heap (a rare partner below near, or a rare heap of the block below n):
  // of the own pairs only those reach m's class. Those of two common heaps reach
  // the candidates' class alone, and the scan tries them instead
  // (drop_reached_in_block): marked one by one they cost 6-7 instructions a
  // pair with four mask words, half a block's length of pairs a heap size;
  // scanned, about 3.
  void mark_rare_in_block(std::uint64_t rest, std::uint64_t in_block, std::uint64_t* seen) const {
    const std::size_t rare = rare_.size();
    for (std::size_t j = 0; j < rare && rare_[j] <= in_block; ++j) {
      detail::add_value(seen, rare_value_[j] ^ g_[rest - rare_[j]]);
    }
    for (std::size_t j = rare; j-- > 0 && rare_[j] + in_block >= rest;) {
      if (rare_[j] < rest) detail::add_value(seen, rare_value_[j] ^ g_[rest - rare_[j]]);
    }
  }

  // Whether one of n's own pairs with a rare heap (mark_rare_in_block) reaches m.
  [[nodiscard]] bool rare_in_block_reaches(std::uint64_t n, const BlockShare& share, std::uint64_t m) const {
    const std::uint64_t* const heaps = rare_.data();
    const V* const values = rare_value_.data();
    const std::size_t rare = rare_.size();
    for (std::uint64_t k : splits_) {
      const std::uint64_t rest = n - k;
      const std::uint64_t in_block = scanned_own_pairs(rest, share);
      if (in_block == 0) continue;
      bool vector_form = false;
      if constexpr (S::kInMemory && sizeof(V) == 2) {
        vector_form = detail::kHaveAvx2 && in_block < kSmallRareBound && !small_rare_.at_most.empty();
      }
      if (vector_form) {
        if constexpr (S::kInMemory && sizeof(V) == 2) {
          const SmallRare& small = small_rare_;
          if (detail::small_pair_reaches(g_.data() + rest - 1, small.heaps.data(), small.values.data(),
                                         small.at_most[in_block], static_cast<std::uint32_t>(m))) {
            return true;
          }
        }
      } else {
        for (std::size_t j = 0; j < rare && heaps[j] <= in_block; ++j) {
          if ((values[j] ^ g_[rest - heaps[j]]) == m) return true;
        }
      }
      for (std::size_t j = rare; j-- > 0 && heaps[j] + in_block >= rest;) {
        if (heaps[j] < rest && (values[j] ^ g_[rest - heaps[j]]) == m) return true;
      }
    }
    return false;
  }

  // The rare heaps below kSmallRareBound as rare_in_block_reaches's vector form
  // reads them: 32-bit heaps and values, padded to a multiple of 8 (heap 1,
  // and a value no XOR of two values equals), and how many lie at or below each
  // bound. Listed again wherever the rare list changes below the bound (its
  // rebuilds, and rare heaps this small, which come early in a table), never
  // while a team reads it.
  struct SmallRare {
    std::vector<std::int32_t> heaps;
    std::vector<std::int32_t> values;
    std::vector<std::uint32_t> at_most;  // [b]: how many heaps <= b
  };
  static constexpr std::uint64_t kSmallRareBound = 1024;  // the largest prefix: near lies below it
  void list_small_rare() {
    SmallRare& small = small_rare_;
    small.heaps.clear();
    small.values.clear();
    for (std::size_t j = 0; j < rare_.size() && rare_[j] < kSmallRareBound; ++j) {
      small.heaps.push_back(static_cast<std::int32_t>(rare_[j]));
      small.values.push_back(static_cast<std::int32_t>(rare_value_[j]));
    }
    small.at_most.assign(kSmallRareBound, 0);
    for (std::uint64_t b = 0, j = 0; b < kSmallRareBound; ++b) {
      while (j < small.heaps.size() && static_cast<std::uint64_t>(small.heaps[j]) <= b) ++j;
      small.at_most[b] = static_cast<std::uint32_t>(j);
    }
    while (small.heaps.size() % 8 != 0 || small.heaps.empty()) {
      small.heaps.push_back(1);
      small.values.push_back(std::int32_t{1} << 16);
    }
  }

  // Drops from candidates[0, count) those some own pair of n's (a below near,
  // the other heap in the block) reaches, keeping the order; returns how many
  // are left. `candidates` has room for span_ (open_candidates).
  std::uint32_t drop_reached_in_block(std::uint64_t n, const BlockShare& share, std::uint32_t* candidates,
                                      std::uint32_t count) const {
    std::uint32_t kept = 0;
    for (std::uint32_t group = 0; group < count; group += 8) {
      V active[8];
      int live = load_group(std::span<const std::uint32_t>(candidates + group, count - group), active);
      for (std::uint64_t k : splits_) {
        const std::uint64_t in_block = scanned_own_pairs(n - k, share);
        if (live == 0 || in_block == 0) continue;
        // The vector form reads kW - 1 pairs past the run (all below n): a
        // view that long shows the store holds them in one piece.
        constexpr std::uint64_t kW = Lanes<V>::kWidth;
        const PairView<V> whole = g_.pairs(n - k, 1, in_block + kW);
        if (whole.count == in_block + kW - 1) {
          std::uint32_t found = reached_in_run(whole.lo, whole.hi, in_block, active, live);
          found &= (std::uint32_t{1} << live) - 1;
          drop_found(found, active, live);
        } else {
          drop_reached(n - k, 1, in_block + 1, active, live);
        }
      }
      // All eight slots where the room allows (almost always: the store past
      // the kept ones is overwritten or unread), not a loop of `live` steps,
      // whose end was mispredicted about once a group (callgrind).
      if (group + 8 <= span_) {
        for (int j = 0; j < 8; ++j) candidates[kept + j] = active[j];
        kept += static_cast<std::uint32_t>(live);
      } else {
        for (int j = 0; j < live; ++j) candidates[kept++] = active[j];
      }
    }
    return kept;
  }

  // in_block_pairs where the scan tries them, else 0 (open_candidates marks
  // them). Marked, a pair costs more with each mask word; scanned, the same
  // whatever the values, with the scan's fixed costs: values below 64 (one
  // word) are marked (0.167: 3% more instructions scanned). And only where the
  // blocks are speculated: on one thread, as many instructions either way,
  // the scan took 3% longer (Grundy's game to 2^22, alternating).
  [[nodiscard]] std::uint64_t scanned_own_pairs(std::uint64_t rest, const BlockShare& share) const {
    return scan_own_pairs_ ? in_block_pairs(rest, share) : 0;
  }

  // How many of the pairs (a, rest - a), a = 1, 2, ..., have their other heap in
  // the block and a below near (mark_near marked those below the block).
  [[nodiscard]] static std::uint64_t in_block_pairs(std::uint64_t rest, const BlockShare& share) {
    return rest >= share.begin ? std::min(rest - share.begin, share.near - 1) : 0;
  }

  // The class that pairs of two common heaps reach (rare_parity_'s index q).
  [[nodiscard]] int common_class(std::uint64_t n) const {
    return heap_parity_ ? static_cast<int>((n - splits_.front()) & 1) : 0;
  }

  // is_rare(n, v) while blocks run, for v below span_: a value is rare where its
  // parity is the class that pairs of two common heaps reach (a load and a
  // shift where is_rare counts bits).
  [[nodiscard]] bool rare_in_blocks(std::uint64_t n, std::uint64_t v) const {
    return ((common_parity_[common_class(n)][v / 64] >> (v % 64)) & 1) != 0;
  }

  // Into seen: the share's combined masks, the one-heap options and the pairs
  // with a rare heap from the share's top on (added since the share was set up);
  // everything but the pairs that reach into the block from below near.
  void mark_all_but_in_block(std::uint64_t n, const BlockShare& share, unsigned words, std::uint64_t* seen) const {
    copy_share_masks(n, share, words, seen);
    mark_one_heap_options(n, seen);
    mark_far_rare_pairs(n, share, seen);
  }

  // The part of mark_all_but_in_block that reads no value of the block: the
  // masks and the pairs with a rare heap from the share's top on.
  void mark_share_and_far_rare(std::uint64_t n, const BlockShare& share, unsigned words, std::uint64_t* seen) const {
    copy_share_masks(n, share, words, seen);
    mark_far_rare_pairs(n, share, seen);
  }

  // seen[0, words): the share's combined masks of heap size n.
  [[gnu::always_inline]] static void copy_share_masks(std::uint64_t n, const BlockShare& share, unsigned words,
                                                      std::uint64_t* seen) {
    const std::uint64_t length = share.length;
    for (unsigned w = 0; w < words; ++w) seen[w] = share.masks[w * length + (n - share.begin)];
  }

  // The pairs with a rare heap from the share's top on into seen.
  [[gnu::always_inline]] void mark_far_rare_pairs(std::uint64_t n, const BlockShare& share, std::uint64_t* seen) const {
    for (std::uint64_t k : splits_) {
      const std::uint64_t rest = n - k;
      for (std::size_t j = share.rare_top; j < rare_.size() && rare_[j] < rest; ++j) {
        if (!(unequal_split_ && 2 * rare_[j] == rest)) detail::add_value(seen, rare_value_[j] ^ g_[rest - rare_[j]]);
      }
    }
  }

  // True when a heap of n may be taken whole (a move to no heap at all).
  [[nodiscard]] bool takes_whole(std::uint64_t n) const { return n >= 1 && n <= max_take_ && allows(digits_[n], 0); }

  // The one-heap options into seen.
  [[gnu::always_inline]] void mark_one_heap_options(std::uint64_t n, std::uint64_t* seen) const {
    // The one-heap options gather in a register: a store into seen per option
    // would make the compiler reload the table's address for the next.
    std::uint64_t low_values = takes_whole(n) ? 1 : 0;  // those below 64
    for (std::uint64_t k : one_heap_takes_) {
      if (k >= n) break;
      const std::uint64_t x = g_[n - k];
      if (x < 64) {
        low_values |= std::uint64_t{1} << x;
      } else {
        detail::add_value(seen, x);
      }
    }
    seen[0] |= low_values;
  }

  // m: the least value of the class only pairs with a rare heap reach (not q)
  // that seen lacks; span_ when there is none.
  [[nodiscard]] std::uint64_t least_unreached_rare_class(const std::uint64_t* seen, int q, unsigned words) const {
    for (unsigned w = 0; w < words; ++w) {
      const std::uint64_t free = ~seen[w] & rare_parity_[q][w];
      if (free != 0) return 64 * w + static_cast<std::uint64_t>(std::countr_zero(free));
    }
    return span_;
  }

  // --- choosing the method -------------------------------------------------------

  // Chooses the mask with the fewest rare heaps in the table so far, and the
  // sparse method only where its O(#rare) per heap size beats the dense scan.
  void review(std::uint64_t n) {
    next_review_ = n + std::max<std::uint64_t>(1024, n / 8);
    set_review_rare_limit();
    if (n < kSparseFrom || span_ > kMaxSparseSpan) {
      set_dense();
      return;
    }
    const std::uint64_t total = n - 1;  // heaps 1 .. n-1
    std::vector<std::int64_t> plain(span_);
    std::vector<std::int64_t> signed_by_parity(span_);
    for (std::uint64_t v = 0; v < span_; ++v) {
      plain[v] = static_cast<std::int64_t>(histogram_[2 * v] + histogram_[2 * v + 1]);
      signed_by_parity[v] = static_cast<std::int64_t>(histogram_[2 * v]) - static_cast<std::int64_t>(histogram_[2 * v + 1]);
    }
    walsh_hadamard(plain);
    walsh_hadamard(signed_by_parity);
    const auto t = static_cast<std::int64_t>(total);
    std::uint64_t best_mask = 0;
    bool best_parity = false;
    std::uint64_t best_rare = total + 1;
    for (std::uint64_t mask = 1; mask < span_; ++mask) {
      const auto rare0 = static_cast<std::uint64_t>((t + plain[mask]) / 2);
      if (rare0 < best_rare) {
        best_rare = rare0;
        best_mask = mask;
        best_parity = false;
      }
      if (heap_parity_ok_) {
        const std::int64_t f = (splits_.front() & 1) ? -signed_by_parity[mask] : signed_by_parity[mask];
        const auto rare1 = static_cast<std::uint64_t>((t + f) / 2);
        if (rare1 < best_rare) {
          best_rare = rare1;
          best_mask = mask;
          best_parity = true;
        }
      }
    }
    // Sparse pays when the rare pairs cost clearly less than the vector scan.
    const bool pays = best_rare * 12 < n;
    if (!pays) {
      set_dense();
      return;
    }
    if (sparse_ && (best_mask == mask_ && best_parity == heap_parity_)) return;
    if (sparse_ && 4 * best_rare >= 3 * rare_.size()) return;  // keep a mask that still works
    mask_ = best_mask;
    heap_parity_ = best_parity;
    sparse_ = true;
    ++rare_generation_;
    rare_.clear();
    rare_value_.clear();
    for_each_value(1, n, [this](std::uint64_t i, V v) {
      if (is_rare(i, v)) {
        rare_.push_back(i);
        rare_value_.push_back(v);
      }
    });
    list_small_rare();
    set_review_rare_limit();
    if (control_.stats != nullptr) {
      control_.stats->rare_mask.store(mask_, std::memory_order_relaxed);
      control_.stats->heap_parity.store(heap_parity_, std::memory_order_relaxed);
      control_.stats->rare_count.store(rare_.size(), std::memory_order_relaxed);
      control_.stats->last_rare.store(rare_.empty() ? 0 : rare_.back(), std::memory_order_relaxed);
    }
  }

  // The rare heaps at which the mask is reviewed before its time: a sixteenth
  // more than now, at least kRareBeforeReview (a review that keeps the mask
  // costs microseconds; one that changes it reads the table once). Grundy's
  // game past 47 million heap sizes under mask 254, whose heaps of value 256
  // are rare, proved 1,682 of them by scans over the whole table before the
  // review at n / 8 took mask 510 (18 s of 2^26's 69 s on two threads, read
  // back from the file by one member while the other waited).
  void set_review_rare_limit() {
    review_rare_limit_ = rare_.size() + std::max<std::size_t>(kRareBeforeReview, rare_.size() / 16);
  }

  void set_dense() {
    sparse_ = false;
    ++rare_generation_;
    rare_.clear();
    rare_value_.clear();
    list_small_rare();
    if (control_.stats != nullptr) {
      control_.stats->rare_mask.store(0, std::memory_order_relaxed);
      control_.stats->rare_count.store(0, std::memory_order_relaxed);
    }
  }

  static constexpr std::uint64_t kNone = ~std::uint64_t{0};
  static constexpr std::uint64_t kUnscanned = kNone - 1;  // a guess whose scan needed values beyond memory
  static constexpr std::uint64_t kUnproved = kNone - 2;   // a guess whose proof is not done (confirm_proved)
  // A started reduction advances at about kProgressCalls calls a round
  // (ProcessGroup::progress), not more often than every few proofs: over MPI
  // each call costs about 1.4 us (MPI_Testall, this machine), as much as a
  // proof, and one every four proofs slowed them by a fifth.
  static constexpr std::size_t kProofsBetweenProgress = 4;
  static constexpr std::size_t kProgressCalls = 4;
  std::size_t progress_step_ = kProofsBetweenProgress;
  static constexpr std::size_t kRareSourcesLooked = 16;  // no_rare_source's rare heaps at most, else false
  static constexpr std::size_t kRareBeforeReview = 64;   // set_review_rare_limit
  // Guesses published to the provers together: each publication takes member 0
  // the cache line the provers watch (0.167's guesses took a quarter longer one at a time).
  static constexpr std::size_t kPublishedTogether = 8;
  // The fewest proofs a claim takes (but the last): a claim moves the cursor's
  // line from core to core, about as long as a proof where the cores share no
  // cache (a round trip of 330 ns against 55, bench/core_round_trip); single
  // proofs were 13 of a round's 32 claims (Grundy's game to 2^22, two threads).
  static constexpr std::size_t kLeastClaim = 4;
  // The dense method marks the pairs (a, rest - a), a <= n / kDensePrefixShare,
  // and scans the rest for the candidates left. Since the marking takes the
  // XORs a vector at a time, a longer prefix pays: 0.007 on one thread, n / 8
  // against n / 6: 0.99 / 0.91 s to 2^17, 3.78-3.83 / 3.35-3.43 s to 2^18,
  // 12.59 / 12.12 s to 2^19 (n / 4 and n / 5 about as good, n / 3 worse).
  static constexpr std::uint64_t kDensePrefixShare = 6;
  // The dense method's candidates are taken from the marks this many at a time,
  // ascending, the next ones only when all those were reached: every value past
  // the table's largest is unmarked (0.007 to 2^18: values to 1,064 of a span
  // of 2,048, about a thousand candidates a heap size), and the answer nearly
  // always lies among the first few.
  static constexpr std::uint64_t kCandidateBatch = 64;
  static constexpr std::uint64_t kSparseFrom = 4096;
  static constexpr std::uint64_t kDenseTeamFrom = std::uint64_t{1} << 12;
  static constexpr std::uint64_t kDenseTimedFrom = std::uint64_t{1} << 16;
  static constexpr std::uint64_t kDenseGroupFrom = std::uint64_t{1} << 14;  // a reduction per block pays from here
  static constexpr std::uint64_t kDenseBlockWork = std::uint64_t{1} << 22;  // heap sizes summed
  static constexpr std::uint64_t kMaxSparseSpan = std::uint64_t{1} << 16;

  S& g_;
  const KernelControl& control_;
  // The rules as the members read them, at every heap size, in the kernel's
  // own lines: the caller's rules may share a cache line with the table's
  // vector, whose end member 0 writes at every value (Grundy's game to 2^23 on
  // two threads: 621 of the other member's samples on one load of
  // unequal_split(), none once kept here).
  bool unequal_split_;
  std::uint64_t max_take_;
  // The takes k >= 1 that may leave one heap (of n - k, where k < n), ascending:
  // a heap size's one-heap options without testing every digit (0.167 has two).
  boost::container::static_vector<std::uint64_t, HeapRules::kMaxDigits> one_heap_takes_;
  std::array<std::uint8_t, HeapRules::kMaxDigits> digits_{};
  boost::container::static_vector<std::uint64_t, HeapRules::kMaxDigits> splits_;  // the digits allowing two heaps
  bool heap_parity_ok_ = false;

  std::uint64_t max_value_ = 0;
  std::uint64_t span_ = 16;
  // The largest value seen at kTypicalCount heap sizes or more: it sets the prefix.
  static constexpr std::uint64_t kTypicalCount = 16;
  std::uint64_t typical_max_ = 0;
  std::uint64_t prefix_length_ = 0;  // set_lengths
  std::uint64_t block_length_ = 0;
  std::uint64_t speculated_block_length_ = 0;
  bool speculated_blocks_ = false;  // block_length() is speculated blocks' (a team's or a group's; run_blocks)
  Scratch scratch_[1];
  double one_thread_cost_ = 0;  // seconds per unit of dense work (n summed), one thread
  bool parallel_off_ = false;
  // The dense method on the team.
  std::vector<Scratch> team_scratch_;  // one per member
  DenseGuesses dense_guesses_;        // the speculated heap sizes' guesses
  std::uint64_t dense_redone_ = 0;     // heap sizes whose speculated value an option into the block reached
  detail::SpeculatedTimes dense_times_;  // this call's team times: wall, overlapped, serial CPU (for a report)
  ChunkPlan chunks_;                     // the sparse-space method on a team by chunks (run_chunks)
  struct ChunkFailure {
    std::uint64_t heap = 0;   // the heap size whose proof failed (0: none)
    std::uint64_t value = 0;  // the value its proof found (kNone: spoiled by a test, computed in order)
  };
  ChunkFailure chunk_failure_;                    // where run_chunks' proofs failed
  static constexpr std::uint64_t kChunkLead = 4;  // chunks marked ahead of the guesses, per member
  std::vector<std::uint64_t> histogram_;  // [2 * value + heap parity]

  bool sparse_ = false;
  std::uint64_t mask_ = 0;
  bool heap_parity_ = false;
  std::vector<std::uint64_t> rare_;        // rare heaps, ascending
  std::vector<V> rare_value_;             // their values
  std::uint64_t rare_generation_ = 0;     // counts the times rare_ was rebuilt (it otherwise only grows)
  std::uint64_t next_review_ = 0;
  std::size_t review_rare_limit_ = 0;  // set_review_rare_limit
  std::uint64_t sparse_steps_ = 0;
  std::uint64_t dense_steps_ = 0;

  // The block method's state.
  detail::TeamLease team_;
  bool group_stopped_ = false;  // a process of the group asked to stop: all stop after the same block
  bool alone_ = false;          // a group's process computes a stretch by itself (run_blocks_alone)
  std::uint64_t start_ = 0;     // the heap size this call started from
  static constexpr std::uint64_t kValueChunk = std::uint64_t{1} << 18;  // values per read of for_each_value
  // The latest guesses a guess's pairs read apart from the table (open_candidates):
  // from member 0's window of them, or one by one from guess_values_.
  static constexpr std::uint64_t kRecentPairs = detail::kWindow;
  // How far ahead member 0 fetches the masks of the heap sizes it guesses.
  static constexpr std::uint64_t kMasksAhead = 16;
  // guess_block_common: a value below the block no rare value's XOR turns into
  // a candidate, and a lane's target no pair reaches.
  static constexpr V kBelowBlock = V{1} << (8 * sizeof(V) - 1);
  static constexpr V kNoCandidate = kBelowBlock - 1;
  static constexpr unsigned kTrials = 3;  // a round of trials: the mode not in use, then the chosen one twice
  static constexpr double kUntimed = std::numeric_limits<double>::infinity();
  double solo_cost_ = kUntimed;  // this round's cheapest trial so far, seconds per heap size, one thread and the team
  double team_cost_ = kUntimed;
  unsigned trials_due_ = kTrials;  // trials of the round still to run (the first call starts with a round)
  bool team_chosen_ = true;        // the mode the last round chose (so the first round starts with one thread)
  bool switch_pending_ = false;    // the last round would change the mode: the round running now confirms it
  unsigned segments_since_trial_ = 0;
  // What the last round of trials timed: the span, the mask and heap parity.
  using Shape = std::tuple<std::uint64_t, std::uint64_t, bool>;
  [[nodiscard]] Shape shape() const { return {span_, mask_, heap_parity_}; }
  Shape timed_shape_;
  static constexpr unsigned kRetrial = 4;  // whole segments between two rounds of trials, at first
  static constexpr unsigned kMaxRetrial = 16;  // at most, once the same mode won round after round by kClearMargin
  static constexpr double kClearMargin = 1.25;
  unsigned retrial_segments_ = kRetrial;
  static constexpr double kTeamMargin = 0.9;
  static constexpr std::uint64_t kTrialLength = std::uint64_t{1} << 15;  // at least (2^13 and 2^16 measured worse)
  // A mode that lost by far (past 5.7x, where 2^15 shortened by the square of
  // the margin reaches this floor): four of a team's blocks. On 16 cores, the
  // team about 10x faster, a round's two one-thread trials sit at the floor:
  // of 2^12 heap sizes (the floor until 2.8x), in the three or four rounds of
  // Grundy's game to 2^24, they would be 2-3% of its wall time, in which one
  // core computes alone.
  static constexpr std::uint64_t kShortestTrial = std::uint64_t{1} << 10;
  double last_margin_ = 1;  // the faster mode's lead in the last round (the slower's cost over the faster's)
  // Each mode's pace in its latest trial (seconds per heap size), and the
  // deadline of the trial running now (kNoDeadline outside trials).
  double solo_pace_ = kUntimed;
  double team_pace_ = kUntimed;
  static constexpr auto kNoDeadline = std::chrono::steady_clock::time_point::max();
  std::chrono::steady_clock::time_point trial_deadline_ = kNoDeadline;
  bool trial_overran_ = false;
  // A group's trials: a group's choices so far were far apart (0.167 alone
  // 1.6x cheaper, Grundy's game shared 1.5x), so shorter trials still tell
  // them apart, and its processes alone cost a third more on Grundy's game.
  static constexpr std::uint64_t kGroupTrialLength = std::uint64_t{1} << 13;
  // The block being finished, the next one, and a group's block after next and block awaiting confirmation.
  BlockShare shares_[4];
  std::vector<detail::BusyLog> busy_;  // per member, the last job's busy spans
  std::vector<std::pair<std::int64_t, int>> events_;  // overlapped_nanoseconds' sweep
  Speculation spec_;
  detail::ProofRuns proof_runs_;  // the round's proofs, a run a member
  SmallRare small_rare_;
  bool scan_own_pairs_ = false;                   // scanned_own_pairs: set with the blocks' mask words
  std::vector<std::uint64_t> guess_values_;       // per heap size of the block: member 0's m
  // A group in memory (run_blocks_ahead): the guesser's guesses of the next block, how many it made,
  // this process's proofs of the block, and how many of a block's proofs the guesser makes.
  std::vector<V> next_guesses_;
  std::size_t next_guessed_ = 0;
  std::vector<std::uint64_t> held_values_;   // the guesses of the block proved last round
  std::vector<std::uint64_t> held_answers_;  // and its proofs' answers, from the reduction
  std::vector<std::size_t> own_proofs_;
  detail::ProofShare proof_share_;              // how the block's proofs are shared (set_proof_owners)
  detail::ProofShare held_share_;               // and those of the block proved last round
  std::vector<std::size_t> held_proof_counts_;  // the guesses each process proves of the block proved last round
  std::vector<std::size_t> held_own_proofs_;    // this process's proofs of the block proved last round
  std::vector<std::uint32_t> held_owners_;      // their prover each, where an answer must be decoded
  std::vector<std::uint64_t> near_cuts_;     // the near pass's stretches' bounds, in heap sizes (near_part)
  // What near_cuts_ were counted for: the near partner list (near_lists_
  // counts the lists prepare_near made), the block length, the stretches.
  struct NearCutsKey {
    std::uint64_t list = 0;
    std::uint64_t length = 0;
    std::uint64_t stretches = 0;
    bool operator==(const NearCutsKey&) const = default;
  };
  std::uint64_t near_lists_ = 0;
  NearCutsKey near_cuts_key_;
  std::vector<std::pair<std::size_t, std::size_t>> distant_runs_;  // choose_own_partners
  std::vector<detail::SharePiece> tile_pieces_;                    // and its tiles of far_part
  bool guesser_apart_ = false;  // set by each group method: run_blocks_ahead's guesser (near_sharers, far_part)
  std::vector<std::uint64_t> part_times_;    // the processes' own times from the last reduction
  std::vector<PartLayout> parts_;            // exchange_ahead's parts
  std::vector<std::size_t> part_counts_;
  static constexpr std::uint64_t kFarSteps = 32;
  static constexpr std::uint32_t kProverWeight = 64;  // a prover's weight at the start, in steps
  static constexpr unsigned kWeightRounds = 16;
  std::vector<std::uint32_t> prover_weights_;  // set_proof_owners, balance_processes
  std::vector<std::uint64_t> prover_times_;    // the provers' times summed over the last weight_rounds_
  unsigned weight_rounds_ = 0;
  std::uint64_t guesser_load_ = std::numeric_limits<std::uint64_t>::max();  // guesser_far_steps(), guesser_quota()
  bool confirm_in_round_ = false;  // member 0 confirms proved guesses in the round (confirm_proved)
  bool confirm_stopped_ = false;   // it met a guess to confirm after the round
  std::uint64_t confirm_begin_ = 0;  // the block's first heap size
  std::size_t confirmed_ = 0;      // the block's guesses it confirmed
  std::vector<std::uint64_t> guess_answers_;      // per heap size of the block: its proof's answer
  std::vector<std::uint32_t> guess_candidates_;    // span_ per heap size: its scan's candidates
  std::vector<V> guess_lanes_;                     // guess_block_common's guesses, after kBelowBlock padding
  // guess_block_common's pairs (h, n - k - h) that read one of the latest
  // kWidth - 1 values, compared with m a vector at a time (one by one they
  // were a fifth of the guesser's chain): lane j of a layer holds g(h) for
  // h + k = kWidth - 1 - j, `valid` all ones there (a layer has one pair a
  // lane; pairs that share one go to further layers).
  struct ShortLayer {
    alignas(16) V values[Lanes<V>::kWidth] = {};
    alignas(16) V valid[Lanes<V>::kWidth] = {};
  };
  std::vector<ShortLayer> short_layers_;
  std::vector<std::uint32_t> guess_counts_;        // per heap size: its candidates (full_guesses_)
  // Member 0's full guesses: the latest 16 in ascending order, and g(1 .. 16),
  // the pairs (a, n - a) with a <= 16 in one vector (guess_block).
  alignas(32) std::uint16_t recent_guesses_[detail::kWindow] = {};
  std::uint16_t first_values_[detail::kWindow] = {};
  bool recent_window_ = false;
  // Member 0's guesses find the candidates too, and the proofs only scan: on
  // two members of one process, where a proof finding them again was most of
  // the speculation's extra work (Grundy's game from 2^23 on 2 threads: 775-781
  // -> 726-737 ms); from three members on, the guesses are the serial part
  // and stay short, as on every process of a group.
  bool full_guesses_ = false;
  std::vector<std::uint64_t> near_combined_;  // the next block's share and near pairs, combined (combine_round)
  std::vector<std::uint64_t> near_masks_;  // [word * L + i]: the next block's near pairs, marked by the members
  NearPart near_part_;                     // this process's part of them (start_near_pass)
  std::vector<std::uint64_t> near_tile_partners_;   // near_part's count of the partners each tile marks
  std::chrono::steady_clock::duration guessing_{};  // member 0's guesses of the last block (a group's report)
  std::uint64_t team_overlap_ = 0;                  // the last team job's overlapped time (run_team)
  struct alignas(64) TeamScan {         // a member's pairs read back (first_unreached_on_team)
    std::vector<V> lo;
    std::vector<V> hi;
  };
  std::vector<TeamScan> team_scan_;
  std::vector<std::uint64_t> exchange_;  // a group's exchange of a round (exchange_ahead, combine_exchange)
  BlockShare near_share_;  // the partners below near (mark_near)
  std::vector<V> near_values_;  // the values just below the block, then padding (mark_near)
  std::uint64_t rare_parity_[2][detail::kMaxMaskWords] = {};
  std::uint64_t common_parity_[2][detail::kMaxMaskWords] = {};
};

}  // namespace

template <class V>
std::uint64_t extend_fast(const HeapRules& rules, std::vector<V>& g, std::uint64_t upto,
                          const KernelControl& control) {
  if (g.empty()) g.push_back(0);
  if (any_allows(rules, 3) || !any_allows(rules, 2) || g.size() > upto) return extend_plain(rules, g, upto, control);
  VectorValues<V> store(g);
  FastKernel<V, VectorValues<V>> kernel(rules, store, control);
  return kernel.run(upto);
}

std::uint64_t extend_fast_streamed(const HeapRules& rules, StreamedValues& g, std::uint64_t upto,
                                   const KernelControl& control) {
  if (!streams(rules)) throw Error("extend_fast_streamed: the game has no two-heap splits or has three-heap ones");
  if (g.size() == 0) g.push_back(0);
  if (g.size() > upto) return g.size();
  // In a group, the reads beyond memory are made alike by every process, from the
  // first one's file, while the kernel runs (and its state is rebuilt from the values).
  struct SharedReads {
    StreamedValues& g;
    ~SharedReads() { g.share_reads(nullptr); }
  } const shared{g};
  if (control.group != nullptr && control.group->size() > 1) g.share_reads(control.group);
  FastKernel<std::uint16_t, StreamedValues> kernel(rules, g, control);
  return kernel.run(upto);
}

template std::uint64_t extend_fast<std::uint16_t>(const HeapRules&, std::vector<std::uint16_t>&, std::uint64_t,
                                                   const KernelControl&);
template std::uint64_t extend_fast<std::uint32_t>(const HeapRules&, std::vector<std::uint32_t>&, std::uint64_t,
                                                   const KernelControl&);

}  // namespace grundy::heap
