#include "least_sums.hpp"

#include <algorithm>
#include <limits>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include "grundy/core/errors.hpp"

namespace grundy::misere::detail {

namespace {

/// A sum waiting in its bucket: a settled node's sum plus one heap.
struct Pending {
  std::uint64_t top = 0;  // copies of the four largest heaps, largest in the high bits: most sorting ends here
  std::uint32_t parent = 0;
  std::uint32_t heap_index = 0;  // into active
};

constexpr std::size_t kTopHeaps = 4;

/// Option states as a sorted list: short, whatever the number of states (marking
/// walks trial monoids of many states). Reads the flags as they are set.
class StateList {
 public:
  using Word = std::uint32_t;
  StateList(const Candidate& candidate, const HeapOptions& options) : candidate_(candidate), options_(options) {}
  void clear() { words_.clear(); }
  void add(std::uint32_t state) { words_.push_back(state); }
  /// Adds the state of the sum at `from` plus each option of heap h.
  void add_options_of(std::uint32_t from, std::uint16_t h) {
    for (const Heaps& parts : options_.of[h]) words_.push_back(candidate_.run(from, parts));
  }
  void finish() {
    std::sort(words_.begin(), words_.end());
    words_.erase(std::unique(words_.begin(), words_.end()), words_.end());
  }
  [[nodiscard]] bool rule_says_p() const {
    return !words_.empty() && std::none_of(words_.begin(), words_.end(), [&](Word t) { return candidate_.p[t] != 0; });
  }
  template <class Each>
  static void for_each(const Word* begin, const Word* end, Each&& each) {
    for (const Word* at = begin; at != end; ++at) each(*at);
  }
  [[nodiscard]] const std::vector<Word>& words() const { return words_; }
  [[nodiscard]] static std::size_t cached_words() { return 0; }

 private:
  const Candidate& candidate_;
  const HeapOptions& options_;
  std::vector<Word> words_;
};

/// Option states as bits: the checked candidates are small, and a node's set then
/// has a fixed width. The flags must not change during the walk.
class StateBits {
 public:
  using Word = std::uint64_t;
  StateBits(const Candidate& candidate, const HeapOptions& options)
      : candidate_(candidate), options_(options), words_((candidate.states + 63) / 64), p_(words_.size()) {
    for (std::uint32_t s = 0; s < candidate.states; ++s) {
      if (candidate.p[s] != 0) p_[s / 64] |= std::uint64_t{1} << (s % 64);
    }
  }
  void clear() { std::fill(words_.begin(), words_.end(), 0); }
  void add(std::uint32_t state) { words_[state / 64] |= std::uint64_t{1} << (state % 64); }
  /// Adds the states of the sum at `from` plus each option of heap h: computed once
  /// per state and heap (a heap of n tokens may have n/2 options).
  void add_options_of(std::uint32_t from, std::uint16_t h) {
    auto [at, fresh] = of_state_and_heap_.try_emplace(static_cast<std::uint64_t>(from) * candidate_.stride + h);
    if (fresh) {
      at->second.assign(words_.size(), 0);
      for (const Heaps& parts : options_.of[h]) {
        const std::uint32_t t = candidate_.run(from, parts);
        at->second[t / 64] |= std::uint64_t{1} << (t % 64);
      }
    }
    for (std::size_t w = 0; w < words_.size(); ++w) words_[w] |= at->second[w];
  }
  [[nodiscard]] std::size_t cached_words() const { return of_state_and_heap_.size() * words_.size(); }
  void finish() {}
  [[nodiscard]] bool rule_says_p() const {
    bool any = false;
    for (std::size_t w = 0; w < words_.size(); ++w) {
      if ((words_[w] & p_[w]) != 0) return false;
      any = any || words_[w] != 0;
    }
    return any;
  }
  template <class Each>
  static void for_each(const Word* begin, const Word* end, Each&& each) {
    for (const Word* at = begin; at != end; ++at) {
      for (Word bits = *at; bits != 0; bits &= bits - 1) {
        each(static_cast<std::uint32_t>(64 * static_cast<std::size_t>(at - begin) + static_cast<std::size_t>(__builtin_ctzll(bits))));
      }
    }
  }
  [[nodiscard]] const std::vector<Word>& words() const { return words_; }

