#include "quotient_learn.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "grundy/core/errors.hpp"

namespace grundy::misere::detail {

namespace {

constexpr std::uint32_t kUnset = std::numeric_limits<std::uint32_t>::max();

/// A sequence of heaps, in the order the automaton reads them.
using Word = std::vector<std::uint16_t>;

Heaps merged(const Heaps& a, const Heaps& b) {
  Heaps out(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), out.begin());
  return out;
}

struct KeyHash {
  std::size_t operator()(const std::vector<std::uint64_t>& key) const noexcept {
    std::uint64_t hash = 14695981039346656037ULL;
    for (std::uint64_t word : key) {
      hash ^= word + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2);
    }
    return static_cast<std::size_t>(hash);
  }
};

/// Bits over the states: a set of elements.
class StateSet {
 public:
  explicit StateSet(std::size_t words) : bits_(words, 0) {}
  void set(std::uint32_t s) { bits_[s / 64] |= std::uint64_t{1} << (s % 64); }
  [[nodiscard]] const std::vector<std::uint64_t>& bits() const { return bits_; }
  std::vector<std::uint64_t>& bits() { return bits_; }

 private:
  std::vector<std::uint64_t> bits_;
};

class Learner {
 public:
  Learner(OutcomeOracle& oracle, std::string game, std::uint64_t upto, const QuotientLimits& limits)
      : oracle_(oracle), game_(std::move(game)), upto_(upto), limits_(limits), watch_(limits.search) {}

  QuotientAutomaton run() {
    oracle_.set_guide([this](const Heaps& position) { return guess(position); });
    add_column(Heaps{});
    add_state(Heaps{});
    for (heap_ = 1; heap_ <= upto_; ++heap_) {
      close();
      while (const std::optional<Word> failure = check()) {
        learn_from(counterexample(*failure));
      }
      oracle_.set_known(heap_ + 1, delta_, p_);  // proven right for heaps up to heap_
    }
    oracle_.set_guide(nullptr);
    return QuotientAutomaton{access_, delta_, p_flags()};
  }

 private:
  // The outcome of word + column for every column not yet in `row`.
  void extend(const Heaps& word, std::string& row) {
    for (std::size_t c = row.size(); c < columns_.size(); ++c) {
      row.push_back(oracle_.is_p(merged(word, columns_[c])) ? '1' : '0');
    }
  }

  void add_column(const Heaps& column) {
    if (column_set_.insert(column).second) columns_.push_back(column);
  }

  std::uint32_t add_state(const Heaps& word) {
    if (access_.size() >= limits_.max_order) {
      throw BudgetExceeded(fmt::format(
          "the misère quotient of {} with heaps up to {} has more than {} elements (it may be infinite: the game "
          "is wild there); lower --upto or raise --max-order",
          game_, heap_, limits_.max_order));
    }
    const auto id = static_cast<std::uint32_t>(access_.size());
    std::string row;
    extend(word, row);
    index_.emplace(row, id);
    rows_.push_back(std::move(row));
    access_.push_back(word);
    delta_.emplace_back(upto_ + 1, kUnset);
    delta_.back()[0] = id;
    return id;
  }

  // Gives every state a transition on every heap 1..heap_, adding the states met.
  void close() {
    for (std::size_t s = 0; s < access_.size(); ++s) {
      for (std::uint64_t h = 1; h <= heap_; ++h) {
        if (delta_[s][h] != kUnset) continue;
        const Heaps word = oracle_.normalise(merged(access_[s], Heaps{static_cast<std::uint16_t>(h)}));
        std::string& row = extension_rows_[word];
        extend(word, row);
        const auto found = index_.find(row);
        const std::uint32_t target = found != index_.end() ? found->second : add_state(word);
        delta_[s][h] = target;
      }
    }
  }

  // What the automaton so far says of a position (false where it has no transition yet).
  [[nodiscard]] bool guess(const Heaps& position) const {
    std::uint32_t s = 0;
    for (std::uint16_t h : position) {
      if (h > heap_ || (s = delta_[s][h]) == kUnset) return false;
    }
    return rows_[s][0] == '1';
  }

  [[nodiscard]] std::uint32_t run_word(const Word& word) const {
    std::uint32_t s = 0;
    for (std::uint16_t h : word) s = delta_[s][h];
    return s;
  }

  bool truth(const Word& word) { return oracle_.is_p(oracle_.normalise(Heaps(word.begin(), word.end()))); }

  [[nodiscard]] std::vector<bool> p_flags() const {
    std::vector<bool> p;
    for (const std::string& row : rows_) p.push_back(row[0] == '1');
    return p;
  }

  // The complete check: walks every reachable pair (state of a sum, states of its
  // options) and returns a sum whose pair breaks the misère rule, if any.
  std::optional<Word> check();

  // A word the automaton gets wrong: `failure` itself or one of its options.
  Word counterexample(const Word& failure) {
    if (p_[run_word(failure)] != truth(failure)) return failure;
    for (std::size_t i = 0; i < failure.size(); ++i) {
      for (const Heaps& parts : oracle_.options(failure[i])) {
        Word option(failure.begin(), failure.begin() + static_cast<std::ptrdiff_t>(i));
        option.insert(option.end(), parts.begin(), parts.end());
        option.insert(option.end(), failure.begin() + static_cast<std::ptrdiff_t>(i) + 1, failure.end());
        if (p_[run_word(option)] != truth(option)) return option;
      }
    }
    throw std::logic_error("misère quotient: a failed check without a wrong sum");
  }

