// The errors grundy reports. Each is a user-facing condition, not a bug: the
// command line prints what() as one line on stderr and exits with status 2.
#pragma once

#include <stdexcept>
#include <string>

namespace grundy {

/// Base of every error grundy reports to its user.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Malformed or out-of-range input: a bad number, a bad board, an unknown name.
class InputError : public Error {
 public:
  using Error::Error;
};

/// The computation would need more memory than the budget allows.
class BudgetExceeded : public Error {
 public:
  using Error::Error;
};

/// A position can reach itself, in a game whose solver needs it to be acyclic.
class CycleError : public Error {
 public:
  using Error::Error;
};

/// The computation ran past its time budget (--time SECONDS).
class TimeExceeded : public Error {
 public:
  using Error::Error;
};

/// The computation was interrupted (SIGINT/SIGTERM) after saving what it could.
class Interrupted : public Error {
 public:
  using Error::Error;
};

/// What the user is told when an allocation fails (std::bad_alloc): a condition of
/// the problem's size, reported like an Error.
inline constexpr const char* kOutOfMemoryMessage = "out of memory (lower the problem size or --memory)";

}  // namespace grundy
