#include "digit_automaton.hpp"

#include <algorithm>
#include <boost/container_hash/hash.hpp>
#include <boost/unordered/unordered_flat_map.hpp>
#include <memory>

namespace grundy::heap::detail {

namespace {

// Explicit edges of an automaton: edges[state << tracks | letter] lists the
// states one letter leads to.
using Edges = std::vector<std::vector<std::uint32_t>>;

Edges reversed(const Edges& edges, unsigned tracks) {
  Edges back(edges.size());
  const std::size_t letters = std::size_t{1} << tracks;
  for (std::size_t from = 0; from < edges.size(); ++from) {
    for (std::uint32_t to : edges[from]) {
      back[(std::size_t{to} << tracks) | (from & (letters - 1))].push_back(static_cast<std::uint32_t>(from >> tracks));
    }
  }
  return back;
}

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
      for (std::uint32_t p : back[(std::size_t{q} << tracks) | letter]) {
        if (marks[p] == 0) {
          marks[p] = 1;
          todo.push_back(p);
        }
      }
    }
  }
}

// Subset construction over explicit edges from the set `start`; a set accepts
// when it holds a state `accepting` marks. Nothing past max_states sets, or
// past 64 * max_states states in all the sets kept (memory).
std::optional<DigitDfa> subsets(unsigned tracks, const Edges& edges, std::vector<std::uint32_t> start,
                                const std::vector<char>& accepting, std::size_t max_states) {
  using Set = std::vector<std::uint32_t>;
  const unsigned letters = 1U << tracks;
  boost::unordered_flat_map<Set, std::uint32_t, boost::hash<Set>> index;
  std::vector<Set> sets;
  std::size_t kept = 0;
  const auto intern = [&](Set set) -> std::optional<std::uint32_t> {
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    const auto found = index.find(set);
    if (found != index.end()) return found->second;
    kept += set.size();
    if (sets.size() >= max_states || kept > 64 * max_states) return std::nullopt;
    const auto id = static_cast<std::uint32_t>(sets.size());
    index.emplace(set, id);
    sets.push_back(std::move(set));
    return id;
  };
  (void)intern(std::move(start));
  DigitDfa dfa;
  dfa.tracks = tracks;
  Set reached;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const Set current = sets[i];  // sets grows below
    dfa.accepting.push_back(
        std::any_of(current.begin(), current.end(), [&](std::uint32_t q) { return accepting[q] != 0; }) ? 1 : 0);
    for (unsigned letter = 0; letter < letters; ++letter) {
      reached.clear();
      for (std::uint32_t q : current) {
        const std::vector<std::uint32_t>& to = edges[(std::size_t{q} << tracks) | letter];
        reached.insert(reached.end(), to.begin(), to.end());
      }
      const std::optional<std::uint32_t> id = intern(reached);
      if (!id) return std::nullopt;
      dfa.next.push_back(*id);
    }
  }
  return dfa;
}

Edges edges_of(const DigitDfa& dfa) {
  Edges edges(dfa.next.size());
  for (std::size_t i = 0; i < dfa.next.size(); ++i) edges[i] = {dfa.next[i]};
  return edges;
}

void set_live(DigitDfa& dfa) {
  dfa.live = dfa.accepting;
  mark_reaching(reversed(edges_of(dfa), dfa.tracks), dfa.tracks, false, dfa.live);
}

// Moore's refinement: states merge until no letter tells them apart; the
// start keeps number 0 (classes are numbered in order of their first state).
DigitDfa minimise(const DigitDfa& dfa) {
  const std::size_t states = dfa.size();
  const unsigned letters = 1U << dfa.tracks;
  std::vector<std::uint32_t> cls(states);
  for (std::size_t q = 0; q < states; ++q) cls[q] = dfa.accepting[q] != dfa.accepting[0] ? 1 : 0;
  std::size_t classes = std::find(cls.begin(), cls.end(), 1U) == cls.end() ? 1 : 2;
  std::vector<std::uint32_t> signature(letters + 1);
  for (;;) {
    boost::unordered_flat_map<std::vector<std::uint32_t>, std::uint32_t, boost::hash<std::vector<std::uint32_t>>> ids;
    std::vector<std::uint32_t> refined(states);
    for (std::size_t q = 0; q < states; ++q) {
      signature[0] = cls[q];
      for (unsigned letter = 0; letter < letters; ++letter) {
        signature[letter + 1] = cls[dfa.step(static_cast<std::uint32_t>(q), letter)];
      }
      refined[q] = ids.try_emplace(signature, static_cast<std::uint32_t>(ids.size())).first->second;
    }
    cls.swap(refined);
    if (ids.size() == classes) break;
    classes = ids.size();
  }
  DigitDfa out;
  out.tracks = dfa.tracks;
  out.next.assign(classes << dfa.tracks, 0);
  out.accepting.assign(classes, 0);
  for (std::size_t q = 0; q < states; ++q) {
    out.accepting[cls[q]] = dfa.accepting[q];
    for (unsigned letter = 0; letter < letters; ++letter) {
      out.next[(std::size_t{cls[q]} << dfa.tracks) | letter] = cls[dfa.step(static_cast<std::uint32_t>(q), letter)];
    }
  }
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
    if (states.size() > max_states) return std::nullopt;
    for (unsigned letter = 0; letter < letters; ++letter) {
      out.clear();
      nfa.successors(states[i], letter, out);
      std::vector<std::uint32_t> to;
      to.reserve(out.size());
      for (std::uint64_t s : out) to.push_back(id(s));
      edges.push_back(std::move(to));
    }
  }
  const std::size_t count = states.size();
  std::vector<char> starts(count, 0);
  for (std::uint64_t s : nfa.starts) starts[number.at(s)] = 1;
  std::vector<char> accepting(count);
  for (std::size_t q = 0; q < count; ++q) accepting[q] = nfa.accepting(states[q]) ? 1 : 0;
  const Edges back = reversed(edges, nfa.tracks);
  mark_reaching(back, nfa.tracks, true, accepting);  // a word is in the relation when a padding of it is
  // Most significant digit first: the reversed edges, from the accepting states.
  const std::optional<DigitDfa> backward = subsets(nfa.tracks, back, marked(accepting), starts, max_states);
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
    const std::vector<std::uint32_t>& from = (*back)[(state << tracks) | letter];
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
