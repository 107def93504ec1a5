#include "quotient_learn.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "grundy/core/errors.hpp"
#include "least_sums.hpp"

namespace grundy::misere::detail {

namespace {

/// How much larger than --max-order a trial monoid may grow before the search gives up.
constexpr std::size_t kTrialFactor = 8;

class Learner {
 public:
  Learner(const heap::HeapRules& rules, std::string game, std::uint64_t upto, const QuotientLimits& limits)
      : options_(rules, upto), game_(std::move(game)), upto_(upto), limits_(limits), watch_(limits.search) {
    candidate_.delta.assign(1, 0);
    candidate_.p.assign(1, 0);
  }

  QuotientAutomaton run() {
    for (std::uint64_t n = 1; n <= upto_; ++n) {
      candidate_.add_heap();
      if (!options_.has_moves(n)) continue;  // the empty game: every state stays
      const auto heap = static_cast<std::uint16_t>(n);
      active_.push_back(heap);
      if (!lands_on_existing_element(heap)) expand(heap);
      if (candidate_.states > limits_.max_order) {
        throw BudgetExceeded(fmt::format(
            "the misère quotient of {} with heaps up to {} has more than {} elements (it may be infinite: the "
            "game is wild there); lower --upto or raise --max-order",
            game_, n, limits_.max_order));
      }
    }
    QuotientAutomaton out;
    out.access = access_sums(candidate_, active_);
    out.delta.assign(candidate_.states, std::vector<std::uint32_t>(upto_ + 1));
    out.p.assign(candidate_.states, false);
    for (std::uint32_t s = 0; s < candidate_.states; ++s) {
      for (std::uint64_t h = 0; h <= upto_; ++h) out.delta[s][h] = candidate_.next(s, static_cast<std::uint16_t>(h));
      out.p[s] = candidate_.p[s] != 0;
    }
    return out;
  }

 private:
  [[nodiscard]] std::optional<HeapCopies> least_wrong(const Candidate& candidate,
                                                       std::optional<std::size_t> containing = std::nullopt) {
    return least_wrong_sum(candidate, options_, active_, containing, watch_, limits_.search.memory, game_);
  }

  // Plambeck and Siegel's first step: heap n is tried as each element t whose flag
  // agrees with heap n alone (every state s going to s t); the check proves a guess right.
  bool lands_on_existing_element(std::uint16_t n) {
    bool alone_is_p = true;
    for (const Heaps& parts : options_.of[n]) alone_is_p = alone_is_p && candidate_.p[candidate_.run(0, parts)] == 0;
    const std::vector<Heaps> access = access_sums(candidate_, active_);
    for (std::uint32_t t = 0; t < candidate_.states; ++t) {
      if ((candidate_.p[t] != 0) != alone_is_p) continue;
      for (std::uint32_t s = 0; s < candidate_.states; ++s) candidate_.delta[s * candidate_.stride + n] = candidate_.run(s, access[t]);
      if (!least_wrong(candidate_, active_.size() - 1)) return true;  // sums without heap n are proven
    }
    for (std::uint32_t s = 0; s < candidate_.states; ++s) candidate_.delta[s * candidate_.stride + n] = s;
    return false;
  }

  // Heap n as a new generator (g^4 = g^2 to start), then recalibrations until the check passes.
  void expand(std::uint16_t n) {
    candidate_ = marked_and_reduced(with_freed_heaps(candidate_, active_, {FreedHeap{n, 2, 2}}, limits_.search.memory));
    refuse_trial_if_too_large(n);
    while (const std::optional<HeapCopies> wrong = least_wrong(candidate_)) {
      const bool right_is_p = candidate_.p[candidate_.run(active_, *wrong)] == 0;
      candidate_ = recalibrated(*wrong, right_is_p);
      refuse_trial_if_too_large(n);
    }
  }

  Candidate marked_and_reduced(Candidate trial) {
    mark_p_positions(trial, options_, active_, watch_, limits_.search.memory);
    return minimised(trial, active_);
  }

  // The least trial that frees some heaps of the wrong sum and gets that sum right:
  // one heap at a time first, then pairs, and so on. Freeing them all always works:
  // the sum is then the least of its element, which marking sets by the rule.
  Candidate recalibrated(const HeapCopies& wrong, bool right_is_p) {
    std::vector<std::size_t> involved;
    for (std::size_t i = 0; i < wrong.size(); ++i) {
      if (wrong[i] > 0) involved.push_back(i);
    }
    for (std::size_t size = 1; size <= involved.size(); ++size) {
      std::vector<char> chosen(involved.size(), 0);
      std::fill(chosen.begin(), chosen.begin() + static_cast<std::ptrdiff_t>(size), 1);
      do {
        std::vector<FreedHeap> freed;
        for (std::size_t k = 0; k < involved.size(); ++k) {
          if (chosen[k] != 0) freed.push_back(freed_shape(active_[involved[k]], wrong[involved[k]]));
        }
        Candidate trial = marked_and_reduced(with_freed_heaps(candidate_, active_, freed, limits_.search.memory));
        if ((trial.p[trial.run(active_, wrong)] != 0) == right_is_p) return trial;
      } while (std::prev_permutation(chosen.begin(), chosen.end()));
    }
    throw std::logic_error("misère quotient: no trial gets the least wrong sum right");
  }

  // A counter for heap h that tells 0..copies copies apart and maps onto the
  // candidate's power sequence of h (index at least its index, period a multiple).
  [[nodiscard]] FreedHeap freed_shape(std::uint16_t h, std::uint16_t copies) const {
    FreedHeap shape = power_shape(candidate_, h);
    shape.index = std::max<std::uint32_t>(shape.index, copies + 1U);
    if (shape.period % 2 != 0) shape.period *= 2;
    return shape;
  }

  // Trials may be larger than the quotient they lead to (MisereSolver's candidates
  // for Dawson's Kayles to heap 30 reach 848 elements, the quotient has 360), so
  // they have a bound of their own; a wild game's trials grow without end.
  void refuse_trial_if_too_large(std::uint16_t n) const {
    const std::size_t bound = kTrialFactor * limits_.max_order;
    if (candidate_.states <= bound) return;
    throw BudgetExceeded(fmt::format(
        "no misère quotient of {} with heaps up to {} was found among trials of up to {} elements (it may be "
        "infinite: the game is wild there); lower --upto or raise --max-order",
        game_, n, bound));
  }

  HeapOptions options_;
  std::string game_;
  std::uint64_t upto_;
  const QuotientLimits& limits_;
  SearchWatch watch_;
  std::vector<std::uint16_t> active_;  // the heaps so far that have a move
  Candidate candidate_;
};

}  // namespace

QuotientAutomaton learn_quotient(const heap::HeapRules& rules, const std::string& game, std::uint64_t upto,
                                 const QuotientLimits& limits) {
  return Learner(rules, game, upto, limits).run();
}

}  // namespace grundy::misere::detail
