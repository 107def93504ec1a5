// compute_quotient learns the automaton (quotient_learn.cpp), multiplies its states
// (x y = the state reached from x reading any sum of y's class) and presents the
// result; the answers fold the heaps' elements through the table.
#include "grundy/misere/quotient.hpp"

#include <fmt/format.h>

#include "grundy/core/errors.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/moves.hpp"
#include "quotient_learn.hpp"
#include "quotient_presentation.hpp"

namespace grundy::misere {

namespace {

/// Heaps above this are refused: the automaton keeps one transition per heap and state.
constexpr std::uint64_t kMaxUpto = 4096;

std::uint32_t heap_element_checked(const MisereQuotient& quotient, std::uint64_t heap) {
  if (heap > quotient.upto) {
    throw InputError(fmt::format("heap {} is beyond the misère quotient of {}, which covers heaps up to {}", heap,
                                 quotient.game, quotient.upto));
  }
  return quotient.heap_element[heap];
}

std::vector<std::vector<std::uint32_t>> product_table(const detail::QuotientAutomaton& automaton) {
  const std::size_t order = automaton.access.size();
  std::vector<std::vector<std::uint32_t>> table(order, std::vector<std::uint32_t>(order));
  for (std::size_t x = 0; x < order; ++x) {
    for (std::size_t y = 0; y < order; ++y) {
      auto s = static_cast<std::uint32_t>(x);
      for (std::uint16_t h : automaton.access[y]) s = automaton.delta[s][h];
      table[x][y] = s;
    }
  }
  return table;
}

// Renumbers the learnt quotient by the presentation's normal forms.
void fill_from(const detail::QuotientAutomaton& automaton, MisereQuotient& quotient) {
  const auto table = product_table(automaton);
  std::vector<std::uint32_t> heap_element(quotient.upto + 1);
  for (std::uint64_t h = 0; h <= quotient.upto; ++h) heap_element[h] = automaton.delta[0][h];
  detail::Presentation presentation = detail::present(table, heap_element);
  const std::size_t order = presentation.old_element.size();
  std::vector<std::uint32_t> renumber(order);
  for (std::size_t i = 0; i < order; ++i) renumber[presentation.old_element[i]] = static_cast<std::uint32_t>(i);
  quotient.table.assign(order, std::vector<std::uint32_t>(order));
  quotient.p_portion.assign(order, false);
  for (std::size_t i = 0; i < order; ++i) {
    const std::uint32_t x = presentation.old_element[i];
    quotient.p_portion[i] = automaton.p[x];
    for (std::size_t j = 0; j < order; ++j) quotient.table[i][j] = renumber[table[x][presentation.old_element[j]]];
  }
  for (std::uint32_t& x : heap_element) x = renumber[x];
  quotient.heap_element = std::move(heap_element);
  quotient.generators = std::move(presentation.generators);
  quotient.generator_heaps = std::move(presentation.generator_heaps);
  quotient.relations = std::move(presentation.relations);
  quotient.elements = std::move(presentation.words);
}

}  // namespace

std::vector<std::uint32_t> MisereQuotient::p_elements() const {
  std::vector<std::uint32_t> out;
  for (std::size_t x = 0; x < p_portion.size(); ++x) {
    if (p_portion[x]) out.push_back(static_cast<std::uint32_t>(x));
  }
  return out;
}

MisereQuotient compute_quotient(const heap::HeapRules& rules, std::uint64_t upto, const QuotientLimits& limits) {
  if (upto == 0 || upto > kMaxUpto) {
    throw InputError(
        fmt::format("misère quotient of {}: the largest heap must be 1 .. {}, not {}", rules.name(), kMaxUpto, upto));
  }
  if (rules.general() != nullptr) {
    throw InputError(fmt::format("misère quotient of {}: only octal and hexadecimal codes have quotients here "
                                 "(this generalized code has none)", rules.name()));
  }
  MisereQuotient quotient;
  quotient.game = rules.name();
  quotient.code = heap::format_code(rules);
  quotient.upto = upto;
  fill_from(detail::learn_quotient(rules, rules.name(), upto, limits), quotient);
  return quotient;
}

std::uint32_t element_of(const MisereQuotient& quotient, std::span<const std::uint64_t> heaps) {
  std::uint32_t x = 0;
  for (std::uint64_t heap : heaps) x = quotient.table[x][heap_element_checked(quotient, heap)];
  return x;
}

bool is_p_position(const MisereQuotient& quotient, std::span<const std::uint64_t> heaps) {
  return quotient.p_portion[element_of(quotient, heaps)];
}

std::vector<QuotientMove> winning_moves(const MisereQuotient& quotient, const heap::HeapRules& rules,
                                        std::span<const std::uint64_t> heaps) {
  // before[i]: the element of heaps[0..i); after[i]: of heaps[i..]. The rest of heap i is before[i] after[i+1].
  const std::size_t count = heaps.size();
  std::vector<std::uint32_t> before(count + 1, 0);
  std::vector<std::uint32_t> after(count + 1, 0);
  for (std::size_t i = 0; i < count; ++i) {
    before[i + 1] = quotient.table[before[i]][heap_element_checked(quotient, heaps[i])];
  }
  for (std::size_t i = count; i-- > 0;) after[i] = quotient.table[quotient.heap_element[heaps[i]]][after[i + 1]];
  std::vector<QuotientMove> moves;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t rest = quotient.table[before[i]][after[i + 1]];
    heap::for_each_option(rules, heaps[i], [&](std::uint64_t take, std::span<const std::uint64_t> parts) {
      std::uint32_t x = rest;
      for (std::uint64_t part : parts) x = quotient.table[x][quotient.heap_element[part]];
      if (quotient.p_portion[x]) {
        moves.push_back(QuotientMove{.component = i,
                                     .heap = heaps[i],
                                     .take = take,
                                     .leaves = std::vector<std::uint64_t>(parts.begin(), parts.end())});
      }
    });
  }
  return moves;
}

std::optional<QuotientAnswer> answer_with_quotient(const MisereQuotient& quotient, const heap::HeapRules& rules,
                                                   std::span<const std::uint64_t> heaps) {
  for (std::uint64_t heap : heaps) {
    if (heap > quotient.upto) return std::nullopt;
  }
  QuotientAnswer answer;
  answer.element = element_of(quotient, heaps);
  answer.p_position = quotient.p_portion[answer.element];
  answer.winning_moves = winning_moves(quotient, rules, heaps);
  return answer;
}

}  // namespace grundy::misere
