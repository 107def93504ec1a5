// The genus of a component (Conway, On Numbers and Games ch. 12; Winning Ways
// ch. 13): g^{γ0 γ1 γ2 ...}, g its normal value and γk the misère Grundy value
// of the component plus k heaps of *2. The γ's end alternating between some d
// and d XOR 2; the genus is written up to the start of that alternation with
// the pair shown once: 0^120 (an empty heap), 1^031 (a heap of 1), 2^20, 4^146.
// γk is computed by the misère search in grundy mode over the component plus
// small Nim heaps (cost: that search, k+1 times). Tame genera (those of Nim
// positions) give the misère outcome of a sum as misère Nim does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grundy/core/game.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/search_limits.hpp"
#include "grundy/misere/misere_search.hpp"

namespace grundy::misere {

/// A genus: the normal value and the misère terms up to the alternating pair.
struct Genus {
  Nimber normal = 0;
  std::vector<Nimber> terms;  // γ0 .. γm; the last two alternate for ever (γm = γ(m-1) XOR 2)

  /// γk for any k.
  [[nodiscard]] Nimber term(std::uint64_t k) const;
  /// "0^120", "4^146"; terms of 10 or more are written in parentheses, "12^(12,14)".
  [[nodiscard]] std::string text() const;
  friend bool operator==(const Genus&, const Genus&) = default;
};

/// The genus from the normal value and γ0, γ1, ... computed so far, once the
/// last `confirm` terms alternate between some d and d XOR 2; nullopt before that.
[[nodiscard]] std::optional<Genus> genus_from_terms(Nimber normal, std::span<const Nimber> terms,
                                                    std::size_t confirm = 4);

/// True when the genus is that of a Nim position: 0^120, 1^031 or g^{g, g XOR 2}.
[[nodiscard]] bool is_tame(const Genus& genus);

/// A sum of tame components summarised for the genus rule: the nim-sum of the
/// normal values, the number of 1^031 components and of g^{g, g XOR 2} ones.
struct TameSum {
  Nimber nim_sum = 0;
  std::size_t ones = 0;  // components of genus 1^031
  std::size_t big = 0;   // components of genus g^{g, g XOR 2}
  /// Adds (or removes) a tame component; precondition: is_tame(genus).
  void add(const Genus& genus);
  void remove(const Genus& genus);
  /// The outcome by the rule of tame_sum_first_player_wins.
  [[nodiscard]] bool first_player_wins() const { return big > 0 ? nim_sum != 0 : ones % 2 == 0; }
  /// The genus of the sum, that of the Nim position with the same genera (a sum
  /// of tame games is tame and adds like Nim): g^{g, g XOR 2} with g the nim-sum
  /// when some component is g^{g, g XOR 2}; else 0^120 or 1^031 by the parity of
  /// the 1^031 components.
  [[nodiscard]] Genus genus() const;
};

/// The misère outcome of a sum of tame components from their genera (Winning
/// Ways ch. 13, "tame games are played like Nim"): when some component has genus
/// g^{g, g XOR 2} the player to move wins exactly when the nim-sum of the normal
/// values is not 0; otherwise every component is 0^120 or 1^031 and the player to
/// move wins exactly when the number of 1^031 components is even. Precondition:
/// every position reachable in every component has a tame genus.
[[nodiscard]] bool tame_sum_first_player_wins(std::span<const Genus> genera);

/// A component of game G, or a small Nim heap (*1, *2) beside it: the game whose
/// misère Grundy values are the genus's terms.
template <class P>
struct WithHeap {
  std::uint8_t heap = 0;  // 0: the component p; 1 or 2: a Nim heap of that size
  P p{};
  friend bool operator==(const WithHeap&, const WithHeap&) = default;
  friend auto operator<=>(const WithHeap&, const WithHeap&) = default;
  friend std::size_t hash_value(const WithHeap& w) { return PositionHash<P>{}(w.p) * 4 + w.heap; }
};

/// G with Nim heaps of 1 and 2 allowed beside its components (moves are not kept).
template <Game G>
class WithHeaps {
 public:
  using Position = WithHeap<PositionOf<G>>;
  using Move = int;
  explicit WithHeaps(const G& game) : game_(game) {}

