// A game written in Python, as an engine Game: positions are any hashable
// Python values, interned to integer ids (a dict from position to id and a
// vector back), so the solver's memo is the flat integer memo and Python's
// hash and == are asked once per new position, not on every memo probe.
// options() calls the Python callback with the GIL held and checks for signals.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>

#include "grundy/core/nimber.hpp"

namespace grundy::python {

namespace py = pybind11;

/// repr(value), for messages that name a value.
std::string repr_of(py::handle value);

/// Rethrows the exception Python has set unless it is a TypeError, which it clears:
/// the caller turns that into an InputError naming the value (other errors propagate).
void rethrow_unless_type_error();

/// A name for reports: game.name, else its __name__, else the class name.
std::string game_name(const py::object& game);

/// A whole number 0..2^64-1 from any Python integer (NumPy's too); nothing for
/// anything else (a float, a string, a negative or too large number).
std::optional<Nimber> nimber_of(py::handle value);

/// Python's cyclic garbage collector paused while it lives (restored as it was). An
/// answer of options() is alive until it is read, so a collection while it is built
/// or read would scan its objects for nothing: it runs once they are freed.
class CollectorPause {
 public:
  CollectorPause() : was_enabled_(PyGC_Disable() != 0) {}
  ~CollectorPause() {
    if (was_enabled_) PyGC_Enable();
  }
  CollectorPause(const CollectorPause&) = delete;
  CollectorPause& operator=(const CollectorPause&) = delete;

 private:
  bool was_enabled_;
};

/// The engine's view of a Python game object (its options, canonical, decompose, value).
class PythonGame {
 public:
  using Position = std::uint64_t;  // an id in the intern table
  using Move = py::object;

  /// `game` has options(position) -> iterable of (move, [components...]) pairs and,
  /// optionally, canonical(p), decompose(p) -> [parts], value(p) -> int or None.
  explicit PythonGame(py::object game);

  /// Calls game.options(position); every component is interned. Raises what the
  /// callback raises (KeyboardInterrupt when a signal arrived). A sink that drops
  /// moves (the solver's) takes an answer options_many gave, already read into ids;
  /// any other sink gets the moves from a fresh options() call.
  template <class Sink>
  void options(Position p, Sink& sink) const {
    if (!fetched_.empty()) {
      const auto found = fetched_.find(p);
      if (found != fetched_.end()) {
        if constexpr (requires { Sink::drops_moves; }) {
          if (PyErr_CheckSignals() != 0) throw py::error_already_set();
          const FetchedAnswer answer = std::move(found->second);
          fetched_.erase(found);
          fetched_components_ -= answer.components.size();
          const py::object none = py::none();
          std::size_t begin = 0;
          for (const std::uint32_t end : answer.ends) {
            emit(sink, none, std::span<const Position>(answer.components).subspan(begin, end - begin));
            begin = end;
          }
          return;
        } else {
          fetched_components_ -= found->second.components.size();
          fetched_.erase(found);
        }
      }
    }
    const CollectorPause pause;  // destroyed after the answer
    // A list or tuple is read in place (PySequence_Fast); any other iterable is copied once.
    const py::object listed = call_options(p);
    const py::object sequence = options_sequence(p, listed, false);
    const Py_ssize_t count = PySequence_Fast_GET_SIZE(sequence.ptr());
    PyObject** items = PySequence_Fast_ITEMS(sequence.ptr());
    std::vector<Position> parts;  // not a member: a sink may search (and so call options) while it takes an option
    for (Py_ssize_t i = 0; i < count; ++i) {
      PyObject* move = option_components(p, items[i], parts, false);
      emit(sink, py::reinterpret_borrow<py::object>(move), std::span<const Position>(parts));
      parts.clear();
    }
  }

  /// One option to the sink: as final components (no hook would change them) where it takes them.
  template <class Sink>
  void emit(Sink& sink, const py::object& move, std::span<const Position> components) const {
    if constexpr (requires { sink.add_final(move, components); }) {
      if (final_components_) {
        sink.add_final(move, components);
        return;
      }
    }
    sink.add(move, components);
  }

  /// With options_many: fetches in one call the options of those of `frontier` (a new
  /// frame's components, the positions the search goes to next) never asked for, when
  /// there are at least two, and reads each answer into ids at once (no Python object
  /// is kept). A batch is sized so that about kBatchObjects Python objects are alive
  /// at once, and at most kFetchedComponents components wait to be taken.
  void prefetch_options(std::span<const Position> frontier) const {
    if (!options_many_.is_none() && frontier.size() >= 2) fetch_many(frontier);
  }

