#include "quotient_oracle.hpp"

#include <algorithm>
#include <set>

#include "grundy/heap/moves.hpp"

namespace grundy::misere::detail {

namespace {

// Bytes a memo entry costs: the node, its bucket and the key's heap array.
constexpr std::uint64_t kEntryBytes = 64;

struct Frame {
  Heaps position;
  std::vector<Heaps> children;
  std::size_t next = 0;
};

}  // namespace

std::size_t HeapsHash::operator()(const Heaps& heaps) const noexcept {
  std::uint64_t hash = heaps.size();
  for (std::uint16_t h : heaps) {  // a multiply and a shift per heap mix every bit
    hash = (hash ^ h) * 0x9e3779b97f4a7c15ULL;
    hash ^= hash >> 32;
  }
  return static_cast<std::size_t>(hash);
}

OutcomeOracle::OutcomeOracle(const heap::HeapRules& rules, std::uint64_t upto, const SearchLimits& limits)
    : name_(rules.name()), options_(upto + 1), limits_(&limits), watch_(limits) {
  for (std::uint64_t h = 1; h <= upto; ++h) {
    std::set<Heaps> distinct;
    heap::for_each_option(rules, h, [&](std::uint64_t, std::span<const std::uint64_t> parts) {
      Heaps left;
      for (std::uint64_t part : parts) {
        if (!options_[part].empty()) left.push_back(static_cast<std::uint16_t>(part));
      }
      distinct.insert(left);  // parts come ascending
    });
    options_[h].assign(distinct.begin(), distinct.end());
  }
}

Heaps OutcomeOracle::normalise(Heaps heaps) const {
  std::erase_if(heaps, [&](std::uint16_t h) { return h == 0 || options_[h].empty(); });
  std::sort(heaps.begin(), heaps.end());
  return heaps;
}

void OutcomeOracle::children(const Heaps& position, std::vector<Heaps>& out) const {
  out.clear();
  for (std::size_t i = 0; i < position.size(); ++i) {
    if (i > 0 && position[i] == position[i - 1]) continue;  // equal heaps have equal moves
    for (const Heaps& parts : options_[position[i]]) {
      Heaps child;
      child.reserve(position.size() + parts.size());
      child.insert(child.end(), position.begin(), position.begin() + static_cast<std::ptrdiff_t>(i));
      child.insert(child.end(), position.begin() + static_cast<std::ptrdiff_t>(i) + 1, position.end());
      const auto middle = child.insert(child.end(), parts.begin(), parts.end());
      std::inplace_merge(child.begin(), middle, child.end());
      out.push_back(std::move(child));
    }
  }
  if (guess_) std::stable_partition(out.begin(), out.end(), guess_);
}

// A move to a known P-position decides at once, before any child is searched.
bool OutcomeOracle::has_known_p_child(const std::vector<Heaps>& children) const {
  for (const Heaps& child : children) {
    if (const int answer = known(child); answer >= 0) {
      if (answer == 1) return true;
      continue;
    }
    const auto found = memo_.find(child);
    if (found != memo_.end() && found->second) return true;
  }
  return false;
}

void OutcomeOracle::record(const Heaps& position, bool p) {
  memo_.emplace(position, p);
  memo_bytes_ += kEntryBytes + position.size() * sizeof(std::uint16_t);
  watch_.tick([&] {
    limits_->memory.require(memo_bytes_, "misère outcomes of " + name_);
    return std::pair<std::size_t, std::uint64_t>(memo_.size(), memo_bytes_);
  });
}

void OutcomeOracle::set_known(std::uint64_t below, std::vector<std::vector<std::uint32_t>> delta, std::vector<bool> p) {
  known_below_ = below;
  known_delta_ = std::move(delta);
  known_p_ = std::move(p);
}

int OutcomeOracle::known(const Heaps& position) const {
  if (position.empty() || position.back() >= known_below_) return position.empty() ? 0 : -1;
  std::uint32_t s = 0;
  for (std::uint16_t h : position) s = known_delta_[s][h];
  return known_p_[s] ? 1 : 0;
}

bool OutcomeOracle::is_p(const Heaps& position) {
  if (const int answer = known(position); answer >= 0) return answer == 1;
  if (auto found = memo_.find(position); found != memo_.end()) return found->second;
  std::vector<Frame> stack;
  stack.push_back(Frame{position, {}, 0});
  children(position, stack.back().children);
  while (!stack.empty()) {
    const std::size_t top = stack.size() - 1;
    bool descended = false;
    bool n_position = false;
    if (stack[top].next == 0) n_position = has_known_p_child(stack[top].children);
    while (!n_position && stack[top].next < stack[top].children.size()) {
      const Heaps& child = stack[top].children[stack[top].next];
      if (const int answer = known(child); answer >= 0) {
        if (answer == 1) n_position = true;
        ++stack[top].next;
        continue;
      }
      const auto found = memo_.find(child);
      if (found == memo_.end()) {
        Frame frame{child, {}, 0};
        children(frame.position, frame.children);
        stack.push_back(std::move(frame));
        descended = true;
        break;
      }
      if (found->second) {  // a move to a P-position wins
        n_position = true;
        break;
      }
      ++stack[top].next;
    }
    if (descended) continue;
    // No move at all wins in misère play; otherwise P exactly when no move reaches a P-position.
    record(stack[top].position, !n_position && !stack[top].children.empty());
    stack.pop_back();
  }
  return memo_.at(position);
}

}  // namespace grundy::misere::detail