 private:
  const Candidate& candidate_;
  const HeapOptions& options_;
  std::vector<Word> words_;
  std::vector<Word> p_;
  boost::unordered_flat_map<std::uint64_t, std::vector<Word>> of_state_and_heap_;
};

/// The walk. With kOnePerState a state is a node (marking); otherwise a node is a
/// state and its option states (the check). `visit(state, rule_says_p)` returns
/// true to stop the walk there; the walk then returns that node's sum.
template <bool kOnePerState, class OptionSet, class Visit>
std::optional<HeapCopies> walk(const Candidate& candidate, const HeapOptions& options,
                               const std::vector<std::uint16_t>& active, std::optional<std::size_t> containing,
                               SearchWatch& watch, const MemoryBudget& memory, const std::string& what,
                               Visit&& visit) {
  using Word = typename OptionSet::Word;
  const std::size_t width = active.size();
  std::vector<std::uint32_t> node_state;
  std::vector<std::size_t> option_begin{0};  // node i's option states: pool[begin[i], begin[i+1])
  std::vector<Word> pool;
  std::vector<std::uint16_t> copies;  // width per node
  std::vector<char> state_done(kOnePerState ? candidate.states : 0, 0);
  // The check's nodes, by state and option states (read from the pool).
  const auto node_hash = [&](std::uint32_t node) {
    return static_cast<std::size_t>(
        hash_words(node_state[node], pool.data() + option_begin[node], pool.data() + option_begin[node + 1]));
  };
  const auto node_equal = [&](std::uint32_t a, std::uint32_t b) {
    return node_state[a] == node_state[b] &&
           std::equal(pool.begin() + static_cast<std::ptrdiff_t>(option_begin[a]),
                      pool.begin() + static_cast<std::ptrdiff_t>(option_begin[a + 1]),
                      pool.begin() + static_cast<std::ptrdiff_t>(option_begin[b]),
                      pool.begin() + static_cast<std::ptrdiff_t>(option_begin[b + 1]));
  };
  boost::unordered_flat_set<std::uint32_t, decltype(node_hash), decltype(node_equal)> seen(0, node_hash, node_equal);
  const std::size_t ring = active.empty() ? 1 : active.back() + 1;  // a bucket per token count, reused
  std::vector<std::vector<Pending>> buckets(ring);
  std::size_t pending = 0;
  OptionSet option_states(candidate, options);

  const auto bytes = [&] {
    return node_state.size() * (sizeof(std::uint32_t) + sizeof(std::size_t) + width * 2 + width * sizeof(Pending)) +
           (pool.size() + option_states.cached_words()) * sizeof(Word) + seen.size() * sizeof(std::uint32_t) * 2;
  };
  // Adds the node of option_states; false when the check already has it.
  const auto add_node = [&](std::uint32_t state, std::size_t parent, std::size_t heap_index) {
    const auto node = static_cast<std::uint32_t>(node_state.size());
    node_state.push_back(state);
    pool.insert(pool.end(), option_states.words().begin(), option_states.words().end());
    option_begin.push_back(pool.size());
    if (!kOnePerState && !seen.insert(node).second) {
      node_state.pop_back();
      option_begin.pop_back();
      pool.resize(option_begin.back());
      return false;
    }
    if (kOnePerState) state_done[state] = 1;
    copies.resize(copies.size() + width);  // then copied by index: the parent's row may have moved
    for (std::size_t i = 0; i < width; ++i) copies[node * width + i] = node == 0 ? 0 : copies[parent * width + i];
    if (node != 0) {
      std::uint16_t& count = copies[node * width + heap_index];
      if (count == std::numeric_limits<std::uint16_t>::max()) {
        throw BudgetExceeded(what + ": a sum of more than 65,535 copies of one heap");
      }
      ++count;
    }
    return true;
  };
  // Visits the newest node and queues its sums plus each heap; true when visit stops the walk.
  const auto settle = [&](std::size_t total) -> bool {
    watch.tick([&] {
      memory.require(bytes(), what);
      return std::pair<std::size_t, std::uint64_t>(node_state.size(), bytes());
    });
    const auto node = static_cast<std::uint32_t>(node_state.size() - 1);
    if (visit(node_state[node], option_states.rule_says_p())) return true;
    const std::uint16_t* row = &copies[static_cast<std::size_t>(node) * width];
    const std::size_t top_heaps = std::min(width, kTopHeaps);
    std::uint64_t top = 0;
    for (std::size_t i = width; i-- > width - top_heaps;) top = (top << 16) | row[i];
    for (std::size_t j = 0; j < width; ++j) {
      const std::size_t from_top = width - 1 - j;
      const std::uint64_t plus = from_top < top_heaps ? std::uint64_t{1} << (16 * (top_heaps - 1 - from_top)) : 0;
      buckets[(total + active[j]) % ring].push_back(Pending{top + plus, node, static_cast<std::uint32_t>(j)});
    }
    pending += width;
    return false;
  };

  // The first node: the empty sum, or one copy of the heap every sum must contain.
  option_states.clear();
  std::uint32_t first_state = 0;
  std::size_t first_total = 0;
  if (containing) {
    const std::uint16_t h = active[*containing];
    first_state = candidate.next(0, h);
    first_total = h;
    option_states.add_options_of(0, h);
    option_states.finish();
  }
  add_node(first_state, 0, 0);
  if (containing) copies[*containing] = 1;
  if (settle(first_total)) return HeapCopies(copies.begin(), copies.end());
  std::vector<Pending> entries;
  for (std::size_t total = first_total + 1; pending > 0; ++total) {
    entries.clear();
    std::swap(entries, buckets[total % ring]);
    pending -= entries.size();
    const auto count = [&](const Pending& e, std::size_t i) {
      return copies[e.parent * width + i] + (e.heap_index == i ? 1 : 0);
    };
    std::sort(entries.begin(), entries.end(), [&](const Pending& a, const Pending& b) {
      if (a.top != b.top) return a.top < b.top;
      for (std::size_t i = width - std::min(width, kTopHeaps); i-- > 0;) {
        const int ca = count(a, i);
        const int cb = count(b, i);
        if (ca != cb) return ca < cb;
      }
      return false;
    });
    for (const Pending& e : entries) {
      const std::uint16_t h = active[e.heap_index];
      const std::uint32_t from = node_state[e.parent];
      const std::uint32_t state = candidate.next(from, h);
      if (kOnePerState && state_done[state] != 0) continue;
      // The options of sum + h: each option of the sum plus h, and the sum plus each option of h.
      option_states.clear();
      OptionSet::for_each(pool.data() + option_begin[e.parent], pool.data() + option_begin[e.parent + 1],
                          [&](std::uint32_t t) { option_states.add(candidate.next(t, h)); });
      option_states.add_options_of(from, h);
      option_states.finish();
      if (!add_node(state, e.parent, e.heap_index)) continue;
      if (settle(total)) {
        const std::size_t node = node_state.size() - 1;
        return HeapCopies(copies.begin() + static_cast<std::ptrdiff_t>(node * width),
                          copies.begin() + static_cast<std::ptrdiff_t>((node + 1) * width));
      }
    }
  }
  return std::nullopt;
}

}  // namespace

void mark_p_positions(Candidate& candidate, const HeapOptions& options, const std::vector<std::uint16_t>& active,
                      SearchWatch& watch, const MemoryBudget& memory) {
  std::fill(candidate.p.begin(), candidate.p.end(), 0);
  walk<true, StateList>(candidate, options, active, std::nullopt, watch, memory, "a trial misère quotient",
                        [&](std::uint32_t state, bool rule_says_p) {
                          candidate.p[state] = rule_says_p ? 1 : 0;
                          return false;
                        });
}

std::optional<HeapCopies> least_wrong_sum(const Candidate& candidate, const HeapOptions& options,
                                          const std::vector<std::uint16_t>& active,
                                          std::optional<std::size_t> containing, SearchWatch& watch,
                                          const MemoryBudget& memory, const std::string& game) {
  return walk<false, StateBits>(candidate, options, active, containing, watch, memory,
                                "the misère quotient check of " + game,
                                [&](std::uint32_t state, bool rule_says_p) {
                                  return rule_says_p != (candidate.p[state] != 0);
                                });
}

}  // namespace grundy::misere::detail
