// Turns an engine Game into a catalogue Instance. A game's catalogue entry
// supplies only how its positions and moves are spoken of (the Speech: parse and
// format a component, describe a move, optional extras); the adapter does the
// rest the same way for every game: analysis through grundy::Analyzer, explain
// and apply by enumerating options (lazily, so a heap of 10^12 lists its first
// options and stops), budgets through the solver's limits.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "grundy/catalogue/entry.hpp"
#include "grundy/catalogue/limits.hpp"
#include "grundy/core/analysis.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/misere/answer.hpp"
#include "grundy/misere/genus.hpp"
#include "grundy/misere/misere_search.hpp"
#include "grundy/misere/tame.hpp"

namespace grundy::catalogue {

/// How a catalogue entry speaks of game G's positions and moves.
template <Game G>
struct Speech {
  using P = PositionOf<G>;
  using M = MoveOf<G>;
  /// One component from its text; `what` names it in errors ("heap 2").
  std::function<P(std::string_view text, const std::string& what)> parse;
  /// The component in position syntax (parse(format(p)) == p).
  std::function<std::string(const P&)> format;
  /// A move played from `from`, leaving `result`: a line for people and JSON fields.
  std::function<MoveInfo(const P& from, const M& move, std::span<const P> result)> describe;
  /// Optional: the position arguments as component texts (reads FILE or '-').
  std::function<std::vector<std::string>(const std::vector<std::string>&)> expand;
  /// Optional: called with every parsed position before it is used (a table
  /// grows to cover the heaps asked about).
  std::function<void(std::span<const P>)> prepare;
  /// Optional: the number of options of a component, when it can be had without
  /// listing them (huge heaps); nullopt to count by listing.
  std::function<std::optional<std::uint64_t>(const P&)> count_options;
  /// Optional: game fields and lines added to every report (the analyzer holds
  /// the search's memo, for games that report its size).
  std::function<void(Report&, Analyzer<G>&)> extras;
  /// Optional: `grundy table` for this game.
  std::function<TableResult(std::uint64_t upto, const TableRequest&)> table;
  /// Optional: the contest format on standard input.
  std::function<std::string(const std::string& input)> batch;
  /// Optional: misère play answered without search (Nim: Bouton's rule; heap
  /// games: the hook for their misère quotient); nullopt falls back to the search.
  std::function<std::optional<misere::MisereAnswer<G>>(std::span<const P>)> misere;
  /// Optional: why misère play is not defined for this game; --misere is then refused with it.
  std::string misere_refusal;
  /// Optional: the component drawn for people (lines ending in '\n'), headed by
  /// `label` ("heap 2"); without it a component is drawn as its text.
  std::function<std::string(const P&, const std::string& label)> draw;
};

/// A component with more options than this is refused by the misère search (it
/// visits every position of the sum).
inline constexpr std::uint64_t kMaxMisereOptions = 1'000'000;
/// Genera are computed for components with at most this many options, within kGenusSeconds.
inline constexpr std::uint64_t kMaxGenusOptions = 64;
inline constexpr double kGenusSeconds = 1.0;
/// Proving a sum's components tame (a genus per follower) may take this long before the search answers instead.
inline constexpr double kTameSeconds = 1.0;
/// `grundy table GAME --misere` stops here: each heap's value is a search over sums of smaller heaps.
inline constexpr std::uint64_t kMaxMisereTableUpto = 40;
/// A report's listed moves carry their results (MoveInfo::result, the first
/// move's always) while these hold about this many bytes in all: past it every
/// winning mark in a long row, or cut of a large grid, would hold a copy of it.
inline constexpr std::uint64_t kListedResultBytes = std::uint64_t{16} << 20;

namespace detail {

/// Thrown by the listing sink once it has seen enough options.
struct EnoughOptions {};

/// Records the first `limit` options of a position and counts them all, or stops
/// once `stop_after` options were seen.
template <class P, class M>
class OptionLister {
 public:
  OptionLister(std::size_t limit, std::uint64_t stop_after) : limit_(limit), stop_after_(stop_after) {}
  void add(const M& move, std::span<const P> components) { record(move, components.begin(), components.end()); }
  void add(const M& move, std::initializer_list<P> components) {
    record(move, components.begin(), components.end());
  }
  void add(const M& move) { record(move, static_cast<const P*>(nullptr), static_cast<const P*>(nullptr)); }
  [[nodiscard]] std::vector<Option<P, M>>& options() { return options_; }
  [[nodiscard]] std::uint64_t seen() const { return seen_; }

