// The misère quotient of a heap game restricted to heaps up to n (Plambeck 2005,
// Plambeck and Siegel 2008, Siegel "Combinatorial Game Theory" ch. V): the finite
// commutative monoid of sums of heaps up to n, two sums being equal when no sum
// added to both tells their misère outcomes apart. Once computed, the outcome and
// the winning moves of any sum of such heaps cost a product per heap.
// Built heap by heap, refining trial monoids until a complete check proves one (quotient_learn.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grundy/core/search_limits.hpp"
#include "grundy/heap/rules.hpp"

namespace grundy::misere {

/// How far compute_quotient may go before it refuses (BudgetExceeded / TimeExceeded).
struct QuotientLimits {
  /// The most elements; a larger (or infinite, "wild") quotient is refused.
  std::size_t max_order = 1000;
  /// Memory (trial monoids, the check's nodes), deadline and stop flag.
  SearchLimits search;
};

/// A finite misère quotient. Elements are numbered 0..order-1, 0 the identity
/// (the empty sum); element words are written in the generators ("1", "a", "ab^2").
struct MisereQuotient {
  std::string game;                               ///< the rules' name ("0.75", "kayles")
  std::string code;                               ///< the code ("0.75"), "grundys-game" for Grundy's game
  std::uint64_t upto = 0;                         ///< heaps 1..upto are covered
  std::vector<std::string> generators;            ///< "a", "b", ...
  std::vector<std::uint64_t> generator_heaps;     ///< the heap each generator stands for
  std::vector<std::string> relations;             ///< "a^2 = 1", "b^3 = b", ... (they present the monoid)
  std::vector<std::string> elements;              ///< element -> its word in the generators
  std::vector<std::vector<std::uint32_t>> table;  ///< table[x][y] = x y
  std::vector<bool> p_portion;                    ///< true for the elements of misère P-positions
  std::vector<std::uint32_t> heap_element;        ///< heap size 0..upto -> element (0 and moveless heaps: the identity)

  /// The number of elements.
  [[nodiscard]] std::size_t order() const { return table.size(); }
  /// The elements of the P-portion, ascending.
  [[nodiscard]] std::vector<std::uint32_t> p_elements() const;
};

/// Computes the misère quotient of the game restricted to heaps 1..upto. Throws
/// InputError when upto is 0 or above 4096, BudgetExceeded (one line naming the game)
/// when the quotient has more than limits.max_order elements or the memory budget is
/// spent, TimeExceeded / Interrupted from limits.search.
MisereQuotient compute_quotient(const heap::HeapRules& rules, std::uint64_t upto, const QuotientLimits& limits);

/// The element of a sum of heaps. Throws InputError when a heap exceeds quotient.upto.
std::uint32_t element_of(const MisereQuotient& quotient, std::span<const std::uint64_t> heaps);

/// True when the sum of heaps is a misère P-position (the player to move loses).
/// Throws InputError when a heap exceeds quotient.upto. O(number of heaps).
bool is_p_position(const MisereQuotient& quotient, std::span<const std::uint64_t> heaps);

/// One winning move of a sum: heap `component` (its size `heap`) loses `take` tokens,
/// the rest left as the heaps `leaves` (ascending, possibly none).
struct QuotientMove {
  std::size_t component = 0;
  std::uint64_t heap = 0;
  std::uint64_t take = 0;
  std::vector<std::uint64_t> leaves;
  friend bool operator==(const QuotientMove&, const QuotientMove&) = default;
};

/// The misère outcome of a sum of heaps and every move to a P-position.
struct QuotientAnswer {
  bool p_position = false;  ///< the player to move loses
  std::uint32_t element = 0;
  std::vector<QuotientMove> winning_moves;  ///< by component, then in the game's move order
};

/// Every move of the game on one heap that leaves a misère P-position, heap by heap;
/// O(number of heaps x options of one heap). Throws InputError past quotient.upto.
std::vector<QuotientMove> winning_moves(const MisereQuotient& quotient, const heap::HeapRules& rules,
                                        std::span<const std::uint64_t> heaps);

/// The outcome and winning moves of a sum of heaps, read from the quotient;
/// nullopt when a heap exceeds quotient.upto. `rules` must be the quotient's game.
std::optional<QuotientAnswer> answer_with_quotient(const MisereQuotient& quotient, const heap::HeapRules& rules,
                                                   std::span<const std::uint64_t> heaps);

}  // namespace grundy::misere
