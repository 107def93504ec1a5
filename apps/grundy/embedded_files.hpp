// The playground page's files (web/dist), built into the binary at build time by
// cmake/embed_files.cmake, so `grundy serve` reads nothing beside the binary and
// needs no network: each file's path under the site root, MIME type and bytes.
#pragma once

#include <span>
#include <string_view>

namespace grundy::cli {

/// One file of the page: "/index.html", its MIME type (no charset: text is UTF-8), its bytes.
struct EmbeddedFile {
  std::string_view path;
  std::string_view mime;
  std::string_view bytes;
};

/// Every file of web/dist, sorted by path.
std::span<const EmbeddedFile> embedded_files();

/// The file at `path` ("/" means "/index.html"); nullptr when there is none.
const EmbeddedFile* find_embedded_file(std::string_view path);

}  // namespace grundy::cli
