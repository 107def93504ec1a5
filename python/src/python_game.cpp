#include "python_game.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "grundy/core/errors.hpp"

namespace grundy::python {

namespace {

py::object optional_method(const py::object& game, const char* name) {
  if (!py::hasattr(game, name)) return py::none();
  py::object method = game.attr(name);
  return method.is_none() ? py::none() : method;
}

}  // namespace

std::string game_name(const py::object& game) {
  if (py::hasattr(game, "name")) {
    const py::object name = game.attr("name");
    if (py::isinstance<py::str>(name)) return name.cast<std::string>();
  }
  if (py::hasattr(game, "__name__")) return py::str(game.attr("__name__")).cast<std::string>();
  return py::str(py::type::of(game).attr("__name__")).cast<std::string>();
}

std::string repr_of(py::handle value) { return py::repr(value).cast<std::string>(); }

void rethrow_unless_type_error() {
  if (PyErr_ExceptionMatches(PyExc_TypeError) == 0) throw py::error_already_set();
  PyErr_Clear();
}

PythonGame::PythonGame(py::object game) : game_(std::move(game)) {
  // A plain function is a game given by its options alone.
  options_ = py::hasattr(game_, "options") ? game_.attr("options") : game_;
  if (!PyCallable_Check(options_.ptr())) {
    throw InputError("python game: " + repr_of(game_) + " has no options(position) method");
  }
  options_many_ = optional_method(game_, "options_many");
  canonical_ = optional_method(game_, "canonical");
  decompose_ = optional_method(game_, "decompose");
  value_ = optional_method(game_, "value");
  name_ = game_name(game_);
  final_components_ = canonical_.is_none() && decompose_.is_none() && value_.is_none();
}

py::object PythonGame::call_options(Position p) const {
  // Ctrl-C: Python's own handler only notes the signal; this runs it, raising KeyboardInterrupt.
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  if (!options_many_.is_none()) {
    if (asked_.size() <= p) asked_.resize(positions_.size(), false);
    asked_[p] = true;
  }
  return options_(positions_[p]);
}

void PythonGame::fetch_many(std::span<const Position> frontier) const {
  if (fetched_components_ >= kFetchedComponents) return;
  // Before any answer is seen, an answer is assumed to build many objects (a small first batch).
  const std::size_t per_answer =
      answers_seen_ == 0 ? kBatchObjects / 16 : std::max<std::size_t>(1, objects_seen_ / answers_seen_);
  const std::size_t budget = std::clamp<std::size_t>(kBatchObjects / per_answer, 1, kMaxBatch);
  if (asked_.size() < positions_.size()) asked_.resize(positions_.size(), false);
  std::vector<Position> ids;
  for (const Position id : frontier) {
    if (asked_[id]) continue;
    asked_[id] = true;  // a frontier may name a position twice
    ids.push_back(id);
    if (ids.size() == budget) break;
  }
  // One position waiting: options() asks for it when the search gets there, as without options_many.
  if (ids.size() < 2) {
    for (const Position id : ids) asked_[id] = false;
    return;
  }
  py::list positions(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) positions[i] = positions_[ids[i]];
  std::size_t read = 0;  // answers read into fetched_; on an error the others are asked for again later
  const auto forget_unread = [&] {
    for (std::size_t i = read; i < ids.size(); ++i) asked_[ids[i]] = false;
  };
  const CollectorPause pause;  // until the answers are read and freed
  try {
    const py::object answered = options_many_(positions);
    const auto sequence = py::reinterpret_steal<py::object>(PySequence_Fast(answered.ptr(), "options_many"));
    if (!sequence) rethrow_unless_type_error();
    if (!sequence || PySequence_Fast_GET_SIZE(sequence.ptr()) != static_cast<Py_ssize_t>(ids.size())) {
      throw InputError("python game " + name_ + ": options_many(" + repr_of(positions) + ") returned " +
                       repr_of(answered) + ", not a list of one answer per position (" + std::to_string(ids.size()) +
                       ")");
    }
    PyObject** answers = PySequence_Fast_ITEMS(sequence.ptr());
    for (; read < ids.size(); ++read) {
      const Position p = ids[read];
      const py::object options =
          options_sequence(p, py::reinterpret_borrow<py::object>(answers[read]), true);
      const Py_ssize_t count = PySequence_Fast_GET_SIZE(options.ptr());
      PyObject** items = PySequence_Fast_ITEMS(options.ptr());
      FetchedAnswer answer;
      answer.ends.reserve(static_cast<std::size_t>(count));
      for (Py_ssize_t i = 0; i < count; ++i) {
        option_components(p, items[i], answer.components, true);
        if (answer.components.size() > std::numeric_limits<std::uint32_t>::max()) {
          refuse_option(p, true, "gave more than 2^32 components");
        }
        answer.ends.push_back(static_cast<std::uint32_t>(answer.components.size()));
      }
      objects_seen_ += static_cast<std::size_t>(count);
      fetched_components_ += answer.components.size();
      fetched_.emplace(p, std::move(answer));
    }
  } catch (...) {
    forget_unread();
    throw;
  }
  answers_seen_ += ids.size();
}

py::object PythonGame::options_sequence(Position p, const py::object& listed, bool batched) const {
  if (PyList_CheckExact(listed.ptr()) || PyTuple_CheckExact(listed.ptr())) return listed;
  auto sequence = py::reinterpret_steal<py::object>(PySequence_Fast(listed.ptr(), "options"));
  if (!sequence) {
    rethrow_unless_type_error();
    refuse_option(p, batched, "returned " + repr_of(listed) + ", not a list of (move, [components]) pairs");
  }
  return sequence;
}

void PythonGame::refuse_option(Position p, bool batched, const std::string& what) const {
  const std::string source = batched ? "options_many's answer for " + repr_of(positions_[p]) + " "
                                     : "options(" + repr_of(positions_[p]) + ") ";
  throw InputError("python game " + name_ + ": " + source + what);
}

PyObject* PythonGame::option_components(Position p, PyObject* option, std::vector<Position>& parts,
                                        bool batched) const {
  if (!PyTuple_Check(option) || PyTuple_GET_SIZE(option) != 2) {
    refuse_option(p, batched, "gave " + repr_of(option) + ", not a (move, [components]) pair");
  }
  PyObject* components = PyTuple_GET_ITEM(option, 1);
  if (!PyList_Check(components) && !PyTuple_Check(components)) {
    refuse_option(p, batched, "gave the components " + repr_of(components) + ", not a list of positions");
  }
  const Py_ssize_t count = PySequence_Fast_GET_SIZE(components);
  PyObject** items = PySequence_Fast_ITEMS(components);
  for (Py_ssize_t i = 0; i < count; ++i) parts.push_back(intern(items[i]));
  return PyTuple_GET_ITEM(option, 0);
}

PythonGame::Position PythonGame::intern_new(py::handle position, long long direct) const {
  // The dict holds small ints too, so an equal position of another type (np.int64(3), 3.0) finds the same id.
  const Position id = dict_intern(position);
  if (direct >= 0 && direct < kDirectInts) {
    const auto index = static_cast<std::size_t>(direct);
    if (index >= direct_ids_.size()) {
      direct_ids_.resize(std::min<std::size_t>(std::max(2 * direct_ids_.size(), index + 64), kDirectInts), 0);
    }
    direct_ids_[index] = id + 1;
  }
  return id;
}

PythonGame::Position PythonGame::dict_intern(py::handle position) const {
  if (Py_TYPE(position.ptr())->tp_hash == PyObject_HashNotImplemented) {
    throw InputError("python game " + name_ + ": position " + repr_of(position) +
                     " is not hashable (use a tuple or a frozenset)");
  }
  // Anything else a position's __hash__ or __eq__ raises propagates unchanged.
  PyObject* found = PyDict_GetItemWithError(ids_.ptr(), position.ptr());
  if (found != nullptr) return PyLong_AsUnsignedLongLong(found);
  if (PyErr_Occurred() != nullptr) throw py::error_already_set();
  const Position id = positions_.size();
  const py::int_ key(id);
  if (PyDict_SetItem(ids_.ptr(), position.ptr(), key.ptr()) != 0) throw py::error_already_set();
  positions_.push_back(py::reinterpret_borrow<py::object>(position));
  return id;
}

PythonGame::Position PythonGame::call_canonical(Position p) const {
  return intern(canonical_(positions_[p]));
}

void PythonGame::call_decompose(Position p, std::vector<Position>& parts) const {
  const py::object listed = decompose_(positions_[p]);
  auto sequence = py::reinterpret_steal<py::object>(PySequence_Fast(listed.ptr(), "decompose"));
  if (!sequence) {
    rethrow_unless_type_error();
    throw InputError("python game " + name_ + ": decompose(" + repr_of(positions_[p]) + ") returned " +
                     repr_of(listed) + ", not a list of positions");
  }
  const Py_ssize_t count = PySequence_Fast_GET_SIZE(sequence.ptr());
  PyObject** items = PySequence_Fast_ITEMS(sequence.ptr());
  for (Py_ssize_t i = 0; i < count; ++i) parts.push_back(intern(items[i]));
}

std::optional<Nimber> PythonGame::call_value(Position p) const {
  const py::object value = value_(positions_[p]);
  if (value.is_none()) return std::nullopt;
  if (const std::optional<Nimber> known = nimber_of(value)) return known;
  throw InputError("python game " + name_ + ": value(" + repr_of(positions_[p]) + ") returned " + repr_of(value) +
                   ", not None or a whole number from 0 to 2^64 - 1");
}

std::optional<Nimber> nimber_of(py::handle value) {
  // Any integer, NumPy's too (PyNumber_Index); a float or a string is not one.
  auto index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) {
    rethrow_unless_type_error();
    return std::nullopt;
  }
  const unsigned long long v = PyLong_AsUnsignedLongLong(index.ptr());
  if (v == static_cast<unsigned long long>(-1) && PyErr_Occurred() != nullptr) {
    if (PyErr_ExceptionMatches(PyExc_OverflowError) == 0) throw py::error_already_set();
    PyErr_Clear();
    return std::nullopt;
  }
  return static_cast<Nimber>(v);
}

}  // namespace grundy::python
