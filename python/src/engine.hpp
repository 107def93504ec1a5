// The C++ engine on a game written in Python: the generic solver (explicit
// stack, memo over interned positions, budgets, cycle detection) and the misère
// search, calling Python only for options and the optional hooks. One Engine
// keeps its memo across calls.
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
  /// Leaves its search's working memory to the next Engine (see set_limits).
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  /// The value of a position (a list: a sum of components).
  Nimber value(py::handle position, const CallLimits& limits);
  /// The command line's report fields as a dict (normal or misère play); max_moves as count_of reads it.
  py::dict solve(py::handle position, bool misere, const Count& max_moves, const CallLimits& limits);
  /// The report plus "explain": per component, its first `limit` options with the value of what
  /// each leaves and, under misère play, whether that is a win or a loss for the player to move.
  py::dict explain(py::handle position, const Count& limit, bool misere, const Count& max_moves,
                   const CallLimits& limits);
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
  bool first_call_ = true;
};

/// Registers Engine (and _python_game_name) on `m`.
void bind_engine(py::module_& m);

}  // namespace grundy::python
