// The rect game: bit helpers against plain cell loops, the problem's examples,
// conformance, and an independent brute force over whole-board bitmasks (the
// statement's method) against the engine on every 4x4 board and random 5x5/6x6.
#include "grundy/games/rect.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grundy/core/analysis.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/solver.hpp"
#include "support/conformance.hpp"
#include "support/searched_rect.hpp"
#include "support/sanitizers.hpp"

namespace grundy {
namespace {

using games::Rect;
using Cells = std::uint64_t;

using grundy::testing::kSanitized;

bool cell(Cells cells, int r, int c) { return ((cells >> (8 * r + c)) & 1U) != 0; }
Cells bit(int r, int c) { return Cells{1} << (8 * r + c); }

// A random board of rows x cols in the 8x8 frame, each cell 1 with probability p.
Cells random_board(std::mt19937_64& rng, int rows, int cols, double p) {
  std::bernoulli_distribution one(p);
  Cells cells = 0;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      if (one(rng)) cells |= bit(r, c);
    }
  }
  return cells;
}

// Cell-by-cell symmetry: image k of the 8 (k & 4: transpose, k & 2: flip rows, k & 1: flip columns).
Cells plain_symmetry(Cells cells, int k) {
  Cells out = 0;
  for (int r = 0; r < 8; ++r) {
    for (int c = 0; c < 8; ++c) {
      if (!cell(cells, r, c)) continue;
      int rr = r, cc = c;
      if ((k & 4) != 0) std::swap(rr, cc);
      if ((k & 2) != 0) rr = 7 - rr;
      if ((k & 1) != 0) cc = 7 - cc;
      out |= bit(rr, cc);
    }
  }
  return out;
}

// Moves the cells by (dr, dc) when they stay inside the frame, else returns them unchanged.
Cells plain_shift(Cells cells, int dr, int dc) {
  Cells out = 0;
  for (int r = 0; r < 8; ++r) {
    for (int c = 0; c < 8; ++c) {
      if (!cell(cells, r, c)) continue;
      if (r + dr < 0 || r + dr > 7 || c + dc < 0 || c + dc > 7) return cells;
      out |= bit(r + dr, c + dc);
    }
  }
  return out;
}

// Every all-1 rectangle by four nested loops and a cell check.
std::set<Cells> plain_rectangles(Cells cells) {
  std::set<Cells> found;
  for (int r1 = 0; r1 < 8; ++r1) {
    for (int r2 = r1; r2 < 8; ++r2) {
      for (int c1 = 0; c1 < 8; ++c1) {
        for (int c2 = c1; c2 < 8; ++c2) {
          Cells mask = 0;
          bool full = true;
          for (int r = r1; r <= r2 && full; ++r) {
            for (int c = c1; c <= c2 && full; ++c) {
              full = cell(cells, r, c);
              mask |= bit(r, c);
            }
          }
          if (full) found.insert(mask);
        }
      }
    }
  }
  return found;
}

// The 4-connected components by depth-first search over cells.
std::set<Cells> plain_components(Cells cells) {
  std::set<Cells> parts;
  Cells left = cells;
  while (left != 0) {
    std::vector<std::pair<int, int>> todo{{std::countr_zero(left) / 8, std::countr_zero(left) % 8}};
    Cells part = 0;
    while (!todo.empty()) {
      const auto [r, c] = todo.back();
      todo.pop_back();
      if (r < 0 || r > 7 || c < 0 || c > 7 || !cell(left, r, c)) continue;
      left &= ~bit(r, c);
      part |= bit(r, c);
      todo.insert(todo.end(), {{r + 1, c}, {r - 1, c}, {r, c + 1}, {r, c - 1}});
    }
    parts.insert(part);
  }
  return parts;
}

// The plain method, written independently: memoised search over
// whole-board bitmasks of a rows x cols board (bit i*cols + j), four nested loops
// over rectangles, a set for the mex. No components, no symmetry.
class WholeBoardSearch {
 public:
  WholeBoardSearch(int rows, int cols) : rows_(rows), cols_(cols) {}

