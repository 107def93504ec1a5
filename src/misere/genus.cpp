#include "grundy/misere/genus.hpp"

#include <fmt/format.h>

namespace grundy::misere {

Nimber Genus::term(std::uint64_t k) const {
  if (k < terms.size()) return terms[k];
  const std::size_t first = terms.size() - 2;  // where the alternating pair starts
  return terms[first + (k - first) % 2];
}

std::string Genus::text() const {
  bool small = true;
  for (Nimber t : terms) small = small && t < 10;
  if (small) {
    std::string out = fmt::format("{}^", normal);
    for (Nimber t : terms) out += static_cast<char>('0' + t);
    return out;
  }
  return fmt::format("{}^({})", normal, fmt::join(terms, ","));
}

std::optional<Genus> genus_from_terms(Nimber normal, std::span<const Nimber> terms, std::size_t confirm) {
  if (terms.size() < confirm || confirm < 2) return std::nullopt;
  // The first index from which every computed term alternates d, d^2, d, ...
  std::size_t start = terms.size() - 1;
  while (start > 0 && terms[start - 1] == (terms[start] ^ 2)) --start;
  if (terms.size() - start < confirm) return std::nullopt;
  Genus genus{normal, std::vector<Nimber>(terms.begin(), terms.begin() + static_cast<std::ptrdiff_t>(start) + 2)};
  return genus;
}

bool is_tame(const Genus& genus) {
  const std::vector<Nimber>& t = genus.terms;
  if (genus.normal == 0 && t == std::vector<Nimber>{1, 2, 0}) return true;
  if (genus.normal == 1 && t == std::vector<Nimber>{0, 3, 1}) return true;
  return t.size() == 2 && t[0] == genus.normal;  // g^{g, g^2}: alternation is implied
}

void TameSum::add(const Genus& genus) {
  nim_sum ^= genus.normal;
  if (genus.terms.size() == 2) {
    ++big;
  } else if (genus.normal == 1) {
    ++ones;
  }
}

void TameSum::remove(const Genus& genus) {
  nim_sum ^= genus.normal;
  if (genus.terms.size() == 2) {
    --big;
  } else if (genus.normal == 1) {
    --ones;
  }
}

Genus TameSum::genus() const {
  if (big > 0) return Genus{nim_sum, {nim_sum, nim_sum ^ 2}};
  return ones % 2 == 0 ? Genus{0, {1, 2, 0}} : Genus{1, {0, 3, 1}};
}

bool tame_sum_first_player_wins(std::span<const Genus> genera) {
  TameSum sum;
  for (const Genus& g : genera) sum.add(g);
  return sum.first_player_wins();
}

}  // namespace grundy::misere