 private:
  template <class It>
  void record(const M& move, It begin, It end) {
    if (options_.size() < limit_) options_.push_back(Option<P, M>{move, std::vector<P>(begin, end)});
    if (++seen_ >= stop_after_) throw EnoughOptions{};
  }
  std::size_t limit_;
  std::uint64_t stop_after_;
  std::uint64_t seen_ = 0;
  std::vector<Option<P, M>> options_;
};

}  // namespace detail

template <Game G>
class GameInstance : public Instance {
 public:
  using P = PositionOf<G>;
  using M = MoveOf<G>;

  /// `game` is shared with whatever else holds it (a table, a graph); `name` is
  /// the command the user ran and `noun` names a component in errors.
  GameInstance(std::shared_ptr<const G> game, Speech<G> speech, const Context& context, std::string name,
               std::string noun)
      : game_(std::move(game)),
        speech_(std::move(speech)),
        limits_(search_limits(context)),
        analyzer_(*game_, limits_),
        name_(std::move(name)),
        noun_(std::move(noun)) {}

  [[nodiscard]] Position parse(const std::vector<std::string>& arguments) override {
    Position position{speech_.expand ? speech_.expand(arguments) : arguments};
    natives(position);  // validates every component
    return position;
  }

  [[nodiscard]] Position normalise(const Position& position) override {
    Position out;
    for (const P& p : natives(position)) out.components.push_back(speech_.format(p));
    return out;
  }

  [[nodiscard]] Report analyse(const Position& position, std::size_t max_moves) override {
    const std::vector<P> sum = natives(position);
    auto analysis = analyzer_.analyze(sum, max_moves, kListedResultBytes);
    Report report;
    report.game = name_;
    report.components = position.components;
    for (Nimber v : analysis.values) report.values.push_back(GameValue{v});
    report.value = GameValue{analysis.nim_sum};
    report.outcome = analysis.nim_sum != 0 ? Outcome::first : Outcome::second;
    report.winning_moves_count = analysis.winning_moves_count;
    report.winning_moves_complete = analysis.winning_moves_complete;
    std::uint64_t result_bytes = 0;
    for (auto& win : analysis.winning_moves) {
      MoveInfo move = speech_.describe(sum[win.component], win.move, win.result);
      move.component = win.component;
      if (win.result_known && result_bytes < kListedResultBytes) {
        for (const P& c : win.result) {
          move.result.push_back(speech_.format(c));
          result_bytes += move.result.back().size();
        }
      }
      report.winning_moves.push_back(std::move(move));
      win.result = {};  // a long row's copy goes as soon as it is spoken of
    }
    report.terminal = analysis.nim_sum == 0 && std::all_of(sum.begin(), sum.end(), [&](const P& p) {
                        return option_count(p).value_or(1) == 0;
                      });
    if (speech_.extras) speech_.extras(report, analyzer_);
    return report;
  }

