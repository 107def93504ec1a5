#include "quotient_candidate.hpp"

#include <algorithm>
#include <deque>
#include <limits>
#include <set>

#include <boost/unordered/unordered_flat_map.hpp>

#include <fmt/format.h>

#include "grundy/core/errors.hpp"
#include "grundy/heap/moves.hpp"

namespace grundy::misere::detail {

namespace {

constexpr std::uint32_t kUnset = std::numeric_limits<std::uint32_t>::max();

struct SignatureHash {
  std::size_t operator()(const std::vector<std::uint32_t>& key) const noexcept {
    return static_cast<std::size_t>(hash_words(key.size(), key.data(), key.data() + key.size()));
  }
};

}  // namespace

HeapOptions::HeapOptions(const heap::HeapRules& rules, std::uint64_t upto) : of(upto + 1) {
  for (std::uint64_t h = 1; h <= upto; ++h) {
    std::set<Heaps> distinct;
    heap::for_each_option(rules, h, [&](std::uint64_t, std::span<const std::uint64_t> parts) {
      Heaps left;
      for (std::uint64_t part : parts) {
        if (!of[part].empty()) left.push_back(static_cast<std::uint16_t>(part));
      }
      distinct.insert(left);  // parts come ascending
    });
    of[h].assign(distinct.begin(), distinct.end());
  }
}

std::uint32_t Candidate::run(const std::vector<std::uint16_t>& active,
                             const std::vector<std::uint16_t>& copies) const {
  std::uint32_t s = 0;
  for (std::size_t i = 0; i < active.size(); ++i) {
    for (std::uint16_t k = 0; k < copies[i]; ++k) s = next(s, active[i]);
  }
  return s;
}

void Candidate::add_heap() {
  const std::size_t wider = stride + 1;
  std::vector<std::uint32_t> grown(static_cast<std::size_t>(states) * wider);
  for (std::uint32_t s = 0; s < states; ++s) {
    std::copy_n(delta.begin() + static_cast<std::ptrdiff_t>(s * stride), stride,
                grown.begin() + static_cast<std::ptrdiff_t>(s * wider));
    grown[s * wider + stride] = s;
  }
  delta = std::move(grown);
  stride = wider;
}

FreedHeap power_shape(const Candidate& candidate, std::uint16_t h) {
  std::vector<std::uint32_t> first(candidate.states, kUnset);
  std::uint32_t s = 0;
  std::uint32_t k = 0;
  while (first[s] == kUnset) {
    first[s] = k++;
    s = candidate.next(s, h);
  }
  return FreedHeap{h, first[s], k - first[s]};
}

Candidate with_freed_heaps(const Candidate& candidate, const std::vector<std::uint16_t>& active,
                           const std::vector<FreedHeap>& freed, const MemoryBudget& memory) {
  const auto is_freed = [&](std::uint16_t h) {
    return std::any_of(freed.begin(), freed.end(), [h](const FreedHeap& f) { return f.heap == h; });
  };
  std::vector<std::uint16_t> kept;
  for (std::uint16_t h : active) {
    if (!is_freed(h)) kept.push_back(h);
  }
  // The submonoid the kept heaps generate, numbered in the order it is reached.
  std::vector<std::uint32_t> base_id(candidate.states, kUnset);
  std::vector<std::uint32_t> base{0};
  base_id[0] = 0;
  for (std::size_t at = 0; at < base.size(); ++at) {
    for (std::uint16_t h : kept) {
      const std::uint32_t t = candidate.next(base[at], h);
      if (base_id[t] == kUnset) {
        base_id[t] = static_cast<std::uint32_t>(base.size());
        base.push_back(t);
      }
    }
  }
  // State = base state + base.size() * (counters in mixed radix).
  std::uint64_t states = base.size();
  std::vector<std::uint64_t> place;
  for (const FreedHeap& f : freed) {
    place.push_back(states);
    states *= f.index + f.period;
  }
  if (states > std::numeric_limits<std::uint32_t>::max() / 2) {
    throw BudgetExceeded(fmt::format("a trial misère quotient of {} elements is too large", states));
  }
  memory.require(states * candidate.stride * sizeof(std::uint32_t) * 2, "a trial misère quotient");
  Candidate out;
  out.states = static_cast<std::uint32_t>(states);
  out.stride = candidate.stride;
  out.delta.assign(states * out.stride, 0);
  out.p.assign(states, 0);
  for (std::uint64_t s = 0; s < states; ++s) {
    const std::uint64_t b = s % base.size();
    const std::uint64_t counters = s - b;
    std::uint32_t* row = &out.delta[s * out.stride];
    for (std::size_t h = 0; h < out.stride; ++h) row[h] = static_cast<std::uint32_t>(s);
    for (std::uint16_t h : kept) row[h] = static_cast<std::uint32_t>(counters + base_id[candidate.next(base[b], h)]);
    for (std::size_t j = 0; j < freed.size(); ++j) {
      const FreedHeap& f = freed[j];
      const std::uint64_t c = (s / place[j]) % (f.index + f.period);
      const std::uint64_t c_next = c + 1 < f.index + f.period ? c + 1 : f.index;
      row[f.heap] = static_cast<std::uint32_t>(s + (c_next - c) * place[j]);
    }
  }
  return out;
}

Candidate minimised(const Candidate& candidate, const std::vector<std::uint16_t>& active) {
  const std::uint32_t n = candidate.states;
  std::vector<std::uint32_t> block(n);
  for (std::uint32_t s = 0; s < n; ++s) block[s] = candidate.p[s] != 0 ? 1 : 0;
  std::size_t blocks = 0;
  std::vector<std::uint32_t> signature(active.size() + 1);
  while (true) {
    boost::unordered_flat_map<std::vector<std::uint32_t>, std::uint32_t, SignatureHash> ids;
    std::vector<std::uint32_t> refined(n);
    for (std::uint32_t s = 0; s < n; ++s) {
      signature[0] = block[s];
      for (std::size_t i = 0; i < active.size(); ++i) signature[i + 1] = block[candidate.next(s, active[i])];
      refined[s] = ids.try_emplace(signature, static_cast<std::uint32_t>(ids.size())).first->second;
    }
    block = std::move(refined);
    if (ids.size() == blocks) break;
    blocks = ids.size();
  }
  // Renumber the blocks reachable from the empty sum, breadth first.
  std::vector<std::uint32_t> number(blocks, kUnset);
  std::vector<std::uint32_t> representative;
  number[block[0]] = 0;
  representative.push_back(0);
  for (std::size_t at = 0; at < representative.size(); ++at) {
    for (std::uint16_t h : active) {
      const std::uint32_t t = candidate.next(representative[at], h);
      if (number[block[t]] == kUnset) {
        number[block[t]] = static_cast<std::uint32_t>(representative.size());
        representative.push_back(t);
      }
    }
  }
  Candidate out;
  out.states = static_cast<std::uint32_t>(representative.size());
  out.stride = candidate.stride;
  out.delta.resize(static_cast<std::size_t>(out.states) * out.stride);
  out.p.resize(out.states);
  for (std::uint32_t x = 0; x < out.states; ++x) {
    const std::uint32_t s = representative[x];
    out.p[x] = candidate.p[s];
    for (std::size_t h = 0; h < out.stride; ++h) {
      out.delta[x * out.stride + h] = number[block[candidate.next(s, static_cast<std::uint16_t>(h))]];
    }
  }
  return out;
}

std::vector<Heaps> access_sums(const Candidate& candidate, const std::vector<std::uint16_t>& active) {
  std::vector<Heaps> access(candidate.states);
  std::vector<char> reached(candidate.states, 0);
  std::deque<std::uint32_t> queue{0};
  reached[0] = 1;
  while (!queue.empty()) {
    const std::uint32_t s = queue.front();
    queue.pop_front();
    for (std::uint16_t h : active) {
      const std::uint32_t t = candidate.next(s, h);
      if (reached[t] != 0) continue;
      reached[t] = 1;
      access[t] = access[s];
      access[t].push_back(h);
      queue.push_back(t);
    }
  }
  return access;
}

}  // namespace grundy::misere::detail
