// The C++ engine on a game written in Python: the generic solver (explicit
// stack, memo over interned positions, budgets, cycle detection) and the misère
// search, calling Python only for options and the optional hooks. One Engine
// keeps its memo across calls. table_of fills g(0..N) of a heap rule bottom-up
// and proves its period with the heap layer's theorem when the rule is declared
// octal-like (max_take, max_heaps), checking every option against the claim.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include <pybind11/pybind11.h>

#include "grundy/core/analysis.hpp"
#include "grundy/misere/misere_search.hpp"
#include "limits.hpp"
#include "python_game.hpp"

namespace grundy::python {

namespace py = pybind11;

/// A Python game with its memo (normal and misère).
class Engine {
 public:
  explicit Engine(py::object game);
  /// The value of a position (a list: a sum of components).
  Nimber value(py::handle position, const CallLimits& limits);
  /// The command line's report fields as a dict (normal or misère play).
  py::dict solve(py::handle position, bool misere, std::optional<std::size_t> max_moves, const CallLimits& limits);
  /// Every option of one component: (move, [components], value of their sum).
  py::list explain(py::handle component, const CallLimits& limits);
  /// Positions memoised by the normal-play solver.
  [[nodiscard]] std::size_t memo_size() { return analyzer_.solver().memo_size(); }
  [[nodiscard]] std::size_t interned() const { return game_.interned(); }

 private:
  std::vector<PythonGame::Position> components_of(py::handle position);
  void set_limits(const CallLimits& limits);
  py::dict solve_misere(const std::vector<PythonGame::Position>& sum, std::size_t max_moves);

  PythonGame game_;
  Analyzer<PythonGame> analyzer_;
  misere::MisereSearch<PythonGame> misere_;
};

/// Registers Engine and table_of on `m`.
void bind_engine(py::module_& m);

}  // namespace grundy::python
