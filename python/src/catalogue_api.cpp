#include "catalogue_api.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "errors.hpp"
#include "grundy/catalogue/catalogue.hpp"
#include "grundy/catalogue/game_info_json.hpp"
#include "grundy/catalogue/json_text.hpp"
#include "grundy/core/errors.hpp"
#include "grundy/heap/table.hpp"
#include "limits.hpp"

namespace grundy::python {

namespace {

using catalogue::Entry;
using Rules = std::map<std::string, std::string>;

const Entry& entry_named(const std::string& name) {
  const Entry* entry = catalogue::find_game(name);
  if (entry == nullptr) throw InputError("unknown game '" + name + "' (grundy.games() lists them)");
  return *entry;
}

std::size_t listing(const Count& text, const char* what, std::size_t fallback) {
  return static_cast<std::size_t>(count_of(text, what, kMaxListed, fallback));
}

/// The table options of the command line (--checkpoint, --resume, ...) as the request they make.
catalogue::TableRequest table_request(const Rules& run, bool misere, bool until_period) {
  const auto value = [&run](const std::string& name) {
    const auto it = run.find(name);
    return it == run.end() ? std::string() : it->second;
  };
  if (!value("--bounded-memory").empty()) {
    throw InputError("bounded_memory: a table in Python holds its values; compute it with the command line's "
                     "--summary to keep only a window of them");
  }
  catalogue::TableRequest request;
  request.misere = misere;
  request.until_period = until_period;
  request.checkpoint = value("--checkpoint");
  request.resume = value("--resume");
  const std::string every = value("--checkpoint-every");
  if (!every.empty()) {
    std::size_t used = 0;
    try {
      request.checkpoint_every = std::stod(every, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != every.size() || !(request.checkpoint_every > 0)) {
      throw InputError("checkpoint_every: '" + every + "' is not a number of seconds");
    }
  }
  return request;
}

std::string solve_json(const std::string& name, const std::vector<std::string>& position, const Rules& rules,
                       bool misere, const Count& max_moves_text, const CallLimits& limits) {
  const Entry& entry = entry_named(name);
  const std::size_t max_moves = listing(max_moves_text, "max_moves", kAll);
  InterruptGuard guard;
  py::gil_scoped_release release;
  auto instance = entry.make(rules, context_of(limits, guard.stop()));
  const catalogue::Position parsed = instance->parse(position);
  const catalogue::Report report =
      misere ? instance->analyse_misere(parsed, max_moves) : instance->analyse(parsed, max_moves);
  return catalogue::report_json_text(report);
}

std::string explain_json(const std::string& name, const std::vector<std::string>& position, const Rules& rules,
                         bool misere, const Count& limit_text, const Count& max_moves_text,
                         const CallLimits& limits) {
  const Entry& entry = entry_named(name);
  const std::size_t limit = listing(limit_text, "limit", 100);
  const std::size_t max_moves = listing(max_moves_text, "max_moves", kAll);
  InterruptGuard guard;
  py::gil_scoped_release release;
  auto instance = entry.make(rules, context_of(limits, guard.stop()));
  const catalogue::Position parsed = instance->parse(position);
  std::vector<catalogue::ComponentExplanation> components;
  for (std::size_t i = 0; i < parsed.components.size(); ++i) {
    components.push_back(misere ? instance->explain_misere(parsed, i, limit) : instance->explain(parsed, i, limit));
  }
  const catalogue::Report report =
      misere ? instance->analyse_misere(parsed, max_moves) : instance->analyse(parsed, max_moves);
  return catalogue::explanation_json_text(report, components);
}

TableHandle table_of_game(const std::string& name, const Count& upto_text, const Rules& rules, const Rules& run,
                          bool misere, bool until_period, const CallLimits& limits) {
  const Entry& entry = entry_named(name);
  const catalogue::GameInfo& info = entry.info();
  if (!info.has_table) throw InputError(info.name + ": this game has no table");
  const std::uint64_t upto = count_of(upto_text, "upto", info.table_max_upto, 0);
  const catalogue::TableRequest request = table_request(run, misere, until_period);
  InterruptGuard guard;
  py::gil_scoped_release release;
  auto instance = entry.make(rules, context_of(limits, guard.stop()));
  return TableHandle{std::make_shared<const catalogue::TableResult>(instance->table(upto, request))};
}

template <class V>
py::array view(const std::vector<V>& values, std::uint64_t count, const py::object& owner) {
  const auto n = static_cast<py::ssize_t>(std::min<std::uint64_t>(count, values.size()));
  py::array array(py::dtype::of<V>(), {n}, {static_cast<py::ssize_t>(sizeof(V))}, values.data(), owner);
  py::detail::array_proxy(array.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return array;
}

}  // namespace

py::array table_values(const py::object& owner) {
  const catalogue::TableResult& table = *owner.cast<const TableHandle&>().result;
  const std::uint64_t count = table.upto + 1;
  if (!table.values.empty() || !table.heap_table) return view(table.values, count, owner);
  const heap::HeapTable& heap = *table.heap_table;
  return heap.wide() ? view(heap.wide_values(), count, owner) : view(heap.narrow_values(), count, owner);
}

void bind_catalogue(py::module_& m) {
  m.def("_games", [] {
    catalogue::Json listed = catalogue::Json::array();
    for (const Entry* entry : catalogue::games()) listed.push_back(catalogue::game_info_json(entry->info()));
    return catalogue::json_text(listed);
  });
  m.def("_solve",
        [](const std::string& name, const std::vector<std::string>& position, const Rules& rules, bool misere,
           const Count& max_moves, std::optional<double> seconds, std::optional<std::string> memory) {
          return solve_json(name, position, rules, misere, max_moves, CallLimits{seconds, memory});
        });
  m.def("_explain", [](const std::string& name, const std::vector<std::string>& position, const Rules& rules,
                       bool misere, const Count& limit, const Count& max_moves, std::optional<double> seconds,
                       std::optional<std::string> memory) {
    return explain_json(name, position, rules, misere, limit, max_moves, CallLimits{seconds, memory});
  });
  m.def("_table", [](const std::string& name, const Count& upto, const Rules& rules, const Rules& run, bool misere,
                     bool until_period, std::optional<double> seconds, std::optional<std::string> memory) {
    return table_of_game(name, upto, rules, run, misere, until_period, CallLimits{seconds, memory});
  });
  py::class_<TableHandle>(m, "_Table")
      .def_property_readonly("json",
                             [](const TableHandle& t) { return catalogue::json_text(catalogue::table_json(*t.result, false)); })
      .def_property_readonly("values", [](const py::object& self) { return table_values(self); });
}

}  // namespace grundy::python
