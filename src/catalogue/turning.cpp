// Coin-turning games in the catalogue: `turning CODE` plays strips of coins,
// `turning A --times B` plays boards of their product (the Tartan theorem).
#include <fmt/format.h>

#include <algorithm>

#include "catalogue_games.hpp"
#include "function_entry.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/catalogue/limits.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/core/nim_multiply.hpp"
#include "grundy/games/turning.hpp"

namespace grundy::catalogue {

namespace turning_entry_detail {

constexpr std::uint64_t kMaxStrip = 1'000'000;      // coins in a strip, heaps in a table
constexpr std::uint64_t kMaxBoardCells = 1'000'000;  // coins on a product board

bool is_head(char c) { return c == 'H' || c == 'h' || c == '1'; }
bool is_tail(char c) { return c == 'T' || c == 't' || c == '0'; }

// A row of coins as written ('H'/'1' heads, 'T'/'0' tails), not trimmed.
std::string parse_coins(std::string_view text, const std::string& what) {
  if (text.empty()) throw InputError(fmt::format("{}: an empty strip (write coins as H/T or 1/0)", what));
  if (text.size() > kMaxStrip) {
    throw InputError(fmt::format("{}: {} coins, more than the {} a strip may have", what, text.size(), kMaxStrip));
  }
  std::string coins(text.size(), 'T');
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (is_head(text[i])) {
      coins[i] = 'H';
    } else if (!is_tail(text[i])) {
      throw InputError(fmt::format("{}: '{}' at coin {} is not a coin (H or 1 for heads, T or 0 for tails)", what,
                                   text[i], i + 1));
    }
  }
  return coins;
}

std::string coin_list(std::span<const std::uint32_t> coins) { return fmt::format("{}", fmt::join(coins, ", ")); }

// Heads as H, tails as '.', cut after 60 coins.
std::string coin_row(const std::string& coins) {
  std::string line;
  for (char c : coins.substr(0, 60)) line += c == 'H' ? "H " : ". ";
  if (coins.size() > 60) line += fmt::format("... ({} coins)", coins.size());
  if (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

std::string draw_strip(const std::string& strip, const std::string& label) {
  return fmt::format("{}: {}\n", label, strip.empty() ? std::string("(no heads)") : coin_row(strip));
}

Speech<games::TurningStrip> strip_speech(std::shared_ptr<games::TurningStrip> game, SearchLimits limits) {
  Speech<games::TurningStrip> speech;
  speech.parse = [](std::string_view text, const std::string& what) {
    std::string strip = parse_coins(text, what);
    games::trim_tails(strip);
    return strip;
  };
  speech.format = [](const std::string& strip) { return strip.empty() ? std::string("T") : strip; };
  speech.prepare = [game, limits](std::span<const std::string> strips) {
    std::uint64_t longest = 0;
    for (const std::string& s : strips) longest = std::max<std::uint64_t>(longest, s.size());
    game->cover(longest, limits);
  };
  speech.describe = [](const std::string&, const games::TurningStrip::Move& coins, std::span<const std::string> result) {
    const std::string left = result.empty() ? std::string("no heads") : result.front();
    MoveInfo info{.text = coins.size() == 1
                              ? fmt::format("turn coin {} (heads to tails), leaving {}", coins.back(), left)
                              : fmt::format("turn coins {} (coin {} heads to tails), leaving {}", coin_list(coins),
                                            coins.back(), left)};
    info.fields["coins"] = coins;
    info.fields["to"] = result.empty() ? std::string("T") : result.front();
    return info;
  };
  speech.draw = draw_strip;
  speech.extras = [game](Report& report, auto&) {
    report.extra["code"] = game->values().code().text();
    report.extra["method"] = game->values().method();
  };
  speech.table = [game, limits](std::uint64_t upto, const TableRequest&) {
    game->cover(upto, limits);
    TableResult result = values_table("turning", upto, [&](std::uint64_t n) { return game->values().at(n); });
    result.extra["code"] = game->values().code().text();
    result.extra["method"] = game->values().method();
    result.notes.push_back(fmt::format("code {}: g(n) is the value of a strip whose only head is coin n", game->values().code().text()));
    return result;
  };
  return speech;
}

// A board "HT/TH": rows separated by '/', all of one length.
games::CoinBoard parse_board(std::string_view text, const std::string& what) {
  games::CoinBoard board;
  std::size_t start = 0;
  std::uint64_t cells = 0;
  while (true) {
    const std::size_t slash = text.find('/', start);
    const std::string_view row = text.substr(start, slash == std::string_view::npos ? text.size() - start : slash - start);
    const std::string label = fmt::format("{} (row {})", what, board.size() + 1);
    board.push_back(parse_coins(row, label));
    if (board.back().size() != board.front().size()) {
      throw InputError(fmt::format("{}: {} coins, but row 1 has {} (rows separated by '/' have one length)", label,
                                   board.back().size(), board.front().size()));
    }
    cells += row.size();
    if (cells > kMaxBoardCells) throw InputError(fmt::format("{}: more than {} coins", what, kMaxBoardCells));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return board;
}

std::string format_board(const games::CoinBoard& board) { return fmt::format("{}", fmt::join(board, "/")); }

Speech<games::TurningProduct> product_speech(std::shared_ptr<games::TurningProduct> game, SearchLimits limits,
                                             std::optional<std::uint64_t> table_columns) {
  Speech<games::TurningProduct> speech;
  speech.parse = parse_board;
  speech.format = format_board;
  speech.prepare = [game, limits](std::span<const games::CoinBoard> boards) {
    std::uint64_t rows = 0;
    std::uint64_t columns = 0;
    for (const auto& b : boards) {
      rows = std::max<std::uint64_t>(rows, b.size());
      columns = std::max<std::uint64_t>(columns, b.front().size());
    }
    game->cover(rows, columns, limits);
  };
  speech.describe = [](const games::CoinBoard&, const games::TurningProduct::Move& move,
                       std::span<const games::CoinBoard> result) {
    const std::string left = result.empty() ? std::string("no heads") : format_board(result.front());
    MoveInfo info{.text = fmt::format("turn the coins of rows {} x columns {} (row {} column {} heads to tails), "
                                      "leaving {}",
                                      coin_list(move.rows), coin_list(move.columns), move.rows.back(),
                                      move.columns.back(), left)};
    info.fields["rows"] = move.rows;
    info.fields["columns"] = move.columns;
    info.fields["to"] = left;
    return info;
  };
  speech.draw = [](const games::CoinBoard& board, const std::string& label) {
    std::string out = label + ":\n";
    for (const std::string& row : board) out += "  " + coin_row(row) + "\n";
    return out;
  };
  speech.extras = [game](Report& report, auto&) {
    report.extra["code"] = game->rows().code().text();
    report.extra["times"] = game->columns().code().text();
  };
  speech.table = [game, limits, table_columns](std::uint64_t upto, const TableRequest&) {
    const std::uint64_t columns = table_columns.value_or(upto);
    if ((upto + 1) * (columns + 1) > kMaxBoardCells) {
      throw InputError(fmt::format("turning: a product table of {} x {} values is more than {}", upto + 1,
                                   columns + 1, kMaxBoardCells));
    }
    game->cover(upto, columns, limits);
    TableResult result{.game = "turning", .upto = upto};
    // JSON "values" holds the rows (the field below replaces the one-dimensional list); the
    // sequence itself is the rows one after another, for front ends that plot g(n).
    Json rows = Json::array();
    for (std::uint64_t m = 0; m <= upto; ++m) {
      std::vector<Nimber> row(columns + 1, 0);
      for (std::uint64_t n = 0; n <= columns; ++n) row[n] = nim_multiply(game->rows().at(m), game->columns().at(n));
      result.values.insert(result.values.end(), row.begin(), row.end());
      rows.push_back(std::move(row));
    }
    result.extra["values"] = std::move(rows);
    result.extra["code"] = game->rows().code().text();
    result.extra["times"] = game->columns().code().text();
    result.extra["columns_upto"] = columns;
    result.notes.push_back("values[m][n] is the nim-product of the first game's g(m) and the second's g(n)");
    return result;
  };
  return speech;
}

}  // namespace turning_entry_detail

const Entry& turning_entry() {
  using namespace turning_entry_detail;  // NOLINT: this function's own helpers
  static const FunctionEntry entry(
      GameInfo{
          .name = "turning",
          .summary = "coin-turning games: turn coins of a strip, the rightmost from heads to tails",
          .rules = "A component is a strip of coins, heads or tails, numbered from 1 at the left. A move turns over "
                   "a set of coins the turning CODE allows, the rightmost of them from heads to tails; whoever "
                   "cannot move loses. CODE lists counts of coins (3, 1-3, 1+) with modifiers: C consecutive, C(n) "
                   "within n adjacent coins, E equally spaced, S symmetric, F coin 1 among them; a comma joins "
                   "alternatives. With --times B the game is the product on a board: a move turns the coins of "
                   "rows SA x columns SB (SA a move of CODE, SB one of B), the last row's last coin from heads to "
                   "tails.",
          .syntax = "strips of coins, H or 1 heads, T or 0 tails (HTTHH); with --times, boards of rows separated "
                    "by '/' (HT/TH)",
          .example = "turning 1-3 HTTHH   (Mock Turtles; values 1, 7 and 8: nim-sum 14, the first player wins)",
          .limits = "strips up to 10^6 coins; boards up to 10^6 coins; tables up to 10^6 heaps (M,N with --times)",
          .component_noun = "strip",
          .rule_options = {RuleOption{.name = "code",
                                      .kind = RuleOption::Kind::positional,
                                      .value_name = "CODE",
                                      .help = "the turning code: 1-3 (Mock Turtles), 1+C (Ruler), 2-3,6C, 3C(5), 4FS",
                                      .required = true},
                           RuleOption{.name = "--times",
                                      .kind = RuleOption::Kind::value,
                                      .value_name = "CODE",
                                      .help = "play the product with this second turning code (columns) on boards"},
                           RuleOption{.name = "--method",
                                      .kind = RuleOption::Kind::value,
                                      .value_name = "METHOD",
                                      .help = "fast (by the code's structure) or plain (list every set of coins)",
                                      .default_value = "fast",
                                      .choices = {"fast", "plain"}}},
          .has_table = true,
          .table_options = {RuleOption{.name = "--columns",
                                       .kind = RuleOption::Kind::value,
                                       .value_name = "N",
                                       .help = "products: the last column of the table (--upto M,N sets it; "
                                               "default M)"}},
          .table_max_upto = kMaxStrip},
      [](const GameInfo& info, const RuleValues& rules, const Context& context) -> std::unique_ptr<Instance> {
        const games::TurningCode code = games::TurningCode::parse(rule_value(rules, "code"));
        const bool plain = rule_value(rules, "--method", "fast") == "plain";
        const std::string times = rule_value(rules, "--times");
        const SearchLimits limits = search_limits(context);
        const std::string columns = rule_value(rules, "--columns");
        if (!times.empty()) {
          auto game = std::make_shared<games::TurningProduct>(code, games::TurningCode::parse(times), plain);
          std::optional<std::uint64_t> table_columns;
          if (!columns.empty()) table_columns = parse_count(columns, "--upto (N of M,N)", kMaxStrip);
          return std::make_unique<GameInstance<games::TurningProduct>>(
              game, product_speech(game, limits, table_columns), context, info.name, "board");
        }
        if (!columns.empty()) throw InputError("turning: --upto M,N is for products (turning A --times B)");
        auto game = std::make_shared<games::TurningStrip>(code, plain);
        return std::make_unique<GameInstance<games::TurningStrip>>(game, strip_speech(game, limits), context,
                                                                    info.name, info.component_noun);
      });
  return entry;
}

}  // namespace grundy::catalogue
