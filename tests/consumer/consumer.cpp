// A user-defined game solved through the installed library: a pile from which
// a move removes 1 or 2 tokens (values 0,1,2 repeating) plus a Nim pile.
#include <grundy/core/analysis.hpp>
#include <grundy/games/nim.hpp>

#include <cstdio>

struct TakeOneOrTwo {
  using Position = unsigned;
  using Move = unsigned;
  template <class Sink>
  void options(Position n, Sink& sink) const {
    for (unsigned take = 1; take <= 2 && take <= n; ++take) sink.add(take, {n - take});
  }
};

int main() {
  TakeOneOrTwo game;
  grundy::Analyzer<TakeOneOrTwo> analyzer(game);
  const unsigned piles[] = {7, 5};  // values 1 and 2
  const auto analysis = analyzer.analyze(piles);
  grundy::games::Nim nim;
  grundy::Solver<grundy::games::Nim> nim_solver(nim);
  const bool ok = analysis.nim_sum == 3 && analysis.winning_moves.empty() == false && nim_solver.value(6) == 6;
  std::printf("consumer: nim-sum %llu, %zu winning moves: %s\n", static_cast<unsigned long long>(analysis.nim_sum),
              analysis.winning_moves.size(), ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
