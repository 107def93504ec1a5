// Wythoff's game in the catalogue: each component is a pair of piles "a,b";
// --r R makes it Fraenkel's r-Wythoff. Pairs within the search's range get
// exact values; larger ones, alone, their winner and winning moves from the
// closed form of the losing pairs.
#include <fmt/format.h>

#include "catalogue_games.hpp"
#include "drawing.hpp"
#include "function_entry.hpp"
#include "grundy/catalogue/adapter.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/parse.hpp"
#include "grundy/games/wythoff.hpp"
#include "grundy/games/wythoff_positions.hpp"
#include "theorem_instance.hpp"

namespace grundy::catalogue {

namespace wythoff_catalogue {

__extension__ using PairCount = unsigned __int128;  // g++ and clang: counts past 2^64 are refused

using Piles = games::Wythoff::Position;

Piles parse_piles(std::string_view text, const std::string& what) {
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos) {
    throw InputError(fmt::format("{}: '{}' is not two piles a,b (for example 3,5)", what, text));
  }
  const auto a = parse_count(text.substr(0, comma), what + " (first pile)", games::Wythoff::kMaxPile);
  const auto b = parse_count(text.substr(comma + 1), what + " (second pile)", games::Wythoff::kMaxPile);
  return {a, b};
}

std::string pile_word(const games::Wythoff::Move& move) {
  if (move.first != 0 && move.first == move.second) return fmt::format("take {} from both piles", move.first);
  if (move.first != 0 && move.second != 0) {
    return fmt::format("take {} from the first pile and {} from the second", move.first, move.second);
  }
  if (move.first != 0) return fmt::format("take {} from the first pile", move.first);
  return fmt::format("take {} from the second pile", move.second);
}

std::optional<std::uint64_t> option_count(const Piles& p, std::uint64_t r);

Speech<games::Wythoff> wythoff_speech(std::uint64_t r) {
  Speech<games::Wythoff> speech;
  speech.draw = [](const Piles& p, const std::string& label) {
    return fmt::format("{}: first pile ({}): {}\n{:{}}  second pile ({}): {}\n", label, p.first, tokens(p.first), "",
                       label.size(), p.second, tokens(p.second));
  };
  speech.parse = parse_piles;
  speech.format = [](const Piles& p) { return fmt::format("{},{}", p.first, p.second); };
  speech.describe = [](const Piles& from, const games::Wythoff::Move& move, std::span<const Piles>) {
    const Piles to{from.first - move.first, from.second - move.second};
    MoveInfo info{.text = fmt::format("{} of {},{}, leaving {},{}", pile_word(move), from.first, from.second, to.first,
                                      to.second)};
    info.fields["from"] = {from.first, from.second};
    info.fields["to"] = {to.first, to.second};
    return info;
  };
  speech.count_options = [r](const Piles& p) { return option_count(p, r); };
  if (r != 1) {
    speech.extras = [title = fmt::format("wythoff --r {}", r)](Report& report, Analyzer<games::Wythoff>&) {
      report.title = title;
    };
  }
  return speech;
}

// sum over t = 0 .. t_max of max(0, min(a, b - t)): pairs (k, k + t), 1 <= k <= a, k + t <= b.
PairCount pairs_with_offsets(std::uint64_t a, std::uint64_t b, std::uint64_t t_max) {
  if (a == 0 || b == 0) return 0;
  t_max = std::min(t_max, b - 1);  // from t = b on, no pair
  const std::uint64_t flat = b > a ? std::min(t_max, b - a) : 0;  // t <= b - a: a pairs each (when b > a)
  PairCount total = b > a ? static_cast<PairCount>(flat + 1) * a : 0;
  const std::uint64_t from = b > a ? flat + 1 : 0;  // then b - t pairs, falling
  if (from <= t_max) {
    const PairCount first = b - from;
    const PairCount last = b - t_max;
    total += (first + last) * (t_max - from + 1) / 2;
  }
  return total;
}

// a + b + the takes from both piles (k, l >= 1, |k - l| < r), when it fits 64 bits.
std::optional<std::uint64_t> option_count(const Piles& p, std::uint64_t r) {
  const auto [a, b] = p;
  const PairCount both = pairs_with_offsets(a, b, r - 1) + (r > 1 ? pairs_with_offsets(b, a, r - 1) : 0) -
                                 (r > 1 ? pairs_with_offsets(std::min(a, b), std::min(a, b), 0) : 0);
  const PairCount total = static_cast<PairCount>(a) + b + both;
  if (total > UINT64_MAX) return std::nullopt;
  return static_cast<std::uint64_t>(total);
}

games::Wythoff::Position moved(const Piles& p, const games::Wythoff::Move& move) {
  return {p.first - move.first, p.second - move.second};
}

Theorem<games::Wythoff> wythoff_theorem(std::uint64_t r) {
  Theorem<games::Wythoff> theorem;
  // Piles up to 1000 with no more search work than Wythoff's 1000,1000 (positions times options).
  theorem.searchable = [r](const Piles& p) {
    constexpr std::uint64_t kMax = games::Wythoff::kMaxSearchPile;
    if (p.first > kMax || p.second > kMax) return false;
    const PairCount work = static_cast<PairCount>(p.first + 1) * (p.second + 1) * option_count(p, r).value_or(UINT64_MAX);
    return work <= static_cast<PairCount>(kMax + 1) * (kMax + 1) * (3 * kMax);
  };
  theorem.winning_options = [r](const Piles& p) {
    std::vector<Option<Piles, games::Wythoff::Move>> wins;
    for (const games::WythoffTake& take : games::r_wythoff_winning_takes(p.first, p.second, r)) {
      const games::Wythoff::Move move{take.first, take.second};
      const Piles left = moved(p, move);
      wins.push_back({move, left == Piles{0, 0} ? std::vector<Piles>{} : std::vector<Piles>{left}});
    }
    return wins;
  };
  theorem.method = "losing-pairs";
  if (r != 1) theorem.title = fmt::format("wythoff --r {}", r);
  theorem.note = fmt::format(
      "a pair past the search's range (piles up to {}, fewer with --r): the winner and every winning move from the closed form of the losing pairs (exact); the "
      "value of a winning pair is not computed",
      games::Wythoff::kMaxSearchPile);
  theorem.sum_refusal = fmt::format(
      "a pair past the search's range is answered alone (a sum needs the values of its pairs, which are searched "
      "for piles up to {}, fewer with --r: about (a+1)(b+1) positions of a + b + (2R-1) min(a,b) options, at most "
      "as many as 1000,1000 with R = 1)",
      games::Wythoff::kMaxSearchPile);
  theorem.misere_refusal = fmt::format(
      "misère play searches every position: piles up to {}, fewer with --r", games::Wythoff::kMaxSearchPile);
  return theorem;
}

constexpr std::uint64_t kMaxR = std::uint64_t{1} << 62;

}  // namespace wythoff_catalogue

