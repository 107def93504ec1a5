#include "digit_automaton.hpp"

#include <algorithm>
#include <boost/container_hash/hash.hpp>
#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>
#include <memory>
#include <span>

namespace grundy::heap::detail {

namespace {

// Bounds beside the number of states, per state allowed: the explicit
// automaton's edges and the states held in all the sets of the subset
// construction (memory), and the edges the construction follows (time: about
// a second at most; the largest proofs seen, 0.609's three-heap moves, follow
// 12 million).
constexpr std::size_t kEdgesPerState = 16;
constexpr std::size_t kSetWordsPerState = 32;
constexpr std::size_t kFollowedEdgesPerState = 64;

// Explicit edges of an automaton, in compressed rows: row r = state << tracks |
// letter lists the states that letter leads to, targets[offsets[r] .. offsets[r + 1]).
struct Edges {
  std::vector<std::uint32_t> offsets{0};
  std::vector<std::uint32_t> targets;

  [[nodiscard]] std::size_t rows() const { return offsets.size() - 1; }
  [[nodiscard]] std::span<const std::uint32_t> row(std::size_t r) const {
    return {targets.data() + offsets[r], targets.data() + offsets[r + 1]};
  }
  void end_row() { offsets.push_back(static_cast<std::uint32_t>(targets.size())); }
};

Edges reversed(const Edges& edges, unsigned tracks) {
  const std::size_t letters = std::size_t{1} << tracks;
  // Edge from -> to, of row `from` = state << tracks | letter, goes back in row to << tracks | letter.
  const auto back_row = [&](std::size_t from, std::uint32_t to) {
    return (std::size_t{to} << tracks) | (from & (letters - 1));
  };
  Edges back;
  back.offsets.assign(edges.rows() + 1, 0);
  for (std::size_t from = 0; from < edges.rows(); ++from) {
    for (std::uint32_t to : edges.row(from)) ++back.offsets[back_row(from, to) + 1];
  }
  for (std::size_t r = 0; r < edges.rows(); ++r) back.offsets[r + 1] += back.offsets[r];
  back.targets.resize(edges.targets.size());
  std::vector<std::uint32_t> fill(back.offsets.begin(), back.offsets.end() - 1);
  for (std::size_t from = 0; from < edges.rows(); ++from) {
    for (std::uint32_t to : edges.row(from)) {
      back.targets[fill[back_row(from, to)]++] = static_cast<std::uint32_t>(from >> tracks);
    }
  }
  return back;
}

// Distinct sequences of 32-bit words, numbered in order of first sight, each
// kept once in one buffer: the subset construction's sets and the refinement's
// signatures. A sequence is written at the end of the buffer, then kept or
// dropped by `intern`.
class SequenceIndex {
 public:
  SequenceIndex() : index_(0, Hash{this}, Equal{this}) {}
  SequenceIndex(const SequenceIndex&) = delete;
  SequenceIndex& operator=(const SequenceIndex&) = delete;

  /// The buffer: the next sequence's words are appended to it, then interned.
  std::vector<std::uint32_t>& words() { return words_; }

  /// The number of the sequence written since the last call, and whether it is new.
  std::pair<std::uint32_t, bool> intern() {
    const auto id = static_cast<std::uint32_t>(starts_.size() - 1);
    starts_.push_back(words_.size());
    const auto [it, added] = index_.insert(id);
    if (!added) {
      starts_.pop_back();
      words_.resize(starts_.back());
    }
    return {*it, added};
  }
  [[nodiscard]] std::span<const std::uint32_t> operator[](std::uint32_t id) const {
    return {words_.data() + starts_[id], words_.data() + starts_[id + 1]};
  }
  [[nodiscard]] std::size_t size() const { return starts_.size() - 1; }

