#include "quotient_presentation.hpp"

#include <fmt/format.h>

#include <limits>
#include <map>
#include <set>

namespace grundy::misere::detail {

namespace {

using Exponents = std::vector<std::uint32_t>;

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

/// Graded lexicographic order: lower total degree first, then a before b (a^2 < ab < b^2).
struct GradedLess {
  bool operator()(const Exponents& x, const Exponents& y) const {
    std::uint64_t dx = 0;
    std::uint64_t dy = 0;
    for (std::uint32_t e : x) dx += e;
    for (std::uint32_t e : y) dy += e;
    if (dx != dy) return dx < dy;
    return x > y;  // more of the first generator comes first
  }
};

std::string generator_name(std::size_t i) {
  if (i < 26) return std::string(1, static_cast<char>('a' + i));
  return fmt::format("g{}", i);
}

std::string word_text(const Exponents& exponents, const std::vector<std::string>& names) {
  std::string text;
  const bool spaced = names.size() > 26;
  for (std::size_t i = 0; i < exponents.size(); ++i) {
    if (exponents[i] == 0) continue;
    if (spaced && !text.empty()) text += ' ';
    text += names[i];
    if (exponents[i] > 1) text += fmt::format("^{}", exponents[i]);
  }
  return text.empty() ? "1" : text;
}

// The heaps whose elements the earlier ones do not generate, and the generated set.
void choose_generators(const std::vector<std::vector<std::uint32_t>>& table,
                       const std::vector<std::uint32_t>& heap_element, Presentation& out,
                       std::vector<std::uint32_t>& elements) {
  std::vector<bool> reached(table.size(), false);
  reached[0] = true;
  std::vector<std::uint32_t> span{0};
  for (std::size_t h = 1; h < heap_element.size(); ++h) {
    const std::uint32_t x = heap_element[h];
    if (reached[x]) continue;
    out.generator_heaps.push_back(h);
    out.generators.push_back(generator_name(out.generators.size()));
    elements.push_back(x);
    for (std::size_t i = 0; i < span.size(); ++i) {  // span grows while we walk it
      const std::uint32_t y = table[span[i]][x];
      if (!reached[y]) {
        reached[y] = true;
        span.push_back(y);
      }
    }
  }
}

}  // namespace

Presentation present(const std::vector<std::vector<std::uint32_t>>& table,
                     const std::vector<std::uint32_t>& heap_element) {
  Presentation out;
  std::vector<std::uint32_t> generator_elements;
  choose_generators(table, heap_element, out, generator_elements);
  const std::size_t r = generator_elements.size();
  std::vector<std::uint32_t> new_number(table.size(), kNone);
  std::set<Exponents> normal;
  std::map<Exponents, std::uint32_t, GradedLess> pending;  // candidate word -> its element
  pending.emplace(Exponents(r, 0), 0);
  std::vector<Exponents> normal_form;
  while (!pending.empty()) {
    const auto [word, element] = *pending.begin();
    pending.erase(pending.begin());
    if (new_number[element] == kNone) {
      new_number[element] = static_cast<std::uint32_t>(out.old_element.size());
      out.old_element.push_back(element);
      normal_form.push_back(word);
      normal.insert(word);
      for (std::size_t j = 0; j < r; ++j) {
        Exponents next = word;
        ++next[j];
        pending.emplace(next, table[element][generator_elements[j]]);
      }
      continue;
    }
    bool minimal = true;  // every word one generator less is a normal form
    for (std::size_t i = 0; i < r && minimal; ++i) {
      if (word[i] == 0) continue;
      Exponents less = word;
      --less[i];
      minimal = normal.contains(less);
    }
    if (minimal) {
      out.relations.push_back(word_text(word, out.generators) + " = " +
                              word_text(normal_form[new_number[element]], out.generators));
    }
  }
  for (const Exponents& word : normal_form) out.words.push_back(word_text(word, out.generators));
  return out;
}

}  // namespace grundy::misere::detail
