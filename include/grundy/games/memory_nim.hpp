// Heap games with a memory: one heap, and what a move may take depends on what
// the previous move took (the family CGSuite calls GenMem). A position is a
// heap n and the previous take k; a move takes a tokens (1 <= a <= n) allowed
// by the rule, leaving the heap n - a with memory a. The opening (no previous
// move, k = 0 here) allows any take but the whole heap. Rules:
//   at most a ratio p/q of the previous take (a*q <= p*k): Fibonacci Nim is 2/1,
//   Take-Away(r) any positive ratio; at least the previous take (Mem).
// Values come from the generic memoised search: about n^2/2 positions of up to
// n options each for a heap of n (canonical() merges memories that allow the
// same takes). Fibonacci Nim's winners for huge heaps: games/fibonacci_nim.hpp.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>

namespace grundy::games {

class MemoryNim {
 public:
  /// n: the heap; last: the previous take, 0 at the opening.
  struct Position {
    std::uint64_t heap = 0;
    std::uint64_t last = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };
  /// Tokens taken.
  struct Move {
    std::uint64_t take = 0;
    friend bool operator==(const Move&, const Move&) = default;
  };
  enum class Kind { at_most_ratio, at_least };

  /// The largest heap and memory accepted anywhere (Fibonacci Nim's theorem answers to it).
  static constexpr std::uint64_t kMaxHeap = (std::uint64_t{1} << 63) - 1;

  /// At most num/den times the previous take (num, den >= 1).
  static MemoryNim at_most(std::uint64_t num, std::uint64_t den) { return MemoryNim(Kind::at_most_ratio, num, den); }
  /// At least the previous take.
  static MemoryNim at_least() { return MemoryNim(Kind::at_least, 1, 1); }

  [[nodiscard]] Kind kind() const { return kind_; }
  [[nodiscard]] std::uint64_t num() const { return num_; }
  [[nodiscard]] std::uint64_t den() const { return den_; }

  /// The takes allowed from p: every a in [low, high] (empty when low > high).
  [[nodiscard]] std::pair<std::uint64_t, std::uint64_t> takes(const Position& p) const {
    if (p.heap == 0) return {1, 0};
    if (p.last == 0) return {1, p.heap - 1};  // the opening: not the whole heap
    if (kind_ == Kind::at_least) return {p.last, p.heap};
    const Wide cap = static_cast<Wide>(p.last) * num_ / den_;
    return {1, cap >= p.heap ? p.heap : static_cast<std::uint64_t>(cap)};
  }

  template <class Sink>
  void options(const Position& p, Sink& sink) const {
    const auto [low, high] = takes(p);
    for (std::uint64_t a = low; a <= high && a != 0; ++a) {
      if (a == p.heap) {
        sink.add(Move{a});  // the heap is gone: nothing is left
      } else {
        sink.add(Move{a}, {Position{p.heap - a, a}});
      }
      if (a == high) break;
    }
  }

  /// One memory for every set of allowed takes: the smallest one giving them
  /// (a memory past the heap allows what the whole heap allows).
  [[nodiscard]] Position canonical(const Position& p) const {
    if (p.last == 0 || p.heap == 0) return {p.heap, p.heap == 0 ? 0 : p.last};
    if (kind_ == Kind::at_least) return {p.heap, std::min(p.last, p.heap + 1)};
    const auto [low, high] = takes(p);
    // The least k with floor(k*num/den) >= high: ceil(high*den/num).
    const Wide need = (static_cast<Wide>(high) * den_ + num_ - 1) / num_;
    return {p.heap, std::max<std::uint64_t>(1, static_cast<std::uint64_t>(need))};
  }

 private:
  __extension__ using Wide = unsigned __int128;  // g++ and clang: k * num exact for 64-bit k and num
  MemoryNim(Kind kind, std::uint64_t num, std::uint64_t den) : kind_(kind), num_(num), den_(den) {}
  Kind kind_;
  std::uint64_t num_;
  std::uint64_t den_;
};

}  // namespace grundy::games

template <>
struct std::hash<grundy::games::MemoryNim::Position> {
  std::size_t operator()(const grundy::games::MemoryNim::Position& p) const noexcept {
    return std::hash<std::uint64_t>{}(p.heap * 0x9E3779B97F4A7C15ULL ^ p.last);
  }
};