const Entry& wythoff_entry() {
  static const FunctionEntry entry(
      GameInfo{.name = "wythoff",
               .summary = "Wythoff's game: take from one pile, or the same from both",
               .rules = "A component is two piles of tokens. A move takes any number of tokens from one pile, or the "
                        "same number from both; whoever cannot move loses. With --r R (Fraenkel's r-Wythoff), a move "
                        "may instead take k tokens from one pile and l from the other, k, l >= 1, |k - l| < R.",
               .syntax = "pairs of piles a,b (each 0 .. 2^63-1), one pair per component: 3,5 2,2. Values are searched "
                         "for piles up to 1000; a pair with a larger pile is answered alone, its winner and winning "
                         "moves from the losing pairs' closed form",
               .example = "wythoff 3,5 1,2   (3,5 and 1,2 are both losing pairs: the second player wins)",
               .limits = "values for piles up to 1000 (a pair a,b needs about a*b positions of search); winners and "
                         "winning moves of a single pair up to 2^63-1; R from 1 to 2^62",
               .component_noun = "pair",
               .rule_options = {RuleOption{.name = "--r",
                                           .kind = RuleOption::Kind::value,
                                           .value_name = "R",
                                           .help = "r-Wythoff: takes from both piles may differ by less than R "
                                                   "(1: equal takes, Wythoff's game)",
                                           .default_value = "1"}}},
      [](const GameInfo& info, const RuleValues& rules, const Context& context) -> std::unique_ptr<Instance> {
        const std::uint64_t r = parse_count(rule_value(rules, "--r", "1"), "--r", wythoff_catalogue::kMaxR, 1);
        return std::make_unique<TheoremInstance<games::Wythoff>>(std::make_shared<games::Wythoff>(r), wythoff_catalogue::wythoff_speech(r),
                                                                 wythoff_catalogue::wythoff_theorem(r), context,
                                                                 info.name, info.component_noun);
      });
  return entry;
}

}  // namespace grundy::catalogue
