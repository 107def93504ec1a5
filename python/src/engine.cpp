#include "engine.hpp"

#include <limits>
#include <span>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "catalogue_api.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/heap/periodicity.hpp"
#include "grundy/heap/rules.hpp"

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

}  // namespace

Engine::Engine(py::object game) : game_(std::move(game)), analyzer_(game_), misere_(game_) {}

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

py::dict Engine::solve(py::handle position, bool misere, std::optional<std::size_t> max_moves,
                       const CallLimits& limits) {
  set_limits(limits);
  const std::vector<Position> sum = components_of(position);
  const std::size_t listed = max_moves.value_or(std::numeric_limits<std::size_t>::max());
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

py::list Engine::explain(py::handle component, const CallLimits& limits) {
  set_limits(limits);
  const Position p = game_.intern(component);
  py::list listed;
  for (auto& option : analyzer_.options(p)) {
    const Nimber value = analyzer_.value_of_sum(option.components);
    listed.append(py::make_tuple(option.move, positions_list(game_, option.components), value));
  }
  return listed;
}

namespace {

/// The octal-like shape a heap rule may declare, which the period proof needs.
struct HeapShape {
  std::uint64_t max_take = 0;
  std::uint64_t max_heaps = 2;
};

/// Rules with removals 0..t and up to j heaps left: the theorem reads only t and j.
heap::HeapRules rules_of(const HeapShape& shape) {
  if (shape.max_take < 1 || shape.max_take >= heap::HeapRules::kMaxDigits || shape.max_heaps > 3) {
    throw InputError("table_of: max_take must be 1 to 255 and max_heaps 0 to 3");
  }
  std::vector<std::uint8_t> digits(shape.max_take + 1, static_cast<std::uint8_t>((2u << shape.max_heaps) - 1));
  digits[0] = static_cast<std::uint8_t>(digits[0] & 0b1100);
  return heap::HeapRules::make("python rule", std::move(digits));
}

void check_shape(std::uint64_t n, std::uint64_t left, std::size_t heaps, const HeapShape& shape) {
  const bool fits = left <= n && n - left <= shape.max_take && heaps <= shape.max_heaps && (left < n || heaps >= 2);
  if (!fits) {
    throw InputError("table_of: an option of heap " + std::to_string(n) + " leaves " + std::to_string(heaps) +
                     " heaps of " + std::to_string(left) + " tokens, outside max_take=" +
                     std::to_string(shape.max_take) + ", max_heaps=" + std::to_string(shape.max_heaps));
  }
}

/// The value of one option of heap n: an int, a list of heaps, or a (move, [heaps]) pair.
Nimber option_value(py::handle option, std::uint64_t n, const std::vector<Nimber>& g,
                    const std::optional<HeapShape>& shape) {
  py::handle heaps = option;
  if (py::isinstance<py::tuple>(option) && py::len(option) == 2) {
    const py::handle second = PyTuple_GET_ITEM(option.ptr(), 1);
    if (py::isinstance<py::list>(second) || py::isinstance<py::tuple>(second)) heaps = second;
  }
  std::vector<std::uint64_t> sizes;
  if (py::isinstance<py::int_>(heaps)) {
    sizes.push_back(heaps.cast<std::uint64_t>());
  } else {
    for (const py::handle h : heaps) sizes.push_back(h.cast<std::uint64_t>());
  }
  Nimber value = 0;
  std::uint64_t left = 0;
  for (const std::uint64_t h : sizes) {
    if (h >= n) {
      throw InputError("table_of: options(" + std::to_string(n) + ") leaves a heap of " + std::to_string(h) +
                       "; a heap rule's options must be smaller heaps");
    }
    value ^= g[h];
    left += h;
  }
  if (shape) check_shape(n, left, sizes.size(), *shape);
  return value;
}

TableHandle table_of(const py::object& rule, std::uint64_t upto, std::optional<std::uint64_t> max_take,
                     std::uint64_t max_heaps, const std::string& name) {
  const py::object options = py::hasattr(rule, "options") ? rule.attr("options") : rule;
  std::optional<HeapShape> shape;
  if (max_take) shape = HeapShape{*max_take, max_heaps};
  const std::optional<heap::HeapRules> rules = shape ? std::optional(rules_of(*shape)) : std::nullopt;
  catalogue::TableResult table;
  table.game = name;
  table.upto = upto;
  table.values.reserve(upto + 1);
  MexSet mex;
  for (std::uint64_t n = 0; n <= upto; ++n) {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    mex.clear();
    for (const py::handle option : options(n)) mex.insert(option_value(option, n, table.values, shape));
    table.values.push_back(mex.mex());
  }
  if (rules) {
    std::vector<std::uint32_t> narrow(table.values.begin(), table.values.end());
    if (const auto found = heap::find_period<std::uint32_t>(*rules, narrow)) {
      table.period = found->period;
      table.preperiod = found->preperiod;
    }
  }
  table.extra["period_status"] = !rules         ? "not sought (give max_take to prove one)"
                                 : table.period ? "proven"
                                                : "none up to upto";
  return TableHandle{std::make_shared<const catalogue::TableResult>(std::move(table))};
}

}  // namespace

void bind_engine(py::module_& m) {
  py::class_<Engine>(m, "_Engine")
      .def(py::init<py::object>())
      .def("value",
           [](Engine& e, py::handle position, std::optional<double> seconds, std::optional<std::string> memory) {
             return e.value(position, CallLimits{seconds, memory});
           })
      .def("solve",
           [](Engine& e, py::handle position, bool misere, std::optional<std::size_t> max_moves,
              std::optional<double> seconds, std::optional<std::string> memory) {
             return e.solve(position, misere, max_moves, CallLimits{seconds, memory});
           })
      .def("explain",
           [](Engine& e, py::handle component, std::optional<double> seconds, std::optional<std::string> memory) {
             return e.explain(component, CallLimits{seconds, memory});
           })
      .def_property_readonly("memo_size", &Engine::memo_size)
      .def_property_readonly("interned", &Engine::interned);
  m.def("_table_of", &table_of);
}

}  // namespace grundy::python