  int value(std::uint64_t board) {
    if (board == 0) return 0;
    if (const auto it = memo_.find(board); it != memo_.end()) return it->second;
    std::set<int> seen;
    for (int i = 0; i < rows_; ++i) {
      for (int j = i; j < rows_; ++j) {
        for (int k = 0; k < cols_; ++k) {
          for (int l = k; l < cols_; ++l) {
            std::uint64_t rest = board;
            bool full = true;
            for (int x = i; x <= j && full; ++x) {
              for (int y = k; y <= l && full; ++y) {
                const std::uint64_t b = std::uint64_t{1} << (x * cols_ + y);
                full = (rest & b) != 0;
                rest &= ~b;
              }
            }
            if (full) seen.insert(value(rest));
          }
        }
      }
    }
    int mex = 0;
    while (seen.count(mex) != 0) ++mex;
    memo_.emplace(board, mex);
    return mex;
  }

  // The same board in the engine's 8x8 frame.
  [[nodiscard]] Cells to_frame(std::uint64_t board) const {
    Cells cells = 0;
    for (int r = 0; r < rows_; ++r) {
      for (int c = 0; c < cols_; ++c) {
        if (((board >> (r * cols_ + c)) & 1U) != 0) cells |= bit(r, c);
      }
    }
    return cells;
  }
  [[nodiscard]] std::uint64_t from_frame(Cells cells) const {
    std::uint64_t board = 0;
    for (int r = 0; r < rows_; ++r) {
      for (int c = 0; c < cols_; ++c) {
        if (cell(cells, r, c)) board |= std::uint64_t{1} << (r * cols_ + c);
      }
    }
    return board;
  }

 private:
  int rows_, cols_;
  std::unordered_map<std::uint64_t, int> memo_;
};

TEST(RectBits, SymmetriesMatchCellLoops) {
  std::mt19937_64 rng(1);
  for (int t = 0; t < 500; ++t) {
    const Cells x = rng();
    EXPECT_EQ(games::rect_bits::flip_columns(x), plain_symmetry(x, 1));
    EXPECT_EQ(games::rect_bits::flip_rows(x), plain_symmetry(x, 2));
    EXPECT_EQ(games::rect_bits::transpose(x), plain_symmetry(x, 4));
  }
}

TEST(RectBits, ToCornerTranslates) {
  EXPECT_EQ(games::rect_bits::to_corner(0), 0U);
  EXPECT_EQ(games::rect_bits::to_corner(bit(7, 7)), bit(0, 0));
  EXPECT_EQ(games::rect_bits::to_corner(bit(3, 5) | bit(4, 2)), bit(0, 3) | bit(1, 0));
  std::mt19937_64 rng(2);
  for (int t = 0; t < 300; ++t) {
    const Cells x = random_board(rng, 4, 5, 0.4);
    const Cells moved = plain_shift(x, static_cast<int>(rng() % 5), static_cast<int>(rng() % 4));
    EXPECT_EQ(games::rect_bits::to_corner(moved), games::rect_bits::to_corner(x));
  }
}

TEST(RectBits, RectanglesMatchFourNestedLoops) {
  std::mt19937_64 rng(3);
  for (int t = 0; t < 300; ++t) {
    const double p = 0.3 + 0.7 * static_cast<double>(t % 8) / 7.0;
    const Cells x = random_board(rng, 8, 8, p);
    std::set<Cells> fast;
    std::size_t count = 0;
    games::rect_bits::for_each_rectangle(x, [&](int r1, int c1, int r2, int c2, Cells mask) {
      EXPECT_EQ(mask, games::rect_bits::rectangle_mask(r1, c1, r2, c2));
      EXPECT_EQ(mask & ~x, 0U);
      fast.insert(mask);
      ++count;
    });
    EXPECT_EQ(count, fast.size()) << "a rectangle came twice";
    EXPECT_EQ(fast, plain_rectangles(x));
  }
  std::size_t full = 0;
  games::rect_bits::for_each_rectangle(~Cells{0}, [&](int, int, int, int, Cells) { ++full; });
  EXPECT_EQ(full, 36U * 36U);
}

