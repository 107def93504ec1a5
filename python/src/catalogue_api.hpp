// The catalogue from Python: every game by name, its answers as the command
// line's JSON text (the Python layer reads it into result objects, so the fields
// are the contract's by construction) and its table as a NumPy array over the
// table's own memory. The GIL is released while the engine works.
#pragma once

#include <memory>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "grundy/catalogue/table_result.hpp"

namespace grundy::python {

namespace py = pybind11;

/// A computed table kept alive for the NumPy arrays that view its values.
struct TableHandle {
  std::shared_ptr<const catalogue::TableResult> result;
};

/// The values of a table as a read-only array sharing its memory; `owner` holds
/// the TableHandle and becomes the array's base.
py::array table_values(const py::object& owner);

/// Registers _games, _solve, _explain, _table and the _Table type on `m`.
void bind_catalogue(py::module_& m);

}  // namespace grundy::python
