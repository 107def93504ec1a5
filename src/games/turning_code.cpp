// Turning codes: parsing, the legality test, and the enumeration of legal sets.
#include "grundy/games/turning_code.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "grundy/core/errors.hpp"

namespace grundy::games {

namespace turning_code_detail {

[[noreturn]] void malformed(std::string_view code, std::string_view why) {
  throw InputError(fmt::format("turning code '{}': {}", code, why));
}

// Reads digits at text[pos...]; at least one digit, value 1 .. kMaxNumber.
std::uint32_t read_number(std::string_view code, std::string_view text, std::size_t& pos, std::string_view what) {
  const std::size_t start = pos;
  std::uint64_t value = 0;
  while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])) != 0) {
    value = value * 10 + static_cast<std::uint64_t>(text[pos] - '0');
    if (value > TurningCode::kMaxNumber) {
      malformed(code, fmt::format("{} is larger than {}", what, TurningCode::kMaxNumber));
    }
    ++pos;
  }
  if (pos == start) malformed(code, fmt::format("expected {} (a number)", what));
  if (value == 0) malformed(code, fmt::format("{} must be at least 1 (a move turns the rightmost coin)", what));
  return static_cast<std::uint32_t>(value);
}

TurningItem parse_item(std::string_view code, std::string_view text) {
  if (text.empty()) malformed(code, "an empty item (two commas, or a comma at an end)");
  TurningItem item;
  std::size_t pos = 0;
  item.min_coins = read_number(code, text, pos, "a count of coins");
  item.max_coins = item.min_coins;
  if (pos < text.size() && text[pos] == '+') {
    item.max_coins = TurningItem::kUnbounded;
    ++pos;
  } else if (pos < text.size() && text[pos] == '-') {
    ++pos;
    item.max_coins = read_number(code, text, pos, "the end of a range");
    if (item.max_coins < item.min_coins) {
      malformed(code, fmt::format("the range {}-{} ends below its start", item.min_coins, item.max_coins));
    }
  }
  std::string seen;
  while (pos < text.size()) {
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text[pos])));
    ++pos;
    const bool bounded_span = letter == 'C' && pos < text.size() && text[pos] == '(';
    const char key = bounded_span ? 'W' : letter;
    if (seen.find(key) != std::string::npos) malformed(code, fmt::format("the modifier {} is repeated", letter));
    seen.push_back(key);
    const auto set_spacing = [&](TurningItem::Spacing spacing) {
      if (item.spacing != TurningItem::Spacing::any) malformed(code, "at most one of C, E and S in an item");
      item.spacing = spacing;
    };
    if (bounded_span) {
      ++pos;
      item.span = read_number(code, text, pos, "the span of C(n)");
      if (pos >= text.size() || text[pos] != ')') malformed(code, "C( without its closing )");
      ++pos;
    } else if (letter == 'C') {
      set_spacing(TurningItem::Spacing::consecutive);
    } else if (letter == 'E') {
      set_spacing(TurningItem::Spacing::equal);
    } else if (letter == 'S') {
      set_spacing(TurningItem::Spacing::symmetric);
    } else if (letter == 'F') {
      item.leftmost = true;
    } else {
      malformed(code, fmt::format("unknown modifier '{}' (the modifiers are C, C(n), E, S and F)", text[pos - 1]));
    }
  }
  return item;
}

std::string spell(const TurningItem& item) {
  std::string out = fmt::format("{}", item.min_coins);
  if (item.max_coins == TurningItem::kUnbounded) {
    out += '+';
  } else if (item.max_coins != item.min_coins) {
    out += fmt::format("-{}", item.max_coins);
  }
  if (item.spacing == TurningItem::Spacing::consecutive) out += 'C';
  if (item.span != TurningItem::kUnbounded) out += fmt::format("C({})", item.span);
  if (item.spacing == TurningItem::Spacing::equal) out += 'E';
  if (item.spacing == TurningItem::Spacing::symmetric) out += 'S';
  if (item.leftmost) out += 'F';
  return out;
}

// Enumerates the sets one item allows with the given rightmost coin. `coins` is
// scratch space; visit gets the ascending set.
class ItemEnumerator {
 public:
  ItemEnumerator(const TurningItem& item, std::uint32_t rightmost,
                 const std::function<void(std::span<const std::uint32_t>)>& visit)
      : item_(item), right_(rightmost), visit_(visit) {
    const std::uint64_t by_span = item.span;
    lowest_ = right_ >= by_span ? right_ - item.span + 1 : 1;  // the leftmost position a coin may take
    max_k_ = std::min<std::uint64_t>({item.max_coins, right_ - lowest_ + 1});
    if (item_.leftmost && lowest_ > 1) max_k_ = 0;  // coin 1 is out of reach
  }

  void run() {
    for (std::uint64_t k = item_.min_coins; k <= max_k_; ++k) run_count(static_cast<std::uint32_t>(k));
  }

