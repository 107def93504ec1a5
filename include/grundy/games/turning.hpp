// Coin-turning games (Winning Ways, ch. 14): a strip of coins, heads or tails; a
// move turns over a set of coins the turning code allows, its rightmost coin
// from heads to tails; whoever cannot move loses. TurningStrip plays the strip
// itself (options, misère search); its normal-play value is the nim-sum of g(n)
// over the heads (the heap representation, turning_values.hpp).
// TurningProduct is the product of two such games on a board (Turning Corners,
// the four corners of a rectangle, is Twins x Twins, 2 x 2): a move turns the coins of SA x SB, SA a
// legal set of the first game (rows), SB of the second (columns), its corner
// coin, the last row and column of both, from heads to tails. By the Tartan
// theorem its value is the nim-sum over heads (r, c) of gA(r) * gB(c), the
// nim-product.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/nim_multiply.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/search_limits.hpp"
#include "grundy/games/turning_code.hpp"
#include "grundy/games/turning_values.hpp"

namespace grundy::games {

/// A strip's coins: 'H' heads, 'T' tails, coin 1 first, with no tails after the
/// last head (coins right of every head can never turn: they do not change the game).
using CoinStrip = std::string;

/// Drops the tails after the last head.
inline void trim_tails(CoinStrip& strip) {
  const std::size_t last = strip.find_last_of('H');
  strip.resize(last == std::string::npos ? 0 : last + 1);
}

/// The values g(0..n) of a heap representation, grown on demand.
class TurningValues {
 public:
  /// `plain`: list every legal set (the reference method) instead of using the code's structure.
  explicit TurningValues(TurningCode code, bool plain = false) : code_(std::move(code)), plain_(plain) {}
  /// Makes at(n) serve every n <= length (computing the values when needed;
  /// no doubling: one more heap of a dense code can cost more than all before it).
  void cover(std::uint64_t length, const SearchLimits& limits) {
    if (length < values_.size()) return;
    values_ = plain_ ? turning_values_plain(code_, length, limits) : turning_values(code_, length, limits);
  }
  /// The method cover() uses: "plain", or turning_method(code).
  [[nodiscard]] std::string method() const { return plain_ ? "plain" : turning_method(code_); }
  [[nodiscard]] Nimber at(std::uint64_t n) const { return values_.at(n); }
  [[nodiscard]] std::uint64_t covered() const { return values_.empty() ? 0 : values_.size() - 1; }
  [[nodiscard]] const TurningCode& code() const { return code_; }

 private:
  TurningCode code_;
  bool plain_;
  std::vector<Nimber> values_;
};

class TurningStrip {
 public:
  using Position = CoinStrip;
  using Move = std::vector<std::uint32_t>;  // the coins turned, ascending; the last one was heads

  explicit TurningStrip(TurningCode code, bool plain = false) : values_(std::move(code), plain) {}

  /// Values for every strip up to `length` coins; call before value().
  void cover(std::uint64_t length, const SearchLimits& limits) { values_.cover(length, limits); }

  template <class Sink>
  void options(const Position& p, Sink& sink) const {
    for (std::uint32_t right = 1; right <= p.size(); ++right) {
      if (p[right - 1] != 'H') continue;
      values_.code().for_each_move(right, [&](std::span<const std::uint32_t> coins) {
        Position after = p;
        for (std::uint32_t c : coins) after[c - 1] = after[c - 1] == 'H' ? 'T' : 'H';
        trim_tails(after);
        Move move(coins.begin(), coins.end());
        if (after.empty()) {
          sink.add(move);
        } else {
          sink.add(move, {after});
        }
      });
    }
  }

  [[nodiscard]] Position canonical(const Position& p) const {
    Position q = p;
    trim_tails(q);
    return q;
  }

  /// The nim-sum of g over the heads (normal play). Precondition: cover(p.size()).
  [[nodiscard]] Nimber value(const Position& p) const {
    Nimber total = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (p[i] == 'H') total ^= values_.at(i + 1);
    }
    return total;
  }

  [[nodiscard]] const TurningValues& values() const { return values_; }

 private:
  TurningValues values_;
};

/// A board of coins for a product game: rows of 'H' and 'T', all the same length.
using CoinBoard = std::vector<std::string>;

class TurningProduct {
 public:
  using Position = CoinBoard;
  struct Move {
    std::vector<std::uint32_t> rows;     // the first game's set, ascending
    std::vector<std::uint32_t> columns;  // the second game's set, ascending
    friend bool operator==(const Move&, const Move&) = default;
  };

  TurningProduct(TurningCode rows, TurningCode columns, bool plain = false)
      : rows_(std::move(rows), plain), columns_(std::move(columns), plain) {}

  /// Values for every board up to these sizes; call before value().
  void cover(std::uint64_t rows, std::uint64_t columns, const SearchLimits& limits) {
    rows_.cover(rows, limits);
    columns_.cover(columns, limits);
  }

  template <class Sink>
  void options(const Position& p, Sink& sink) const {
    for (std::uint32_t r = 1; r <= p.size(); ++r) {
      for (std::uint32_t c = 1; c <= p[r - 1].size(); ++c) {
        if (p[r - 1][c - 1] != 'H') continue;
        rows_.code().for_each_move(r, [&](std::span<const std::uint32_t> row_set) {
          columns_.code().for_each_move(c, [&](std::span<const std::uint32_t> column_set) {
            Position after = p;
            bool any_head = false;
            for (std::uint32_t x : row_set) {
              for (std::uint32_t y : column_set) after[x - 1][y - 1] = after[x - 1][y - 1] == 'H' ? 'T' : 'H';
            }
            for (const std::string& row : after) any_head = any_head || row.find('H') != std::string::npos;
            Move move{{row_set.begin(), row_set.end()}, {column_set.begin(), column_set.end()}};
            if (any_head) {
              sink.add(move, {after});
            } else {
              sink.add(move);
            }
          });
        });
      }
    }
  }

  /// The Tartan theorem: the nim-sum of gA(r) * gB(c) over heads. Precondition: cover().
  [[nodiscard]] Nimber value(const Position& p) const {
    Nimber total = 0;
    for (std::size_t r = 0; r < p.size(); ++r) {
      for (std::size_t c = 0; c < p[r].size(); ++c) {
        if (p[r][c] == 'H') total ^= nim_multiply(rows_.at(r + 1), columns_.at(c + 1));
      }
    }
    return total;
  }

  [[nodiscard]] const TurningValues& rows() const { return rows_; }
  [[nodiscard]] const TurningValues& columns() const { return columns_; }

 private:
  TurningValues rows_;
  TurningValues columns_;
};

}  // namespace grundy::games