 private:
  struct Hash {
    const SequenceIndex* self;
    std::size_t operator()(std::uint32_t id) const {
      const std::span<const std::uint32_t> s = (*self)[id];
      return boost::hash_range(s.begin(), s.end());
    }
  };
  struct Equal {
    const SequenceIndex* self;
    bool operator()(std::uint32_t a, std::uint32_t b) const {
      const std::span<const std::uint32_t> x = (*self)[a];
      const std::span<const std::uint32_t> y = (*self)[b];
      return std::equal(x.begin(), x.end(), y.begin(), y.end());
    }
  };
  std::vector<std::uint32_t> words_;
  std::vector<std::size_t> starts_{0};
  boost::unordered_flat_set<std::uint32_t, Hash, Equal> index_;
};

// The states `marks` marks, ascending.
std::vector<std::uint32_t> marked(const std::vector<char>& marks) {
  std::vector<std::uint32_t> states;
  for (std::size_t q = 0; q < marks.size(); ++q) {
    if (marks[q] != 0) states.push_back(static_cast<std::uint32_t>(q));
  }
  return states;
}

// Marks every state from which a marked one is reachable, over any letter or
// over the zero letter (a column of padding) alone; `back` is the reversed edges.
void mark_reaching(const Edges& back, unsigned tracks, bool zero_only, std::vector<char>& marks) {
  const unsigned letters = zero_only ? 1U : 1U << tracks;
  std::vector<std::uint32_t> todo = marked(marks);
  while (!todo.empty()) {
    const std::uint32_t q = todo.back();
    todo.pop_back();
    for (unsigned letter = 0; letter < letters; ++letter) {
      for (std::uint32_t p : back.row((std::size_t{q} << tracks) | letter)) {
        if (marks[p] == 0) {
          marks[p] = 1;
          todo.push_back(p);
        }
      }
    }
  }
}

// Subset construction over explicit edges from the set `start`; a set accepts
// when it holds a state `accepting` marks. Nothing past max_states sets, nor
// past the bounds above.
std::optional<DigitDfa> subsets(unsigned tracks, const Edges& edges, const std::vector<std::uint32_t>& start,
                                const std::vector<char>& accepting, std::size_t max_states) {
  const unsigned letters = 1U << tracks;
  SequenceIndex sets;
  std::vector<std::uint32_t>& pending = sets.words();
  // Interns `set` (sorted, without repeats).
  const auto intern = [&](const std::vector<std::uint32_t>& set) -> std::optional<std::uint32_t> {
    pending.insert(pending.end(), set.begin(), set.end());
    const auto [id, added] = sets.intern();
    if (added && (sets.size() > max_states || pending.size() > kSetWordsPerState * max_states)) return std::nullopt;
    return id;
  };
  (void)intern(start);
  DigitDfa dfa;
  dfa.tracks = tracks;
  // written[q]: the last step (set * letters + letter) that reached q, so each is kept once.
  std::vector<std::uint32_t> written(edges.rows() >> tracks, UINT32_MAX);
  std::vector<std::uint32_t> members;
  std::vector<std::uint32_t> reached;
  std::size_t followed = 0;
  for (std::uint32_t i = 0; i < sets.size(); ++i) {
    members.assign(sets[i].begin(), sets[i].end());  // sets[i] moves when `pending` grows
    bool accepts = false;
    for (std::uint32_t q : members) accepts = accepts || accepting[q] != 0;
    dfa.accepting.push_back(accepts ? 1 : 0);
    for (unsigned letter = 0; letter < letters; ++letter) {
      const std::uint32_t step = (i << tracks) | letter;
      reached.clear();
      for (std::uint32_t q : members) {
        const std::span<const std::uint32_t> row = edges.row((std::size_t{q} << tracks) | letter);
        followed += row.size();
        for (std::uint32_t to : row) {
          if (written[to] != step) {
            written[to] = step;
            reached.push_back(to);
          }
        }
      }
      if (followed > kFollowedEdgesPerState * max_states) return std::nullopt;
      std::sort(reached.begin(), reached.end());
      const std::optional<std::uint32_t> id = intern(reached);
      if (!id) return std::nullopt;
      dfa.next.push_back(*id);
    }
  }
  return dfa;
}

Edges edges_of(const DigitDfa& dfa) {
  Edges edges;
  edges.targets = dfa.next;
  edges.offsets.resize(dfa.next.size() + 1);
  for (std::size_t i = 0; i <= dfa.next.size(); ++i) edges.offsets[i] = static_cast<std::uint32_t>(i);
  return edges;
}

void set_live(DigitDfa& dfa) {
  dfa.live = dfa.accepting;
  mark_reaching(reversed(edges_of(dfa), dfa.tracks), dfa.tracks, false, dfa.live);
}

// The coarsest partition of the states in which states of one class agree on
// `marks` and their successors on each letter fall in the same classes
// (bisimulation; on a deterministic automaton, Moore's refinement): states of
// a class read the same words to a marked state. Classes are numbered in
// order of their first state, so state 0 keeps class 0.
std::vector<std::uint32_t> bisimilar_classes(const Edges& edges, unsigned tracks, const std::vector<char>& marks,
                                             std::size_t& classes) {
  const std::size_t states = marks.size();
  const unsigned letters = 1U << tracks;
  std::vector<std::uint32_t> cls(states, 0);
  classes = 1;
  for (;;) {
    SequenceIndex signatures;
    std::vector<std::uint32_t>& pending = signatures.words();
    std::vector<std::uint32_t> refined(states);
    for (std::size_t q = 0; q < states; ++q) {
      pending.push_back(cls[q]);
      pending.push_back(marks[q] != 0 ? 1 : 0);
      for (unsigned letter = 0; letter < letters; ++letter) {
        // The letter's successor classes, sorted, after their count.
        const std::size_t count_at = pending.size();
        pending.push_back(0);
        for (std::uint32_t to : edges.row((q << tracks) | letter)) pending.push_back(cls[to]);
        std::sort(pending.begin() + static_cast<std::ptrdiff_t>(count_at + 1), pending.end());
        pending.erase(std::unique(pending.begin() + static_cast<std::ptrdiff_t>(count_at + 1), pending.end()),
                      pending.end());
        pending[count_at] = static_cast<std::uint32_t>(pending.size() - count_at - 1);
      }
      refined[q] = signatures.intern().first;
    }
    cls.swap(refined);
    if (signatures.size() == classes) return cls;
    classes = signatures.size();
  }
}

// The automaton with one state per class of bisimilar states (`cls`, numbered
// below `classes`), the edges of each class's first state.
Edges quotient(const Edges& edges, unsigned tracks, const std::vector<std::uint32_t>& cls, std::size_t classes) {
  const std::size_t letters = std::size_t{1} << tracks;
  std::vector<std::uint32_t> first(classes, UINT32_MAX);
  for (std::size_t q = cls.size(); q-- > 0;) first[cls[q]] = static_cast<std::uint32_t>(q);
  Edges out;
  for (std::size_t c = 0; c < classes; ++c) {
    for (std::size_t letter = 0; letter < letters; ++letter) {
      const std::size_t from = out.targets.size();
      for (std::uint32_t to : edges.row((std::size_t{first[c]} << tracks) | letter)) out.targets.push_back(cls[to]);
      std::sort(out.targets.begin() + static_cast<std::ptrdiff_t>(from), out.targets.end());
      out.targets.erase(std::unique(out.targets.begin() + static_cast<std::ptrdiff_t>(from), out.targets.end()),
                        out.targets.end());
      out.end_row();
    }
  }
  return out;
}

// The minimal automaton of `dfa`; its start keeps number 0.
DigitDfa minimise(const DigitDfa& dfa) {
  const Edges edges = edges_of(dfa);
  std::size_t classes = 0;
  const std::vector<std::uint32_t> cls = bisimilar_classes(edges, dfa.tracks, dfa.accepting, classes);
  DigitDfa out;
  out.tracks = dfa.tracks;
  out.next = quotient(edges, dfa.tracks, cls, classes).targets;
  out.accepting.assign(classes, 0);
  for (std::size_t q = 0; q < dfa.size(); ++q) out.accepting[cls[q]] = dfa.accepting[q];
  return out;
}

}  // namespace

std::optional<DigitDfa> determinize(const DigitNfa& nfa, std::size_t max_states) {
  const unsigned letters = 1U << nfa.tracks;
  // The reachable states, numbered, with their edges.
  boost::unordered_flat_map<std::uint64_t, std::uint32_t> number;
  std::vector<std::uint64_t> states;
  const auto id = [&](std::uint64_t state) {
    const auto [it, added] = number.try_emplace(state, static_cast<std::uint32_t>(states.size()));
    if (added) states.push_back(state);
    return it->second;
  };
  for (std::uint64_t s : nfa.starts) id(s);
  Edges edges;
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < states.size(); ++i) {
    if (states.size() > max_states || edges.targets.size() > kEdgesPerState * max_states) return std::nullopt;
    for (unsigned letter = 0; letter < letters; ++letter) {
      out.clear();
      nfa.successors(states[i], letter, out);
      for (std::uint64_t s : out) edges.targets.push_back(id(s));
      edges.end_row();
    }
  }
  const std::size_t count = states.size();
  std::vector<char> starts(count, 0);
  for (std::uint64_t s : nfa.starts) starts[number.at(s)] = 1;
  std::vector<char> accepting(count);
  for (std::size_t q = 0; q < count; ++q) accepting[q] = nfa.accepting(states[q]) ? 1 : 0;
  number = {};
  states = {};
  Edges back = reversed(edges, nfa.tracks);
  edges = {};
  mark_reaching(back, nfa.tracks, true, accepting);  // a word is in the relation when a padding of it is
  // Most significant digit first: the reversed edges, from the accepting
  // states. Bisimilar states merged first keep the sets small.
  std::size_t classes = 0;
  const std::vector<std::uint32_t> cls = bisimilar_classes(back, nfa.tracks, starts, classes);
  back = quotient(back, nfa.tracks, cls, classes);
  std::vector<char> class_starts(classes, 0);
  std::vector<char> class_accepting(classes, 0);
  for (std::size_t q = 0; q < count; ++q) {
    class_starts[cls[q]] = starts[q];
    class_accepting[cls[q]] = class_accepting[cls[q]] != 0 || accepting[q] != 0 ? 1 : 0;
  }
  const std::optional<DigitDfa> backward = subsets(nfa.tracks, back, marked(class_accepting), class_starts, max_states);
  if (!backward) return std::nullopt;
  DigitDfa dfa = minimise(*backward);
  set_live(dfa);
  return dfa;
}

DigitNfa least_first(const DigitDfa& dfa) {
  DigitNfa nfa;
  nfa.tracks = dfa.tracks;
  for (std::uint32_t q = 0; q < dfa.size(); ++q) {
    if (dfa.accepting[q] != 0) nfa.starts.push_back(q);
  }
  auto back = std::make_shared<const Edges>(reversed(edges_of(dfa), dfa.tracks));
  const unsigned tracks = dfa.tracks;
  nfa.successors = [back, tracks](std::uint64_t state, unsigned letter, std::vector<std::uint64_t>& out) {
    const std::span<const std::uint32_t> from = back->row((state << tracks) | letter);
    out.insert(out.end(), from.begin(), from.end());
  };
  nfa.accepting = [](std::uint64_t state) { return state == 0; };
  return nfa;
}

DigitDfa complement(const DigitDfa& dfa) {
  DigitDfa flipped = dfa;
  for (char& accepting : flipped.accepting) accepting = accepting != 0 ? 0 : 1;
  set_live(flipped);
  return flipped;
}

}  // namespace grundy::heap::detail
