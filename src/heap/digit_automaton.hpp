// Finite automata that read numbers in binary, several side by side (one
// track each; a letter is one column of digits). Relations built from
// addition, nim-sum, comparison and a function given by a finite table plus
// g(u + p*q) = g(u) + s*q are all read this way (they are definable in linear
// arithmetic with bitwise operations), so a claim about every heap size
// becomes a question of reaching a state: the arithmetic-periodicity proof for
// any saltus is built on this.
//
// Relations are written least significant digit first, where carries are
// natural (DigitNfa), and kept deterministic most significant digit first
// (DigitDfa), where these automata stay small: the two-heap moves of 0.296
// need 17,147 states least significant digit first, 83 the other way. Numbers
// are padded with zero digits to a common length, and no answer depends on the
// padding, so complementing a DigitDfa is flipping its accepting states.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace grundy::heap::detail {

/// A complete deterministic automaton over letters of `tracks` binary digits,
/// most significant digit first, minimal; state 0 starts.
struct DigitDfa {
  unsigned tracks = 0;
  std::vector<std::uint32_t> next;  // next[state << tracks | letter]
  std::vector<char> accepting;
  std::vector<char> live;  // an accepting state is reachable from it

  [[nodiscard]] std::uint32_t size() const { return static_cast<std::uint32_t>(accepting.size()); }
  [[nodiscard]] std::uint32_t step(std::uint32_t state, unsigned letter) const {
    return next[(std::size_t{state} << tracks) | letter];
  }
};

/// A nondeterministic automaton, least significant digit first, given by
/// functions, its states 64-bit keys: hidden tracks (digits read but not kept)
/// are guessed inside `successors`.
struct DigitNfa {
  unsigned tracks = 0;
  std::vector<std::uint64_t> starts;
  /// Appends the states reached from `state` on `letter`.
  std::function<void(std::uint64_t state, unsigned letter, std::vector<std::uint64_t>& out)> successors;
  std::function<bool(std::uint64_t state)> accepting;
};

/// The minimal DigitDfa of the same relation (a word is in it when zero
/// columns after it reach acceptance), or nothing when the automaton or the
/// subset construction passes `max_states` states (or, bounding memory and
/// time, the automaton 16 * max_states edges, the construction's sets
/// 32 * max_states states in all, or its steps 64 * max_states edges followed).
std::optional<DigitDfa> determinize(const DigitNfa& nfa, std::size_t max_states);

/// The same relation read least significant digit first, to build others on:
/// its states are the DFA's (below dfa.size()), its edges the DFA's reversed.
/// `dfa` must outlive it.
DigitNfa least_first(const DigitDfa& dfa);

/// The automaton of the words `dfa` rejects.
DigitDfa complement(const DigitDfa& dfa);

}  // namespace grundy::heap::detail
