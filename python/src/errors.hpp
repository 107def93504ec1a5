// grundy's errors as Python exceptions, and Ctrl-C during C++ work. The engine's
// error types (core/errors.hpp) map one to one onto grundy.Error subclasses with
// the same one-line message; Interrupted becomes KeyboardInterrupt. While a
// computation runs without the GIL, SIGINT sets the engine's stop flag instead of
// Python's (whose handler cannot run then); the engine stops at its next check.
#pragma once

#include <atomic>
#include <csignal>

#include <pybind11/pybind11.h>

namespace grundy::python {

namespace py = pybind11;

/// Registers Error, InputError, BudgetExceeded, TimeExceeded, CycleError on `m`.
void bind_errors(py::module_& m);

/// For the span of one computation on the main thread: SIGINT sets the stop flag.
/// Elsewhere (another thread) it does nothing and stop() is null. Made with the
/// GIL held (it first raises a signal Python has already noted), before the GIL
/// is released.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  /// The flag to hand to the engine's limits (null when not guarding).
  [[nodiscard]] const std::atomic<bool>* stop() const;

 private:
  bool installed_ = false;
  struct sigaction previous_ {};
};

}  // namespace grundy::python
