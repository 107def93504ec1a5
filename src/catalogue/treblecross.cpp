// Treblecross in the catalogue. A position is a row of '.' and 'X'; the engine
// sees the row as a game of its own (TreblecrossRow below): a row where a mark
// completes XXX has those marks as its options (each ends the game: value 1 by
// convention), any other row has its safe marks (cells with no X within
// distance 2) as options, and its value is the nim-sum of its safe runs read
// from the 0.007 heap table, so a row of 10^6 cells is answered in O(length).
#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "catalogue_games.hpp"
#include "drawing.hpp"
#include "function_entry.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/games/treblecross.hpp"
#include "heap_tables.hpp"
#include "common/text.hpp"

namespace grundy::catalogue {

namespace {

using grundy::detail::InputBounds;
using grundy::detail::names_a_file;
using grundy::detail::read_input;

/// A row read from a file may have this many blank bytes around its cells.
constexpr std::uint64_t kBlanksAround = 4096;

/// The 0.007 table a set of rows needs, grown on demand through the heap cache.
struct GapValues {
  std::shared_ptr<const heap::TableCache> cache;
  Context context;
  std::shared_ptr<const heap::HeapTable> table = std::make_shared<const heap::HeapTable>(games::treblecross_rules());

  void cover(std::uint64_t upto) {
    if (table->knows(upto)) return;
    context.memory.require(upto * 4 + 64, "the 0.007 table");
    heap::ExtendOptions options = extend_options(HeapRun{}, context);
    table = games::treblecross_table(upto, cache.get(), options);
    if (context.on_progress) context.on_progress("");
  }
  [[nodiscard]] Nimber run_value(std::uint64_t run) const { return run == 0 ? 0 : table->value(run + 2); }
};

class TreblecrossRow {
 public:
  using Position = std::string;
  using Move = std::uint64_t;  // the 0-based cell marked

  explicit TreblecrossRow(std::shared_ptr<GapValues> values) : values_(std::move(values)) {}

  template <class Sink>
  void options(const Position& row, Sink& sink) const {
    const games::TreblecrossShape shape = games::treblecross_shape(row);
    for (std::uint64_t cell : shape.immediate_wins) sink.add(cell);
    for (const games::TreblecrossGap& gap : shape.gaps) {
      for (std::uint64_t i = 0; i < gap.length; ++i) add_mark(row, gap.start + i, sink);
    }
  }

  [[nodiscard]] Nimber value(const Position& row) const {
    const games::TreblecrossShape shape = games::treblecross_shape(row);
    if (!shape.immediate_wins.empty()) return 1;
    Nimber total = 0;
    for (const games::TreblecrossGap& gap : shape.gaps) total ^= values_->run_value(gap.length);
    return total;
  }

  // A mark at offset i of a safe run of L cells leaves the runs i - 2 and L - 3 - i.
  template <class Sink>
  void moves_to(const Position& row, Nimber target, Sink& sink) const {
    const games::TreblecrossShape shape = games::treblecross_shape(row);
    if (!shape.immediate_wins.empty()) {
      if (target == 0) {
        for (std::uint64_t cell : shape.immediate_wins) sink.add(cell);
      }
      return;
    }
    Nimber total = 0;
    for (const games::TreblecrossGap& gap : shape.gaps) total ^= values_->run_value(gap.length);
    for (const games::TreblecrossGap& gap : shape.gaps) {
      const Nimber wanted = target ^ total ^ values_->run_value(gap.length);
      for (std::uint64_t i = 0; i < gap.length; ++i) {
        const std::uint64_t left = i >= 2 ? i - 2 : 0;
        const std::uint64_t right = gap.length >= i + 3 ? gap.length - 3 - i : 0;
        if ((values_->run_value(left) ^ values_->run_value(right)) == wanted) add_mark(row, gap.start + i, sink);
      }
    }
  }

 private:
  // The marked row is a copy of the whole row: skipped when the sink only counts.
  template <class Sink>
  static void add_mark(const Position& row, std::uint64_t cell, Sink& sink) {
    if constexpr (requires { { sink.recording() } -> std::convertible_to<bool>; }) {
      if (!sink.recording()) {
        sink.add(cell);
        return;
      }
    }
    Position next = row;
    next[cell] = 'X';
    sink.add(cell, {std::move(next)});
  }

