// The plain method, the reference: for each n, every option's value into a
// seen-set, then the mex. With control.threads >= 2 heap sizes are
// speculated ahead of the finish (speculated_blocks.hpp): the members take heap
// sizes from a shared cursor and list the values of the options whose heaps all
// lie below what is committed (nearly all of them); member 0 finishes each n in
// order with the few options that reach higher, while the others go on. The
// same values on any number of threads.
#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <span>

#include "busy_log.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/moves.hpp"
#include "grundy/heap/take_break_code.hpp"
#include "speculated_blocks.hpp"
#include "worker_team.hpp"

namespace grundy::heap {

namespace {

// The seen-set of one heap size: a byte per value, cleared by walking the values
// actually set (cheaper than clearing the whole array when it is large).
class SeenValues {
 public:
  // Inline where the options are visited (most values are seen already): the
  // team's driver is large enough that the compiler would otherwise call it,
  // which once doubled the speculation's time.
  [[gnu::always_inline]] void mark(std::uint64_t v) {
    if (v < seen_.size() && seen_[v]) return;
    mark_new(v);
  }
  std::uint64_t mex_and_clear() {
    std::uint64_t mex = 0;
    while (mex < seen_.size() && seen_[mex]) ++mex;
    clear();
    return mex;
  }
  /// The distinct values marked so far, in marking order.
  [[nodiscard]] const std::vector<std::uint64_t>& marked() const { return marked_; }
  void clear() {
    for (std::uint64_t v : marked_) seen_[v] = 0;
    marked_.clear();
  }

 private:
  void mark_new(std::uint64_t v) {
    if (v >= seen_.size()) seen_.resize(std::bit_ceil(v + 1), 0);
    seen_[v] = 1;
    marked_.push_back(v);
  }

  std::vector<std::uint8_t> seen_;
  std::vector<std::uint64_t> marked_;
};

// Calls visit(parts) for the options of a heap of n whose largest heap is at
// least `low` (reaching = true) or all of whose heaps are below it (false).
template <class Visit>
void for_each_option_by_reach(const HeapRules& rules, std::uint64_t n, std::uint64_t low, bool reaching,
                              Visit&& visit) {
  for_each_shape(rules, n, [&](std::uint64_t k, unsigned heaps) {
    const std::uint64_t rest = n - k;
    if (heaps == 0) {
      if (!reaching) visit(std::span<const std::uint64_t>());
    } else if (heaps == 1) {
      const std::array<std::uint64_t, 1> parts{rest};
      if ((rest >= low) == reaching) visit(std::span<const std::uint64_t>(parts));
    } else if (heaps == 2) {
      // The larger heap rest - a reaches low while a <= rest - low.
      const std::uint64_t last = last_pair_first(rules, rest);
      const std::uint64_t split = rest >= low ? rest - low + 1 : 1;  // first a below low
      const std::uint64_t from = reaching ? 1 : split;
      const std::uint64_t to = reaching ? std::min(last + 1, split) : last + 1;
      for (std::uint64_t a = from; a < to; ++a) {
        const std::array<std::uint64_t, 2> parts{a, rest - a};
        visit(std::span<const std::uint64_t>(parts));
      }
    } else {
      for (std::uint64_t a = 1; 3 * a <= rest; ++a) {
        // c = rest - a - b reaches low while b <= rest - a - low.
        const std::uint64_t last = (rest - a) / 2;
        const std::uint64_t split = rest - a >= low ? std::max(a, rest - a - low + 1) : a;
        const std::uint64_t from = reaching ? a : split;
        const std::uint64_t to = reaching ? std::min(last + 1, split) : last + 1;
        for (std::uint64_t b = from; b < to; ++b) {
          const std::array<std::uint64_t, 3> parts{a, b, rest - a - b};
          visit(std::span<const std::uint64_t>(parts));
        }
      }
    }
  });
}

template <class V>
std::uint64_t value_of(std::span<const std::uint64_t> parts, const std::vector<V>& g) {
  std::uint64_t v = 0;
  for (std::uint64_t part : parts) v ^= g[part];
  return v;
}

// Heap sizes from which blocks pay, and the work (options) a block aims at.
constexpr std::uint64_t kBlocksFrom = 256;
constexpr std::uint64_t kBlockWork = std::uint64_t{1} << 18;

// The speculated-blocks method (speculated_blocks.hpp) of the plain method.
template <class V>
class PlainBlocks {
 public:
  PlainBlocks(const HeapRules& rules, std::vector<V>& g, const KernelControl& control)
      : rules_(rules), g_(g), control_(control), team_(detail::lease_team(control.threads)), seen_(team_->size()) {}

  // Computes g(n) for n up to end - 1; false when a value does not fit V.
  bool run(std::uint64_t end) {
    g_.reserve(end);  // members read the values while member 0 appends
    detail::SpeculatedTimes times;
    const bool fits = detail::run_speculated(*team_, *this, g_.size(), end, times) != detail::BlocksOutcome::cut;
    if (control_.stats != nullptr) {
      control_.stats->overlapped_nanoseconds.fetch_add(static_cast<std::uint64_t>(times.overlapped.count()),
                                                       std::memory_order_relaxed);
    }
    return fits;
  }

