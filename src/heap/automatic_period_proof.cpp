// The arithmetic-periodicity proof for any saltus (docs/heap_tables.md, "Any
// saltus: a proof by automata"). The claimed values G (the table below
// B = max(n0, 1) + p, then G(u + p*q) = G(u) + s*q) equal g exactly when G
// follows the mex rule at every heap size N >= 1 (g is the only function that
// does). Every relation needed is read by an automaton over binary digits
// (digit_automaton.hpp):
//   graph(h, x)    x = G(h), h >= 1
//   heaps_j(m, y)  m splits into j non-empty heaps whose G nim-sum to y
//   option(N, y)   some move from N leaves a position of value y
// and the claim holds exactly when no word reaches option(N, G(N)), nor
// v < G(N) without option(N, v): proven for every N, whatever s is.
#include <algorithm>
#include <boost/unordered/unordered_flat_set.hpp>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "digit_automaton.hpp"
#include "grundy/heap/arithmetic_periodicity.hpp"
#include "grundy/heap/kernel.hpp"
#include "grundy/heap/moves.hpp"
#include "period_search.hpp"

namespace grundy::heap {

namespace {

using detail::determinize;
using detail::DigitDfa;
using detail::DigitNfa;

static_assert(kMaxProofStates <= (std::size_t{1} << 20U), "states are packed in 20 bits");
// The values of the claim checked against the plain method first (cheap: at
// most 512^3 / 36 three-heap options).
constexpr std::uint64_t kRecomputedValues = 512;
constexpr std::uint64_t kState = (std::uint64_t{1} << 20U) - 1;

// A letter of two tracks: bit 0 the first number's digit, bit 1 the second's.
constexpr unsigned letter2(unsigned first, unsigned second) { return first | (second << 1U); }

// graph(h, x): a start state per heap below B (the rest of h and x still to
// read, q = 0) and per kind u of the periodic part (u + p*q and G(u) + s*q,
// the digits of q guessed one at a time). State: rest of h (30 bits), rest of
// x (33 bits), periodic (1 bit).
template <class V>
std::optional<DigitDfa> graph_automaton(const Periodicity& period, std::span<const V> g) {
  const std::uint64_t p = period.period;
  const std::uint64_t s = period.saltus;
  const std::uint64_t n0 = std::max<std::uint64_t>(period.preperiod, 1);
  const auto pack = [](std::uint64_t h, std::uint64_t x, std::uint64_t periodic) {
    return h | (x << 30U) | (periodic << 63U);
  };
  DigitNfa nfa;
  nfa.tracks = 2;
  for (std::uint64_t h = 1; h < n0 + p; ++h) nfa.starts.push_back(pack(h, g[h], h >= n0 ? 1 : 0));
  nfa.successors = [p, s, pack](std::uint64_t state, unsigned letter, std::vector<std::uint64_t>& out) {
    const std::uint64_t h = state & ((std::uint64_t{1} << 30U) - 1);
    const std::uint64_t x = (state >> 30U) & ((std::uint64_t{1} << 33U) - 1);
    const std::uint64_t periodic = state >> 63U;
    for (std::uint64_t digit = 0; digit <= periodic; ++digit) {
      const std::uint64_t th = h + p * digit;
      const std::uint64_t tx = x + s * digit;
      if (letter2(th & 1U, tx & 1U) == letter) out.push_back(pack(th >> 1U, tx >> 1U, periodic));
    }
  };
  nfa.accepting = [](std::uint64_t state) { return (state & ((std::uint64_t{1} << 63U) - 1)) == 0; };
  return determinize(nfa, kMaxProofStates);
}

// sum(m, y): m = a + b and y = x ^ z for some (a, x) in `left`, (b, z) in
// `right` (automata whose states are below 2^20), the digits of a and x
// guessed. State: left and right states, carry.
std::optional<DigitDfa> sum_automaton(const DigitNfa& left, const DigitNfa& right) {
  const bool same = &left == &right;  // then (a, b) and (b, a) are one state
  const auto pack = [same](std::uint64_t l, std::uint64_t r, std::uint64_t carry) {
    if (same && r < l) std::swap(l, r);
    return l | (r << 20U) | (carry << 40U);
  };
  DigitNfa nfa;
  nfa.tracks = 2;
  for (std::uint64_t l : left.starts) {
    for (std::uint64_t r : right.starts) nfa.starts.push_back(pack(l, r, 0));
  }
  std::vector<std::uint64_t> ls;
  std::vector<std::uint64_t> rs;
  nfa.successors = [&left, &right, pack, ls, rs](std::uint64_t state, unsigned letter,
                                                 std::vector<std::uint64_t>& out) mutable {
    const std::uint64_t carry = state >> 40U;
    const unsigned m = letter & 1U;
    const unsigned y = letter >> 1U;
    for (unsigned a = 0; a < 2; ++a) {
      const unsigned b = m ^ a ^ static_cast<unsigned>(carry);
      const std::uint64_t next_carry = (a + b + carry) >> 1U;
      for (unsigned x = 0; x < 2; ++x) {
        ls.clear();
        rs.clear();
        left.successors(state & kState, letter2(a, x), ls);
        right.successors((state >> 20U) & kState, letter2(b, x ^ y), rs);
        for (std::uint64_t l : ls) {
          for (std::uint64_t r : rs) out.push_back(pack(l, r, next_carry));
        }
      }
    }
  };
  nfa.accepting = [&left, &right](std::uint64_t state) {
    return (state >> 40U) == 0 && left.accepting(state & kState) && right.accepting((state >> 20U) & kState);
  };
  return determinize(nfa, kMaxProofStates);
}

// One kind of move: remove `take` tokens, leave heaps the relation (m, y)
// describes (none: m = 0 and y = 0).
struct MoveKind {
  std::uint64_t take = 0;
  const DigitNfa* heaps = nullptr;
};

// option(N, y): N = take + m with (m, y) in the kind's relation, for some kind.
// State: kind (12 bits), the rest of take still to add (12 bits), the
// relation's state (below 2^20).
std::optional<DigitDfa> option_automaton(const std::vector<MoveKind>& kinds) {
  const auto pack = [](std::uint64_t kind, std::uint64_t rest, std::uint64_t inner) {
    return kind | (rest << 12U) | (inner << 24U);
  };
  DigitNfa nfa;
  nfa.tracks = 2;
  for (std::uint64_t i = 0; i < kinds.size(); ++i) {
    if (kinds[i].heaps == nullptr) {
      nfa.starts.push_back(pack(i, kinds[i].take, 0));
    } else {
      for (std::uint64_t inner : kinds[i].heaps->starts) nfa.starts.push_back(pack(i, kinds[i].take, inner));
    }
  }
  nfa.successors = [&kinds, pack](std::uint64_t state, unsigned letter, std::vector<std::uint64_t>& out) {
    const std::uint64_t kind = state & 0xfffU;
    const std::uint64_t rest = (state >> 12U) & 0xfffU;
    const DigitNfa* heaps = kinds[kind].heaps;
    const unsigned n = letter & 1U;
    const unsigned y = letter >> 1U;
    const unsigned m = (rest & 1U) ^ n;  // N = take + m, digit by digit
    const std::uint64_t next_rest = (rest + m) >> 1U;
    if (heaps == nullptr) {
      if (m == 0 && y == 0) out.push_back(pack(kind, next_rest, 0));
      return;
    }
    const std::size_t from = out.size();
    heaps->successors(state >> 24U, letter2(m, y), out);
    for (std::size_t i = from; i < out.size(); ++i) out[i] = pack(kind, next_rest, out[i]);
  };
  nfa.accepting = [&kinds](std::uint64_t state) {
    const DigitNfa* heaps = kinds[state & 0xfffU].heaps;
    return ((state >> 12U) & 0xfffU) == 0 && (heaps == nullptr || heaps->accepting(state >> 24U));
  };
  return determinize(nfa, kMaxProofStates);
}

// Does the search from state 0 of a product of automata end without reaching
// a state where `bad` holds? `successors` appends every state one letter leads
// to. Past kMaxProofStates states it stops and answers no: nothing is claimed.
template <class Successors, class Bad>
bool never_reaches(Successors successors, Bad bad) {
  std::vector<std::uint64_t> todo{0};
  boost::unordered_flat_set<std::uint64_t> seen{0};
  std::vector<std::uint64_t> next;
  while (!todo.empty()) {
    const std::uint64_t state = todo.back();
    todo.pop_back();
    if (bad(state)) return false;
    next.clear();
    successors(state, next);
    for (std::uint64_t s : next) {
      if (seen.insert(s).second) todo.push_back(s);
    }
    if (seen.size() > kMaxProofStates) return false;
  }
  return true;
}

// No N has an option of value G(N). Letters (N, G(N)); state: graph state,
// option state (20 bits each).
bool no_option_of_own_value(const DigitDfa& graph, const DigitDfa& option) {
  const auto successors = [&](std::uint64_t state, std::vector<std::uint64_t>& out) {
    for (unsigned letter = 0; letter < 4; ++letter) {
      const std::uint32_t a = graph.step(static_cast<std::uint32_t>(state & kState), letter);
      const std::uint32_t b = option.step(static_cast<std::uint32_t>(state >> 20U), letter);
      if (graph.live[a] != 0 && option.live[b] != 0) out.push_back(a | (std::uint64_t{b} << 20U));
    }
  };
  const auto bad = [&](std::uint64_t state) {
    return graph.accepting[state & kState] != 0 && option.accepting[state >> 20U] != 0;
  };
  return never_reaches(successors, bad);
}

// Every N has an option of every value v < G(N). Letters (N, G(N), v); state:
// graph state, state of the complement of `option` (20 bits each), the order
// of v against G(N) so far (0 equal, 1 less, 2 greater: the first digit that
// differs decides).
bool every_smaller_value_reached(const DigitDfa& graph, const DigitDfa& option) {
  const DigitDfa missing = detail::complement(option);
  const auto successors = [&](std::uint64_t state, std::vector<std::uint64_t>& out) {
    for (unsigned letter = 0; letter < 8; ++letter) {
      const unsigned n = letter & 1U;
      const unsigned x = (letter >> 1U) & 1U;
      const unsigned v = letter >> 2U;
      const std::uint32_t a = graph.step(static_cast<std::uint32_t>(state & kState), letter2(n, x));
      const std::uint32_t b = missing.step(static_cast<std::uint32_t>((state >> 20U) & kState), letter2(n, v));
      if (graph.live[a] == 0 || missing.live[b] == 0) continue;
      const std::uint64_t order = (state >> 40U) != 0 || v == x ? (state >> 40U) : (v < x ? 1 : 2);
      out.push_back(a | (std::uint64_t{b} << 20U) | (order << 40U));
    }
  };
  const auto bad = [&](std::uint64_t state) {
    return graph.accepting[state & kState] != 0 && missing.accepting[(state >> 20U) & kState] != 0 &&
           (state >> 40U) == 1;
  };
  return never_reaches(successors, bad);
}

}  // namespace

template <class V>
std::optional<std::uint64_t> automatic_proof_length(const HeapRules& rules, const Periodicity& period,
                                                    std::span<const V> g) {
  const std::uint64_t p = period.period;
  const std::uint64_t s = period.saltus;
  const std::uint64_t n0 = std::max<std::uint64_t>(period.preperiod, 1);
  if (rules.unequal_split() || p == 0 || p > kMaxAutomaticPeriod || s > kMaxAutomaticPeriod ||
      n0 > kMaxAutomaticPeriod || g.size() < n0 + p) {
    return std::nullopt;
  }
  for (std::uint64_t h = 0; h < n0 + p; ++h) {
    if (std::uint64_t{g[h]} >= (std::uint64_t{1} << 32U)) return std::nullopt;
  }
  // The table itself must follow the claim (from n0, where the automata start
  // at n0' = max(n0, 1)): a claim it contradicts fails here at once.
  if (detail::pattern_start(g, g.size(), p, s) > period.preperiod) return std::nullopt;
  // Values that are not the game's (a damaged or hand-made table file) fail
  // here, computed again, before the automata spend their bounds on them.
  const std::uint64_t recomputed = std::min<std::uint64_t>(n0 + p, kRecomputedValues);
  std::vector<V> again{0};
  if (extend_plain(rules, again, recomputed - 1) != recomputed || !std::equal(again.begin(), again.end(), g.begin())) {
    return std::nullopt;
  }
  const std::optional<DigitDfa> graph = graph_automaton(period, g);
  if (!graph) return std::nullopt;
  const DigitNfa one = detail::least_first(*graph);
  std::optional<DigitDfa> two;
  std::optional<DigitDfa> three;
  DigitNfa two_nfa;
  DigitNfa three_nfa;
  std::vector<MoveKind> kinds;
  for (std::uint64_t k = 0; k <= rules.max_take(); ++k) {
    const std::uint8_t digit = rules.digit(k);
    if (allows(digit, 0) && k >= 1) kinds.push_back({.take = k});
    if (allows(digit, 1) && k >= 1) kinds.push_back({.take = k, .heaps = &one});
    if ((allows(digit, 2) || allows(digit, 3)) && !two) {
      if (!(two = sum_automaton(one, one))) return std::nullopt;
      two_nfa = detail::least_first(*two);
    }
    if (allows(digit, 2)) kinds.push_back({.take = k, .heaps = &two_nfa});
    if (allows(digit, 3) && !three) {
      if (!(three = sum_automaton(two_nfa, one))) return std::nullopt;
      three_nfa = detail::least_first(*three);
    }
    if (allows(digit, 3)) kinds.push_back({.take = k, .heaps = &three_nfa});
  }
  const std::optional<DigitDfa> option = option_automaton(kinds);
  if (!option || !no_option_of_own_value(*graph, *option) || !every_smaller_value_reached(*graph, *option)) {
    return std::nullopt;
  }
  return n0 + p;  // G reads the table below n0 + p; the automata cover every heap size
}

template std::optional<std::uint64_t> automatic_proof_length<std::uint16_t>(const HeapRules&, const Periodicity&,
                                                                            std::span<const std::uint16_t>);
template std::optional<std::uint64_t> automatic_proof_length<std::uint32_t>(const HeapRules&, const Periodicity&,
                                                                            std::span<const std::uint32_t>);

}  // namespace grundy::heap
