// Proofs of arithmetic periodicity: the automata over binary digits
// (automatic_proof_length, any saltus) beside the symbolic induction
// (arithmetic_proof_length, power-of-two saltus only) on claims both prove, and
// the automata alone on claims only they prove or must refuse. The tables are
// computed once, outside the timed loop, by the plain method.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grundy/heap/arithmetic_periodicity.hpp"
#include "grundy/heap/codes.hpp"
#include "grundy/heap/kernel.hpp"

namespace {

using grundy::heap::HeapRules;
using grundy::heap::Periodicity;

struct Claim {
  HeapRules rules;
  std::vector<std::uint16_t> g;
  Periodicity pattern;
};

// The game's values to `upto` and the arithmetic pattern their end shows.
Claim claim_of(const std::string& code, std::uint64_t upto) {
  Claim claim{.rules = grundy::heap::parse_heap_rules(code), .g = {}, .pattern = {}};
  grundy::heap::extend_plain(claim.rules, claim.g, upto);
  claim.pattern = grundy::heap::observe_arithmetic_period(std::span<const std::uint16_t>(claim.g)).value();
  return claim;
}

template <bool kAutomata>
void run_proof(benchmark::State& state, const std::string& code, std::uint64_t upto) {
  const Claim claim = claim_of(code, upto);
  const std::span<const std::uint16_t> g(claim.g);
  bool proven = false;
  for (auto _ : state) {
    const std::optional<std::uint64_t> length =
        kAutomata ? grundy::heap::automatic_proof_length(claim.rules, claim.pattern, g)
                  : grundy::heap::arithmetic_proof_length(claim.rules, claim.pattern, g);
    proven = length.has_value();
    benchmark::DoNotOptimize(length);
  }
  state.counters["proven"] = proven ? 1 : 0;
  state.counters["period"] = static_cast<double>(claim.pattern.period);
  state.counters["saltus"] = static_cast<double>(claim.pattern.saltus);
}

// Both prove these (power-of-two saltus).
void BM_ZeroEight_Induction(benchmark::State& state) { run_proof<false>(state, "0.8", 300); }
void BM_ZeroEight_Automata(benchmark::State& state) { run_proof<true>(state, "0.8", 300); }
void BM_ZeroC_Induction(benchmark::State& state) { run_proof<false>(state, "0.c", 300); }
void BM_ZeroC_Automata(benchmark::State& state) { run_proof<true>(state, "0.c", 300); }
// Saltus 3: the automata alone (0.3f: period 6; 0.609: period 9, three-heap moves).
void BM_ZeroThreeF_Automata(benchmark::State& state) { run_proof<true>(state, "0.3f", 300); }
void BM_ZeroSixNineOhNine_Automata(benchmark::State& state) { run_proof<true>(state, "0.609", 700); }
// A pattern the automata refuse at their bound on edges followed.
void BM_ZeroOneB_Refused(benchmark::State& state) { run_proof<true>(state, "0.01b", 699); }

BENCHMARK(BM_ZeroEight_Induction)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ZeroEight_Automata)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ZeroC_Induction)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ZeroC_Automata)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ZeroThreeF_Automata)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ZeroSixNineOhNine_Automata)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ZeroOneB_Refused)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
