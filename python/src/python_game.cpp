#include "python_game.hpp"

#include <string>

#include "grundy/core/errors.hpp"

namespace grundy::python {

namespace {

py::object optional_method(const py::object& game, const char* name) {
  if (!py::hasattr(game, name)) return py::none();
  py::object method = game.attr(name);
  return method.is_none() ? py::none() : method;
}

std::string name_of(const py::object& game) {
  if (py::hasattr(game, "name")) {
    const py::object name = game.attr("name");
    if (py::isinstance<py::str>(name)) return name.cast<std::string>();
  }
  if (py::hasattr(game, "__name__")) return py::str(game.attr("__name__")).cast<std::string>();
  return py::str(py::type::of(game).attr("__name__")).cast<std::string>();
}

std::string repr_of(py::handle value) { return py::repr(value).cast<std::string>(); }

}  // namespace

PythonGame::PythonGame(py::object game) : game_(std::move(game)) {
  // A plain function is a game given by its options alone.
  options_ = py::hasattr(game_, "options") ? game_.attr("options") : game_;
  if (!PyCallable_Check(options_.ptr())) {
    throw InputError("python game: " + repr_of(game_) + " has no options(position) method");
  }
  canonical_ = optional_method(game_, "canonical");
  decompose_ = optional_method(game_, "decompose");
  value_ = optional_method(game_, "value");
  name_ = name_of(game_);
}

py::object PythonGame::call_options(Position p) const {
  // Ctrl-C: Python's own handler only notes the signal; this runs it, raising KeyboardInterrupt.
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  return options_(positions_[p]);
}

void PythonGame::components_of(py::handle option, py::object& move, std::vector<Position>& parts) const {
  parts.clear();
  if (!PyTuple_Check(option.ptr()) || PyTuple_GET_SIZE(option.ptr()) != 2) {
    throw InputError("python game " + name_ + ": an option must be a (move, [components]) pair, not " +
                     repr_of(option));
  }
  move = py::reinterpret_borrow<py::object>(PyTuple_GET_ITEM(option.ptr(), 0));
  const py::handle components = PyTuple_GET_ITEM(option.ptr(), 1);
  if (!PyList_Check(components.ptr()) && !PyTuple_Check(components.ptr())) {
    throw InputError("python game " + name_ + ": the components of an option must be a list, not " +
                     repr_of(components));
  }
  const Py_ssize_t count = PySequence_Fast_GET_SIZE(components.ptr());
  PyObject** items = PySequence_Fast_ITEMS(components.ptr());
  for (Py_ssize_t i = 0; i < count; ++i) parts.push_back(intern(items[i]));
}

PythonGame::Position PythonGame::intern(py::handle position) const {
  PyObject* found = PyDict_GetItemWithError(ids_.ptr(), position.ptr());
  if (found != nullptr) return PyLong_AsUnsignedLongLong(found);
  if (PyErr_Occurred() != nullptr) {
    PyErr_Clear();
    throw InputError("python game " + name_ + ": position " + repr_of(position) +
                     " is not hashable (use a tuple or a frozenset)");
  }
  const Position id = positions_.size();
  ids_[position] = py::int_(id);
  positions_.push_back(py::reinterpret_borrow<py::object>(position));
  return id;
}

PythonGame::Position PythonGame::canonical(Position p) const {
  if (canonical_.is_none()) return p;
  return intern(canonical_(positions_[p]));
}

void PythonGame::decompose(Position p, std::vector<Position>& parts) const {
  if (decompose_.is_none()) {
    parts.push_back(p);
    return;
  }
  // Interned into a local list first: parts may be the caller's scratch, grown meanwhile.
  const py::object listed = decompose_(positions_[p]);
  for (const py::handle part : listed) parts.push_back(intern(part));
}

std::optional<Nimber> PythonGame::known_value(Position p) const {
  if (value_.is_none()) return std::nullopt;
  const py::object value = value_(positions_[p]);
  if (value.is_none()) return std::nullopt;
  return value.cast<Nimber>();
}

}  // namespace grundy::python
