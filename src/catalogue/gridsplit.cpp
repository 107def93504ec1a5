// Grid splitting in the catalogue. A component is a grid of candidate cells
// (rows joined by '/', or a FILE, or standard input); a move leaves up to four
// rectangles, each spoken of as the sub-grid it covers. Each distinct grid gets
// its own fast table (games/gridsplit.hpp), and a sub-grid produced by a move is
// remembered as the rectangle of the grid it came from, so its value is a
// lookup, not a new table.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "catalogue_games.hpp"
#include "drawing.hpp"
#include "function_entry.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/games/gridsplit.hpp"
#include "common/text.hpp"

namespace grundy::catalogue {

namespace {

using grundy::detail::InputBounds;
using grundy::detail::names_a_file;
using grundy::detail::read_input;

/// A grid file: at most kGridSplitMaxSide rows of as many cells, each ended by
/// "\r\n", and this many blank bytes around them.
constexpr std::uint64_t kBlanksAround = 4096;
constexpr std::uint64_t kMaxGridFileBytes =
    games::kGridSplitMaxSide * (games::kGridSplitMaxSide + 2) + kBlanksAround;

/// A rectangle of one of the grids the instance has seen.
struct GridPiece {
  std::uint32_t grid = 0;
  games::GridRect rect;
  friend bool operator==(const GridPiece&, const GridPiece&) = default;
  friend std::size_t hash_value(const GridPiece& p) {
    return std::hash<games::GridRect>{}(p.rect) ^ (std::size_t{p.grid} * 0x9e3779b97f4a7c15ULL);
  }
};

/// Every grid parsed so far with its table; texts already seen map to their piece.
struct GridBook {
  Context context;
  std::vector<std::unique_ptr<games::GridSplitBoard>> boards;
  std::vector<std::unique_ptr<games::GridSplitTable>> tables;
  std::map<std::string, GridPiece, std::less<>> known;

  GridPiece piece_of(std::string_view text) {
    if (auto it = known.find(text); it != known.end()) return it->second;
    std::string lines(text);
    std::replace(lines.begin(), lines.end(), '/', '\n');
    auto board = std::make_unique<games::GridSplitBoard>(games::GridSplitBoard::parse(lines));
    auto table = std::make_unique<games::GridSplitTable>(*board, context.memory);
    const GridPiece piece{static_cast<std::uint32_t>(boards.size()), games::GridSplit(*board).whole()};
    boards.push_back(std::move(board));
    tables.push_back(std::move(table));
    known.emplace(std::string(text), piece);
    return piece;
  }

  std::string text_of(const GridPiece& piece) {
    const games::GridSplitBoard& board = *boards[piece.grid];
    std::string out;
    for (std::uint16_t r = piece.rect.top; r < piece.rect.bottom; ++r) {
      if (r != piece.rect.top) out += '/';
      for (std::uint16_t c = piece.rect.left; c < piece.rect.right; ++c) out += board.is_candidate(r, c) ? '*' : '.';
    }
    known.emplace(out, piece);
    return out;
  }
};

/// The game on the pieces of every grid in the book.
class GridPieces {
 public:
  using Position = GridPiece;
  using Move = games::GridSplit::Move;

  explicit GridPieces(std::shared_ptr<GridBook> book) : book_(std::move(book)) {}

  template <class Sink>
  void options(const GridPiece& piece, Sink& sink) const {
    Forward<Sink> forward{piece.grid, sink};
    games::GridSplit(*book_->boards[piece.grid]).options(piece.rect, forward);
  }
  [[nodiscard]] Nimber value(const GridPiece& piece) const { return book_->tables[piece.grid]->value(piece.rect); }