  [[nodiscard]] ComponentExplanation explain(const Position& position, std::size_t component,
                                             std::size_t limit) override {
    const std::vector<P> sum = natives(position);
    check_component(sum, component);
    const P& p = sum[component];
    ComponentExplanation out;
    out.component = component;
    out.position = position.components[component];
    out.value = GameValue{analyzer_.value(p)};
    const std::optional<std::uint64_t> known = speech_.count_options ? speech_.count_options(p) : std::nullopt;
    const std::uint64_t stop_after = known ? std::max<std::uint64_t>(limit, 1) : kMaxOptionsCounted;
    detail::OptionLister<P, M> lister(limit, stop_after);
    bool stopped = false;
    try {
      game_->options(p, lister);
    } catch (const detail::EnoughOptions&) {
      stopped = true;
    }
    out.options_count = known ? *known : lister.seen();
    out.options_count_known = known.has_value() || !stopped;
    for (auto& option : lister.options()) {
      OptionInfo info;
      info.move = speech_.describe(p, option.move, option.components);
      info.move.component = component;
      for (const P& c : option.components) info.result.push_back(speech_.format(c));
      info.value = GameValue{analyzer_.value_of_sum(option.components)};
      out.options.push_back(std::move(info));
    }
    return out;
  }

  [[nodiscard]] Position apply(const Position& position, std::size_t component, std::size_t option) override {
    const std::vector<P> sum = natives(position);
    check_component(sum, component);
    detail::OptionLister<P, M> lister(option + 1, std::uint64_t{option} + 1);
    try {
      game_->options(sum[component], lister);
    } catch (const detail::EnoughOptions&) {
    }
    if (lister.options().size() <= option) {
      throw InputError(fmt_option_error(component, option, lister.options().size()));
    }
    Position out;
    for (std::size_t i = 0; i < sum.size(); ++i) {
      if (i != component) {
        out.components.push_back(position.components[i]);
        continue;
      }
      for (const P& c : lister.options()[option].components) out.components.push_back(speech_.format(c));
    }
    return out;
  }

  [[nodiscard]] bool terminal(const Position& position) override {
    for (const P& p : natives(position)) {
      if (option_count(p).value_or(1) != 0) return false;
    }
    return true;
  }

  [[nodiscard]] Report analyse_misere(const Position& position, std::size_t max_moves) override {
    refuse_undefined_misere();
    const std::vector<P> sum = natives(position);
    const misere::MisereAnswer<G> answer = misere_answer(sum);
    Report report;
    report.play = Play::misere;
    report.game = name_;
    report.components = position.components;
    const auto genus_deadline = genus_limits();
    for (const P& p : sum) {
      const Nimber v = analyzer_.value(p);
      report.values.push_back(GameValue{v});
      report.genus.push_back(genus_text(p, v, genus_deadline));
    }
    report.method = misere::method_name(answer.method);
    position_genus(sum, report, answer.method == misere::MisereMethod::tame, genus_deadline);
    if (answer.method == misere::MisereMethod::tame) {
      report.notes.push_back("every component is tame: answered from the genera, as misère Nim");
    }
    report.outcome = answer.first_player_wins ? Outcome::first : Outcome::second;
    report.winning_moves_count = answer.winning_moves.size();
    for (std::size_t i = 0; i < answer.winning_moves.size() && i < max_moves; ++i) {
      const auto& win = answer.winning_moves[i];
      MoveInfo move = speech_.describe(sum[win.component], win.move, win.result);
      move.component = win.component;
      report.winning_moves.push_back(std::move(move));
    }
    report.terminal = std::all_of(sum.begin(), sum.end(), [&](const P& p) { return option_count(p).value_or(1) == 0; });
    if (speech_.extras) speech_.extras(report, analyzer_);
    return report;
  }

  [[nodiscard]] ComponentExplanation explain_misere(const Position& position, std::size_t component,
                                                    std::size_t limit) override {
    refuse_undefined_misere();
    ComponentExplanation out = explain(position, component, limit);
    const std::vector<P> sum = natives(position);
    out.genus = genus_text(sum[component], out.value.nimber, genus_limits());
    if (out.options.empty()) return out;
    check_misere_size(sum);
    detail::OptionLister<P, M> lister(limit, std::max<std::uint64_t>(limit, 1));
    try {
      game_->options(sum[component], lister);
    } catch (const detail::EnoughOptions&) {
    }
    std::vector<P> after;
    for (std::size_t j = 0; j < out.options.size() && j < lister.options().size(); ++j) {
      replace_component(sum, component, lister.options()[j].components, after);
      out.options[j].misere_outcome = misere_search().first_player_wins(after) ? Outcome::first : Outcome::second;
    }
    return out;
  }