TEST(RectBits, ComponentsMatchDepthFirstSearch) {
  std::mt19937_64 rng(4);
  for (int t = 0; t < 500; ++t) {
    const Cells x = random_board(rng, 8, 8, 0.2 + 0.6 * static_cast<double>(t % 7) / 6.0);
    std::vector<Cells> parts;
    Rect{}.decompose(x, parts);
    EXPECT_EQ(std::set<Cells>(parts.begin(), parts.end()), plain_components(x));
    EXPECT_EQ(parts.size(), plain_components(x).size());
  }
  std::vector<Cells> none;
  Rect{}.decompose(0, none);
  EXPECT_TRUE(none.empty());
  // A spiral: one long component that needs many fill steps.
  const Cells spiral =
      games::parse_rect_board("11111111/00000001/11111101/10000101/10111101/10000001/11111111/00000000").cells;
  std::vector<Cells> one;
  Rect{}.decompose(spiral, one);
  ASSERT_EQ(one.size(), 1U);
  EXPECT_EQ(one[0], spiral);
}

TEST(RectBits, SplitAfterClearingGivesTheComponents) {
  std::mt19937_64 rng(41);
  std::size_t options = 0, split = 0;
  for (int t = 0; t < 400; ++t) {
    std::vector<Cells> parts;
    Rect{}.decompose(random_board(rng, 8, 8, 0.5 + 0.4 * static_cast<double>(t % 5) / 4.0), parts);
    for (const Cells component : parts) {
      games::rect_bits::for_each_rectangle(component, [&](int r1, int c1, int r2, int c2, Cells mask) {
        const Cells rest = component & ~mask;
        if (rest == 0) return;
        Cells pieces[32];
        const std::size_t count = games::rect_bits::split_after_clearing(rest, r1, c1, r2, c2, pieces);
        ASSERT_EQ(std::set<Cells>(pieces, pieces + count), plain_components(rest))
            << "component " << component << " rectangle " << mask;
        ASSERT_EQ(count, plain_components(rest).size());
        ++options;
        split += count > 1;
      });
    }
  }
  EXPECT_GT(split, options / 10);  // the splitting path is well exercised
  EXPECT_LT(split, options);
}

TEST(RectBits, OneArcOfARing) {
  using games::rect_bits::one_arc;
  using games::rect_bits::ring_around;
  const Cells ring = ring_around(2, 2, 3, 4);  // rows 1..4, columns 1..5 minus the rectangle
  EXPECT_TRUE(one_arc(ring));                  // the whole cycle
  EXPECT_TRUE(one_arc(0));
  EXPECT_TRUE(one_arc(bit(1, 1)));
  EXPECT_TRUE(one_arc(bit(1, 1) | bit(1, 2) | bit(2, 1)));  // round the corner
  EXPECT_FALSE(one_arc(bit(1, 1) | bit(1, 3)));
  EXPECT_FALSE(one_arc(bit(1, 2) | bit(4, 2)));           // above and below the rectangle
  EXPECT_FALSE(one_arc(ring & ~bit(1, 3) & ~bit(4, 3)));  // two arcs, each with two ends
  EXPECT_EQ(ring_around(0, 0, 7, 7), 0U);                 // the frame cuts the whole ring
  EXPECT_EQ(ring_around(0, 0, 0, 0), bit(0, 1) | bit(1, 0) | bit(1, 1));
}

// Records what a sink with add_parts receives: the move and the parts.
struct PartsRecorder {
  std::vector<std::pair<Rect::Move, std::set<Cells>>> options;
  void add(const Rect::Move& move, std::span<const Cells> rest) { options.push_back({move, split(rest)}); }
  void add(const Rect::Move& move, std::initializer_list<Cells> rest) {
    add(move, std::span<const Cells>(rest.begin(), rest.size()));
  }
  void add(const Rect::Move& move) { options.push_back({move, {}}); }
  void add_parts(const Rect::Move& move, std::span<const Cells> parts) {
    options.push_back({move, std::set<Cells>(parts.begin(), parts.end())});
  }
  static std::set<Cells> split(std::span<const Cells> rest) {
    std::set<Cells> all;
    for (const Cells c : rest) all.merge(plain_components(c));
    return all;
  }
};