 private:
  void run_count(std::uint32_t k) {
    coins_.assign(k, 0);
    coins_[k - 1] = right_;
    if (k == 1) {
      if (!item_.leftmost || right_ == 1) visit_(coins_);
      return;
    }
    switch (item_.spacing) {
      case TurningItem::Spacing::consecutive: {
        if (item_.leftmost && right_ != k) return;
        for (std::uint32_t i = 0; i < k; ++i) coins_[i] = right_ - (k - 1) + i;
        visit_(coins_);
        return;
      }
      case TurningItem::Spacing::equal: {
        for (std::uint32_t gap = 1; std::uint64_t{gap} * (k - 1) + lowest_ <= right_; ++gap) {
          const std::uint32_t first = right_ - gap * (k - 1);
          if (item_.leftmost && first != 1) continue;
          for (std::uint32_t i = 0; i < k; ++i) coins_[i] = first + gap * i;
          visit_(coins_);
        }
        return;
      }
      case TurningItem::Spacing::symmetric: {
        for (std::uint32_t first = item_.leftmost ? 1 : lowest_; first + (k - 1) <= right_; ++first) {
          if (item_.leftmost && first != 1) break;
          symmetric_from(first, k);
        }
        return;
      }
      case TurningItem::Spacing::any: {
        if (item_.leftmost) {
          coins_[0] = 1;
          choose(1, 2, k - 2);
        } else {
          choose(0, lowest_, k - 1);
        }
        return;
      }
    }
  }

  // Fills coins_[index .. index + count) ascending from positions >= from, below right_.
  void choose(std::uint32_t index, std::uint32_t from, std::uint32_t count) {
    if (count == 0) {
      visit_(coins_);
      return;
    }
    for (std::uint32_t c = from; c + count <= right_; ++c) {
      coins_[index] = c;
      choose(index + 1, c + 1, count - 1);
    }
  }

  // Symmetric sets with outer coins first and right_: choose the inner left half.
  void symmetric_from(std::uint32_t first, std::uint32_t k) {
    const std::uint32_t total = first + right_;
    const bool middle = (k % 2) == 1;
    if (middle && total % 2 != 0) return;
    coins_[0] = first;
    const std::uint32_t pairs = (k - 2) / 2;  // inner pairs besides the outer one
    if (middle) coins_[pairs + 1] = total / 2;
    choose_symmetric(1, first + 1, pairs, total, k);
  }

  void choose_symmetric(std::uint32_t index, std::uint32_t from, std::uint32_t count, std::uint32_t total,
                        std::uint32_t k) {
    if (count == 0) {
      visit_(coins_);
      return;
    }
    // A left coin c pairs with total - c; it stays strictly left of the centre.
    for (std::uint32_t c = from; 2 * (c + count - 1) < total; ++c) {
      coins_[index] = c;
      coins_[k - 1 - index] = total - c;
      choose_symmetric(index + 1, c + 1, count - 1, total, k);
    }
  }

  const TurningItem& item_;
  std::uint32_t right_;
  const std::function<void(std::span<const std::uint32_t>)>& visit_;
  std::uint32_t lowest_ = 1;
  std::uint64_t max_k_ = 0;
  std::vector<std::uint32_t> coins_;
};

}  // namespace turning_code_detail

TurningCode TurningCode::parse(std::string_view text) {
  TurningCode code;
  if (text.empty()) turning_code_detail::malformed(text, "empty (for example 1-3, or 1+C)");
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view part = text.substr(start, comma == std::string_view::npos ? text.size() - start : comma - start);
    code.items_.push_back(turning_code_detail::parse_item(text, part));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  for (const TurningItem& item : code.items_) {
    if (!code.text_.empty()) code.text_ += ',';
    code.text_ += turning_code_detail::spell(item);
  }
  return code;
}

bool item_allows(const TurningItem& item, std::span<const std::uint32_t> coins) {
  const std::size_t k = coins.size();
  if (k < item.min_coins || k > item.max_coins) return false;
  if (std::uint64_t{coins.back()} - coins.front() + 1 > item.span) return false;
  if (item.leftmost && coins.front() != 1) return false;
  switch (item.spacing) {
    case TurningItem::Spacing::any:
      return true;
    case TurningItem::Spacing::consecutive:
      return coins.back() - coins.front() + 1 == k;
    case TurningItem::Spacing::equal:
      for (std::size_t i = 2; i < k; ++i) {
        if (coins[i] - coins[i - 1] != coins[1] - coins[0]) return false;
      }
      return true;
    case TurningItem::Spacing::symmetric:
      for (std::size_t i = 0; i < k; ++i) {
        if (coins[i] + coins[k - 1 - i] != coins.front() + coins.back()) return false;
      }
      return true;
  }
  return false;
}

bool TurningCode::allows(std::span<const std::uint32_t> coins) const {
  if (coins.empty() || !std::is_sorted(coins.begin(), coins.end()) ||
      std::adjacent_find(coins.begin(), coins.end()) != coins.end() || coins.front() == 0) {
    return false;
  }
  return std::any_of(items_.begin(), items_.end(), [&](const TurningItem& item) { return item_allows(item, coins); });
}

void TurningCode::for_each_move(std::uint32_t rightmost,
                                const std::function<void(std::span<const std::uint32_t>)>& visit) const {
  if (rightmost == 0) return;
  for (std::size_t i = 0; i < items_.size(); ++i) {
    // A set several items allow is visited for the first of them only.
    const std::function<void(std::span<const std::uint32_t>)> first_only = [&](std::span<const std::uint32_t> coins) {
      for (std::size_t j = 0; j < i; ++j) {
        if (item_allows(items_[j], coins)) return;
      }
      visit(coins);
    };
    turning_code_detail::ItemEnumerator(items_[i], rightmost, i == 0 ? visit : first_only).run();
  }
}

std::uint32_t TurningCode::max_coins() const {
  std::uint32_t most = 0;
  for (const TurningItem& item : items_) most = std::max(most, std::min(item.max_coins, item.span));
  return most;
}

}  // namespace grundy::games
