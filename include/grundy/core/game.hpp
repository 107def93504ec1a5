// The game interface: what the engine needs from any impartial game.
// A game names its Position (regular, hashable, compact) and Move types and writes
// the options of a position into a caller-supplied sink, each option a move and
// the sum of component positions it leaves. The sink is a template parameter, so
// the solver's sink drops moves for free and nothing allocates on the hot path.
//
// REQUIRED
//   using Position = ...;            std::regular, hashable by PositionHash
//   using Move = ...;                a description of one move (any copyable type)
//   template <class Sink> void options(const Position& p, Sink& sink) const;
//       calls sink.add(move, {c1, c2, ...}), sink.add(move, span) or sink.add(move)
//       (an option that leaves nothing) once per option. Every engine sink takes
//       the game's Move type, so a braced move, sink.add({a, b}, {c}), compiles.
//       A sink may also offer add_parts(move, span): components already split as
//       decompose would split them (the solver's does; a game tests for it with
//       requires and may then skip work decompose would repeat).
//       A sink may also offer bool recording() const: false once it only counts
//       the options it is given (the analysis's, past the moves it lists); a game
//       whose components are costly to build may then call sink.add(move).
//       A sink may also offer add_final(move, span): components already atomic,
//       canonical and of no known value (the solver's: a game whose hooks would
//       change nothing skips them).
//       A sink may also declare static constexpr bool drops_moves = true: it
//       ignores moves (the solver's), so a game may pass any move, say one it
//       no longer has (options read ahead into ids).
// OPTIONAL (detected with requires; the fallback when absent in brackets)
//   Position canonical(const Position&) const;      symmetry reduction [identity]
//   void decompose(const Position&, std::vector<Position>& parts) const;
//       appends independent parts whose sum is the position; an atomic position
//       appends itself. Applied to roots and to every option component [no split]
//   std::size_t dense_index(const Position&) const; flat table memo [hash table]
//   Nimber value(const Position&) const;            closed form or table [search]
//   std::optional<Nimber> known_value(const Position&) const;
//       the value of some canonical components without search (closed forms,
//       small tables), std::nullopt for the others; the solver asks it for every
//       option component before the memo, so it must be cheap [search]
//   void prefetch_options(std::span<const Position> next) const;
//       told the components of each position the solver expands (canonical, split,
//       without known values; some may be solved already), so a game that can fetch
//       many positions' options in one call (a Python game's options_many) does [nothing]
//   template <class Sink> void moves_to(const Position&, Nimber target, Sink&) const;
//       exactly the options whose value is target, for positions too large to
//       enumerate [every option, filtered by value]. A sink may offer counting
//       hooks (a game tests for them with requires): full() (it lists no more),
//       count(n) (n further options of that value, not listed) and incomplete()
//       (some were neither listed nor counted); a sink without them gets every option.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <span>
#include <vector>

#include <boost/container_hash/hash.hpp>

#include "grundy/core/nimber.hpp"

namespace grundy {

namespace detail {
/// Stands for every sink the engine passes to a game's options().
template <class P, class M>
struct SinkArchetype {
  void add(const M&, std::span<const P>) {}
  void add(const M&, std::initializer_list<P>) {}
  void add(const M&) {}
};
}  // namespace detail

template <class G>
concept Game = requires {
  typename G::Position;
  typename G::Move;
} && std::regular<typename G::Position> &&
  requires(const G& game, const typename G::Position& p,
           detail::SinkArchetype<typename G::Position, typename G::Move>& sink) {
    game.options(p, sink);
  };

template <class G>
using PositionOf = typename G::Position;
template <class G>
using MoveOf = typename G::Move;

template <class G>
concept HasCanonical = requires(const G& game, const PositionOf<G>& p) {
  { game.canonical(p) } -> std::convertible_to<PositionOf<G>>;
};

template <class G>
concept HasDecompose = requires(const G& game, const PositionOf<G>& p, std::vector<PositionOf<G>>& parts) {
  game.decompose(p, parts);
};

template <class G>
concept HasDenseIndex = requires(const G& game, const PositionOf<G>& p) {
  { game.dense_index(p) } -> std::convertible_to<std::size_t>;
};

template <class G>
concept HasValue = requires(const G& game, const PositionOf<G>& p) {
  { game.value(p) } -> std::convertible_to<Nimber>;
};

template <class G>
concept HasKnownValue = requires(const G& game, const PositionOf<G>& p) {
  { game.known_value(p) } -> std::same_as<std::optional<Nimber>>;
};

template <class G>
concept HasPrefetchOptions = requires(const G& game, std::span<const PositionOf<G>> next) {
  game.prefetch_options(next);
};

/// A sink with the counting hooks of moves_to (full, count, incomplete).
template <class Sink>
concept CountingSink = requires(Sink& sink, const Sink& view, std::uint64_t n) {
  { view.full() } -> std::convertible_to<bool>;
  sink.count(n);
  sink.incomplete();
};

template <class G>
concept HasMovesTo = requires(const G& game, const PositionOf<G>& p, Nimber target,
                              detail::SinkArchetype<PositionOf<G>, MoveOf<G>>& sink) {
  game.moves_to(p, target, sink);
};

/// Hashes a position: std::hash where it exists, else boost::hash (which covers
/// std::array, std::pair, std::tuple and std::vector of hashable types).
template <class P>
struct PositionHash {
  std::size_t operator()(const P& p) const {
    if constexpr (requires { std::hash<P>{}(p); }) {
      return std::hash<P>{}(p);
    } else {
      return boost::hash<P>{}(p);
    }
  }
};

/// Applies the game's canonical hook, or returns the position unchanged.
template <Game G>
PositionOf<G> canonical_of(const G& game, const PositionOf<G>& p) {
  if constexpr (HasCanonical<G>) {
    return game.canonical(p);
  } else {
    return p;
  }
}

/// Appends the independent parts of p (p itself when the game cannot split it).
template <Game G>
void decompose_into(const G& game, const PositionOf<G>& p, std::vector<PositionOf<G>>& parts) {
  if constexpr (HasDecompose<G>) {
    game.decompose(p, parts);
  } else {
    parts.push_back(p);
  }
}

}  // namespace grundy
