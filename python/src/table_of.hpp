// table_of: g(0..N) of a heap game written in Python, bottom-up, its options read
// as lists, ints, (move, [heaps]) pairs or an int array (one row per option, -1
// for none). With max_take (and max_heaps) declared, the take-and-break code the
// options make is learnt and checked at every heap, and its period (ordinary or
// arithmetic) found by the same search as the catalogue's heap games.
#pragma once

#include <pybind11/pybind11.h>

namespace grundy::python {

namespace py = pybind11;

/// Registers _table_of on `m`.
void bind_table_of(py::module_& m);

}  // namespace grundy::python