 private:
  // Tags each rectangle of an option with its grid.
  template <class Sink>
  struct Forward {
    std::uint32_t grid;
    Sink& sink;
    void add(const Move& move, std::span<const games::GridRect> rects) {
      GridPiece pieces[4];
      for (std::size_t i = 0; i < rects.size(); ++i) pieces[i] = GridPiece{grid, rects[i]};
      sink.add(move, std::span<const GridPiece>(pieces, rects.size()));
    }
    void add(const Move& move, std::initializer_list<games::GridRect> rects) {
      add(move, std::span<const games::GridRect>(rects.begin(), rects.size()));
    }
    void add(const Move& move) { sink.add(move); }
  };
  std::shared_ptr<GridBook> book_;
};

Speech<GridPieces> gridsplit_speech(std::shared_ptr<GridBook> book, const std::string& file) {
  Speech<GridPieces> speech;
  speech.draw = [book](const GridPiece& piece, const std::string& label) {
    return cell_matrix(label + " (* a cell that can be played)", rows_of(book->text_of(piece)),
                       std::size_t{piece.rect.top} + 1, std::size_t{piece.rect.left} + 1);
  };
  speech.expand = [book, file](const std::vector<std::string>& arguments) {
    std::vector<std::string> grids;
    std::vector<std::string> sources = arguments;
    if (!file.empty()) sources.push_back(file);
    if (sources.empty()) sources.push_back("-");
    for (const std::string& source : sources) {
      if (source != "-" && !names_a_file(source, ".#^*/")) {
        grids.push_back(source);
        continue;
      }
      const InputBounds bounds{.what = "a gridsplit grid ('.', '#', '^', '*', a row a line)",
                               .allowed = ".#^*\r\n",
                               .max_bytes = kMaxGridFileBytes,
                               .limits = search_limits(book->context)};
      const games::GridSplitBoard board = games::GridSplitBoard::parse(read_input(source, bounds));
      grids.push_back(board.text());
    }
    return grids;
  };
  speech.parse = [book](std::string_view text, const std::string&) { return book->piece_of(text); };
  speech.format = [book](const GridPiece& piece) { return book->text_of(piece); };
  speech.describe = [](const GridPiece&, const games::GridSplit::Move& move, std::span<const GridPiece>) {
    MoveInfo info{.text = fmt::format("({},{})", move.row + 1, move.col + 1)};
    info.fields["row"] = move.row + 1;
    info.fields["column"] = move.col + 1;
    return info;
  };
  speech.count_options = [book](const GridPiece& piece) {
    const games::GridSplitBoard& board = *book->boards[piece.grid];
    std::uint64_t count = 0;
    for (std::uint16_t r = piece.rect.top; r < piece.rect.bottom; ++r) {
      for (std::uint16_t c = piece.rect.left; c < piece.rect.right; ++c) count += board.is_candidate(r, c) ? 1 : 0;
    }
    return std::optional<std::uint64_t>(count);
  };
  speech.extras = [book](Report& report, auto&) {
    if (report.components.size() != 1 || book->boards.empty()) return;
    const GridPiece piece = book->piece_of(report.components.front());
    const games::GridSplitBoard& board = *book->boards[piece.grid];
    const games::GridSplitTable& table = *book->tables[piece.grid];
    report.extra["rows"] = board.rows();
    report.extra["cols"] = board.cols();
    report.extra["candidates"] = board.candidate_count();
    report.extra["compressed"] = {table.compressed_rows(), table.compressed_cols()};
    report.extra["table_bytes"] = table.bytes();
    report.notes.push_back(fmt::format("{} x {} grid, {} candidates ({} x {} after compression, table {})",
                                       board.rows(), board.cols(), board.candidate_count(), table.compressed_rows(),
                                       table.compressed_cols(), format_bytes(table.bytes())));
  };
  return speech;
}

}  // namespace

const Entry& gridsplit_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "gridsplit",
               .summary = "grid splitting: remove a candidate's row and column",
               .rules = "A position is a set of rectangles of the grid; a move picks a candidate cell inside one of "
                        "them and removes its row and column from that rectangle, leaving up to four smaller ones; "
                        "whoever makes the last move wins.",
               .syntax = "GRIDs: rows of '.' or '#' (plain) and '^' or '*' (candidate), all of the same length, "
                         "joined by '/' (*../.*.), or a FILE with one row per line, or '-' (or nothing) for standard "
                         "input. Each grid is a component. Winning moves are (row,column), 1-based.",
               .example = "gridsplit '*./.*'   (value 0: the second player wins)",
               .limits = "at most 1000 x 1000 cells; the table's memory is checked against --memory and grids "
                         "needing more than 6 * 10^10 candidate visits are refused at once",
               .component_noun = "grid",
               .rule_options = {RuleOption{.name = "--file",
                                           .kind = RuleOption::Kind::value,
                                           .value_name = "FILE",
                                           .help = "read a grid from FILE (the same as giving FILE as a position)"}},
               .reads_input = true},
      [](const GameInfo& info, const RuleValues& rules, const Context& context) -> std::unique_ptr<Instance> {
        auto book = std::make_shared<GridBook>();
        book->context = context;
        return std::make_unique<GameInstance<GridPieces>>(std::make_shared<const GridPieces>(book),
                                                          gridsplit_speech(book, rule_value(rules, "--file")), context, info.name,
                                                          info.component_noun);
      });
  return entry;
}

}  // namespace grundy::catalogue