  template <class Sink>
  void options(const Position& w, Sink& sink) const {
    if (w.heap != 0) {
      sink.add(0);  // take the whole heap
      if (w.heap == 2) sink.add(0, {Position{1, PositionOf<G>{}}});
      return;
    }
    Forward<Sink> forward{sink, {}};
    game_.options(w.p, forward);
  }
  [[nodiscard]] Position canonical(const Position& w) const {
    return w.heap != 0 ? w : Position{0, canonical_of(game_, w.p)};
  }
  void decompose(const Position& w, std::vector<Position>& parts) const {
    if (w.heap != 0) {
      parts.push_back(w);
      return;
    }
    std::vector<PositionOf<G>> inner;
    decompose_into(game_, w.p, inner);
    for (const auto& p : inner) parts.push_back(Position{0, p});
  }

 private:
  template <class Sink>
  struct Forward {
    Sink& sink;
    std::vector<Position> buffer;
    void add(const MoveOf<G>&, std::span<const PositionOf<G>> components) {
      buffer.clear();
      for (const auto& c : components) buffer.push_back(Position{0, c});
      sink.add(0, std::span<const Position>(buffer));
    }
    void add(const MoveOf<G>& move, std::initializer_list<PositionOf<G>> components) {
      add(move, std::span<const PositionOf<G>>(components.begin(), components.size()));
    }
    void add(const MoveOf<G>&) { sink.add(0); }
  };
  const G& game_;
};

/// Computes genera of G's components, memoising the misère Grundy values of
/// every multiset met (a component with heaps of *2 and *1 beside it).
template <Game G>
class GenusCalculator {
 public:
  /// At most `max_terms` terms are computed; a component whose terms do not
  /// alternate by then has no genus here (nullopt).
  static constexpr std::size_t kDefaultMaxTerms = 10;
  GenusCalculator(const G& game, SearchLimits limits, std::size_t max_terms = kDefaultMaxTerms)
      : with_heaps_(game), search_(with_heaps_, std::move(limits), MisereMode::grundy), max_terms_(max_terms) {}

  /// Replaces the limits of later computations (values already memoised are kept).
  void set_limits(SearchLimits limits) { search_.set_limits(std::move(limits)); }
  [[nodiscard]] std::size_t max_terms() const { return max_terms_; }

  /// The genus of component p, whose normal value is `normal`.
  [[nodiscard]] std::optional<Genus> genus(const PositionOf<G>& p, Nimber normal) {
    return genus_of_sum(std::span<const PositionOf<G>>(&p, 1), normal);
  }

  /// The genus of the sum of `components`, whose normal value is `normal` (the
  /// nim-sum of theirs), by the definition: the misère Grundy values of the sum
  /// plus k heaps of *2 for k = 0, 1, ... until they alternate.
  [[nodiscard]] std::optional<Genus> genus_of_sum(std::span<const PositionOf<G>> components, Nimber normal) {
    std::vector<Nimber> terms;
    std::vector<WithHeap<PositionOf<G>>> sum;
    for (const PositionOf<G>& p : components) sum.push_back({0, p});
    for (std::size_t k = 0; k < max_terms_; ++k) {
      terms.push_back(search_.value(search_.state_of(sum)));
      if (auto done = genus_from_terms(normal, terms)) return done;
      sum.push_back({2, PositionOf<G>{}});
    }
    return std::nullopt;
  }

 private:
  WithHeaps<G> with_heaps_;
  MisereSearch<WithHeaps<G>> search_;
  std::size_t max_terms_;
};

}  // namespace grundy::misere
