// A catalogue instance for games whose small positions are searched (exact
// nimbers) and whose large ones are answered by a theorem that knows only the
// winner and every winning move (Fibonacci Nim by Zeckendorf, r-Wythoff by
// Fraenkel's pairs). A large component must stand alone: a sum needs the
// nimbers of its parts. Its value is 0 when lost, else "nonzero" (not
// computed); everything else (apply, draw, tables) is the searched game's.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "grundy/catalogue/adapter.hpp"
#include "grundy/core/errors.hpp"

namespace grundy::catalogue {

/// What a theorem answers for a component too large to search.
template <Game G>
struct Theorem {
  using P = PositionOf<G>;
  /// True when the component's value can be searched (else the theorem answers).
  std::function<bool(const P&)> searchable;
  /// Every winning option of the component alone (empty: it is lost), in the game's option order.
  std::function<std::vector<Option<P, MoveOf<G>>>(const P&)> winning_options;
  /// The note of a theorem's answer ("by Zeckendorf's theorem ...") and its JSON method name.
  std::string note;
  std::string method;
  /// Why a sum with such a component is refused, and why misère play is.
  std::string sum_refusal;
  std::string misere_refusal;
  /// The report's header when not just the game's name ("wythoff --r 3").
  std::string title;
};

template <Game G>
class TheoremInstance : public Instance {
 public:
  using P = PositionOf<G>;
  using M = MoveOf<G>;

  TheoremInstance(std::shared_ptr<const G> game, Speech<G> speech, Theorem<G> theorem, const Context& context,
                  std::string name, std::string noun)
      : game_(game),
        speech_(speech),
        theorem_(std::move(theorem)),
        inner_(game, speech, context, name, noun),
        name_(std::move(name)),
        noun_(std::move(noun)) {}

  [[nodiscard]] Position parse(const std::vector<std::string>& arguments) override { return inner_.parse(arguments); }
  [[nodiscard]] Position normalise(const Position& position) override { return inner_.normalise(position); }

  [[nodiscard]] Report analyse(const Position& position, std::size_t max_moves) override {
    const std::vector<P> sum = natives(position);
    if (all_searchable(sum)) return inner_.analyse(position, max_moves);
    if (sum.size() != 1) throw InputError(name_ + ": " + theorem_.sum_refusal);
    const P& p = sum.front();
    const auto wins = theorem_.winning_options(p);
    Report report;
    report.game = name_;
    report.title = theorem_.title;
    report.components = position.components;
    report.values.push_back(value_of(wins.empty()));
    report.value = report.values.front();
    report.outcome = wins.empty() ? Outcome::second : Outcome::first;
    report.winning_moves_count = wins.size();
    for (std::size_t i = 0; i < wins.size() && i < max_moves; ++i) {
      MoveInfo move = speech_.describe(p, wins[i].move, wins[i].components);
      move.component = 0;
      for (const P& c : wins[i].components) move.result.push_back(speech_.format(c));
      report.winning_moves.push_back(std::move(move));
    }
    report.terminal = wins.empty() && !has_option(p);
    report.extra["method"] = theorem_.method;
    report.notes.push_back(theorem_.note);
    return report;
  }

  [[nodiscard]] ComponentExplanation explain(const Position& position, std::size_t component,
                                             std::size_t limit) override {
    const std::vector<P> sum = natives(position);
    if (component >= sum.size() || theorem_.searchable(sum[component])) {
      return inner_.explain(position, component, limit);
    }
    const P& p = sum[component];
    ComponentExplanation out;
    out.component = component;
    out.position = position.components[component];
    out.value = value_of(theorem_.winning_options(p).empty());
    detail::OptionLister<P, M> lister(limit, std::max<std::uint64_t>(limit, 1));
    try {
      game_->options(p, lister);
    } catch (const detail::EnoughOptions&) {
    }
    const auto count = speech_.count_options ? speech_.count_options(p) : std::nullopt;
    out.options_count = count.value_or(kMaxOptionsCounted);
    out.options_count_known = count.has_value();
    for (const auto& option : lister.options()) {
      OptionInfo info{.move = speech_.describe(p, option.move, option.components)};
      info.move.component = component;
      for (const P& c : option.components) info.result.push_back(speech_.format(c));
      info.move.result = info.result;
      const bool lost = option.components.empty() || theorem_.winning_options(option.components.front()).empty();
      info.value = value_of(lost);
      out.options.push_back(std::move(info));
    }
    return out;
  }

  [[nodiscard]] Position apply(const Position& position, std::size_t component, std::size_t option) override {
    return inner_.apply(position, component, option);
  }
  [[nodiscard]] bool terminal(const Position& position) override { return inner_.terminal(position); }

  [[nodiscard]] Report analyse_misere(const Position& position, std::size_t max_moves) override {
    if (!all_searchable(natives(position))) throw InputError(name_ + ": " + theorem_.misere_refusal);
    return inner_.analyse_misere(position, max_moves);
  }
  [[nodiscard]] ComponentExplanation explain_misere(const Position& position, std::size_t component,
                                                    std::size_t limit) override {
    if (!all_searchable(natives(position))) throw InputError(name_ + ": " + theorem_.misere_refusal);
    return inner_.explain_misere(position, component, limit);
  }
  [[nodiscard]] TableResult table(std::uint64_t upto, const TableRequest& request) override {
    return inner_.table(upto, request);
  }
  [[nodiscard]] std::string draw(const Position& position) override { return inner_.draw(position); }

 private:
  static GameValue value_of(bool lost) { return lost ? GameValue{} : GameValue{.nonzero_unknown = true}; }

  std::vector<P> natives(const Position& position) const {
    std::vector<P> out;
    for (std::size_t i = 0; i < position.components.size(); ++i) {
      out.push_back(speech_.parse(position.components[i], noun_ + " " + std::to_string(i + 1)));
    }
    return out;
  }

  bool all_searchable(const std::vector<P>& sum) const {
    return std::all_of(sum.begin(), sum.end(), [&](const P& p) { return theorem_.searchable(p); });
  }

  bool has_option(const P& p) const {
    detail::OptionLister<P, M> lister(0, 1);
    try {
      game_->options(p, lister);
    } catch (const detail::EnoughOptions&) {
      return true;
    }
    return false;
  }

  std::shared_ptr<const G> game_;
  Speech<G> speech_;
  Theorem<G> theorem_;
  GameInstance<G> inner_;
  std::string name_;
  std::string noun_;
};

}  // namespace grundy::catalogue
