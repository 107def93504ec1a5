// Pass-Nim: Nim where every non-empty pile allows one pass (a move that removes
// nothing), usable once per pile by either player; the pass stays with the pile
// as it shrinks. A pile whose pass is used is a plain Nim pile (value n); with the
// pass available g(0) = 0, g(n) = n + 1 for odd n, g(n) = n - 1 for even n >= 2
// (proven by the generic solver in the tests). Closed forms give O(1) answers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "grundy/core/nimber.hpp"

namespace grundy::games {

/// One pile of pass-Nim: its size and whether its pass has been used.
struct PassPile {
  std::uint64_t size = 0;
  bool pass_used = false;
  friend bool operator==(const PassPile&, const PassPile&) = default;
  friend std::size_t hash_value(const PassPile& p) { return (p.size << 1U) ^ (p.pass_used ? 1U : 0U); }
};

class PassNim {
 public:
  using Position = PassPile;
  /// take = 0 is the pass; otherwise take tokens leave from - take.
  struct Move {
    std::uint64_t from;
    std::uint64_t take;
    friend bool operator==(const Move&, const Move&) = default;
  };

  static constexpr std::uint64_t kMaxPile = (std::uint64_t{1} << 63) - 1;

  template <class Sink>
  void options(Position p, Sink& sink) const {
    for (std::uint64_t to = 0; to < p.size; ++to) add_take(p, to, sink);
    if (p.size > 0 && !p.pass_used) sink.add(Move{p.size, 0}, {PassPile{p.size, true}});
  }

  /// The closed form; at most 2^63 for piles up to kMaxPile.
  [[nodiscard]] Nimber value(Position p) const {
    if (p.pass_used || p.size == 0) return p.size;
    return (p.size & 1U) != 0 ? p.size + 1 : p.size - 1;
  }

  /// The options of value `target`, by inverting the closed form: at most two.
  template <class Sink>
  void moves_to(Position p, Nimber target, Sink& sink) const {
    if (p.pass_used) {
      if (target < p.size) add_take(p, target, sink);
      return;
    }
    // A smaller pile keeps its pass: which size m < n has g(m) = target?
    const std::uint64_t m = target == 0 ? 0 : ((target & 1U) != 0 ? target + 1 : target - 1);
    if (m < p.size) add_take(p, m, sink);
    if (p.size > 0 && target == p.size) sink.add(Move{p.size, 0}, {PassPile{p.size, true}});
  }

 private:
  template <class Sink>
  static void add_take(Position p, std::uint64_t to, Sink& sink) {
    if (to == 0) {
      sink.add(Move{p.size, p.size});  // the pile is emptied: nothing is left
    } else {
      sink.add(Move{p.size, p.size - to}, {PassPile{to, p.pass_used}});
    }
  }
};

/// Parses a pile as users write it: "n" (pass available), "n*" or "n:used"
/// (pass used), n from 0 to PassNim::kMaxPile; `what` names the pile in errors
/// ("pile 2"). Throws InputError.
PassPile parse_pass_pile(std::string_view text, std::string_view what);

/// The pile as parse_pass_pile reads it: "n", or "n*" when its pass is used.
std::string format_pass_pile(const PassPile& pile);

}  // namespace grundy::games
