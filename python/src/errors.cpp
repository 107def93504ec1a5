#include "errors.hpp"

#include <pybind11/pybind11.h>

#include "grundy/core/errors.hpp"

namespace grundy::python {

namespace {

std::atomic<bool> g_stop{false};
unsigned long g_main_thread = 0;

extern "C" void on_interrupt(int /*signal*/) { g_stop.store(true); }

}  // namespace

void bind_errors(py::module_& m) {
  g_main_thread = py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
  static py::exception<Error> error(m, "Error");
  static py::exception<InputError> input_error(m, "InputError", error.ptr());
  static py::exception<BudgetExceeded> budget(m, "BudgetExceeded", error.ptr());
  static py::exception<TimeExceeded> time(m, "TimeExceeded", budget.ptr());
  static py::exception<CycleError> cycle(m, "CycleError", error.ptr());
  // The most derived types first: a translator takes the first type that matches.
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const Interrupted& e) {
      PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    } catch (const InputError& e) {
      input_error(e.what());
    } catch (const TimeExceeded& e) {
      time(e.what());
    } catch (const BudgetExceeded& e) {
      budget(e.what());
    } catch (const CycleError& e) {
      cycle(e.what());
    } catch (const Error& e) {
      error(e.what());
    }
  });
}

InterruptGuard::InterruptGuard() {
  if (PyThread_get_thread_ident() != g_main_thread) return;
  g_stop.store(false);
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  installed_ = sigaction(SIGINT, &action, &previous_) == 0;
  // A Ctrl-C that Python noted just before: raise it now, not after a long computation.
  if (PyErr_CheckSignals() != 0) {
    if (installed_) sigaction(SIGINT, &previous_, nullptr);
    throw py::error_already_set();
  }
}

InterruptGuard::~InterruptGuard() {
  if (installed_) sigaction(SIGINT, &previous_, nullptr);
}

const std::atomic<bool>* InterruptGuard::stop() const { return installed_ ? &g_stop : nullptr; }

}  // namespace grundy::python