TEST(RectGame, SplitOptionsAreTheComponentsOfThePlainOptions) {
  std::mt19937_64 rng(43);
  for (int t = 0; t < 300; ++t) {
    const Cells x = random_board(rng, 6, 6, 0.4 + 0.5 * static_cast<double>(t % 6) / 5.0);  // often disconnected
    PartsRecorder split;
    Rect{}.options(x, split);
    OptionRecorder<Cells, Rect::Move> plain;
    Rect{}.options(x, plain);
    ASSERT_EQ(split.options.size(), plain.options().size());
    for (std::size_t i = 0; i < split.options.size(); ++i) {
      EXPECT_EQ(split.options[i].first, plain.options()[i].move);
      EXPECT_EQ(split.options[i].second, PartsRecorder::split(plain.options()[i].components)) << x;
    }
  }
}

// The game with the solver's sink seen through an adapter without add_parts: the
// plain path (every option one rest, split by the solver's decompose).
struct PlainRect : Rect {
  template <class Sink>
  struct Plain {
    Sink* sink;
    void add(const Move& m, std::span<const Cells> rest) { sink->add(m, rest); }
    void add(const Move& m, std::initializer_list<Cells> rest) { sink->add(m, rest); }
    void add(const Move& m) { sink->add(m); }
  };
  template <class Sink>
  void options(Position cells, Sink& sink) const {
    Plain<Sink> plain{&sink};
    Rect::options(cells, plain);
  }
};

TEST(RectGame, SplitOptionsGiveThePlainSolversValues) {
  std::mt19937_64 rng(47);
  for (int t = 0; t < 12; ++t) {
    const Cells x = random_board(rng, 6, 6, t % 2 == 0 ? 0.5 : 0.6);
    Solver<Rect> fast{Rect{}};
    Solver<PlainRect> plain{PlainRect{}};
    EXPECT_EQ(fast.value(x), plain.value(x)) << x;
    EXPECT_EQ(fast.memo_size(), plain.memo_size()) << x;
  }
}

TEST(RectGame, StatementExamples) {
  const Rect game;
  Solver<Rect> solver(game);
  const auto a = games::parse_rect_lines("0 1 1 0\n\n0 0 0 0\n\n0 0 0 0\n\n0 0 0 1\n");
  const auto b = games::parse_rect_lines("0 0 1 0\n\n0 0 0 0\n\n0 0 0 0\n\n0 0 0 1\n");
  EXPECT_NE(solver.value(a.cells), 0U);  // A wins
  EXPECT_EQ(solver.value(b.cells), 0U);  // B wins
  // Hand-checked: a domino has value 2 (options: one cell, value 1; nothing, 0), so
  // the first board is 2 xor 1 = 3 and only splitting the domino wins.
  EXPECT_EQ(solver.value(a.cells), 3U);
  Analyzer<Rect> analyzer(game);
  const std::vector<Cells> sum{a.cells};
  const auto analysis = analyzer.analyze(sum);
  ASSERT_EQ(analysis.winning_moves.size(), 2U);
  EXPECT_EQ(games::format_rect_move(analysis.winning_moves[0].move), "(1,2)-(1,2)");
  EXPECT_EQ(games::format_rect_move(analysis.winning_moves[1].move), "(1,3)-(1,3)");
}

TEST(RectGame, HandCheckedValues) {
  Solver<Rect> solver{Rect{}};
  // A line of n cells is Nim with splitting into two heaps (octal .777...): value n.
  for (int n = 1; n <= 8; ++n)
    EXPECT_EQ(solver.value(games::rect_bits::rectangle_mask(2, 0, 2, n - 1)), Nimber(n)) << n;
  // A 2x2 square: clearing it all wins, so its value is not 0.
  EXPECT_NE(solver.value(games::rect_bits::rectangle_mask(0, 0, 1, 1)), 0U);
  // Any full rectangle can be cleared at once, so it is never 0.
  for (int h = 1; h <= 3; ++h) {
    for (int w = 1; w <= 4; ++w) EXPECT_NE(solver.value(games::rect_bits::rectangle_mask(0, 0, h - 1, w - 1)), 0U);
  }
}

TEST(RectGame, WinningMovesKeepTheBoardsCoordinates) {
  // Cells away from the corner: the moves name them where they are, not in canonical form.
  const auto board = games::parse_rect_board("000000/000000/000000/000000/001110");
  const Rect game;
  Analyzer<Rect> analyzer(game);
  const std::vector<Cells> sum{board.cells};
  const auto analysis = analyzer.analyze(sum);
  // A line of 3 has value 3; clearing all of it or just its middle (1 xor 1) wins.
  ASSERT_EQ(analysis.nim_sum, 3U);
  std::set<std::string> moves;
  for (const auto& win : analysis.winning_moves) moves.insert(games::format_rect_move(win.move));
  EXPECT_EQ(moves, (std::set<std::string>{"(5,3)-(5,5)", "(5,4)-(5,4)"}));
}