  [[nodiscard]] TableResult table(std::uint64_t upto, const TableRequest& request) override {
    if (!speech_.table) return Instance::table(upto, request);
    if (!request.misere) return speech_.table(upto, request);
    if constexpr (std::is_same_v<P, std::uint64_t>) {
      refuse_undefined_misere();
      if (upto > kMaxMisereTableUpto) {
        throw InputError("--upto: a misère table searches sums of heaps; N is at most " +
                         std::to_string(kMaxMisereTableUpto));
      }
      TableRequest normal = request;
      normal.misere = false;
      TableResult result = speech_.table(upto, normal);
      misere::MisereSearch<G> values(*game_, limits_, misere::MisereMode::grundy);
      if (!genus_) genus_.emplace(*game_, limits_);
      genus_->set_limits(limits_);
      for (P n = 0; n <= upto; ++n) {
        const P heap[] = {n};
        result.misere_values.push_back(values.value(values.state_of(heap)));
        const auto genus = genus_->genus(n, result.at(n));
        result.genus.push_back(genus ? std::optional(genus->text()) : std::nullopt);
      }
      return result;
    } else {
      throw InputError(name_ + ": --misere tables are for heap games");
    }
  }

  [[nodiscard]] std::string batch(const std::string& input) override {
    if (!speech_.batch) return Instance::batch(input);
    return speech_.batch(input);
  }

  [[nodiscard]] std::string draw(const Position& position) override {
    if (!speech_.draw || position.components.empty()) return Instance::draw(position);
    const std::vector<P> sum = natives(position);
    std::string out;
    for (std::size_t i = 0; i < sum.size(); ++i) out += speech_.draw(sum[i], noun_ + " " + std::to_string(i + 1));
    return out;
  }

  [[nodiscard]] const G& game() const { return *game_; }
  [[nodiscard]] Analyzer<G>& analyzer() { return analyzer_; }

 private:
  std::vector<P> natives(const Position& position) const {
    std::vector<P> out;
    out.reserve(position.components.size());
    for (std::size_t i = 0; i < position.components.size(); ++i) {
      const std::string what = noun_ + " " + std::to_string(i + 1);
      out.push_back(speech_.parse(position.components[i], what));
    }
    if (speech_.prepare) speech_.prepare(out);
    return out;
  }

  void refuse_undefined_misere() const {
    if (!speech_.misere_refusal.empty()) throw InputError(name_ + ": " + speech_.misere_refusal);
  }

  misere::MisereSearch<G>& misere_search() {
    if (!misere_search_) misere_search_.emplace(*game_, limits_);
    return *misere_search_;
  }

  // The search visits every position of the sum: a component with too many options is refused.
  void check_misere_size(const std::vector<P>& sum) const {
    for (std::size_t i = 0; i < sum.size(); ++i) {
      if (!speech_.count_options) return;
      const std::optional<std::uint64_t> count = speech_.count_options(sum[i]);
      if (count && *count > kMaxMisereOptions) {
        throw InputError(fmt_misere_size_error(i, *count));
      }
    }
  }

  std::string fmt_misere_size_error(std::size_t i, std::uint64_t count) const {
    return noun_ + " " + std::to_string(i + 1) + ": too large for misère play, which searches every position of the " +
           "sum (" + std::to_string(count) + " options; at most " + std::to_string(kMaxMisereOptions) + ")";
  }

  static void replace_component(const std::vector<P>& sum, std::size_t i, const std::vector<P>& with,
                                std::vector<P>& out) {
    out.clear();
    for (std::size_t k = 0; k < sum.size(); ++k) {
      if (k != i) out.push_back(sum[k]);
    }
    out.insert(out.end(), with.begin(), with.end());
  }