  // Adds every suffix of the counterexample as an experiment, then rebuilds the automaton.
  void learn_from(const Word& wrong) {
    const std::size_t before = columns_.size();
    for (std::size_t i = 0; i < wrong.size(); ++i) {
      add_column(oracle_.normalise(Heaps(wrong.begin() + static_cast<std::ptrdiff_t>(i), wrong.end())));
    }
    if (columns_.size() == before) throw std::logic_error("misère quotient: a counterexample with no new experiment");
    index_.clear();
    for (std::size_t s = 0; s < access_.size(); ++s) {
      extend(access_[s], rows_[s]);
      index_.emplace(rows_[s], static_cast<std::uint32_t>(s));
      std::fill(delta_[s].begin() + 1, delta_[s].end(), kUnset);
    }
    close();
  }

  OutcomeOracle& oracle_;
  std::string game_;
  std::uint64_t upto_;
  const QuotientLimits& limits_;
  SearchWatch watch_;
  std::uint64_t heap_ = 0;  // heaps 1..heap_ are in the alphabet
  std::vector<Heaps> columns_;
  std::unordered_set<Heaps, HeapsHash> column_set_;
  std::vector<Heaps> access_;
  std::vector<std::string> rows_;
  std::unordered_map<std::string, std::uint32_t> index_;
  std::vector<std::vector<std::uint32_t>> delta_;
  std::unordered_map<Heaps, std::string, HeapsHash> extension_rows_;
  std::vector<bool> p_;  // P-flags of the states, as of the last check
};

std::optional<Word> Learner::check() {
  p_ = p_flags();
  const std::size_t states = access_.size();
  const std::size_t words = (states + 63) / 64;
  const std::size_t heaps = heap_ + 1;
  limits_.search.memory.require(states * heaps * words * sizeof(std::uint64_t),
                                "the misère quotient check of " + game_);
  // options[(s * heaps + h) * words ...]: the states reached by the options of heap h from state s.
  std::vector<std::uint64_t> options(states * heaps * words, 0);
  for (std::size_t s = 0; s < states; ++s) {
    for (std::uint64_t h = 1; h <= heap_; ++h) {
      std::uint64_t* bits = &options[(s * heaps + h) * words];
      for (const Heaps& parts : oracle_.options(h)) {
        std::uint32_t t = static_cast<std::uint32_t>(s);
        for (std::uint16_t part : parts) t = delta_[t][part];
        bits[t / 64] |= std::uint64_t{1} << (t % 64);
      }
    }
  }
  StateSet p_mask(words);
  for (std::uint32_t s = 0; s < states; ++s) {
    if (p_[s]) p_mask.set(s);
  }
  // Pair keys: the state, then the bits of the option states.
  std::vector<std::vector<std::uint64_t>> keys;
  std::vector<std::pair<std::uint32_t, std::uint16_t>> parent;  // (pair, heap added)
  std::unordered_map<std::vector<std::uint64_t>, std::uint32_t, KeyHash> seen;
  keys.emplace_back(words + 1, 0);
  parent.emplace_back(kUnset, 0);
  seen.emplace(keys[0], 0);
  const auto word_of = [&](std::uint32_t pair, std::uint16_t last) {
    Word word{last};
    for (std::uint32_t at = pair; parent[at].first != kUnset; at = parent[at].first) word.push_back(parent[at].second);
    std::reverse(word.begin(), word.end());
    return word;
  };
  std::vector<std::uint64_t> next(words + 1);
  for (std::uint32_t at = 0; at < keys.size(); ++at) {
    for (std::uint64_t h = 1; h <= heap_; ++h) {
      const auto s = static_cast<std::uint32_t>(keys[at][0]);
      const std::uint32_t s_next = delta_[s][h];
      std::fill(next.begin(), next.end(), 0);
      next[0] = s_next;
      for (std::size_t w = 0; w < words; ++w) {
        for (std::uint64_t bits = keys[at][w + 1]; bits != 0; bits &= bits - 1) {
          const std::uint32_t t = delta_[w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits))][h];
          next[1 + t / 64] |= std::uint64_t{1} << (t % 64);
        }
        next[w + 1] |= options[(s * heaps + h) * words + w];
      }
      bool any = false;
      bool reaches_p = false;
      for (std::size_t w = 0; w < words; ++w) {
        any = any || next[w + 1] != 0;
        reaches_p = reaches_p || (next[w + 1] & p_mask.bits()[w]) != 0;
      }
      if (p_[s_next] != (any && !reaches_p)) return word_of(at, static_cast<std::uint16_t>(h));
      if (seen.contains(next)) continue;
      watch_.tick([&] {
        const std::uint64_t bytes = keys.size() * (words + 1) * sizeof(std::uint64_t) * 3;
        limits_.search.memory.require(bytes, "the misère quotient check of " + game_);
        return std::pair<std::size_t, std::uint64_t>(keys.size(), bytes);
      });
      seen.emplace(next, static_cast<std::uint32_t>(keys.size()));
      keys.push_back(next);
      parent.emplace_back(at, static_cast<std::uint16_t>(h));
    }
  }
  return std::nullopt;
}

}  // namespace

QuotientAutomaton learn_quotient(OutcomeOracle& oracle, const std::string& game, std::uint64_t upto,
                                 const QuotientLimits& limits) {
  return Learner(oracle, game, upto, limits).run();
}

}  // namespace grundy::misere::detail
