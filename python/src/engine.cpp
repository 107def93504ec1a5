#include "engine.hpp"

#include <limits>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "catalogue_api.hpp"
#include "grundy/core/errors.hpp"

namespace grundy::python {

namespace {

using Position = PythonGame::Position;

py::list positions_list(const PythonGame& game, std::span<const Position> ids) {
  py::list listed;
  for (const Position id : ids) listed.append(game.position(id));
  return listed;
}

py::dict move_dict(const PythonGame& game, std::size_t component, const py::object& move,
                   std::span<const Position> result) {
  py::dict d;
  d["component"] = component;
  d["move"] = move;
  d["to"] = positions_list(game, result);
  return d;
}

using SolverScratch = decltype(std::declval<Analyzer<PythonGame>&>().solver().take_scratch());

/// At most this much of a finished search's working memory waits for the next Engine.
constexpr std::uint64_t kKeptScratchBytes = std::uint64_t{128} << 20;

/// The working memory the last Engine's search left (its stack and option arenas,
/// emptied). grundy.solve(game, ...) makes an Engine per call; without this each
/// search would grow its arenas on fresh pages, which the kernel zeroes: a third of
/// the engine's own time on Kayles g(1500). Engines are made and destroyed with the
/// GIL held, which guards it.
std::optional<SolverScratch>& spare_scratch() {
  static std::optional<SolverScratch> spare;
  return spare;
}

}  // namespace

Engine::Engine(py::object game) : game_(std::move(game)), analyzer_(game_), misere_(game_) {}

Engine::~Engine() {
  SolverScratch scratch = analyzer_.solver().take_scratch();
  std::optional<SolverScratch>& spare = spare_scratch();
  if (scratch.bytes() <= kKeptScratchBytes && (!spare || spare->bytes() < scratch.bytes())) spare = std::move(scratch);
}

std::vector<Position> Engine::components_of(py::handle position) {
  std::vector<Position> sum;
  if (py::isinstance<py::list>(position)) {
    for (const py::handle c : position) sum.push_back(game_.intern(c));
  } else {
    sum.push_back(game_.intern(position));
  }
  return sum;
}

void Engine::set_limits(const CallLimits& limits) {
  if (first_call_) {
    // The last Engine's working memory, unless this call bounds memory (it would count against the bound).
    first_call_ = false;
    std::optional<SolverScratch>& spare = spare_scratch();
    if (spare && !limits.memory) {
      analyzer_.solver().adopt_scratch(std::move(*spare));
      spare.reset();
    }
  }
  // Python's own SIGINT handler stays: the options callback runs it (PyErr_CheckSignals).
  analyzer_.solver().set_limits(search_limits_of(limits, nullptr));
  misere_.set_limits(search_limits_of(limits, nullptr));
}

Nimber Engine::value(py::handle position, const CallLimits& limits) {
  set_limits(limits);
  const std::vector<Position> sum = components_of(position);
  Nimber total = 0;
  for (const Position p : sum) total ^= analyzer_.value(p);
  return total;
}

py::dict Engine::solve(py::handle position, bool misere, const Count& max_moves, const CallLimits& limits) {
  const auto listed = static_cast<std::size_t>(count_of(max_moves, "max_moves", kMaxListed, kAll));
  set_limits(limits);
  const std::vector<Position> sum = components_of(position);
  if (misere) return solve_misere(sum, listed);
  const SumAnalysis<PythonGame> analysis = analyzer_.analyze(sum);
  py::dict report;
  report["game"] = game_.name();
  report["position"] = positions_list(game_, sum);
  report["value"] = analysis.nim_sum;
  report["winner"] = analysis.first_player_wins() ? "first" : "second";
  report["components"] = analysis.values;
  py::list moves;
  for (const auto& move : analysis.winning_moves) {
    if (moves.size() >= listed) break;
    moves.append(move_dict(game_, move.component, move.move, move.result));
  }
  report["winning_moves"] = moves;
  report["winning_moves_count"] = analysis.winning_moves.size();
  report["outcome"] = analysis.first_player_wins() ? "first" : "second";
  report["play"] = "normal";
  return report;
}

py::dict Engine::solve_misere(const std::vector<Position>& sum, std::size_t max_moves) {
  const bool wins = misere_.first_player_wins(sum);
  py::list values;
  for (const Position p : sum) values.append(analyzer_.value(p));
  py::list moves;
  std::size_t count = 0;
  std::vector<Position> after;
  for (std::size_t i = 0; i < sum.size(); ++i) {
    for (auto& option : analyzer_.options(sum[i])) {
      after.assign(sum.begin(), sum.end());
      after.erase(after.begin() + static_cast<std::ptrdiff_t>(i));
      after.insert(after.end(), option.components.begin(), option.components.end());
      if (misere_.first_player_wins(after)) continue;
      if (count++ < max_moves) moves.append(move_dict(game_, i, option.move, option.components));
    }
  }
  py::dict report;
  report["game"] = game_.name();
  report["position"] = positions_list(game_, sum);
  report["value"] = py::none();
  report["winner"] = wins ? "first" : "second";
  report["components"] = values;
  report["winning_moves"] = moves;
  report["winning_moves_count"] = count;
  report["outcome"] = wins ? "first" : "second";
  report["play"] = "misere";
  return report;
}

py::dict Engine::explain(py::handle position, const Count& limit_text, bool misere, const Count& max_moves,
                         const CallLimits& limits) {
  const auto limit = static_cast<std::size_t>(count_of(limit_text, "limit", kMaxListed, 100));
  py::dict report = solve(position, misere, max_moves, limits);
  const std::vector<Position> sum = components_of(position);  // the same ids solve interned
  const auto values = report["components"].cast<py::list>();
  py::list explained;
  std::vector<Position> after;
  for (std::size_t i = 0; i < sum.size(); ++i) {
    const auto options = analyzer_.options(sum[i]);
    py::list listed;
    for (std::size_t j = 0; j < options.size() && j < limit; ++j) {
      const auto& option = options[j];
      py::dict entry;
      entry["move"] = option.move;
      entry["result"] = positions_list(game_, option.components);
      entry["value"] = analyzer_.value_of_sum(option.components);
      if (misere) {
        // As the command line: whether the sum left is a win or a loss for the player to move then.
        after.assign(sum.begin(), sum.end());
        after.erase(after.begin() + static_cast<std::ptrdiff_t>(i));
        after.insert(after.end(), option.components.begin(), option.components.end());
        entry["misere_outcome"] = misere_.first_player_wins(after) ? "win" : "loss";
      }
      listed.append(entry);
    }
    py::dict component;
    component["component"] = i;
    component["position"] = game_.position(sum[i]);
    component["value"] = values[i];
    component["options_count"] = options.size();
    component["options_listed"] = listed.size();
    component["options"] = listed;
    explained.append(component);
  }
  report["explain"] = explained;
  return report;
}

void bind_engine(py::module_& m) {
  py::class_<Engine>(m, "_Engine")
      .def(py::init<py::object>())
      .def("value",
           [](Engine& e, py::handle position, std::optional<double> seconds, std::optional<std::string> memory) {
             return e.value(position, CallLimits{seconds, memory});
           })
      .def("solve",
           [](Engine& e, py::handle position, bool misere, const Count& max_moves, std::optional<double> seconds,
              std::optional<std::string> memory) {
             return e.solve(position, misere, max_moves, CallLimits{seconds, memory});
           })
      .def("explain",
           [](Engine& e, py::handle position, const Count& limit, bool misere, const Count& max_moves,
              std::optional<double> seconds, std::optional<std::string> memory) {
             return e.explain(position, limit, misere, max_moves, CallLimits{seconds, memory});
           })
      .def_property_readonly("memo_size", &Engine::memo_size)
      .def_property_readonly("interned", &Engine::interned);
  m.def("_python_game_name", [](const py::object& game) { return game_name(game); });
}

}  // namespace grundy::python
