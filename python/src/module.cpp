// The `grundy._grundy` extension module: the C++ half of `import grundy`
// (python/grundy/__init__.py is the other half, turning its answers into result
// objects). Each part registers itself: errors, the catalogue, the engine.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "catalogue_api.hpp"
#include "engine.hpp"
#include "errors.hpp"
#include "grundy/core/nim_multiply.hpp"
#include "grundy/version.hpp"
#include "table_of.hpp"

PYBIND11_MODULE(_grundy, m) {
  m.doc() = "grundy's C++ engine (use the grundy package, not this module)";
  m.attr("__version__") = GRUNDY_VERSION_STRING;
  // pybind11's NumPy entry points live in a function-local static filled on first use, which
  // imports NumPy: done here, under the import of this module, never by two threads' first calls.
  pybind11::module_::import("numpy");
  pybind11::detail::npy_api::get();
  grundy::python::bind_errors(m);
  grundy::python::bind_catalogue(m);
  grundy::python::bind_engine(m);
  grundy::python::bind_table_of(m);
  m.def("nim_multiply", &grundy::nim_multiply, pybind11::arg("a"), pybind11::arg("b"),
        "The nim-product of two nimbers below 2**64 (the value of a product of coin-turning games).");
}