TEST(RectGame, Conformance) {
  std::mt19937_64 rng(5);
  std::vector<Cells> tiny;  // plain recursion without a memo: at most 7 cells
  std::vector<Cells> small;
  while (tiny.size() < 150) {
    const int rows = 1 + static_cast<int>(rng() % 3), cols = 1 + static_cast<int>(rng() % 4);
    const Cells x = random_board(rng, rows, cols, 0.6);
    if (std::popcount(x) <= 7) tiny.push_back(x);
  }
  const std::size_t small_count = kSanitized ? 60 : 200;
  while (small.size() < small_count) {
    const int rows = 1 + static_cast<int>(rng() % 5), cols = 1 + static_cast<int>(rng() % 5);
    small.push_back(
        plain_shift(random_board(rng, rows, cols, 0.65), static_cast<int>(rng() % 3), static_cast<int>(rng() % 3)));
  }
  testing::expect_conformance(Rect{}, tiny);
  testing::expect_conformance(Rect{}, small, {.brute_force = false});
}

TEST(RectGame, AllFourByFourBoardsMatchWholeBoardSearch) {
  WholeBoardSearch baseline(4, 4);
  Solver<Rect> solver{Rect{}};
  const std::uint64_t step = kSanitized ? 7 : 1;  // every board, or every 7th under sanitizers
  std::size_t first_player_wins = 0, checked = 0;
  for (std::uint64_t board = 0; board < 65536; board += step) {
    const int expected = baseline.value(board);
    const Nimber got = solver.value(baseline.to_frame(board));
    ASSERT_EQ(got, static_cast<Nimber>(expected)) << "board " << board;
    first_player_wins += expected != 0;
    ++checked;
  }
  EXPECT_GT(first_player_wins, checked / 2);
}

// Every set of cells in the 4x4 box: the known-value table against the whole-board
// search (index bit 4r + c is the search's bit r * 4 + c: the same board).
TEST(RectKnownValue, FourByFourTableMatchesWholeBoardSearch) {
  WholeBoardSearch baseline(4, 4);
  const Rect game;
  for (std::uint64_t board = 1; board < 65536; ++board) {
    const Cells cells = baseline.to_frame(board);
    ASSERT_EQ(games::rect_bits::box4_index(cells), board);
    const std::optional<Nimber> known = game.known_value(cells);
    ASSERT_TRUE(known.has_value()) << board;
    ASSERT_EQ(*known, static_cast<Nimber>(baseline.value(board))) << "board " << board;
  }
}

TEST(RectKnownValue, LinesHaveTheirLength) {
  for (int k = 1; k <= 8; ++k) {
    WholeBoardSearch row(1, k), column(k, 1);
    const std::uint64_t all = (std::uint64_t{1} << k) - 1;
    const Cells horizontal = row.to_frame(all), vertical = column.to_frame(all);
    ASSERT_EQ(row.value(all), k);
    ASSERT_EQ(column.value(all), k);
    EXPECT_EQ(Rect{}.known_value(horizontal), std::optional<Nimber>(static_cast<Nimber>(k)));
    EXPECT_EQ(Rect{}.known_value(vertical), std::optional<Nimber>(static_cast<Nimber>(k)));
  }
  // Neither a line nor inside the 4x4 box: searched.
  EXPECT_EQ(Rect{}.known_value(0x1FULL | (0x1FULL << 8)), std::nullopt);
  EXPECT_EQ(Rect{}.known_value(0x0101010101ULL | 0x2ULL), std::nullopt);
}

