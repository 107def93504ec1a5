// Exact misère outcomes of sums of heaps, by a memoised search over whole
// positions (a sorted list of heap sizes): the outcome queries the quotient's
// construction asks. Heaps without a move are the empty game and are dropped, so
// equal games share one memo entry. Explicit stack: no recursion depth limit.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "grundy/core/search_limits.hpp"
#include "grundy/heap/rules.hpp"

namespace grundy::misere::detail {

/// Heap sizes (at most 4096), ascending; in a position, moveless heaps are dropped.
using Heaps = std::vector<std::uint16_t>;

/// Hash of a Heaps value (FNV-1a over the sizes).
struct HeapsHash {
  std::size_t operator()(const Heaps& heaps) const noexcept;
};

/// Misère outcomes of sums of heaps 1..upto of one game.
class OutcomeOracle {
 public:
  /// Lists the distinct options of every heap 1..upto. `limits` must outlive the oracle.
  OutcomeOracle(const heap::HeapRules& rules, std::uint64_t upto, const SearchLimits& limits);

  /// The heaps sorted, moveless ones dropped.
  [[nodiscard]] Heaps normalise(Heaps heaps) const;
  /// The distinct options of heap h: the heaps each leaves (ascending, moveless dropped).
  [[nodiscard]] const std::vector<Heaps>& options(std::uint64_t h) const { return options_[h]; }
  /// True when the heap has a move.
  [[nodiscard]] bool has_moves(std::uint64_t h) const { return !options_[h].empty(); }
  /// True when the (normalised) sum is a misère P-position: it has a move and every
  /// move leaves an N-position. The empty sum is an N-position (no move: you win).
  bool is_p(const Heaps& position);
  /// From now on, sums of heaps below `below` are answered by `delta` (delta[s][h], state 0
  /// the empty sum) and `p`: an automaton proven right for them, which ends the search there.
  void set_known(std::uint64_t below, std::vector<std::vector<std::uint32_t>> delta, std::vector<bool> p);
  /// A guess of which positions are P (the automaton being learnt): the search tries
  /// the moves to guessed P-positions first, so a good guess proves N at the first
  /// move. Only the order of the search changes; the answers stay exact.
  void set_guide(std::function<bool(const Heaps&)> guess) { guess_ = std::move(guess); }
  /// Positions held in the memo.
  [[nodiscard]] std::size_t memo_size() const { return memo_.size(); }

 private:
  void children(const Heaps& position, std::vector<Heaps>& out) const;
  void record(const Heaps& position, bool p);
  // The known outcome of a position of heaps below known_below_, if it is one.
  [[nodiscard]] int known(const Heaps& position) const;
  [[nodiscard]] bool has_known_p_child(const std::vector<Heaps>& children) const;

  std::string name_;
  std::vector<std::vector<Heaps>> options_;
  const SearchLimits* limits_;
  SearchWatch watch_;
  boost::unordered_flat_map<Heaps, bool, HeapsHash> memo_;  // flat: one probe, no node to chase
  std::uint64_t memo_bytes_ = 0;
  std::function<bool(const Heaps&)> guess_;
  std::uint64_t known_below_ = 0;
  std::vector<std::vector<std::uint32_t>> known_delta_;
  std::vector<bool> known_p_;
};

}  // namespace grundy::misere::detail
