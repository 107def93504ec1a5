#include "embedded_files.hpp"

#include <algorithm>

namespace grundy::cli {

const EmbeddedFile* find_embedded_file(std::string_view path) {
  if (path.empty() || path == "/") path = "/index.html";
  const auto files = embedded_files();
  const auto it = std::find_if(files.begin(), files.end(), [path](const EmbeddedFile& f) { return f.path == path; });
  return it == files.end() ? nullptr : &*it;
}

}  // namespace grundy::cli