TEST(RectKnownValue, SolverWithKnownValuesMatchesTheSearchedOne) {
  static_assert(HasKnownValue<Rect> && !HasKnownValue<testing::SearchedRect>);
  std::mt19937_64 rng(71);
  for (int t = 0; t < (kSanitized ? 6 : 24); ++t) {
    const int side = 5 + t % 2;
    const Cells x = random_board(rng, side, side, side == 5 ? 0.7 : 0.5);
    const Rect fast_game;
    const testing::SearchedRect searched_game;
    Solver<Rect> fast(fast_game);
    Solver<testing::SearchedRect> searched(searched_game);
    EXPECT_EQ(fast.value(x), searched.value(x)) << x;
    EXPECT_LE(fast.memo_size(), searched.memo_size()) << x;
    // The winning moves, found from the options' values, agree too.
    Analyzer<Rect> fast_analyzer(fast_game);
    Analyzer<testing::SearchedRect> searched_analyzer(searched_game);
    const std::vector<Cells> sum{x};
    const auto a = fast_analyzer.analyze(sum);
    const auto b = searched_analyzer.analyze(sum);
    ASSERT_EQ(a.winning_moves.size(), b.winning_moves.size()) << x;
    for (std::size_t i = 0; i < a.winning_moves.size(); ++i) {
      EXPECT_EQ(a.winning_moves[i].move, b.winning_moves[i].move) << x;
    }
  }
}

TEST(RectGame, RandomFiveAndSixSquareBoardsMatchWholeBoardSearch) {
  std::mt19937_64 rng(6);
  const int max_ones = kSanitized ? 12 : 15;  // the whole-board search visits up to 2^ones boards
  const int per_case = kSanitized ? 4 : 10;
  for (const int side : {5, 6}) {
    // Dense 6x6 boards almost never have few enough cells for the whole-board search.
    for (const double p : side == 5 ? std::vector<double>{0.3, 0.5, 0.7} : std::vector<double>{0.3, 0.4, 0.5}) {
      WholeBoardSearch baseline(side, side);
      int done = 0;
      for (int attempt = 0; attempt < 5000 && done < per_case; ++attempt) {
        const Cells x = random_board(rng, side, side, p);
        if (std::popcount(x) > max_ones) continue;
        Solver<Rect> solver{Rect{}};
        EXPECT_EQ(solver.value(x), static_cast<Nimber>(baseline.value(baseline.from_frame(x))))
            << side << "x" << side << " p=" << p << " cells " << x;
        ++done;
      }
      EXPECT_GT(done, 0) << side << "x" << side << " p=" << p;
    }
  }
}

TEST(RectGame, CanonicalIsTheBoardMovedToTheCorner) {
  std::mt19937_64 rng(3);
  const Rect game;
  for (int t = 0; t < 300; ++t) {
    const Cells x = plain_shift(random_board(rng, 5, 5, 0.6), static_cast<int>(rng() % 4), static_cast<int>(rng() % 4));
    EXPECT_EQ(game.canonical(x), games::rect_bits::to_corner(x));
  }
}

TEST(RectGame, SymmetricCanonicalIsInvariantUnderTheEightSymmetries) {
  std::mt19937_64 rng(7);
  const Rect game;
  Solver<Rect> solver(game);
  for (int t = 0; t < (kSanitized ? 60 : 300); ++t) {
    const int rows = 1 + static_cast<int>(rng() % 6), cols = 1 + static_cast<int>(rng() % 6);
    const Cells x = random_board(rng, rows, cols, 0.6);
    const Cells c = game.symmetric_canonical(x);
    EXPECT_EQ(game.symmetric_canonical(c), c) << "not idempotent";
    EXPECT_EQ(games::rect_bits::to_corner(c), c) << "not in the corner";
    EXPECT_EQ(std::popcount(c), std::popcount(x));
    const Nimber v = solver.value(x);
    for (int k = 0; k < 8; ++k) {
      const Cells image = plain_shift(plain_symmetry(x, k), -static_cast<int>(rng() % 3), 0);
      EXPECT_EQ(game.symmetric_canonical(image), c) << "symmetry " << k;
      EXPECT_EQ(solver.value(image), v) << "symmetry " << k;
    }
  }
}

