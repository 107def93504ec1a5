// The pebble game on a directed graph that may have cycles and self-loops: the
// generalized Sprague-Grundy function (C. A. B. Smith 1966; A. S. Fraenkel and
// Y. Yesha 1986) gives every vertex a finite nimber or infinity(K), K the finite
// values among its followers, and sums of pebbles are decided from these values.
// Labelling is iterative (no recursion) and linear on the part of the graph that
// reaches no cycle; see loopy_values for the cost on the rest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/memory_budget.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/games/digraph.hpp"

namespace grundy::games {

/// Who wins from a position, seen by the player to move: win, loss, or a draw
/// (with best play neither side can force an end).
enum class LoopyOutcome : std::uint8_t { kWin, kLoss, kDraw };

/// "first" (the player to move wins), "second" or "draw": the JSON spelling.
std::string_view outcome_name(LoopyOutcome outcome);

/// The generalized Sprague-Grundy value of a position: a finite nimber, or
/// infinity(K) with K the finite values among its followers, in ascending order.
class LoopyValue {
 public:
  /// The finite value 0.
  LoopyValue() = default;
  /// The finite value `nimber`.
  static LoopyValue finite(Nimber nimber);
  /// infinity(K); `k` may be in any order and have repeats.
  static LoopyValue infinity(std::vector<Nimber> k);

  [[nodiscard]] bool is_finite() const { return !infinite_; }
  /// The nimber; only meaningful when is_finite().
  [[nodiscard]] Nimber nimber() const { return nimber_; }
  /// K, ascending without repeats; empty for a finite value.
  [[nodiscard]] const std::vector<Nimber>& infinity_set() const { return k_; }
  /// Whether `x` is in K (false for a finite value).
  [[nodiscard]] bool infinity_contains(Nimber x) const;
  /// Finite 0: loss; finite non-zero: win; infinity(K): win when 0 is in K, else draw.
  [[nodiscard]] LoopyOutcome outcome() const;
  /// "3" or "inf(0,2)" (for people and test messages).
  [[nodiscard]] std::string to_string() const;

  friend bool operator==(const LoopyValue&, const LoopyValue&) = default;

 private:
  bool infinite_ = false;
  Nimber nimber_ = 0;
  std::vector<Nimber> k_;
};

/// The value of every vertex. Algorithm: an iterative depth-first pass first
/// gives every vertex that reaches no cycle its ordinary nimber (mex at
/// post-order, as dag_nimbers). The rest is labelled in rounds m = 0, 1, ...:
/// a vertex still unlabelled in round m has followers of every value below m;
/// it gets m when it has no follower of value m and each of its followers that
/// is unlabelled or infinite has a follower of value m. A counter per vertex of
/// such followers not yet known to have a follower of value m, decremented along
/// reverse edges, finds these vertices without rescanning; at the end of a round
/// the unlabelled vertices with no follower of value m become infinite for good.
/// Cost: O(V + E) on an acyclic graph; in general O((V + E) * (g + 2)) time,
/// g the largest finite value of a vertex that reaches a cycle (each round
/// touches only the edges of vertices still in play), and O(V + E) memory.
/// Throws BudgetExceeded when the working arrays exceed `budget`.
std::vector<LoopyValue> loopy_values(const Digraph& graph, const MemoryBudget& budget = {});

/// How a one-pebble game from a vertex ends with best play. Remoteness (Smith):
/// a vertex with no move is a loss in 0 moves; a win in k moves has a follower
/// that is a loss in k - 1 moves and none in fewer (the winner hurries); a loss
/// in k moves has only followers that are wins, the slowest in k - 1 moves (the
/// loser delays). Wins are odd, losses even; a draw has no remoteness (0 here).
struct Remoteness {
  LoopyOutcome outcome = LoopyOutcome::kDraw;
  std::uint64_t moves = 0;
  friend bool operator==(const Remoteness&, const Remoteness&) = default;
};

/// The remoteness of every vertex by retrograde analysis in O(V + E): terminal
/// vertices are losses; a queue, processed in order of remoteness, makes each
/// predecessor of a loss a win, and each vertex whose counter of followers not
/// yet known to be wins reaches 0 a loss; whatever is left is a draw.
/// Throws BudgetExceeded when the reverse edges exceed `budget`.
std::vector<Remoteness> loopy_remoteness(const Digraph& graph, const MemoryBudget& budget = {});

/// The value of a sum: all finite, the nim-sum; one component infinity(K) and a
/// finite rest of nim-sum a, infinity(K xor a) with K xor a = {k ^ a}; two or
/// more infinite components, infinity({}) (a draw: neither can bring the sum to
/// an all-finite position without the other undoing it).
LoopyValue loopy_sum(std::span<const LoopyValue> components);

/// One move of a sum: the pebble numbered `component` slides from `from` to `to`.
struct LoopyMove {
  std::size_t component;
  Digraph::Vertex from;
  Digraph::Vertex to;
  friend bool operator==(const LoopyMove&, const LoopyMove&) = default;
};

/// A sum of pebbles analysed for a person and for the engine as a player.
struct LoopySumAnalysis {
  std::vector<LoopyValue> components;  // each pebble's value, in order
  LoopyValue value;                    // the sum's value (loopy_sum)
  LoopyOutcome outcome = LoopyOutcome::kLoss;
  /// The moves to a position that is a loss for the opponent (empty unless a
  /// win), the first max_moves of them; winning_moves_count counts them all.
  std::vector<LoopyMove> winning_moves;
  std::uint64_t winning_moves_count = 0;
  /// In a drawn sum, the moves to a position that is still a draw (never one
  /// to a position the opponent wins), the first max_moves of them; empty
  /// unless outcome is kDraw. drawing_moves_count counts them all.
  std::vector<LoopyMove> drawing_moves;
  std::uint64_t drawing_moves_count = 0;
  /// The engine's move: in a win the winning move that wins soonest, in a loss
  /// the move that lasts longest, in a draw a drawing move; none when no pebble
  /// can move. Exact for one pebble (by remoteness); for several, whose sum has
  /// no remoteness formula in its parts, the tie-break uses the moved pebble's
  /// own remoteness (and, in a loss, prefers a pebble that can roam forever).
  std::optional<LoopyMove> best_move;
};

/// Analyses the sum of pebbles on `pebbles` (repeats allowed), given
/// `values = loopy_values(graph)` and `remoteness = loopy_remoteness(graph)`,
/// listing at most `max_moves` winning or drawing moves (all are counted).
/// Cost: O(total out-degree of the pebbles' distinct vertices * log |K|);
/// memory: the moves listed.
LoopySumAnalysis analyze_loopy_sum(const Digraph& graph, std::span<const LoopyValue> values,
                                   std::span<const Remoteness> remoteness, std::span<const Digraph::Vertex> pebbles,
                                   std::size_t max_moves = std::numeric_limits<std::size_t>::max());

}  // namespace grundy::games
