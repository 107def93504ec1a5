// Builds an error message from pieces (the library does not link fmt).
#pragma once

#include <sstream>
#include <string>

namespace grundy::heap::detail {

template <class... Args>
std::string message(const Args&... args) {
  std::ostringstream out;
  (out << ... << args);
  return out.str();
}

}  // namespace grundy::heap::detail