  // The game's fast path, else the genera of a tame sum, else the generic
  // search (every option of every component tried).
  misere::MisereAnswer<G> misere_answer(const std::vector<P>& sum) {
    if (speech_.misere) {
      if (auto fast = speech_.misere(sum)) return std::move(*fast);
    }
    check_misere_size(sum);
    if (auto tame = tame_answer(sum)) return std::move(*tame);
    misere::MisereAnswer<G> answer;
    answer.first_player_wins = misere_search().first_player_wins(sum);
    if (!answer.first_player_wins) return answer;
    std::vector<P> after;
    for (std::size_t i = 0; i < sum.size(); ++i) {
      for (auto& option : analyzer_.options(sum[i])) {
        replace_component(sum, i, option.components, after);
        if (!misere_search().first_player_wins(after)) {
          answer.winning_moves.push_back(WinningMove<G>{i, std::move(option.move), std::move(option.components)});
        }
      }
    }
    return answer;
  }

  // Every component proven tame within kTameSeconds (and at most 256 MiB): the
  // answer from the genera; nullopt otherwise. After one timeout the instance
  // stops trying (its later positions are rarely smaller).
  std::optional<misere::MisereAnswer<G>> tame_answer(const std::vector<P>& sum) {
    if (tame_gave_up_) return std::nullopt;
    SearchLimits limits = limits_;
    limits.memory = MemoryBudget(std::min<std::uint64_t>(limits_.memory.bytes(), std::uint64_t{256} << 20));
    const auto soon = SearchLimits::Clock::now() + std::chrono::milliseconds(static_cast<int>(kTameSeconds * 1000));
    if (!limits.deadline || *limits.deadline > soon) limits.deadline = soon;
    limits.on_progress = nullptr;
    if (!genus_) genus_.emplace(*game_, limits);
    if (!tame_) tame_.emplace(*game_, *genus_, [this](const P& p) { return analyzer_.value(p); });
    tame_->set_limits(limits);
    try {
      return tame_->answer(sum);
    } catch (const BudgetExceeded&) {
    } catch (const TimeExceeded&) {
    }
    tame_gave_up_ = true;
    return std::nullopt;
  }

  // Genera are a bonus: computed for small components within a short time and
  // memory allowance, else left out (nullopt).
  SearchLimits genus_limits() const {
    SearchLimits limits = limits_;
    limits.memory = MemoryBudget(std::min<std::uint64_t>(limits_.memory.bytes(), std::uint64_t{256} << 20));
    const auto soon = SearchLimits::Clock::now() + std::chrono::milliseconds(static_cast<int>(kGenusSeconds * 1000));
    if (!limits.deadline || *limits.deadline > soon) limits.deadline = soon;
    limits.on_progress = nullptr;
    return limits;
  }

  std::optional<std::string> genus_text(const P& p, Nimber normal, const SearchLimits& limits) {
    const std::optional<std::uint64_t> count = option_count_capped(p);
    if (!count || *count > kMaxGenusOptions) return std::nullopt;
    if (!genus_) genus_.emplace(*game_, limits);
    genus_->set_limits(limits);
    try {
      if (auto genus = genus_->genus(p, normal)) return genus->text();
    } catch (const BudgetExceeded&) {
    } catch (const TimeExceeded&) {
    }
    return std::nullopt;
  }

