// The `grundy._grundy` extension module: the C++ half of `import grundy`
// (python/grundy/__init__.py is the other half, turning its answers into result
// objects). Each part registers itself: errors, the catalogue, the engine.
#include <pybind11/pybind11.h>

#include "catalogue_api.hpp"
#include "engine.hpp"
#include "errors.hpp"
#include "grundy/version.hpp"

PYBIND11_MODULE(_grundy, m) {
  m.doc() = "grundy's C++ engine (use the grundy package, not this module)";
  m.attr("__version__") = GRUNDY_VERSION_STRING;
  grundy::python::bind_errors(m);
  grundy::python::bind_catalogue(m);
  grundy::python::bind_engine(m);
}
