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

/// The engine's view of a Python game object (its options, canonical, decompose, value).
class PythonGame {
 public:
  using Position = std::uint64_t;  // an id in the intern table
  using Move = py::object;

  /// `game` has options(position) -> iterable of (move, [components...]) pairs and,
  /// optionally, canonical(p), decompose(p) -> [parts], value(p) -> int or None.
  explicit PythonGame(py::object game);

  /// Calls game.options(position); every component is interned. Raises what the
  /// callback raises (KeyboardInterrupt when a signal arrived).
  template <class Sink>
  void options(Position p, Sink& sink) const {
    // A list or tuple is read in place (PySequence_Fast); any other iterable is copied once.
    const py::object listed = fetched_.empty() ? call_options(p) : take_fetched_or_call(p);
    const py::object sequence = options_sequence(p, listed);
    const Py_ssize_t count = PySequence_Fast_GET_SIZE(sequence.ptr());
    PyObject** items = PySequence_Fast_ITEMS(sequence.ptr());
    std::vector<Position> parts;
    for (Py_ssize_t i = 0; i < count; ++i) {
      py::object move;
      components_of(p, items[i], move, parts);
      sink.add(move, std::span<const Position>(parts));
    }
  }

  /// With options_many: fetches in one call the options of those of `frontier` (a new
  /// frame's components, the positions the search goes to next) never asked for, and
  /// keeps each answer until options() asks for it. About kFetchedOptions options are
  /// kept at most: a batch is sized from the options per position seen so far.
  void prefetch_options(std::span<const Position> frontier) const {
    if (!options_many_.is_none()) fetch_many(frontier);
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
  [[nodiscard]] Position intern(py::handle position) const;
  /// The position an id stands for.
  [[nodiscard]] py::object position(Position id) const { return positions_[id]; }
  /// Positions interned so far.
  [[nodiscard]] std::size_t interned() const { return positions_.size(); }
  /// A name for reports: game.name, else the class name.
  [[nodiscard]] const std::string& name() const { return name_; }

 private:
  py::object call_options(Position p) const;
  py::object take_fetched_or_call(Position p) const;
  void fetch_many(std::span<const Position> frontier) const;
  static constexpr std::size_t kFetchedOptions = std::size_t{1} << 16;
  static constexpr std::size_t kMaxBatch = 1024;
  Position call_canonical(Position p) const;
  void call_decompose(Position p, std::vector<Position>& parts) const;
  std::optional<Nimber> call_value(Position p) const;
  /// What options(p) returned as a list or tuple; InputError when it is not iterable (None).
  py::object options_sequence(Position p, const py::object& listed) const;
  Position dict_intern(py::handle position) const;
  void components_of(Position p, py::handle option, py::object& move, std::vector<Position>& parts) const;
  /// The id of an int position 0 <= v < kDirectInts (0: none yet), read without hashing.
  static constexpr long long kDirectInts = 1 << 22;

  py::object game_;
  py::object options_;
  py::object options_many_;
  py::object canonical_;
  py::object decompose_;
  py::object value_;
  std::string name_;
  mutable py::dict ids_;
  mutable std::vector<Position> direct_ids_;  // id + 1 of the int v, indexed by v
  mutable std::vector<py::object> positions_;
  // With options_many: the answers fetched and not yet taken, what they hold, and
  // which ids were ever asked for (fetched or called), so none is fetched twice.
  mutable std::unordered_map<Position, std::pair<py::object, std::size_t>> fetched_;
  mutable std::size_t fetched_options_ = 0;
  mutable std::size_t answers_seen_ = 0;
  mutable std::size_t options_seen_ = 0;
  mutable std::vector<bool> asked_;
};

}  // namespace grundy::python