  // The genus of the whole position into the report, with how it was found or
  // why it was not: from the components' genera when they are all tame (a tame
  // sum adds like Nim), else by the definition, the misère search of the sum plus
  // k heaps of *2, within the genus allowance.
  void position_genus(const std::vector<P>& sum, Report& report, bool tame, const SearchLimits& limits) {
    Nimber normal = 0;
    for (const GameValue& v : report.values) normal ^= v.nimber;
    if (tame) {
      if (auto genus = tame_sum_genus(sum)) {
        report.position_genus = genus->text();
        report.position_genus_note = "from the components' genera: every component is tame, and tame games add as Nim";
        return;
      }
    }
    for (const P& p : sum) {
      const std::optional<std::uint64_t> count = option_count_capped(p);
      if (!count || *count > kMaxGenusOptions) {
        report.position_genus_note = fmt_genus_not_computed("a component has more than " +
                                                            std::to_string(kMaxGenusOptions) + " options");
        return;
      }
    }
    if (!genus_) genus_.emplace(*game_, limits);
    genus_->set_limits(limits);
    try {
      if (auto genus = genus_->genus_of_sum(sum, normal)) {
        report.position_genus = genus->text();
        report.position_genus_note =
            "by the definition: the misère values of the position plus 0, 1, 2, ... heaps of *2";
        return;
      }
      report.position_genus_note = fmt_genus_not_computed(
          "the misère values of the position plus heaps of *2 did not settle into alternation within " +
          std::to_string(genus_->max_terms()) + " terms");
    } catch (const BudgetExceeded&) {
      report.position_genus_note = fmt_genus_not_computed("the search passed its memory allowance");
    } catch (const TimeExceeded&) {
      report.position_genus_note = fmt_genus_not_computed("the search passed its time allowance");
    }
  }

  static std::string fmt_genus_not_computed(const std::string& why) {
    return "not computed: " + why + " (the genus of a position is searched for within " +
           std::to_string(static_cast<int>(kGenusSeconds)) + " s and 256 MiB)";
  }

  // The genus of a sum whose components' tame genera are already known (the
  // tame answer found them); nullopt if one is not at hand.
  std::optional<misere::Genus> tame_sum_genus(const std::vector<P>& sum) {
    if (!tame_) return std::nullopt;
    misere::TameSum total;
    std::vector<P> parts;
    try {
      for (const P& p : sum) {
        parts.clear();
        decompose_into(*game_, p, parts);
        for (const P& part : parts) {
          const std::optional<misere::Genus> genus = tame_->tame_genus(part);
          if (!genus) return std::nullopt;
          total.add(*genus);
        }
      }
    } catch (const BudgetExceeded&) {
      return std::nullopt;
    } catch (const TimeExceeded&) {
      return std::nullopt;
    }
    return total.genus();
  }

  // The number of options, or nullopt when there are more than kMaxGenusOptions.
  std::optional<std::uint64_t> option_count_capped(const P& p) const {
    if (speech_.count_options) {
      if (auto known = speech_.count_options(p)) return known;
    }
    detail::OptionLister<P, M> lister(0, kMaxGenusOptions + 1);
    try {
      game_->options(p, lister);
    } catch (const detail::EnoughOptions&) {
      return std::nullopt;
    }
    return lister.seen();
  }

  // The number of options, stopping at 1 when only "any at all?" matters.
  std::optional<std::uint64_t> option_count(const P& p) const {
    if (speech_.count_options) {
      if (auto known = speech_.count_options(p)) return known;
    }
    detail::OptionLister<P, M> lister(0, 1);
    try {
      game_->options(p, lister);
    } catch (const detail::EnoughOptions&) {
      return 1;
    }
    return 0;
  }

  void check_component(const std::vector<P>& sum, std::size_t component) const {
    if (component >= sum.size()) {
      throw InputError(noun_ + " " + std::to_string(component + 1) + ": the position has " +
                       std::to_string(sum.size()) + " components");
    }
  }

  std::string fmt_option_error(std::size_t component, std::size_t option, std::size_t count) const {
    return noun_ + " " + std::to_string(component + 1) + ": no option " + std::to_string(option + 1) + " (it has " +
           std::to_string(count) + ")";
  }

  std::shared_ptr<const G> game_;
  Speech<G> speech_;
  SearchLimits limits_;
  Analyzer<G> analyzer_;
  std::optional<misere::MisereSearch<G>> misere_search_;
  std::optional<misere::GenusCalculator<G>> genus_;
  std::optional<misere::TameAnalyzer<G>> tame_;  // uses genus_
  bool tame_gave_up_ = false;
  std::string name_;
  std::string noun_;
};

}  // namespace grundy::catalogue
