// Answering sums of heaps (outcome and every winning move) from a misère quotient,
// against a plain memoised misère search over whole positions on the same sums
// (the memo starts empty for each batch, as for a one-off question). The quotient
// is computed once, outside the timed loop; BM_ComputeQuotient times that too.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <map>
#include <random>
#include <unordered_map>

#include "grundy/heap/codes.hpp"
#include "grundy/heap/moves.hpp"
#include "grundy/misere/quotient.hpp"

namespace {

using Position = std::vector<std::uint64_t>;

constexpr std::uint64_t kUpto = 12;
constexpr std::size_t kSums = 64;
constexpr std::size_t kHeapsPerSum = 6;
const char* const kCode = "0.75";

std::vector<Position> sums() {
  std::mt19937_64 random(7);
  std::vector<Position> out(kSums, Position(kHeapsPerSum));
  for (Position& sum : out) {
    for (std::uint64_t& h : sum) h = 1 + random() % kUpto;
  }
  return out;
}

struct PositionHash {
  std::size_t operator()(const Position& p) const noexcept {
    std::size_t hash = 1469598103934665603ULL;
    for (std::uint64_t h : p) hash = (hash ^ h) * 1099511628211ULL;
    return hash;
  }
};

/// The baseline: misère outcome by memoised search over sorted positions.
class PlainSearch {
 public:
  explicit PlainSearch(const grundy::heap::HeapRules& rules) : rules_(rules) {}

  bool is_p(Position position) {
    std::sort(position.begin(), position.end());
    if (auto found = memo_.find(position); found != memo_.end()) return found->second;
    bool any = false;
    bool p = true;
    for (std::size_t i = 0; i < position.size() && p; ++i) {
      grundy::heap::for_each_option(rules_, position[i], [&](std::uint64_t, std::span<const std::uint64_t> parts) {
        any = true;
        if (p && is_p(after(position, i, parts))) p = false;
      });
    }
    return memo_[position] = any && p;
  }

  std::size_t winning_moves(const Position& position) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < position.size(); ++i) {
      grundy::heap::for_each_option(rules_, position[i], [&](std::uint64_t, std::span<const std::uint64_t> parts) {
        if (is_p(after(position, i, parts))) ++count;
      });
    }
    return count;
  }

  static Position after(const Position& position, std::size_t i, std::span<const std::uint64_t> parts) {
    Position next = position;
    next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
    next.insert(next.end(), parts.begin(), parts.end());
    return next;
  }

 private:
  const grundy::heap::HeapRules& rules_;
  std::unordered_map<Position, bool, PositionHash> memo_;
};

void BM_PlainMisereSearch(benchmark::State& state) {
  const grundy::heap::HeapRules rules = grundy::heap::parse_heap_rules(kCode);
  const std::vector<Position> batch = sums();
  for (auto _ : state) {
    PlainSearch search(rules);
    for (const Position& sum : batch) {
      benchmark::DoNotOptimize(search.is_p(sum));
      benchmark::DoNotOptimize(search.winning_moves(sum));
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kSums));
}
BENCHMARK(BM_PlainMisereSearch)->Unit(benchmark::kMicrosecond);

void BM_AnswerWithQuotient(benchmark::State& state) {
  const grundy::heap::HeapRules rules = grundy::heap::parse_heap_rules(kCode);
  const grundy::misere::MisereQuotient quotient = grundy::misere::compute_quotient(rules, kUpto, {});
  const std::vector<Position> batch = sums();
  for (auto _ : state) {
    for (const Position& sum : batch) {
      benchmark::DoNotOptimize(grundy::misere::answer_with_quotient(quotient, rules, sum));
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kSums));
}
BENCHMARK(BM_AnswerWithQuotient)->Unit(benchmark::kMicrosecond);

void BM_ComputeQuotient(benchmark::State& state) {
  const grundy::heap::HeapRules rules = grundy::heap::parse_heap_rules(kCode);
  for (auto _ : state) benchmark::DoNotOptimize(grundy::misere::compute_quotient(rules, kUpto, {}));
}
BENCHMARK(BM_ComputeQuotient)->Unit(benchmark::kMicrosecond);

// Dawson's Kayles to heap n: 24 elements from heap 14 on, 144 at heap 25 and 26.
void BM_ComputeQuotientDawsonsKayles(benchmark::State& state) {
  const grundy::heap::HeapRules rules = grundy::heap::parse_heap_rules("0.07");
  const auto upto = static_cast<std::uint64_t>(state.range(0));
  std::size_t order = 0;
  for (auto _ : state) order = grundy::misere::compute_quotient(rules, upto, {}).order();
  state.counters["order"] = static_cast<double>(order);
}
BENCHMARK(BM_ComputeQuotientDawsonsKayles)->Arg(16)->Arg(24)->Arg(26)->Unit(benchmark::kMillisecond);

}  // namespace
