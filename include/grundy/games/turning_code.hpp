// Turning codes: which sets of coins a move of a coin-turning game may turn.
// A code is a comma-separated list of items; an item is a count of coins (3),
// a range (1-3) or an open range (1+), then modifiers: C (consecutive), C(n)
// (within n adjacent coins), E (equally spaced), S (symmetric about their centre),
// F (coin 1, the strip's leftmost, is among them). A set is legal when some item
// allows it; its rightmost coin is the one turned from heads to tails. The
// notation is CGSuite's (docs/games.md states the semantics).
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::games {

/// One item of a turning code.
struct TurningItem {
  enum class Spacing { any, consecutive, equal, symmetric };
  static constexpr std::uint32_t kUnbounded = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t min_coins = 1;
  std::uint32_t max_coins = 1;           // kUnbounded for "k+"
  std::uint32_t span = kUnbounded;       // C(n): the coins lie within n adjacent positions
  Spacing spacing = Spacing::any;
  bool leftmost = false;                 // F: coin 1 is among the coins turned
  friend bool operator==(const TurningItem&, const TurningItem&) = default;
};

class TurningCode {
 public:
  /// The largest count or span a code may name.
  static constexpr std::uint32_t kMaxNumber = 1'000'000;

  /// Reads a code ("1-3", "1+C", "2-3,6C", "3C(5)", "4FS"); throws InputError
  /// (one line) on malformed text: empty items, a count of 0, a range whose end is
  /// below its start, unknown or repeated modifiers, two spacing modifiers.
  static TurningCode parse(std::string_view text);

  [[nodiscard]] const std::vector<TurningItem>& items() const { return items_; }
  /// The code in its normal spelling (upper case, items as parsed).
  [[nodiscard]] const std::string& text() const { return text_; }

  /// True when turning exactly these coins (positions from 1, ascending, the
  /// last one the coin turned from heads to tails) is a legal move.
  [[nodiscard]] bool allows(std::span<const std::uint32_t> coins) const;

  /// Calls visit(coins) once for every legal set whose rightmost coin is
  /// `rightmost` (ascending positions, each set once), in a fixed order.
  void for_each_move(std::uint32_t rightmost, const std::function<void(std::span<const std::uint32_t>)>& visit) const;

  /// The largest number of coins one move turns (kUnbounded for an open range).
  [[nodiscard]] std::uint32_t max_coins() const;

  friend bool operator==(const TurningCode& a, const TurningCode& b) { return a.items_ == b.items_; }

 private:
  std::vector<TurningItem> items_;
  std::string text_;
};

/// True when `item` alone allows turning these coins (ascending positions from 1).
[[nodiscard]] bool item_allows(const TurningItem& item, std::span<const std::uint32_t> coins);

}  // namespace grundy::games