  /// Ids are dense (0, 1, 2, ... in the order first met): the memo is a plain array.
  [[nodiscard]] std::size_t dense_index(Position p) const { return static_cast<std::size_t>(p); }
  // The hooks, asked for every component: inline when the game has none.
  [[nodiscard]] Position canonical(Position p) const { return canonical_.is_none() ? p : call_canonical(p); }
  void decompose(Position p, std::vector<Position>& parts) const {
    if (decompose_.is_none()) {
      parts.push_back(p);
    } else {
      call_decompose(p, parts);
    }
  }
  [[nodiscard]] std::optional<Nimber> known_value(Position p) const {
    if (value_.is_none()) return std::nullopt;
    return call_value(p);
  }

  /// The id of a position (a new id the first time). Throws InputError when unhashable.
  /// Small ints, the commonest positions, are looked up without Python's hashing.
  [[nodiscard]] Position intern(py::handle position) const {
    const long long v = small_int(position.ptr());
    if (v >= 0 && static_cast<std::size_t>(v) < direct_ids_.size() && direct_ids_[v] != 0) return direct_ids_[v] - 1;
    return intern_new(position, v);
  }
  /// The position an id stands for.
  [[nodiscard]] py::object position(Position id) const { return positions_[id]; }
  /// Positions interned so far.
  [[nodiscard]] std::size_t interned() const { return positions_.size(); }
  /// A name for reports: game.name, else the class name.
  [[nodiscard]] const std::string& name() const { return name_; }

 private:
  py::object call_options(Position p) const;
  void fetch_many(std::span<const Position> frontier) const;
  /// Python objects an options_many answer builds (an option list's length, 1 for an array): a batch holds this many.
  static constexpr std::size_t kBatchObjects = std::size_t{1} << 12;
  static constexpr std::size_t kMaxBatch = 1024;
  /// Components read ahead and not yet taken, at most (8 bytes each).
  static constexpr std::size_t kFetchedComponents = std::size_t{1} << 22;
  Position call_canonical(Position p) const;
  void call_decompose(Position p, std::vector<Position>& parts) const;
  std::optional<Nimber> call_value(Position p) const;
  /// What options(p) (or options_many, `batched`) returned as a list or tuple; InputError when it is not iterable.
  py::object options_sequence(Position p, const py::object& listed, bool batched) const;
  Position dict_intern(py::handle position) const;
  /// intern() for a position not in direct_ids_ (`direct`: small_int of it).
  Position intern_new(py::handle position, long long direct) const;
  /// The value of an exact int 0 <= v < 2^63, else -1.
  static long long small_int(PyObject* object) {
    if (!PyLong_CheckExact(object)) return -1;
#if PY_VERSION_HEX < 0x030C0000
    // An int below 2^30 is one digit (none for 0): read in place, without a call.
    const Py_ssize_t digits = Py_SIZE(object);
    if (digits == 0) return 0;
    if (digits == 1) return static_cast<long long>(reinterpret_cast<const PyLongObject*>(object)->ob_digit[0]);
#endif
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(object, &overflow);
    return overflow != 0 || v < 0 ? -1 : v;
  }
  /// Appends the ids of an option's components to `parts` and returns its move (borrowed).
  PyObject* option_components(Position p, PyObject* option, std::vector<Position>& parts, bool batched) const;
  [[noreturn]] void refuse_option(Position p, bool batched, const std::string& what) const;
  /// The id of an int position 0 <= v < kDirectInts (0: none yet), read without hashing.
  static constexpr long long kDirectInts = 1 << 22;

  /// An answer of options_many read ahead: its options' component ids, option i
  /// ending at ends[i].
  struct FetchedAnswer {
    std::vector<Position> components;
    std::vector<std::uint32_t> ends;
  };

  py::object game_;
  py::object options_;
  py::object options_many_;
  py::object canonical_;
  py::object decompose_;
  py::object value_;
  std::string name_;
  bool final_components_ = false;  // no canonical, decompose or value hook: components go to the solver as read
  mutable py::dict ids_;
  mutable std::vector<Position> direct_ids_;  // id + 1 of the int v, indexed by v
  mutable std::vector<py::object> positions_;
  // With options_many: the answers read ahead and not yet taken, their components,
  // and which ids were ever asked for (fetched or called), so none is fetched twice.
  mutable std::unordered_map<Position, FetchedAnswer> fetched_;
  mutable std::size_t fetched_components_ = 0;
  mutable std::size_t answers_seen_ = 0;
  mutable std::size_t objects_seen_ = 0;
  mutable std::vector<bool> asked_;
};

}  // namespace grundy::python