  std::shared_ptr<GapValues> values_;
};

std::string batch_answers(const std::string& input, GapValues& values) {
  const std::vector<std::string> rows = games::parse_treblecross_batch(input);
  std::uint64_t total = 0;
  std::uint64_t upto = 0;
  for (const std::string& row : rows) {
    total += row.size();
    upto = std::max(upto, games::treblecross_shape(row).table_upto());
  }
  values.context.memory.require(total * 3, "the rows");
  values.cover(upto);
  std::string out;
  for (const std::string& row : rows) {
    const auto a = games::analyze_treblecross(row, values.table);
    out += a.winning() ? "WINNING\n" : "LOSING\n";
    out += fmt::format("{}\n", fmt::join(a.winning_moves, " "));
  }
  return out;
}

Speech<TreblecrossRow> treblecross_speech(std::shared_ptr<GapValues> values) {
  Speech<TreblecrossRow> speech;
  speech.draw = [](const std::string& row, const std::string& label) { return numbered_row(label, row); };
  speech.parse = [](std::string_view text, const std::string& what) {
    return games::parse_treblecross_row(text, what);
  };
  speech.format = [](const std::string& row) { return row; };
  speech.expand = [values](const std::vector<std::string>& arguments) {
    if (arguments.size() > 1) {
      throw InputError(fmt::format("treblecross: expected one row, got {} arguments", arguments.size()));
    }
    const std::string source = arguments.empty() ? "-" : arguments.front();
    if (source != "-" && !names_a_file(source, ".X")) return std::vector<std::string>{source};
    const InputBounds bounds{.what = "a treblecross row ('.' and 'X')",
                             .allowed = std::string(games::kTreblecrossRowBytes),
                             .max_bytes = games::kTreblecrossMaxCells + kBlanksAround,
                             .limits = search_limits(values->context)};
    return std::vector<std::string>{games::parse_treblecross_row(read_input(source, bounds), "treblecross row")};
  };
  speech.prepare = [values](std::span<const std::string> rows) {
    std::uint64_t upto = 0;
    for (const std::string& row : rows) upto = std::max(upto, games::treblecross_shape(row).table_upto());
    values->cover(upto);
  };
  speech.describe = [](const std::string&, std::uint64_t cell, std::span<const std::string>) {
    MoveInfo info{.text = fmt::format("mark cell {}", cell + 1)};
    info.fields["cell"] = cell + 1;
    return info;
  };
  speech.extras = [values](Report& report, auto&) {
    if (report.components.size() != 1) return;
    const std::string& row = report.components.front();
    const auto a = games::analyze_treblecross(row, values->table);
    report.values.clear();
    for (Nimber v : a.gap_values) report.values.push_back(GameValue{v});
    report.winning_moves_json = Json(a.winning_moves);
    Json gaps = Json::array();
    for (const auto& gap : a.gaps) gaps.push_back(gap.length);
    report.extra["gaps"] = std::move(gaps);
    report.extra["immediate_win"] = a.immediate_win;
    if (a.immediate_win) {
      report.notes.push_back("the first player completes three in a row at once (value 1 by convention)");
    } else if (row.size() < 3) {
      report.notes.push_back("a row shorter than 3 cannot be won");
    } else if (!a.gaps.empty()) {
      const std::size_t shown = std::min<std::size_t>(a.gaps.size(), 20);
      std::vector<std::string> parts;
      for (std::size_t i = 0; i < shown; ++i) parts.push_back(fmt::format("{} (value {})", a.gaps[i].length, a.gap_values[i]));
      report.notes.push_back(fmt::format("safe runs: {}{}", fmt::join(parts, ", "),
                                         a.gaps.size() > shown ? fmt::format(", ... ({} runs)", a.gaps.size()) : ""));
    }
  };
  speech.batch = [values](const std::string& input) { return batch_answers(input, *values); };
  // The row's winner is whoever completes three in a row, not whoever moves last.
  speech.misere_refusal =
      "misère play is not defined: the winner completes three in a row, whoever moves last (for the "
      "last-move game of the safe runs, use: octal 0.007 --misere)";
  return speech;
}

}  // namespace

const Entry& treblecross_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "treblecross",
               .summary = "Treblecross: mark cells of a row, three in a row wins",
               .rules = "Players alternately mark an empty cell ('.') of the row; whoever first makes three "
                        "consecutive marks ('X') wins. A mark next to or one apart from an X hands the opponent three "
                        "in a row, so play keeps to the safe cells: a run of L safe cells is the heap L + 2 of the "
                        "octal game 0.007.",
               .syntax = "a ROW of '.' and 'X' (at most 1000000 cells, no XXX), a FILE holding the row, or '-' (or "
                         "nothing) to read it from standard input. Winning moves are 1-based cells, increasing.",
               .example = "treblecross .....   (the first player wins by marking cell 3)",
               .limits = "rows up to 1000000 cells; the 0.007 table of long rows is cached on disk",
               .component_noun = "row",
               .rule_options = {no_cache_option()},
               .reads_input = true,
               .has_batch = true,
               .batch_bytes = std::string(games::kTreblecrossBatchBytes)},
      [](const GameInfo& info, const RuleValues& rules, const Context& context) -> std::unique_ptr<Instance> {
        auto values = std::make_shared<GapValues>();
        values->context = context;
        values->cache = heap_cache(rules);
        return std::make_unique<GameInstance<TreblecrossRow>>(std::make_shared<const TreblecrossRow>(values),
                                                              treblecross_speech(values), context, info.name,
                                                              info.component_noun);
      });
  return entry;
}

}  // namespace grundy::catalogue