  // The speculated-blocks interface.
  // Two blocks of about kBlockWork options, as the team once took in turns.
  [[nodiscard]] std::uint64_t lead(std::uint64_t n) const {
    const std::uint64_t per_n = any_allows(rules_, 3) ? n * n / 12 + 1 : n + 1;
    return 2 * std::max<std::uint64_t>(std::min(kBlockWork / per_n, n / 4), 2 * team_->size());
  }
  void prepare(std::uint64_t capacity) { below_.resize(capacity); }
  void speculate(std::uint64_t n, std::uint64_t known, unsigned t) {
    SeenValues& seen = seen_[t];
    for_each_option_by_reach(rules_, n, known, false,
                             [&](std::span<const std::uint64_t> parts) { seen.mark(value_of(parts, g_)); });
    Below& below = below_[n & (below_.size() - 1)];
    below.values = seen.marked();
    below.known = known;
    seen.clear();
  }
  bool finish(std::uint64_t n) {
    SeenValues& seen = seen_[0];
    const Below& below = below_[n & (below_.size() - 1)];
    for (std::uint64_t v : below.values) seen.mark(v);
    for_each_option_by_reach(rules_, n, below.known, true,
                             [&](std::span<const std::uint64_t> parts) { seen.mark(value_of(parts, g_)); });
    const std::uint64_t value = seen.mex_and_clear();
    if (value > std::numeric_limits<V>::max()) return false;
    g_.push_back(static_cast<V>(value));
    if ((n & 1023) == 0 && control_.progress != nullptr) control_.progress->store(n + 1, std::memory_order_relaxed);
    return true;
  }
  [[nodiscard]] bool stopped() const {
    return control_.stop != nullptr && control_.stop->load(std::memory_order_relaxed);
  }

 private:
  const HeapRules& rules_;
  std::vector<V>& g_;
  const KernelControl& control_;
  detail::TeamLease team_;
  std::vector<SeenValues> seen_;                      // one per member
  struct Below {
    std::vector<std::uint64_t> values;  // the values of the options whose heaps all lie below known
    std::uint64_t known = 0;
  };
  std::vector<Below> below_;  // heap size n's in entry n % below_.size()
};

// The plain method for a generalized code (HeapRules::general): one thread, the
// options listed by for_each_code_option; a stop request is seen within a heap
// size too (a heap that splits into many parts has very many options).
template <class V>
std::uint64_t extend_by_code(const TakeBreakCode& code, std::vector<V>& g, std::uint64_t upto,
                             const KernelControl& control) {
  const auto stopped = [&control] { return control.stop != nullptr && control.stop->load(std::memory_order_relaxed); };
  SeenValues seen;
  for (std::uint64_t n = g.size(); n <= upto && !stopped(); ++n) {
    std::uint64_t listed = 0;
    const bool whole = for_each_code_option(code, n, [&](std::uint64_t, std::span<const std::uint64_t> parts) {
      seen.mark(value_of(parts, g));
      return (++listed & 0xffff) != 0 || !stopped();
    });
    const std::uint64_t value = seen.mex_and_clear();
    if (!whole || value > std::numeric_limits<V>::max()) break;
    g.push_back(static_cast<V>(value));
    if ((n & 1023) == 0 && control.progress != nullptr) control.progress->store(n + 1, std::memory_order_relaxed);
  }
  if (control.progress != nullptr) control.progress->store(g.size(), std::memory_order_relaxed);
  return g.size();
}

}  // namespace

template <class V>
std::uint64_t extend_plain(const HeapRules& rules, std::vector<V>& g, std::uint64_t upto,
                           const KernelControl& control) {
  if (g.empty()) g.push_back(0);
  if (rules.general() != nullptr) {
    // One worker whatever the threads: the general codes have no shared method.
    const detail::StretchClock serial(control.stats, &KernelStats::alone_nanoseconds, control.threads >= 2);
    return extend_by_code(*rules.general(), g, upto, control);
  }
  const auto stopped = [&control] { return control.stop != nullptr && control.stop->load(std::memory_order_relaxed); };
  const auto progress = [&control](std::uint64_t valid) {
    if (control.progress != nullptr) control.progress->store(valid, std::memory_order_relaxed);
  };
  const bool threaded = control.threads >= 2;
  SeenValues seen;
  bool fits = true;
  {
    const detail::StretchClock serial(control.stats, &KernelStats::alone_nanoseconds, threaded);
    for (std::uint64_t n = g.size(); n <= upto && (!threaded || n < kBlocksFrom); ++n) {
      if (stopped()) break;
      for_each_option(rules, n,
                      [&](std::uint64_t, std::span<const std::uint64_t> parts) { seen.mark(value_of(parts, g)); });
      const std::uint64_t value = seen.mex_and_clear();
      if (value > std::numeric_limits<V>::max()) {
        fits = false;
        break;
      }
      g.push_back(static_cast<V>(value));
      if ((n & 1023) == 0) progress(n + 1);
    }
  }
  if (threaded && fits && g.size() >= kBlocksFrom && g.size() <= upto && !stopped()) {
    const detail::StretchClock serial(control.stats, &KernelStats::waiting_nanoseconds, true);
    PlainBlocks<V> blocks(rules, g, control);
    blocks.run(upto + 1);
  }
  progress(g.size());
  return g.size();
}

template std::uint64_t extend_plain<std::uint16_t>(const HeapRules&, std::vector<std::uint16_t>&, std::uint64_t,
                                                    const KernelControl&);
template std::uint64_t extend_plain<std::uint32_t>(const HeapRules&, std::vector<std::uint32_t>&, std::uint64_t,
                                                    const KernelControl&);

}  // namespace grundy::heap