TEST(RectGame, SymmetricCanonicalIsTheLeastCorneredImage) {
  // The definition, cell by cell: the least of the 8 images, each moved to the corner.
  std::mt19937_64 rng(17);
  const Rect game;
  for (int t = 0; t < 3000; ++t) {
    const int rows = 1 + static_cast<int>(rng() % 8), cols = 1 + static_cast<int>(rng() % 8);
    const double density = 0.2 + 0.1 * static_cast<double>(rng() % 8);
    const Cells x =
        plain_shift(random_board(rng, rows, cols, density), static_cast<int>(rng() % 4), static_cast<int>(rng() % 4));
    Cells least = ~Cells{0};
    for (int k = 0; k < 8; ++k) least = std::min(least, games::rect_bits::to_corner(plain_symmetry(x, k)));
    EXPECT_EQ(game.symmetric_canonical(x), x == 0 ? 0 : least) << x;
  }
}

TEST(RectGame, SymmetricCanonicalSeparatesDifferentShapes) {
  // Canonical forms agree exactly when the shapes are congruent: compare with the
  // set of all 8 images of every board of up to 3x3.
  const Rect game;
  std::unordered_map<Cells, std::set<Cells>> classes;
  for (std::uint64_t b = 1; b < 512; ++b) {
    Cells x = 0;
    for (int i = 0; i < 9; ++i) {
      if (((b >> i) & 1U) != 0) x |= bit(i / 3, i % 3);
    }
    std::set<Cells> images;
    for (int k = 0; k < 8; ++k) images.insert(games::rect_bits::to_corner(plain_symmetry(x, k)));
    classes[game.symmetric_canonical(x)].insert(*images.begin());
  }
  for (const auto& [canonical, least_images] : classes) {
    EXPECT_EQ(least_images.size(), 1U);
    EXPECT_EQ(*least_images.begin(), canonical);
  }
}

TEST(RectGame, DecomposeAgreesWithWholeBoardSearch) {
  std::mt19937_64 rng(8);
  const Rect game;
  WholeBoardSearch baseline(8, 8);
  for (int t = 0; t < (kSanitized ? 30 : 150); ++t) {
    const Cells x = random_board(rng, 8, 8, 0.2);
    if (std::popcount(x) > 12) continue;
    std::vector<Cells> parts;
    game.decompose(x, parts);
    Solver<Rect> solver(game);
    Nimber total = 0;
    for (const Cells part : parts) total ^= static_cast<Nimber>(baseline.value(part));
    EXPECT_EQ(total, static_cast<Nimber>(baseline.value(x)));
    EXPECT_EQ(solver.value(x), total);
  }
}

TEST(RectParse, BoardsAndLines) {
  const auto a = games::parse_rect_board("0110/0000/0000/0001");
  EXPECT_EQ(a.rows, 4);
  EXPECT_EQ(a.cols, 4);
  EXPECT_EQ(a.cells, bit(0, 1) | bit(0, 2) | bit(3, 3));
  EXPECT_EQ(games::format_rect_board(a), "0110/0000/0000/0001");
  EXPECT_EQ(games::parse_rect_board("0 1 1 0/0 0 0 0/0 0 0 0/0 0 0 1"), a);
  EXPECT_EQ(games::parse_rect_lines("\n0 1 1 0\r\n\n0000\n   \n0 0 0 0\n0001"), a);
  const auto wide = games::parse_rect_board("11111111/10000001");
  EXPECT_EQ(wide.rows, 2);
  EXPECT_EQ(wide.cols, 8);
  EXPECT_EQ(games::format_rect_board(wide), "11111111/10000001");
  EXPECT_EQ(games::parse_rect_board("1/1/1/1/1/1/1/1").rows, 8);
  EXPECT_EQ(games::format_rect_move(Rect::Move{0, 1, 7, 2}), "(1,2)-(8,3)");
}

TEST(RectParse, BadBoardsThrowInputError) {
  for (const char* bad : {"", "   ", "01/1", "0110/000", "0120", "01x0/0000", "-1", "000000000", "1/1/1/1/1/1/1/1/1",
                          "01//10", "0110/", "/0110"}) {
    EXPECT_THROW(games::parse_rect_board(bad), InputError) << "'" << bad << "'";
  }
  for (const char* bad : {"", "\n\n  \n", "01\n1\n", "0 2\n", "0;1\n", "000000000\n", "1\n1\n1\n1\n1\n1\n1\n1\n1\n"}) {
    EXPECT_THROW(games::parse_rect_lines(bad), InputError) << "'" << bad << "'";
  }
}

}  // namespace
}  // namespace grundy
